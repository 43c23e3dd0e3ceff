export { findUserInfo } from './queries.ts';
export { authRoutes } from './routes.ts';
