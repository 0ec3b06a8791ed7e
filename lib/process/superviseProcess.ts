/**
 * Runs one hook process under supervision, whatever started it (a launcher: the spawn helper or a direct
 * spawn): our own timeout (execa's does not bound a run whose grandchild holds stdout), SIGTERM then SIGKILL
 * to the whole group after the grace, a drain after the leader exits, a hard deadline that ends the pipes,
 * registration with the live-group registry (dispose, host exit, host signals), and after every run a scan
 * for processes that left the group (`setsid`) by the run's id — killed with what is left of the group.
 */
import { constants } from 'node:os';
import { DRAIN_MS, HARD_DEADLINE_SLACK_MS, MAX_TIMEOUT_MS } from '../core/limits.js';
import { findEscapees, sweepEscapees } from './escapees.js';
import type { LaunchHandle, Launcher, LaunchRequest, LaunchResult } from './launch.js';
import { reapGroup, reserveGroup, signalGroup, signalProcess } from './processGroups.js';

// Where they always were: persistent workers import them from here.
export { DRAIN_MS, HARD_DEADLINE_SLACK_MS } from '../core/limits.js';

export interface SuperviseOptions {
  launch: Launcher;
  request: LaunchRequest;
  /** The `HOOKSTREAM_RUN_ID` in the request's env: finds processes that left the group. */
  runId: string;
  timeoutMs: number;
  killGraceMs: number;
  /** Aborting kills the group (SIGTERM, SIGKILL after the grace period). */
  signal: AbortSignal;
  /** The leader started; its pid is the group's id. */
  onSpawn?: (pgid: number) => void;
  /** Processes that left the group were found after the run and are being killed (the report is out already). */
  onEscapees?: (pids: readonly number[]) => void;
}

export interface ProcessReport {
  exitCode?: number;
  signal?: string;
  stdout: Uint8Array;
  stderr: Uint8Array;
  timedOut: boolean;
  aborted: boolean;
  stdoutOverflow: boolean;
  stderrOverflow: boolean;
  /** The process could not be started, with the cause. */
  spawnError?: string;
  /** It started, then hookstream lost it (the spawn helper died): its output is gone and its group killed. */
  interrupted?: string;
  /** The start failed for want of file descriptors. */
  outOfDescriptors?: boolean;
  /** Processes that left the group still holding its output; they are killed while reaping. */
  escapees: number[];
}

export interface SupervisedProcess {
  /** Settles once the run is decided: never later than the hard deadline after a kill starts. */
  report: Promise<ProcessReport>;
  /** Settles once the group and any escapee are gone (or could not be killed within the grace). */
  gone: Promise<void>;
}

const EMPTY = new Uint8Array(0);
const SIGNAL_NUMBERS = constants.signals;
const ignore = (): void => undefined;

