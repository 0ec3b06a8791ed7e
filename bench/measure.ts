/**
 * Measurement helpers: interleaved rounds so that two contenders share the same machine noise, and
 * medians rather than means. Every figure is reported next to its baseline as a ratio.
 */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 0 ? ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2 : (sorted[middle] ?? 0);
};

export type Contender = () => Promise<void> | void;

/**
 * Runs each contender `rounds` times in alternation and returns the median milliseconds per call of
 * each, where one sample is the time of `batch` consecutive calls divided by `batch`.
 */
export const interleave = async (
  contenders: Readonly<Record<string, Contender>>,
  options: { rounds: number; batch: number; warmup?: number },
): Promise<Record<string, number>> => {
  const names = Object.keys(contenders);
  const samples = new Map<string, number[]>(names.map((name) => [name, []]));
  for (let round = -(options.warmup ?? 2); round < options.rounds; round++) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      const run = contenders[name] as Contender;
      const started = performance.now();
      for (let i = 0; i < options.batch; i++) await run();
      const perCall = (performance.now() - started) / options.batch;
      if (round >= 0) samples.get(name)?.push(perCall);
    }
  }
  return Object.fromEntries(names.map((name) => [name, median(samples.get(name) ?? [])]));
};

export const round3 = (value: number): number => Math.round(value * 1000) / 1000;

/**
 * `--quick` (or `BENCH_QUICK=1`, which is how the memory child learns it): a smoke run doing a tenth of
 * the work, to check that the bench runs while the shared machine is busy. Its figures prove nothing.
 */
export const isQuick = (): boolean => process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';

/** A round or batch count, cut about tenfold in a quick run but never below `floor`. */
export const scaled = (full: number, floor = 1): number => (isQuick() ? Math.max(floor, Math.round(full / 10)) : full);

/** Milliseconds per call (what `interleave` returns) to microseconds per event, three decimals. */
export const micros = (ms: number | undefined, eventsPerCall = 1): number =>
  round3(((ms ?? NaN) * 1000) / eventsPerCall);

/** Milliseconds per event (unrounded, as `interleave` returns them) to whole events per second. */
export const perSecond = (ms: number | undefined): number => Math.round(1000 / (ms ?? NaN));
