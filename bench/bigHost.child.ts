/**
 * Child of bigHost.bench.ts, started with `--expose-gc` and room for a big heap: one trivial command hook
 * through `fire()` beside a raw `child_process.spawn` of the same command, in a small host and with ~1 GiB of
 * extra live heap (BENCH_HOST_MB), interleaved round by round in each phase, the small and big phases taking
 * turns three times; a 1 ms interval timer records how late it fires while each contender runs. Prints one
 * JSON line (BigHostFigures) on stdout.
 *
 * The hook system is created and used while the host is small, as a host would at start-up: its spawn
 * helper is started then. The ballast is small live objects, as an agent's heap is: measured here, a raw
 * spawn grew +29 ms per GiB of such objects, but only +8 ms per GiB of large arrays of doubles.
 */
import { tmpdir } from 'node:os';
import { createHookSystem } from '../dist/lib/index.js';
import { median, round3, scaled } from './measure.js';
import { fields, rawSpawn } from './spawnBaseline.js';

const SCRIPT = 'cat >/dev/null; echo "{}"';
const MB = 1024 * 1024;
const ballastMb = Number(process.env.BENCH_HOST_MB ?? 1024);
const gc = globalThis.gc;
if (gc === undefined) throw new Error('bigHost.child.ts needs node --expose-gc');

const raw = (): Promise<void> => rawSpawn('bash', ['-c', SCRIPT]);

const hooks = createHookSystem({
  projectDir: tmpdir(),
  trust: false,
  settings: {
    tools: { enableHooks: true },
    hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: SCRIPT }] }] },
  },
});
const fire = async (): Promise<void> => {
  const result = await hooks.fire('BeforeTool', fields);
  if (!result.success) throw new Error(`the bench hook failed: ${JSON.stringify(result.hooks)}`);
};

/** The worst lateness of a 1 ms interval timer while `run` runs, and how long `run` took. */
const timed = async (run: () => Promise<void>, batch: number): Promise<{ ms: number; lagMs: number }> => {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 1);
    last = now;
  }, 1);
  const started = performance.now();
  for (let i = 0; i < batch; i++) await run();
  const ms = (performance.now() - started) / batch;
  clearInterval(timer);
  return { ms, lagMs: Math.max(worst, performance.now() - last - 1) };
};

interface PhaseSamples {
  latency: { hookstream: number[]; raw: number[] };
  lags: { hookstream: number[]; raw: number[] };
  rssMb: number;
}

const emptySamples = (): PhaseSamples => ({
  latency: { hookstream: [], raw: [] },
  lags: { hookstream: [], raw: [] },
  rssMb: 0,
});

/** Both contenders in alternation, `rounds` batches each after a warm-up round, added to `into`. */
const phase = async (into: PhaseSamples, rounds: number): Promise<void> => {
  const contenders = { hookstream: fire, raw };
  for (let round = -1; round < rounds; round++) {
    const order = round % 2 === 0 ? (['hookstream', 'raw'] as const) : (['raw', 'hookstream'] as const);
    for (const name of order) {
      const { ms, lagMs } = await timed(contenders[name], scaled(6, 2));
      if (round < 0) continue;
      into.latency[name].push(ms);
      into.lags[name].push(lagMs);
    }
  }
  into.rssMb = Math.max(into.rssMb, Math.round(process.memoryUsage().rss / MB));
};

/** Median latency, median and worst per-batch timer lag of a phase's samples. */
const summary = (samples: PhaseSamples) => ({
  rssMb: samples.rssMb,
  latencyMs: { hookstream: round3(median(samples.latency.hookstream)), raw: round3(median(samples.latency.raw)) },
  timerLagMs: {
    hookstream: {
      median: round3(median(samples.lags.hookstream)),
      worst: round3(Math.max(...samples.lags.hookstream)),
    },
    raw: { median: round3(median(samples.lags.raw)), worst: round3(Math.max(...samples.lags.raw)) },
  },
});

/** Grows the heap by `ballastMb` MiB of small live objects, as an agent's heap is. */
const grow = (ballast: { a: number; b: number }[][]): void => {
  const rssBefore = process.memoryUsage().rss;
  while (process.memoryUsage().rss - rssBefore < ballastMb * MB) {
    const objects = new Array<{ a: number; b: number }>(MB);
    for (let i = 0; i < objects.length; i++) objects[i] = { a: i, b: ballast.length };
    ballast.push(objects);
  }
  gc();
  gc();
};

for (let i = 0; i < 5; i++) await fire();
// The small and the big host take turns, so that a slow or quiet spell of a shared machine falls on both: the
// ballast is let go and collected after each big phase.
const TURNS = 3;
const rounds = Math.max(1, Math.round(scaled(15, 3) / TURNS));
const small = emptySamples();
const big = emptySamples();
for (let turn = 0; turn < TURNS; turn++) {
  await phase(small, rounds);
  const ballast: { a: number; b: number }[][] = [];
  grow(ballast);
  await phase(big, rounds);
  if (ballast.length === 0) throw new Error('the ballast went missing');
  ballast.length = 0;
  gc();
  gc();
}
await hooks.dispose();
const smallSummary = summary(small);
const bigSummary = summary(big);

const figures = {
  description:
    'one trivial command hook through fire() and a raw spawn of the same command, in a small host and with ' +
    `${ballastMb} MiB of extra live heap, the two taking turns three times; median ms per event, timer lag in ms ` +
    '(1 ms interval, per batch)',
  ballastMb,
  small: smallSummary,
  big: bigSummary,
  hookstreamBigVsSmall: round3(bigSummary.latencyMs.hookstream / smallSummary.latencyMs.hookstream),
  rawBigVsSmall: round3(bigSummary.latencyMs.raw / smallSummary.latencyMs.raw),
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
