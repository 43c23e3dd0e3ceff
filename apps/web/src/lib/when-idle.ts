/**
 * Runs `task` when the page is next idle (at the latest after `timeout` ms), or after `fallbackMs` where the
 * browser has no idle callback; answers a function that cancels it if it has not run yet.
 */
export function whenIdle(task: () => void, { timeout = 5_000, fallbackMs = 2_000 } = {}): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => task(), { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, fallbackMs);
  return () => window.clearTimeout(id);
}
