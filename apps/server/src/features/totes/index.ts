export { totesRoutes } from './routes.ts';
