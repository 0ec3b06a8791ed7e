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
