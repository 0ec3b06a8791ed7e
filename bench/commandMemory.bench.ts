/**
 * Memory and host resources over 10 000 command-hook runs: runs commandMemory.child.ts in its own node started
 * with `--expose-gc` (heap figures after a full collection, none of the parent's garbage) and reads its figures.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { isQuick } from './measure.js';

export interface CommandMemoryFigures {
  description: string;
  runs: { checkpoint: number; total: number };
  heapMB: { atCheckpoint: number; atEnd: number };
  growthMB: number;
  runsPerSecond: number;
  /** Open descriptors of the host: before the hook system, after the runs (its helper's channel), after dispose. */
  descriptors: { before: number; afterRuns: number; afterDispose: number };
  /** Process-level exit/signal listeners, counted the same way. */
  listeners: { before: number; afterRuns: number; afterDispose: number };
}

const CHILD = fileURLToPath(new URL('./commandMemory.child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const benchCommandMemory = async (): Promise<CommandMemoryFigures> => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD], {
    cwd: ROOT,
    env: { ...process.env, BENCH_QUICK: isQuick() ? '1' : '0' },
    timeout: 30 * 60_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as CommandMemoryFigures;
};
