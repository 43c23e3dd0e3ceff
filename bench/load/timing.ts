/**
 * Median wall time in ms of each function, calling them in turn (round-robin) after untimed warm-up rounds, so a
 * noisy neighbour or a JIT warming up hits every contender alike instead of whichever happened to run first.
 */
export async function medianMsEach(
  fns: readonly (() => Promise<unknown>)[],
  runs = 25,
  warmup = 5,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) for (const fn of fns) await fn();
  const times: number[][] = fns.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [k, fn] of fns.entries()) {
      const start = performance.now();
      await fn();
      times[k]?.push(performance.now() - start);
    }
  }
  return times.map((list) => {
    list.sort((a, b) => a - b);
    return list[Math.floor(list.length / 2)] ?? 0;
  });
}

/** A ratio printed to two decimals, e.g. `12.34x`. */
export function ratio(value: number, baseline: number): string {
  return `${(value / Math.max(baseline, 1e-9)).toFixed(2)}x`;
}
