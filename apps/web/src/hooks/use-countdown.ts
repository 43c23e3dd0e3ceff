import { useEffect, useRef, useState } from 'react';

/**
 * Milliseconds left of a countdown that runs while `running` is true, ticking each second, and calls `onDone`
 * once at zero. Measured against the clock, so a throttled background tab still ends on time.
 */
export function useCountdown(durationMs: number, running: boolean, onDone: () => void): number {
  const [remaining, setRemaining] = useState(durationMs);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => {
    setRemaining(durationMs);
    if (!running) return;
    const deadline = Date.now() + durationMs;
    const timer = window.setInterval(() => {
      const left = Math.max(0, deadline - Date.now());
      setRemaining(left);
      if (left === 0) {
        window.clearInterval(timer);
        onDoneRef.current();
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [durationMs, running]);

  return remaining;
}
