/**
 * Child of memory.bench.ts, started with `--expose-gc` so that heap figures are taken after a full collection:
 * function-hook events through `fire()` with `results$` observed by a no-op subscriber, the heap after GC at a
 * tenth of the run and at its end. Prints one JSON line (MemoryFigures) on stdout.
 */
import { tmpdir } from 'node:os';
import { createHookSystem } from '../dist/lib/index.js';
import type { MemoryFigures } from './memory.bench.js';

const MB = 1_000_000;
const total = process.env.BENCH_QUICK === '1' ? 100_000 : 1_000_000;
const checkpoint = total / 10;
const gc = globalThis.gc;
if (gc === undefined) throw new Error('memory.child.ts needs node --expose-gc');

/** Lets pending callbacks and finalizers run, then collects twice (the second pass frees what the first revived). */
const heapAfterGc = async (): Promise<number> => {
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  gc();
  return process.memoryUsage().heapUsed / MB;
};

const hooks = createHookSystem({ projectDir: tmpdir() });
hooks.register('BeforeTool', { type: 'function', name: 'allow', run: () => ({ decision: 'allow' }) });
let records = 0;
const subscription = hooks.results$.subscribe(() => {
  records++;
});
// A fresh tool_input per event, so that anything retained per event shows up in the heap.
const fire = (i: number) => hooks.fire('BeforeTool', { tool_name: 'write_file', tool_input: { path: `/tmp/${i}` } });

for (let i = 0; i < 1000; i++) await fire(i);
const heapAfterWarmup = await heapAfterGc();
let heapAtCheckpoint = 0;
const started = performance.now();
for (let i = 1; i <= total; i++) {
  await fire(i);
  if (i === checkpoint) heapAtCheckpoint = await heapAfterGc();
}
const seconds = (performance.now() - started) / 1000;
const heapAtEnd = await heapAfterGc();
subscription.unsubscribe();
await hooks.dispose();
if (records === 0) throw new Error('memory bench is wrong: results$ saw no record');

const round1 = (value: number): number => Math.round(value * 10) / 10;
const figures: MemoryFigures = {
  description: `heap used after global.gc(), in MB (10^6 bytes), ${total} function-hook events with results$ observed`,
  events: { checkpoint, total },
  heapMB: { afterWarmup: round1(heapAfterWarmup), atCheckpoint: round1(heapAtCheckpoint), atEnd: round1(heapAtEnd) },
  growthMB: round1(heapAtEnd - heapAtCheckpoint),
  resultsRecordsSeen: records,
  eventsPerSecond: Math.round(total / seconds),
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
