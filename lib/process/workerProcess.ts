/**
 * One long-lived hook worker (a `persistent: true` command hook): spawned detached in its own process
 * group and registered with the live-group registry, so dispose, host exit and forwarded signals kill
 * it like any hook process. It splits stdout into lines (bounded by `maxLineBytes`), passes stderr
 * through, and reports its end once the pipes have drained. Knows nothing about requests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { groupAlive, registerGroup, signalGroup } from './processGroups.js';
import { DRAIN_MS, HARD_DEADLINE_SLACK_MS } from './superviseProcess.js';
import { errorText } from '../core/guards.js';

export interface WorkerSpawnOptions {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** A stdout line longer than this (newline excluded) is an overflow, not an answer. */
  maxLineBytes: number;
  /** SIGTERM → SIGKILL grace when reaping what is left of the group after the leader exits. */
  killGraceMs: number;
}

export interface WorkerExit {
  exitCode?: number;
  signal?: string;
  /** The process could not be started, with the cause. */
  spawnError?: string;
}

export interface WorkerListeners {
  line(bytes: Uint8Array): void;
  /** stdout went past `maxLineBytes` without a newline; further stdout is ignored. */
  overflow(): void;
  stderr(chunk: Uint8Array): void;
  /** The leader exited (or never started) and its pipes drained. Called once. */
  exit(status: WorkerExit): void;
}

export interface WorkerProcess {
  /** The group's id (the leader's pid); undefined when nothing started. */
  readonly pid: number | undefined;
  write(text: string): void;
  /** Ends stdin (a well-behaved worker exits on EOF), waits up to `graceMs`, then SIGKILLs the group; resolves when gone. */
  close(graceMs: number): Promise<void>;
  /** Signals the group (`first`, then SIGKILL after `graceMs` unless it is SIGKILL already); resolves when gone. */
  stop(graceMs: number, first?: NodeJS.Signals): Promise<void>;
  /** Settles once the leader has exited and the rest of its group is gone (bounded). */
  readonly gone: Promise<void>;
}

const POLL_MS = 25;
const NEWLINE = 0x0a;
const ignore = (): void => undefined;
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Whatever of the group outlived its leader: SIGTERM, SIGKILL after the grace, give up after the slack. */
const reapGroup = async (pgid: number, graceMs: number): Promise<void> => {
  if (!groupAlive(pgid)) return;
  signalGroup(pgid, 'SIGTERM');
  const killAt = Date.now() + graceMs;
  let killed = false;
  while (groupAlive(pgid) && Date.now() < killAt + HARD_DEADLINE_SLACK_MS) {
    if (!killed && Date.now() >= killAt) {
      killed = true;
      signalGroup(pgid, 'SIGKILL');
    }
    await pause(POLL_MS);
  }
};

/** Calls `line` for each newline-terminated line of the stream; `overflow` once a line passes the cap. */
const splitLines = (stream: NodeJS.ReadableStream, maxLineBytes: number, listeners: WorkerListeners): void => {
  let parts: Buffer[] = [];
  let size = 0;
  let overflowed = false;
  stream.on('data', (chunk: Buffer) => {
    let rest = chunk;
    while (!overflowed) {
      const end = rest.indexOf(NEWLINE);
      const piece = end === -1 ? rest : rest.subarray(0, end);
      size += piece.length;
      if (size > maxLineBytes) {
        overflowed = true;
        parts = [];
        listeners.overflow();
        return;
      }
      if (end === -1) {
        if (piece.length > 0) parts.push(piece);
        return;
      }
      const line = parts.length === 0 ? piece : Buffer.concat([...parts, piece]);
      parts = [];
      size = 0;
      listeners.line(line);
      rest = rest.subarray(end + 1);
    }
  });
};

/** Spawns a worker; never throws (a spawn failure arrives as `exit` with `spawnError`). */
export const startWorker = (options: WorkerSpawnOptions, listeners: WorkerListeners): WorkerProcess => {
  let child: ChildProcess;
  try {
    child = spawn(options.file, options.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      windowsHide: true,
    });
  } catch (error) {
    queueMicrotask(() => {
      listeners.exit({ spawnError: errorText(error) });
    });
    const done = (): Promise<void> => Promise.resolve();
    return { pid: undefined, write: ignore, close: done, stop: done, gone: done() };
  }
  // Unheard 'error' events would crash the host (EPIPE on a dead worker's stdin, ENOENT on spawn).
  for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.on('error', ignore);
  const pgid = child.pid;
  const unregister = pgid === undefined ? ignore : registerGroup(pgid);
  // An idle worker must not keep the host alive: a pending request's timer does that while it waits.
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as { unref?: () => void } | null)?.unref?.();

  if (child.stdout) splitLines(child.stdout, options.maxLineBytes, listeners);
  child.stderr?.on('data', (chunk: Buffer) => {
    listeners.stderr(chunk);
  });

  let exited = false;
  let killTimer: NodeJS.Timeout | undefined;
  const ended = new Promise<WorkerExit>((resolve) => {
    child.once('error', (error) => {
      if (pgid === undefined) resolve({ spawnError: error.message });
    });
    child.once('exit', (code, signal) => {
      exited = true;
      const status: WorkerExit = code !== null ? { exitCode: code } : { signal: signal ?? 'an unknown signal' };
      // Let stderr arrive (it says why the worker died), but a grandchild holding the pipes cannot stall us.
      const drain = setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        resolve(status);
      }, DRAIN_MS);
      child.once('close', () => {
        clearTimeout(drain);
        resolve(status);
      });
    });
  });
  const gone = ended.then(async (status) => {
    listeners.exit(status);
    if (pgid !== undefined) await reapGroup(pgid, options.killGraceMs);
    clearTimeout(killTimer);
    unregister();
  });

  return {
    pid: pgid,
    write: (text) => {
      if (!exited) child.stdin?.write(text);
    },
    close: async (graceMs) => {
      child.stdin?.end();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([gone, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
      if (pgid !== undefined && !exited) signalGroup(pgid, 'SIGKILL');
      await gone;
    },
    stop: (graceMs, first = 'SIGTERM') => {
      if (pgid !== undefined && !exited) {
        signalGroup(pgid, first);
        if (first !== 'SIGKILL' && killTimer === undefined)
          killTimer = setTimeout(() => signalGroup(pgid, 'SIGKILL'), graceMs);
      }
      return gone;
    },
    gone,
  };
};
