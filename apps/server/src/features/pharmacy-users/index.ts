export { pharmacyUsersRoutes } from './routes.ts';
