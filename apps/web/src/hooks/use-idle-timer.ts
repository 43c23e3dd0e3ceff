import { useEffect, useRef } from 'react';
import { announceActivity, onActivityElsewhere } from '@/lib/tab-activity.ts';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
// Pointer moves arrive by the hundred; restarting the timer once a second is plenty.
const RESTART_THROTTLE_MS = 1000;

/**
 * Calls `onIdle` after `timeoutMs` without pointer, key, touch or scroll activity, or a return to the tab, here or
 * in another of the portal's tabs (lib/tab-activity.ts); activity here is announced to them (at most once a second).
 * While `enabled` is false nothing is watched.
 */
export function useIdleTimer(timeoutMs: number, onIdle: () => void, enabled: boolean): void {
  const onIdleRef = useRef(onIdle);
  onIdleRef.current = onIdle;

  useEffect(() => {
    if (!enabled) return;
    let timer = window.setTimeout(() => onIdleRef.current(), timeoutMs);
    let lastRestart = Date.now();

    const startOver = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => onIdleRef.current(), timeoutMs);
    };
    const restart = () => {
      const now = Date.now();
      if (now - lastRestart < RESTART_THROTTLE_MS) return;
      lastRestart = now;
      startOver();
      announceActivity();
    };
    const stopListening = onActivityElsewhere(startOver);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') restart();
    };

    for (const type of ACTIVITY_EVENTS)
      window.addEventListener(type, restart, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopListening();
      window.clearTimeout(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, restart, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled, timeoutMs]);
}
