/**
 * Finding processes that left a hook's process group. `setsid` children and `set -m` jobs get a new
 * group, so `kill(-pgid)` no longer reaches them (FACTS.md). They still carry the hook's environment,
 * and with it the run's `HOOKSTREAM_RUN_ID`: reading `/proc/<pid>/environ` finds them.
 * Linux only; elsewhere the scan finds nothing and the hard deadline alone settles a run.
 */
import { readFileSync } from 'node:fs';
import { RUN_ID_VARIABLE } from '../protocol/hookEnv.js';
import { isDeadState, lastPid, listPids, readProcStat } from './procfs.js';

/**
 * Past this many pids allocated since the leader, the whole of /proc is read instead. Below it, reading only
 * the pids allocated after the leader costs tens of microseconds instead of a few milliseconds: after every run.
 */
const PROBE_LIMIT = 64;

/**
 * Which pids can hold an escapee: every descendant of the leader got its pid after the leader's, and pids
 * are allocated in increasing order until they wrap around — then (or without /proc/loadavg) all of /proc.
 * A wrap-around that went all the way round during one run is not detected; it needs pid_max spawns.
 */
const candidates = (pgid: number): Iterable<number | string> => {
  const last = lastPid();
  if (last === undefined || last < pgid || last - pgid > PROBE_LIMIT) return listPids() ?? [];
  const pids: number[] = [];
  for (let pid = pgid + 1; pid <= last; pid += 1) pids.push(pid);
  return pids;
};

/** Pids of live processes carrying this run's id, outside the group `pgid` (whose leader's pid it is). */
export const findEscapees = (runId: string, pgid: number): number[] => {
  const needle = Buffer.from(`${RUN_ID_VARIABLE}=${runId}\0`);
  const found: number[] = [];
  for (const entry of candidates(pgid)) {
    if (Number(entry) === process.pid) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${entry}/environ`);
    } catch {
      continue; // gone, never was, or another user's process
    }
    if (!environ.includes(needle)) continue;
    const stat = readProcStat(entry);
    if (stat !== undefined && stat.pgid !== pgid && !isDeadState(stat)) found.push(Number(entry));
  }
  return found;
};
