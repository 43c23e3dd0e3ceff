import { lazy, Suspense } from 'react';

// The stream applies events through the alerts feature's cache code; loading it apart keeps the alert screens
// out of the shell's chunk for pages that show no alerts.
const LiveStream = lazy(() => import('./live-stream.tsx').then((m) => ({ default: m.LiveStream })));

/** Starts the live-updates stream for the signed-in shell; it shows nothing. */
export function LiveUpdates() {
  return (
    <Suspense fallback={null}>
      <LiveStream />
    </Suspense>
  );
}
