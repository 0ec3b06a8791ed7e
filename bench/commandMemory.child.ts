/**
 * Child of commandMemory.bench.ts, started with `--expose-gc`: 10 000 trivial command hooks through `fire()`
 * (four at a time), the heap after GC at a tenth of the run and at its end, and the host's descriptors and
 * process-level listeners before the hook system, after the runs and after `dispose()`. Prints one JSON line.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createHookSystem } from '../dist/lib/index.js';

const MB = 1_000_000;
const total = process.env.BENCH_QUICK === '1' ? 1000 : 10_000;
const checkpoint = total / 10;
const LANES = 4;
const gc = globalThis.gc;
if (gc === undefined) throw new Error('commandMemory.child.ts needs node --expose-gc');

const heapAfterGc = async (): Promise<number> => {
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  gc();
  return process.memoryUsage().heapUsed / MB;
};
const descriptors = (): number => readdirSync('/proc/self/fd').length;
const listeners = (): number =>
  ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP'].reduce((sum, name) => sum + process.listenerCount(name), 0);

// A first spawn opens libuv's signal pipe for good: take the baselines after it.
spawnSync('true');
const before = { descriptors: descriptors(), listeners: listeners() };
const hooks = createHookSystem({
  projectDir: tmpdir(),
  trust: false,
  settings: {
    tools: { enableHooks: true },
    hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'cat >/dev/null; echo "{}"' }] }] },
  },
});
let fired = 0;
let failed = 0;
const fire = async (): Promise<void> => {
  const result = await hooks.fire('BeforeTool', { tool_name: 'write_file', tool_input: { path: `/tmp/${fired}` } });
  if (!result.success) failed++;
};

for (let i = 0; i < 20; i++) await fire();
let heapAtCheckpoint = 0;
const started = performance.now();
const lane = async (): Promise<void> => {
  while (fired < total) {
    fired++;
    await fire();
    if (fired === checkpoint) heapAtCheckpoint = await heapAfterGc();
  }
};
await Promise.all(Array.from({ length: LANES }, lane));
const seconds = (performance.now() - started) / 1000;
const heapAtEnd = await heapAfterGc();
const during = { descriptors: descriptors(), listeners: listeners() };
await hooks.dispose();
const after = { descriptors: descriptors(), listeners: listeners() };
if (failed > 0) throw new Error(`${failed} of ${total} bench hooks failed`);

const round1 = (value: number): number => Math.round(value * 10) / 10;
process.stdout.write(
  `${JSON.stringify({
    description: `heap used after global.gc(), in MB (10^6 bytes), ${total} command-hook runs through fire(), ${LANES} at a time; descriptors and process listeners of the host`,
    runs: { checkpoint, total },
    heapMB: { atCheckpoint: round1(heapAtCheckpoint), atEnd: round1(heapAtEnd) },
    growthMB: round1(heapAtEnd - heapAtCheckpoint),
    runsPerSecond: Math.round(total / seconds),
    descriptors: { before: before.descriptors, afterRuns: during.descriptors, afterDispose: after.descriptors },
    listeners: { before: before.listeners, afterRuns: during.listeners, afterDispose: after.listeners },
  })}\n`,
);
