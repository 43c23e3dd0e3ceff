import { lazy, Suspense } from 'react';
import { useIsBrowser } from '@/hooks/use-is-browser.ts';

// The stream applies events through the alerts feature's cache code; loading it apart keeps the alert screens
// out of the shell's chunk for pages that show no alerts.
const LiveStream = lazy(() => import('./live-stream.tsx').then((m) => ({ default: m.LiveStream })));

/**
 * Starts the live-updates stream for the signed-in shell; it shows nothing. Not on the server, nor while the
 * browser hydrates a page the server drew (a stream is the browser's alone): there, its chunk was not loaded yet
 * the first time a drawing thread drew a page, and React then sent an unfinished boundary that the browser had to
 * draw again with a warning.
 */
export function LiveUpdates() {
  return useIsBrowser() ? (
    <Suspense fallback={null}>
      <LiveStream />
    </Suspense>
  ) : null;
}
