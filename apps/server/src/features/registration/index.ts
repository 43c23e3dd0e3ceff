export { registrationRoutes } from './routes.ts';
