import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LazyErrorFallback } from './lazy-error-fallback.tsx';

/** A route's errorElement: the 'Uh Oh...' modal for whatever the route threw. */
export function RouteErrorFallback() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const routeError = new Error(error.statusText || String(error.data));
    routeError.name = `Error ${error.status}`;
    return <LazyErrorFallback error={routeError} />;
  }
  return <LazyErrorFallback error={error} />;
}
