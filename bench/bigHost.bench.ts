/**
 * Fork cost against the host's own memory: runs bigHost.child.ts in its own node (`--expose-gc`, a heap limit
 * that fits the ballast) so that the ballast does not weigh on the other benches, and reads its figures back.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { isQuick } from './measure.js';

export interface BigHostPhase {
  rssMb: number;
  latencyMs: { hookstream: number; raw: number };
  timerLagMs: { hookstream: { median: number; worst: number }; raw: { median: number; worst: number } };
}

export interface BigHostFigures {
  description: string;
  ballastMb: number;
  small: BigHostPhase;
  big: BigHostPhase;
  hookstreamBigVsSmall: number;
  rawBigVsSmall: number;
}

const CHILD = fileURLToPath(new URL('./bigHost.child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const benchBigHost = async (): Promise<BigHostFigures> => {
  // `--import tsx` resolves from the working directory: run the child from the package root.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=4096', '--import', 'tsx', CHILD],
    {
      cwd: ROOT,
      env: { ...process.env, BENCH_QUICK: isQuick() ? '1' : '0', BENCH_HOST_MB: isQuick() ? '256' : '1024' },
      timeout: 30 * 60_000,
    },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as BigHostFigures;
};
