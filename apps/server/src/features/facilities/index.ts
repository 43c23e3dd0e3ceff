export { facilitiesRoutes } from './routes.ts';
