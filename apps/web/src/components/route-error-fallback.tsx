import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorFallback } from './error-fallback.tsx';

/** A route's errorElement: the 'Uh Oh...' modal for whatever the route threw. */
export function RouteErrorFallback() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const routeError = new Error(error.statusText || String(error.data));
    routeError.name = `Error ${error.status}`;
    return <ErrorFallback error={routeError} />;
  }
  return <ErrorFallback error={error} />;
}
