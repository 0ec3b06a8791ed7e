/**
 * Runs one hook process under supervision: its own process group, our own timeout (execa's `timeout`
 * does not bound a run whose grandchild holds stdout), SIGTERM then SIGKILL to the whole group, a drain
 * after the leader exits, a hard deadline that destroys the pipes, and reaping of what is left.
 * The only place (with the executor) that touches execa.
 */
import { execa } from 'execa';
import { setTimeout as sleep } from 'node:timers/promises';
import { findEscapees } from './escapees.js';
import { groupAlive, processAlive, registerGroup, signalGroup, signalProcess } from './processGroups.js';
import { errorText } from '../core/guards.js';
import { MAX_TIMEOUT_MS } from '../core/limits.js';

export interface SuperviseOptions {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** Written to stdin, then EOF; a hook that never reads it is fine (execa absorbs EPIPE). */
  input: string;
  runId: string;
  timeoutMs: number;
  killGraceMs: number;
  maxOutputBytes: number;
  /** Aborting kills the group (SIGTERM, SIGKILL after the grace period). */
  signal: AbortSignal;
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
  spawnError?: string;
  /** Processes that left the group still holding its output; they are killed while reaping. */
  escapees: number[];
}

export interface SupervisedProcess {
  /** The group's id (the leader's pid); undefined when nothing started. */
  pgid?: number;
  /** Settles once the run is decided: never later than the hard deadline after a kill starts. */
  report: Promise<ProcessReport>;
  /** Settles once the group and any escapee are gone (or could not be killed within the grace). */
  gone: Promise<void>;
}

/** After the leader exits, how long its children may keep the pipes open before we close them. */
export const DRAIN_MS = 250;
/** The hard deadline comes this long after SIGKILL was due. */
export const HARD_DEADLINE_SLACK_MS = 1000;
const POLL_MS = 25;
const EMPTY = new Uint8Array(0);
const ignore = (): void => undefined;

const notStarted = (spawnError: string): ProcessReport => ({
  stdout: EMPTY,
  stderr: EMPTY,
  timedOut: false,
  aborted: false,
  stdoutOverflow: false,
  stderrOverflow: false,
  spawnError,
  escapees: [],
});

/** SIGTERM what is left, SIGKILL after the grace, and wait (bounded) until it is gone. */
const reap = async (pgid: number, escapees: number[], graceMs: number): Promise<void> => {
  const alive = (): boolean => groupAlive(pgid) || escapees.some(processAlive);
  if (!alive()) return;
  const kill = (signal: NodeJS.Signals): void => {
    signalGroup(pgid, signal);
    for (const pid of escapees) signalProcess(pid, signal);
  };
  kill('SIGTERM');
  const killAt = Date.now() + graceMs;
  const giveUpAt = killAt + HARD_DEADLINE_SLACK_MS;
  let killed = false;
  while (alive() && Date.now() < giveUpAt) {
    if (!killed && Date.now() >= killAt) {
      killed = true;
      kill('SIGKILL');
    }
    await sleep(POLL_MS);
  }
};

/** Spawns and supervises one hook process; never throws, never rejects. */
export const superviseProcess = (options: SuperviseOptions): SupervisedProcess => {
  let subprocess;
  try {
    subprocess = execa(options.file, options.args, {
      cwd: options.cwd,
      env: options.env,
      extendEnv: false,
      input: options.input,
      encoding: 'buffer',
      maxBuffer: { stdout: options.maxOutputBytes, stderr: options.maxOutputBytes },
      stripFinalNewline: false,
      detached: true,
      cleanup: false,
      reject: false,
      forceKillAfterDelay: false,
      windowsHide: true,
    });
  } catch (error) {
    // Out of descriptors, execa throws synchronously (`subprocess.stdio is not iterable`).
    return {
      report: Promise.resolve(notStarted(errorText(error))),
      gone: Promise.resolve(),
    };
  }
  // Failures also arrive as 'error' events; unheard, they would crash the host.
  subprocess.on('error', ignore);
  for (const stream of [subprocess.stdin, subprocess.stdout, subprocess.stderr]) stream?.on('error', ignore);

  const pgid = subprocess.pid;
  if (pgid === undefined) {
    const report = subprocess.then(
      (result) => notStarted(result.originalMessage ?? result.shortMessage ?? result.code ?? 'spawn failed'),
      (error: unknown) => notStarted(String(error)),
    );
    return { report, gone: report.then(ignore) };
  }

  const unregister = registerGroup(pgid);
  const state = { timedOut: false, aborted: false, stdoutOverflow: false, stderrOverflow: false };
  let terminating = false;
  let pipesForced = false;
  let settled = false;
  let escapees: number[] = [];
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
  const streams = [subprocess.stdin, subprocess.stdout, subprocess.stderr];

  // Someone (a grandchild, an escapee) still holds the pipes: stop waiting for EOF. execa then
  // resolves with what was read.
  const forcePipes = (): void => {
    if (settled || pipesForced) return;
    pipesForced = true;
    escapees = findEscapees(options.runId, pgid);
    signalGroup(pgid, 'SIGTERM');
    for (const pid of escapees) signalProcess(pid, 'SIGTERM');
    for (const stream of streams) stream?.destroy();
  };
  // Decided on the real exit, never on `child.killed`: SIGKILL goes to the group whatever happened.
  const terminate = (): void => {
    if (terminating) return;
    terminating = true;
    signalGroup(pgid, 'SIGTERM');
    after(options.killGraceMs, () => signalGroup(pgid, 'SIGKILL'));
    after(options.killGraceMs + HARD_DEADLINE_SLACK_MS, forcePipes);
  };
  const onAbort = (): void => {
    state.aborted = true;
    terminate();
  };

  after(options.timeoutMs, () => {
    state.timedOut = true;
    terminate();
  });
  options.signal.addEventListener('abort', onAbort, { once: true });
  if (options.signal.aborted) onAbort();
  // Count bytes ourselves to stop a flooding hook at once; stdout past the cap can decide nothing.
  const watch = (stream: NodeJS.ReadableStream | null, flag: 'stdoutOverflow' | 'stderrOverflow'): void => {
    let bytes = 0;
    stream?.on('data', (chunk: Uint8Array) => {
      bytes += chunk.length;
      if (bytes <= options.maxOutputBytes || state[flag]) return;
      state[flag] = true;
      if (flag === 'stdoutOverflow') terminate();
    });
  };
  watch(subprocess.stdout, 'stdoutOverflow');
  watch(subprocess.stderr, 'stderrOverflow');
  subprocess.once('exit', () => {
    after(DRAIN_MS, forcePipes);
  });

  const finish = (): void => {
    settled = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    options.signal.removeEventListener('abort', onAbort);
  };
  const report = subprocess.then(
    (result): ProcessReport => {
      finish();
      const noStatus = result.exitCode === undefined && result.signal === undefined;
      return {
        ...state,
        ...(result.exitCode !== undefined ? { exitCode: result.exitCode } : {}),
        ...(result.signal !== undefined ? { signal: result.signal } : {}),
        stdout: result.stdout instanceof Uint8Array ? result.stdout : EMPTY,
        stderr: result.stderr instanceof Uint8Array ? result.stderr : EMPTY,
        ...(noStatus ? { spawnError: result.originalMessage ?? result.shortMessage ?? 'no exit status' } : {}),
        escapees,
      };
    },
    (error: unknown): ProcessReport => {
      finish();
      return { ...notStarted(String(error)), ...state, escapees };
    },
  );
  const gone = report.then((done) => reap(pgid, done.escapees, options.killGraceMs)).finally(unregister);
  return { pgid, report, gone };
};
