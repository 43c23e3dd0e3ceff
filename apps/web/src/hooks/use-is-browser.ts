import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while the server draws a page (ssr/entry-server.tsx) and while the browser hydrates it; true otherwise.
 * For what is the browser's alone (a live stream, a dialog that takes the focus): drawn only once the page is the
 * app's, so the server's drawing never meets `document`, and hydration draws what the server drew.
 */
export function useIsBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
