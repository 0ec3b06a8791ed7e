/**
 * Child of bigHost.bench.ts, started with `--expose-gc` and room for a big heap: one trivial command hook
 * through `fire()` beside a raw `child_process.spawn` of the same command, first in a small host, then with
 * ~1 GiB of extra live heap (BENCH_HOST_MB), interleaved round by round in each phase; a 1 ms interval timer
 * records how late it fires while each contender runs. Prints one JSON line (BigHostFigures) on stdout.
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

/** Both contenders in alternation: median latency, median and worst per-batch timer lag. */
const phase = async () => {
  const contenders = { hookstream: fire, raw };
  const samples = { hookstream: [] as number[], raw: [] as number[] };
  const lags = { hookstream: [] as number[], raw: [] as number[] };
  const rounds = scaled(15, 3);
  for (let round = -2; round < rounds; round++) {
    const order = round % 2 === 0 ? (['hookstream', 'raw'] as const) : (['raw', 'hookstream'] as const);
    for (const name of order) {
      const { ms, lagMs } = await timed(contenders[name], scaled(6, 2));
      if (round < 0) continue;
      samples[name].push(ms);
      lags[name].push(lagMs);
    }
  }
  return {
    rssMb: Math.round(process.memoryUsage().rss / MB),
    latencyMs: { hookstream: round3(median(samples.hookstream)), raw: round3(median(samples.raw)) },
    timerLagMs: {
      hookstream: { median: round3(median(lags.hookstream)), worst: round3(Math.max(...lags.hookstream)) },
      raw: { median: round3(median(lags.raw)), worst: round3(Math.max(...lags.raw)) },
    },
  };
};

for (let i = 0; i < 5; i++) await fire();
const small = await phase();
const ballast: { a: number; b: number }[][] = [];
const rssBefore = process.memoryUsage().rss;
while (process.memoryUsage().rss - rssBefore < ballastMb * MB) {
  const objects = new Array<{ a: number; b: number }>(MB);
  for (let i = 0; i < objects.length; i++) objects[i] = { a: i, b: ballast.length };
  ballast.push(objects);
}
gc();
gc();
const big = await phase();
await hooks.dispose();
if (ballast.length === 0) throw new Error('the ballast went missing');

const figures = {
  description:
    'one trivial command hook through fire() and a raw spawn of the same command, in a small host and with ' +
    `${ballastMb} MiB of extra live heap; median ms per event, timer lag in ms (1 ms interval, per batch)`,
  ballastMb,
  small,
  big,
  hookstreamBigVsSmall: round3(big.latencyMs.hookstream / small.latencyMs.hookstream),
  rawBigVsSmall: round3(big.latencyMs.raw / small.latencyMs.raw),
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
