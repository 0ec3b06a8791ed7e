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

/** How one contender's per-call times were spread over its rounds, in milliseconds. */
export interface Spread {
  rounds: number;
  min: number;
  p25: number;
  median: number;
  p75: number;
  max: number;
}

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.round(q * (sorted.length - 1))] ?? NaN;

/** Nanosecond precision is plenty for milliseconds measured on a shared machine. */
const ns = (ms: number): number => Math.round(ms * 1e6) / 1e6;

const spreadOf = (samples: readonly number[]): Spread => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    rounds: sorted.length,
    min: ns(sorted[0] ?? NaN),
    p25: ns(quantile(sorted, 0.25)),
    median: ns(median(sorted)),
    p75: ns(quantile(sorted, 0.75)),
    max: ns(sorted[sorted.length - 1] ?? NaN),
  };
};

// Every `interleave` of this process records its contenders' spreads here under the current section's name, so
// that run.ts can publish them without each bench passing them along.
let section = 'bench';
const spreads: Record<string, Spread> = {};

/** Names the section whose `interleave` calls follow (run.ts sets it per bench). */
export const beginSection = (name: string): void => {
  section = name;
};

/** The spread of every contender measured so far, keyed `section.contender` (a repeated key gets `#2`, `#3`…). */
export const collectedSpreads = (): Readonly<Record<string, Spread>> => spreads;

/** Takes in the spreads another process collected (run.ts runs each section in a process of its own). */
export const addSpreads = (more: Readonly<Record<string, Spread>>): void => {
  Object.assign(spreads, more);
};

const record = (name: string, samples: readonly number[]): void => {
  let key = `${section}.${name}`;
  for (let n = 2; key in spreads; n++) key = `${section}.${name}#${String(n)}`;
  spreads[key] = spreadOf(samples);
};

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
  for (const name of names) record(name, samples.get(name) ?? []);
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
