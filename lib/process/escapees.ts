/**
 * Finding processes that left a hook's process group. `setsid` children and `set -m` jobs get a new
 * group, so `kill(-pgid)` no longer reaches them (FACTS.md). They still carry the hook's environment,
 * and with it the run's `HOOKSTREAM_RUN_ID`: a scan of `/proc/<pid>/environ` finds them (a few ms).
 * Linux only; elsewhere the scan finds nothing and the hard deadline alone settles the run.
 */
import { readFileSync } from 'node:fs';
import { RUN_ID_VARIABLE } from '../protocol/hookEnv.js';
import { isDeadState, listPids, readProcStat } from './procfs.js';

/** Pids of live processes carrying this run's id, outside the group `pgid`. */
export const findEscapees = (runId: string, pgid: number): number[] => {
  const needle = Buffer.from(`${RUN_ID_VARIABLE}=${runId}\0`);
  const found: number[] = [];
  for (const entry of listPids() ?? []) {
    if (Number(entry) === process.pid) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${entry}/environ`);
    } catch {
      continue; // gone, or another user's process
    }
    if (!environ.includes(needle)) continue;
    const stat = readProcStat(entry);
    if (stat !== undefined && stat.pgid !== pgid && !isDeadState(stat)) found.push(Number(entry));
  }
  return found;
};
