import { createBrowserRouter } from 'react-router';
import { routes } from './routes.tsx';

/** The browser's router over the route table. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
