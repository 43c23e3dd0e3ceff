/** Median wall time in ms of `runs` calls after `warmup` untimed ones: medians shrug off a noisy neighbour. */
export async function medianMs(fn: () => Promise<unknown>, runs = 25, warmup = 3): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

/** A ratio printed to two decimals, e.g. `12.34x`. */
export function ratio(value: number, baseline: number): string {
  return `${(value / Math.max(baseline, 1e-9)).toFixed(2)}x`;
}
