/**
 * Finding processes that left a hook's process group. `setsid` children and `set -m` jobs get a new
 * group, so `kill(-pgid)` no longer reaches them. They still carry the hook's environment,
 * and with it the run's `HOOKSTREAM_RUN_ID`: reading `/proc/<pid>/environ` finds them.
 * Linux only; elsewhere the scan finds nothing and the hard deadline alone settles a run.
 */
import { readFileSync } from 'node:fs';
import { RUN_ID_VARIABLE } from '../protocol/hookEnv.js';
import { isDeadState, lastPid, listPids, readProcStat } from './procfs.js';

/** One run to look for: its id and its group (the leader's pid). */
export interface EscapeeQuery {
  readonly runId: string;
  readonly pgid: number;
}

/**
 * Past this many pids allocated since the lowest leader, the whole of /proc is read instead. Below it, reading
 * only the pids allocated after the leader costs tens of microseconds instead of a few milliseconds.
 */
const PROBE_LIMIT = 64;
const PREFIX = Buffer.from(`${RUN_ID_VARIABLE}=`);

/**
 * Which pids can hold an escapee: every descendant of a leader got its pid after the leader's, and pids
 * are allocated in increasing order until they wrap around — then (or without /proc/loadavg) all of /proc.
 * A wrap-around that went all the way round during one run is not detected; it needs pid_max spawns.
 */
const candidates = (lowest: number): Iterable<number | string> => {
  const last = lastPid();
  if (last === undefined || last < lowest || last - lowest > PROBE_LIMIT) return listPids() ?? [];
  const pids: number[] = [];
  for (let pid = lowest + 1; pid <= last; pid += 1) pids.push(pid);
  return pids;
};

/** The run id in an environment block, or undefined; each variable ends with NUL. */
const runIdIn = (environ: Buffer): string | undefined => {
  let at = environ.indexOf(PREFIX);
  // Only at the start of a variable: `X_HOOKSTREAM_RUN_ID=…` is another variable.
  while (at > 0 && environ[at - 1] !== 0) at = environ.indexOf(PREFIX, at + 1);
  if (at === -1) return undefined;
  const start = at + PREFIX.length;
  const end = environ.indexOf(0, start);
  return environ.toString('latin1', start, end === -1 ? environ.length : end);
};

/**
 * For several runs at once, with one pass over /proc: the pids of live processes carrying each run's id,
 * outside that run's group. Each environment is read once, however many runs are asked about.
 */
export const findEscapeesOf = (queries: readonly EscapeeQuery[]): Map<string, number[]> => {
  const found = new Map<string, number[]>();
  const groups = new Map<string, number>();
  let lowest = Infinity;
  for (const { runId, pgid } of queries) {
    found.set(runId, []);
    groups.set(runId, pgid);
    lowest = Math.min(lowest, pgid);
  }
  if (queries.length === 0) return found;
  for (const entry of candidates(lowest)) {
    if (Number(entry) === process.pid) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${entry}/environ`);
    } catch {
      continue; // gone, never was, or another user's process
    }
    const runId = runIdIn(environ);
    const pgid = runId === undefined ? undefined : groups.get(runId);
    if (runId === undefined || pgid === undefined) continue;
    const stat = readProcStat(entry);
    if (stat !== undefined && stat.pgid !== pgid && !isDeadState(stat)) found.get(runId)?.push(Number(entry));
  }
  return found;
};

/** Pids of live processes carrying this run's id, outside the group `pgid` (whose leader's pid it is). */
export const findEscapees = (runId: string, pgid: number): number[] =>
  findEscapeesOf([{ runId, pgid }]).get(runId) ?? [];

let batch: Array<EscapeeQuery & { resolve: (pids: number[]) => void }> = [];

/**
 * The scan after a run, off the run's path: it runs once the turn that settled the run is over (its record is
 * out by then), and runs that ended in the same turn share one pass. 16 parallel hooks ending together
 * scanned /proc 16 times, 0.3–1.8 ms each, before their records — a third of a fan-out's overhead.
 */
export const sweepEscapees = (runId: string, pgid: number): Promise<number[]> =>
  new Promise((resolve) => {
    batch.push({ runId, pgid, resolve });
    if (batch.length > 1) return;
    setImmediate(() => {
      const queries = batch;
      batch = [];
      const found = findEscapeesOf(queries);
      for (const query of queries) query.resolve(found.get(query.runId) ?? []);
    });
  });
