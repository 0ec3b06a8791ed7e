/**
 * One long-lived hook worker process (a `persistent: true` command hook), supervised like every hook
 * process: its own process group, registered with the live-group registry (dispose, host exit and
 * forwarded signals reach it), SIGTERM → grace → SIGKILL to the whole group, a drain after the leader
 * exits, and a scan for escapees carrying its run id once it is gone; the spawn helper guards the group
 * against the host's death (`watch`). Knows nothing about requests: it
 * delivers stdout as batches of lines (workerLines.ts), passes stderr through and reports its end.
 *
 * Started with execa: it turns a spawn failure (ENOENT, EACCES) into a result instead of an `'error'`
 * event, and its streams are the child's own (`buffer: false`), so a request costs exactly a raw
 * `spawn`'s pipe round trip (measured side by side: 41–48 µs either way).
 */
import { execa } from 'execa';
import { findEscapees } from './escapees.js';
import { reapGroup, registerGroup, signalGroup } from './processGroups.js';
import { createLineSplitter } from './workerLines.js';
import { errorText } from '../core/guards.js';
import { DRAIN_MS } from '../core/limits.js';
import type { WorkerExit } from '../protocol/persistentProtocol.js';

export interface WorkerSpawnOptions {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** The `HOOKSTREAM_RUN_ID` in `env`: finds processes that left the group once the worker is gone. */
  runId: string;
  /** A stdout line longer than this (newline excluded) is an overflow, not an answer. */
  maxLineBytes: number;
  /** SIGTERM → SIGKILL grace when reaping what is left of the group after the leader exits. */
  killGraceMs: number;
  /**
   * Has someone outside the host guard the group (the spawn helper): a worker that ignores EOF would outlive
   * a host killed by SIGKILL. Returns the function that ends the guard; called once the group is gone.
   */
  watch?: (pgid: number, runId: string) => () => void;
}

export interface WorkerListeners {
  /** The complete stdout lines of one read, in order. */
  lines(lines: Uint8Array[]): void;
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
  /** SIGTERM to the group, SIGKILL after `graceMs`; resolves when gone. */
  stop(graceMs: number): Promise<void>;
  /** Settles once the leader has exited and the rest of its group and its escapees are gone (bounded). */
  readonly gone: Promise<void>;
}

const ignore = (): void => undefined;

const notStarted = (listeners: WorkerListeners, spawnError: string): WorkerProcess => {
  const gone = Promise.resolve().then(() => {
    listeners.exit({ spawnError });
  });
  return { pid: undefined, write: ignore, close: () => gone, stop: () => gone, gone };
};

/** Spawns a worker; never throws (a spawn failure arrives as `exit` with `spawnError`). */
export const startWorker = (options: WorkerSpawnOptions, listeners: WorkerListeners): WorkerProcess => {
  let subprocess;
  try {
    subprocess = execa(options.file, options.args, {
      cwd: options.cwd,
      env: options.env,
      extendEnv: false,
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
      encoding: 'buffer',
      buffer: false,
      detached: true,
      cleanup: false,
      reject: false,
      forceKillAfterDelay: false,
      windowsHide: true,
    });
  } catch (error) {
    // Out of descriptors, execa throws synchronously instead of returning a failed subprocess.
    return notStarted(listeners, errorText(error));
  }
  // Unheard 'error' events would crash the host (EPIPE on a dead worker's stdin).
  subprocess.on('error', ignore);
  for (const stream of [subprocess.stdin, subprocess.stdout, subprocess.stderr]) stream.on('error', ignore);
  const pgid = subprocess.pid;
  if (pgid === undefined) {
    const gone = subprocess.then((result) => {
      listeners.exit({ spawnError: result.originalMessage ?? result.shortMessage });
    });
    return { pid: undefined, write: ignore, close: () => gone, stop: () => gone, gone };
  }
  const unregister = registerGroup(pgid, options.killGraceMs);
  const unwatch = options.watch?.(pgid, options.runId) ?? ignore;
  // An idle worker must not keep the host alive: a pending request's timer does that while it waits.
  subprocess.unref();
  for (const stream of [subprocess.stdin, subprocess.stdout, subprocess.stderr]) {
    (stream as { unref?: () => void }).unref?.();
  }
  subprocess.stdout.on('data', createLineSplitter(options.maxLineBytes, listeners));
  subprocess.stderr.on('data', (chunk: Uint8Array) => {
    listeners.stderr(chunk);
  });

  let exited = false;
  const ended = new Promise<WorkerExit>((resolve) => {
    subprocess.once('exit', (code, signal) => {
      exited = true;
      const status: WorkerExit = code !== null ? { exitCode: code } : { signal: signal ?? 'an unknown signal' };
      // Let stderr arrive (it says why the worker died), but a grandchild holding the pipes cannot stall us.
      const drain = setTimeout(() => {
        subprocess.stdout.destroy();
        subprocess.stderr.destroy();
        resolve(status);
      }, DRAIN_MS);
      subprocess.once('close', () => {
        clearTimeout(drain);
        resolve(status);
      });
    });
  });
  const gone = ended
    .then(async (status) => {
      listeners.exit(status);
      // Whatever outlived the leader: its group, and escapees found by the worker's run id.
      await reapGroup(pgid, options.killGraceMs, findEscapees(options.runId, pgid));
    })
    .finally(() => {
      subprocess.stdin.destroy();
      unregister();
      unwatch();
    });

  let stopping = false;
  // The same escalation as every hook process: SIGTERM to the group, SIGKILL once the grace has passed.
  const stop = (graceMs: number): Promise<void> => {
    if (!exited && !stopping) {
      stopping = true;
      void reapGroup(pgid, graceMs);
    }
    return gone;
  };

  return {
    pid: pgid,
    write: (text) => {
      if (!exited) subprocess.stdin.write(text);
    },
    close: async (graceMs) => {
      subprocess.stdin.end();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([gone, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
      if (!exited) signalGroup(pgid, 'SIGKILL');
      await gone;
    },
    stop,
    gone,
  };
};