/** Starts one hook process through `options.launch` and supervises it; never throws, never rejects. */
export const superviseProcess = (options: SuperviseOptions): SupervisedProcess => {
  const { killGraceMs, runId } = options;
  const report: ProcessReport = {
    stdout: EMPTY,
    stderr: EMPTY,
    timedOut: false,
    aborted: false,
    stdoutOverflow: false,
    stderrOverflow: false,
    escapees: [],
  };
  let pgid: number | undefined;
  // In the registry before anything starts: a signal to the host while a helper spawns still reaches the hook.
  const reservation = reserveGroup(killGraceMs);
  let terminating = false;
  let killDue = false;
  let pipesEnded = false;
  let settled = false;
  const timers = new Set<NodeJS.Timeout>();
  const after = (ms: number, action: () => void): void => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        action();
      },
      Math.min(ms, MAX_TIMEOUT_MS),
    );
    timers.add(timer);
  };
  let resolveReport: (value: ProcessReport) => void = ignore;
  const reported = new Promise<ProcessReport>((resolve) => (resolveReport = resolve));

  let startWatchdog: NodeJS.Timeout | undefined;
  const startClock = (): void => {
    clearTimeout(startWatchdog);
    if (settled) return;
    after(options.timeoutMs, () => {
      report.timedOut = true;
      terminate();
    });
  };
  const signalAll = (signal: NodeJS.Signals): void => {
    if (pgid !== undefined) signalGroup(pgid, signal);
  };
  const settle = (result: LaunchResult, lost?: string): void => {
    if (settled) return;
    settled = true;
    clearTimeout(startWatchdog);
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    options.signal.removeEventListener('abort', onAbort);
    report.stdout = result.stdout;
    report.stderr = result.stderr;
    if (result.exitCode !== undefined) report.exitCode = result.exitCode;
    const signalNumber = result.signal === undefined ? undefined : SIGNAL_NUMBERS[result.signal as NodeJS.Signals];
    // bash, waiting for the program it forked, turns a signal we did not send into its exit status.
    if (result.forkedByShell === true && !terminating && signalNumber !== undefined)
      report.exitCode = 128 + signalNumber;
    else if (result.signal !== undefined) report.signal = result.signal;
    const noStatus = result.exitCode === undefined && result.signal === undefined;
    const failure = lost ?? result.error ?? (noStatus ? 'it had not exited by the hard deadline' : undefined);
    if (failure !== undefined && pgid !== undefined) report.interrupted = failure;
    else if (failure !== undefined) report.spawnError = lost ?? result.error ?? 'the process did not start';
    if (result.outOfDescriptors === true) report.outOfDescriptors = true;
    resolveReport(report);
  };
  // Someone (a grandchild, an escapee) still holds the pipes: stop waiting for EOF. The launcher then
  // reports what was read; a helper that cannot answer any more gets one drain period.
  const endPipes = (): void => {
    if (settled || pipesEnded) return;
    pipesEnded = true;
    if (pgid !== undefined) {
      report.escapees = findEscapees(runId, pgid);
      for (const pid of report.escapees) signalProcess(pid, 'SIGTERM');
      signalGroup(pgid, 'SIGTERM');
    }
    after(DRAIN_MS, () => {
      settle({ stdout: EMPTY, stderr: EMPTY }, 'the spawn helper did not report the end of the run');
    });
    handle.endPipes();
  };
  // Decided on the real exit, never on `child.killed`: SIGKILL goes to the group whatever happened.
  const terminate = (): void => {
    if (terminating || settled) return;
    terminating = true;
    signalAll('SIGTERM');
    after(killGraceMs, () => {
      killDue = true;
      signalAll('SIGKILL');
    });
    after(killGraceMs + HARD_DEADLINE_SLACK_MS, endPipes);
  };
  const onAbort = (): void => {
    report.aborted = true;
    terminate();
  };

  const handle: LaunchHandle = options.launch(options.request, {
    spawned: (pid) => {
      // Too late: the run was already given up on (a helper that took longer than the whole deadline).
      if (settled) {
        signalGroup(pid, 'SIGKILL');
        handle.forget();
        reservation.release();
        return;
      }
      pgid = pid;
      reservation.bind(pid);
      options.onSpawn?.(pid);
      // Killed before the helper told us the pid: deliver what is due now.
      if (terminating) signalGroup(pid, killDue ? 'SIGKILL' : 'SIGTERM');
      // The hook's time starts when it does, not while a spawn helper is still starting up.
      else startClock();
    },
    overflow: (stream) => {
      if (stream === 'stderr') {
        report.stderrOverflow = true;
        return;
      }
      // stdout past the cap can decide nothing: stop the flood at once.
      report.stdoutOverflow = true;
      terminate();
    },
    exited: () => {
      if (!settled) after(DRAIN_MS, endPipes);
    },
    done: (result) => {
      settle(result);
    },
  });
  // A launcher reports a failed start asynchronously; the guard keeps a broken one from leaking timers.
  if (!settled) {
    // A helper that neither starts the process nor reports a failure must not hold the run forever.
    if (pgid === undefined)
      startWatchdog = setTimeout(
        () => {
          settle({ stdout: EMPTY, stderr: EMPTY }, 'the spawn helper did not start the process in time');
        },
        Math.min(options.timeoutMs + killGraceMs + HARD_DEADLINE_SLACK_MS, MAX_TIMEOUT_MS),
      );
    options.signal.addEventListener('abort', onAbort, { once: true });
    if (options.signal.aborted) onAbort();
  }

  // After every run: what the leader left behind in its group, and what left the group, is killed.
  const gone = reported.then(async (done) => {
    if (pgid === undefined) {
      reservation.release();
      return;
    }
    const late = (await sweepEscapees(runId, pgid)).filter((pid) => !done.escapees.includes(pid));
    if (late.length > 0) options.onEscapees?.(late);
    const reaped = await reapGroup(pgid, killGraceMs, late.length === 0 ? done.escapees : [...done.escapees, ...late]);
    reservation.release();
    // A group that was empty when the launcher reported the end is not guarded by it any more.
    if (reaped) handle.forget();
  });
  return { report: reported, gone };
};
