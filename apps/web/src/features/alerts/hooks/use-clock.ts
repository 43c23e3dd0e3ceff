import { useCallback, useSyncExternalStore } from 'react';

// One 1-second ticker for the whole page (spec 1, section 9: clock tick 1 second), however many cards listen.
const listeners = new Set<() => void>();
let now = new Date();
let timer: number | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = new Date();
    timer = window.setInterval(() => {
      now = new Date();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * A value derived from the ticking clock; the component re-renders only when the value changes (a label that
 * reads 'under 1 minute' for a minute costs no renders in between). `derive` must return a primitive.
 */
export function useClockValue<T extends string | number | boolean>(derive: (now: Date) => T): T {
  const snapshot = useCallback(() => derive(now), [derive]);
  // The server's drawing of a page never subscribes, so its `now` would stay the time the renderer was loaded.
  const serverSnapshot = useCallback(
    () => derive(typeof window === 'undefined' ? new Date() : now),
    [derive],
  );
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
