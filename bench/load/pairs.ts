/** The median and spread (min..max) of the per-pair ratios of one comparison. */
export interface RatioStats {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly ratios: readonly number[];
}

/**
 * Runs a baseline and contenders in interleaved rounds (B A1 A2 ..., B A1 A2 ...), so a noisy neighbour on the
 * shared machine hits every side of a pair alike, and answers every round's results. Bounded by `rounds`.
 */
export async function interleaved<T>(
  rounds: number,
  contenders: readonly (() => Promise<T>)[],
  onRound?: (round: number, results: T[]) => void,
): Promise<T[][]> {
  const all: T[][] = [];
  for (let round = 1; round <= rounds; round++) {
    const results: T[] = [];
    for (const contender of contenders) results.push(await contender());
    all.push(results);
    onRound?.(round, results);
  }
  return all;
}

/** Per-pair ratios value/baseline, with their median and spread. */
export function ratioStats(pairs: readonly { value: number; baseline: number }[]): RatioStats {
  const ratios = pairs.map((p) => p.value / Math.max(p.baseline, 1e-9));
  const sorted = [...ratios].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return { median, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0, ratios };
}

/** `ratioStats` of values against the baselines measured beside them, pair by pair (the same round). */
export function pairwise(values: readonly number[], baselines: readonly number[]): RatioStats {
  return ratioStats(values.map((value, i) => ({ value, baseline: baselines[i] ?? 0 })));
}

/** `0.84x (0.80-0.88)`: the median ratio and its spread over the pairs. */
export function formatRatio(stats: RatioStats): string {
  return `${stats.median.toFixed(2)}x (${stats.min.toFixed(2)}-${stats.max.toFixed(2)})`;
}

/** The median of some numbers. */
export function median(values: readonly number[]): number {
  return ratioStats(values.map((value) => ({ value, baseline: 1 }))).median;
}
