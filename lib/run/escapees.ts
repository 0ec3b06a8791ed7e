/**
 * Finding processes that left a hook's process group. `setsid` children and `set -m` jobs get a new
 * group, so `kill(-pgid)` no longer reaches them (FACTS.md). They still carry the hook's environment,
 * and with it the run's `HOOKSTREAM_RUN_ID`: a scan of `/proc/<pid>/environ` finds them (a few ms).
 * Linux only; elsewhere the scan finds nothing and the hard deadline alone settles the run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { RUN_ID_VARIABLE } from './hookEnv.js';

const readPgid = (pid: string): number | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid pgrp ..."; comm may hold spaces and parentheses, so cut at the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pgid = Number(fields[2]);
    return Number.isInteger(pgid) ? pgid : undefined;
  } catch {
    return undefined;
  }
};

/** Pids of live processes carrying this run's id, outside the group `pgid`. */
export const findEscapees = (runId: string, pgid: number): number[] => {
  const needle = Buffer.from(`${RUN_ID_VARIABLE}=${runId}\0`);
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${entry}/environ`);
    } catch {
      continue; // gone, or another user's process
    }
    if (!environ.includes(needle)) continue;
    const group = readPgid(entry);
    if (group !== undefined && group !== pgid) found.push(Number(entry));
  }
  return found;
};
