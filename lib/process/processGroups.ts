/**
 * The registry of live hook process groups, shared by every executor in this Node process.
 *
 * Hooks run `detached` (each in its own process group) so a signal reaches the hook's children too;
 * that turns execa's `cleanup` off, and this registry replaces it: process `exit` SIGKILLs every live
 * group synchronously, and SIGINT/SIGTERM/SIGHUP forward to them. The process-level listeners exist
 * only while at least one group is live, so hosts and test runners do not accumulate listeners.
 */
import process from 'node:process';
import { groupHasLiveMember, isDeadState, readProcStat } from './procfs.js';

const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

const live = new Set<number>();
let installed = false;

/** Sends `signal` to the whole group; false when the group is gone (ESRCH) or out of reach. */
export const signalGroup = (pgid: number, signal: NodeJS.Signals): boolean => {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
};

/**
 * Whether any process of the group still runs. EPERM: it exists, we may not signal it. Zombies
 * (killed, not yet reaped by a slow PID 1) answer `kill(0)` but count as gone.
 */
export const groupAlive = (pgid: number): boolean => {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return groupHasLiveMember(pgid) ?? true;
};

/** Sends a signal to one process; false when it is gone. */
export const signalProcess = (pid: number, signal: NodeJS.Signals): boolean => {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
};

/** Whether one process still runs (a zombie counts as gone). */
export const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isDeadState(readProcStat(pid));
};

// The host is exiting: no timer will run again, so only a synchronous SIGKILL helps.
const onExit = (): void => {
  for (const pgid of live) signalGroup(pgid, 'SIGKILL');
};

/**
 * A forwarded signal. Undetached children would have received a terminal's SIGINT with the host, so the
 * groups get SIGTERM. When no one else listens, Node's default (terminate) must still happen: kill the
 * groups outright (the `exit` event does not fire on death by signal) and re-raise with our listeners gone.
 */
const onSignal = (signal: NodeJS.Signals): void => {
  const alone = process.listenerCount(signal) === 1;
  for (const pgid of live) signalGroup(pgid, alone ? 'SIGKILL' : 'SIGTERM');
  if (!alone) return;
  uninstall();
  process.kill(process.pid, signal);
};

const install = (): void => {
  if (installed) return;
  installed = true;
  process.on('exit', onExit);
  for (const signal of FORWARDED_SIGNALS) process.on(signal, onSignal);
};

const uninstall = (): void => {
  if (!installed) return;
  installed = false;
  process.removeListener('exit', onExit);
  for (const signal of FORWARDED_SIGNALS) process.removeListener(signal, onSignal);
};

/**
 * Records a live group (its leader's pid is the pgid). Returns the function that forgets it, to be
 * called once the whole group is gone; the last one out removes the process-level listeners.
 */
export const registerGroup = (pgid: number): (() => void) => {
  live.add(pgid);
  install();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    live.delete(pgid);
    if (live.size === 0) uninstall();
  };
};
