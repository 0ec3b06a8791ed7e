/**
 * Reading process state from `/proc` (Linux). A killed process stays a zombie until its parent reaps it,
 * and orphans are reparented to PID 1, which in containers may reap only every few seconds; `kill(pid, 0)`
 * still succeeds on a zombie, so liveness must look at the state. Elsewhere these report "unknown".
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcStat {
  /** One letter: R, S, D, Z (zombie), X (dead), ... */
  state: string;
  pgid: number;
}

/** Parses `/proc/<pid>/stat`; undefined when the process is gone or there is no /proc. */
export const readProcStat = (pid: number | string): ProcStat | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid pgrp ..."; comm may hold spaces and parentheses, so cut at the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pgid = Number(fields[2]);
    return fields[0] !== undefined && Number.isInteger(pgid) ? { state: fields[0], pgid } : undefined;
  } catch {
    return undefined;
  }
};

export const isDeadState = (stat: ProcStat | undefined): boolean =>
  stat !== undefined && (stat.state === 'Z' || stat.state === 'X');

/** Numeric entries of /proc, or undefined without /proc. */
export const listPids = (): string[] | undefined => {
  try {
    return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
};

/** The pid most recently allocated (in this pid namespace), from /proc/loadavg; undefined without it. */
export const lastPid = (): number | undefined => {
  try {
    // "0.50 0.40 0.30 2/123 4567": the last field is the last pid handed out.
    const last = Number(readFileSync('/proc/loadavg', 'utf8').trim().split(' ').at(-1));
    return Number.isInteger(last) && last > 0 ? last : undefined;
  } catch {
    return undefined;
  }
};

/** Whether the group has a member that is not a zombie; undefined when /proc cannot tell. */
export const groupHasLiveMember = (pgid: number): boolean | undefined => {
  const pids = listPids();
  if (pids === undefined) return undefined;
  return pids.some((pid) => {
    const stat = readProcStat(pid);
    return stat !== undefined && stat.pgid === pgid && !isDeadState(stat);
  });
};
