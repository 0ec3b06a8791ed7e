/**
 * Memory with `results$` observed: runs memory.child.ts in its own node started with `--expose-gc`, so that
 * heap figures come after a full collection and the parent's own garbage does not count, and reads its figures back.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { isQuick } from './measure.js';

export interface MemoryFigures {
  description: string;
  /** Event counts at which the heap was read: a tenth of the run, and its end. */
  events: { checkpoint: number; total: number };
  heapMB: { afterWarmup: number; atCheckpoint: number; atEnd: number };
  /** Heap at the end minus heap at the checkpoint: "flat" when within the target's tolerance. */
  growthMB: number;
  resultsRecordsSeen: number;
  eventsPerSecond: number;
}

const CHILD = fileURLToPath(new URL('./memory.child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const benchMemory = async (): Promise<MemoryFigures> => {
  // `--import tsx` resolves from the working directory: run the child from the package root.
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD], {
    cwd: ROOT,
    env: { ...process.env, BENCH_QUICK: isQuick() ? '1' : '0' },
    timeout: 30 * 60_000,
  });
  const lastLine = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(lastLine) as MemoryFigures;
};
