/**
 * Latency figures of a set of durations: count, p50, p95 and max — what `hookstream profile` prints and the
 * dashboard's slow-hooks table shows. Percentiles are nearest-rank (a value that was really measured, never
 * an interpolation between two runs), so the p95 of 20 runs is the 19th slowest.
 */

export interface LatencyStats {
  readonly count: number;
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
}

/** The nearest-rank `p`-th percentile of `sorted` (ascending, non-empty). */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1] ?? 0;

/** The stats of `durations` (any order); all zero for none. */
export const latencyStats = (durations: readonly number[]): LatencyStats => {
  const sorted = [...durations].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? 0,
  };
};
