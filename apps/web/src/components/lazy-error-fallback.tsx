import { lazy, Suspense } from 'react';
import type { ErrorFallbackProps } from './error-fallback.tsx';
import { PlainErrorNotice } from './plain-error-notice.tsx';

// The 'Uh Oh...' modal loads when an error happens, not with the sign-in page. If its chunk cannot load (the
// usual cause: a new release replaced it, or the network went), the plain notice stands in.
const ErrorFallbackModal = lazy(() =>
  import('./error-fallback.tsx').then(
    (module) => ({ default: module.ErrorFallback }),
    () => ({ default: PlainErrorNotice }),
  ),
);

/** The error fallback, loaded on demand (a moment of nothing while it loads, then the modal). */
export function LazyErrorFallback(props: ErrorFallbackProps) {
  return (
    <Suspense fallback={null}>
      <ErrorFallbackModal {...props} />
    </Suspense>
  );
}
