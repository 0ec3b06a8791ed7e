/**
 * The registry of live hook process groups, shared by every executor in this Node process, and the one
 * kill escalation (SIGTERM, SIGKILL after the grace) every supervisor uses.
 *
 * Hooks run in their own process groups so a signal reaches the hook's children too; nothing kills them
 * with the host unless we do. This registry does: process `exit` SIGKILLs every live group synchronously,
 * and SIGINT/SIGTERM/SIGHUP reach them. The process-level listeners are installed with the first live group
 * and stay while groups come and go (adding a signal listener starts a signal handle: measurable per run);
 * they leave once no group has been live for a while, or when an executor is disposed with none live.
 */
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_FORCE_KILL_AFTER_MS, HARD_DEADLINE_SLACK_MS, MAX_TIMEOUT_MS } from '../core/limits.js';
import { groupHasLiveMember, isDeadState, readProcStat } from './procfs.js';

const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** Listeners stay this long after the last group is gone, so back-to-back runs do not churn them. */
const LINGER_MS = 2000;
const POLL_MS = 25;

/** Live groups and the SIGTERM → SIGKILL grace each was started with. */
const live = new Map<number, number>();
/** Runs asked for whose pid is not known yet (a spawn helper's answer on its way); `signalled` by the host. */
interface Pending {
  readonly graceMs: number;
  signalled: boolean;
}
const pending = new Set<Pending>();
let installed = false;
let lingering: NodeJS.Timeout | undefined;

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

/**
 * The kill escalation: SIGTERM to the group and to `escapees` (processes that left it), SIGKILL once
 * `graceMs` has passed, then wait until they are gone — at most `HARD_DEADLINE_SLACK_MS` after the SIGKILL
 * (an unkillable process must not hold a run or `dispose()` forever). Resolves at once, with `false`, when
 * nothing was left; `true` when something had to be killed.
 */
export const reapGroup = async (pgid: number, graceMs: number, escapees: readonly number[] = []): Promise<boolean> => {
  const alive = (): boolean => groupAlive(pgid) || escapees.some(processAlive);
  if (!alive()) return false;
  const kill = (signal: NodeJS.Signals): void => {
    signalGroup(pgid, signal);
    for (const pid of escapees) signalProcess(pid, signal);
  };
  kill('SIGTERM');
  const killAt = Date.now() + graceMs;
  let killed = false;
  while (alive() && Date.now() < killAt + HARD_DEADLINE_SLACK_MS) {
    if (!killed && Date.now() >= killAt) {
      killed = true;
      kill('SIGKILL');
    }
    await sleep(POLL_MS);
  }
  return true;
};

// The host is exiting: no timer will run again, so only a synchronous SIGKILL helps.
const onExit = (): void => {
  for (const pgid of live.keys()) signalGroup(pgid, 'SIGKILL');
};

/**
 * A signal to the host. Undetached children would have received a terminal's SIGINT with the host, so the
 * groups get it as SIGTERM. When the host has no handler of its own, Node's default (terminate) must still
 * happen: kill the groups outright (`exit` does not fire on death by signal) and re-raise with our
 * listeners gone. When the host handles the signal itself it decides whether to exit — never re-raise —
 * and groups that ignore SIGTERM get SIGKILL once their grace has passed, as at a timeout.
 */
const onSignal = (signal: NodeJS.Signals): void => {
  if (process.listenerCount(signal) === 1) {
    for (const pgid of live.keys()) signalGroup(pgid, 'SIGKILL');
    uninstall();
    process.kill(process.pid, signal);
    return;
  }
  // Their processes may already run in a helper: each gets the SIGTERM as soon as its pid arrives.
  for (const entry of pending) entry.signalled = true;
  for (const [pgid, graceMs] of live) {
    signalGroup(pgid, 'SIGTERM');
    // Unref'd: a host on its way out exits anyway, and `exit` SIGKILLs what is left.
    setTimeout(() => {
      if (live.get(pgid) === graceMs) signalGroup(pgid, 'SIGKILL');
    }, graceMs).unref();
  }
};

const install = (): void => {
  if (installed) return;
  installed = true;
  process.on('exit', onExit);
  for (const signal of FORWARDED_SIGNALS) process.on(signal, onSignal);
};

function uninstall(): void {
  clearTimeout(lingering);
  lingering = undefined;
  if (!installed) return;
  installed = false;
  process.removeListener('exit', onExit);
  for (const signal of FORWARDED_SIGNALS) process.removeListener(signal, onSignal);
}

/** Removes the process-level listeners now if no group is live (an executor's `dispose()`). */
export const releaseIdleListeners = (): void => {
  if (live.size === 0 && pending.size === 0) uninstall();
};

/** Listeners stay a while once nothing is live or pending any more. */
const linger = (): void => {
  if (live.size > 0 || pending.size > 0 || lingering !== undefined) return;
  lingering = setTimeout(uninstall, LINGER_MS);
  lingering.unref();
};

/**
 * Records a live group (its leader's pid is the pgid) and the grace its SIGTERM gets before SIGKILL.
 * Returns the function that forgets it, to be called once the whole group is gone.
 */
export const registerGroup = (pgid: number, graceMs: number = DEFAULT_FORCE_KILL_AFTER_MS): (() => void) => {
  live.set(pgid, Math.min(graceMs, MAX_TIMEOUT_MS));
  clearTimeout(lingering);
  lingering = undefined;
  install();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    live.delete(pgid);
    linger();
  };
};

/** A group asked for, before its pid is known. */
export interface GroupReservation {
  /** The leader runs: the group is live from now on, and gets at once a signal the host received meanwhile. */
  bind(pgid: number): void;
  /** Forgets the group once it is gone, or the reservation when nothing started. */
  release(): void;
}

/**
 * Reserves a place in the registry when a run is asked for, before anything is spawned: the process-level
 * listeners are then in place before the hook's first instant. A pid that only arrives later (through the
 * spawn helper) would otherwise leave a window in which a signal to a host with its own handler reached no
 * hook — and the hook outlived it.
 */
export const reserveGroup = (graceMs: number = DEFAULT_FORCE_KILL_AFTER_MS): GroupReservation => {
  const entry: Pending = { graceMs: Math.min(graceMs, MAX_TIMEOUT_MS), signalled: false };
  pending.add(entry);
  clearTimeout(lingering);
  lingering = undefined;
  install();
  let unregister: (() => void) | undefined;
  let released = false;
  return {
    bind: (pgid) => {
      if (released || unregister !== undefined) return;
      unregister = registerGroup(pgid, entry.graceMs);
      pending.delete(entry);
      if (!entry.signalled) return;
      signalGroup(pgid, 'SIGTERM');
      setTimeout(() => {
        if (live.get(pgid) === entry.graceMs) signalGroup(pgid, 'SIGKILL');
      }, entry.graceMs).unref();
    },
    release: () => {
      if (released) return;
      released = true;
      pending.delete(entry);
      if (unregister === undefined) linger();
      else unregister();
    },
  };
};
