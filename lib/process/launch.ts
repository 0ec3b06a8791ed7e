/**
 * The contract between the supervisor and whatever starts a hook process: a direct spawn in the host
 * (launchDirect.ts) or the spawn helper (spawnHelper.ts), which runs that same direct spawn in a small
 * long-lived child. A launcher starts the leader in its own process group, writes stdin, keeps at most
 * `maxOutputBytes` of each stream and reports what happens; timers, kills, the escapee scan and the
 * live-group registry stay with the supervisor, in the host.
 */

import type { Redirect } from './redirects.js';

/** What starts one hook process. `env` is the executor's shared part plus the run's own variables. */
export interface LaunchRequest {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  /**
   * What every run of an executor shares; never changed by a launcher, nor by its owner once used: the
   * spawn helper receives each base object once and later runs refer to it.
   */
  readonly baseEnv: Readonly<Record<string, string>>;
  /** This run's variables, applied over `baseEnv`. */
  readonly env: Readonly<Record<string, string>>;
  /** Written to stdin, then EOF; a hook that never reads it is fine (EPIPE is ignored). */
  readonly input: string;
  /** Kept per stream; the first byte past it is reported as an overflow and the rest dropped. */
  readonly maxOutputBytes: number;
  /** `argv[0]` when it is not `file`: a program found on PATH keeps the name it was called by. */
  readonly argv0?: string | undefined;
  /**
   * Started in its place when `file` cannot be started at all (missing, not executable, no `#!`): the shell
   * the command would otherwise have run under, which then fails (or runs it) exactly as it always does.
   */
  readonly fallback?: { readonly file: string; readonly args: readonly string[] } | undefined;
  /**
   * Opened as bash would (redirects.ts) and given to `file` as its stdio, with `fallback` set: a redirection
   * that cannot be opened so surely starts `fallback` instead, which then opens it (or fails) itself.
   */
  readonly redirects?: readonly Redirect[] | undefined;
}

/** How a launch ended: the exit status when the leader exited, what was read, or why it never started. */
export interface LaunchResult {
  exitCode?: number;
  signal?: string;
  stdout: Uint8Array;
  stderr: Uint8Array;
  /** The process could not be started (ENOENT, EACCES, E2BIG, EMFILE, the helper died), with the cause. */
  error?: string;
  /** `error` was for want of descriptors (EMFILE, ENFILE). */
  outOfDescriptors?: boolean;
  /**
   * The leader was a program with redirections started in bash's place: bash would have run it in a child of
   * its own and reported a signal it died of as exit status 128 + the signal's number.
   */
  forkedByShell?: boolean;
}

/** Reported by a launcher, in this order: `spawned` (unless it never started), `exited` (if due), `done` once. */
export interface LaunchListener {
  /** The leader runs; its pid is the group's id. */
  spawned(pid: number): void;
  /** A stream went past `maxOutputBytes`. */
  overflow(stream: 'stdout' | 'stderr'): void;
  /**
   * The leader exited and something it left behind may still hold the pipes. Not reported when both pipes had
   * reached EOF by then: `done` follows at once.
   */
  exited(): void;
  /** Nothing more will be read: both pipes reached EOF or were ended. Called exactly once, last. */
  done(result: LaunchResult): void;
}

/** A launch in progress. */
export interface LaunchHandle {
  /** Stop waiting for EOF: close our ends of the pipes, then `done` comes with what was read. */
  endPipes(): void;
  /**
   * The supervisor had to reap what the run left in its group (or outside it): the launcher forgets the group
   * (the helper stops guarding it). A group already empty at `done` is forgotten by the launcher itself.
   */
  forget(): void;
}

/** Starts one hook process; never throws (a failure to start arrives as `done` with `error`). */
export type Launcher = (request: LaunchRequest, listener: LaunchListener) => LaunchHandle;

/** `listener` with its `done` replaced by `done`; `spawned`, `overflow` and `exited` go through unchanged. */
export const withDone = (listener: LaunchListener, done: (result: LaunchResult) => void): LaunchListener => ({
  spawned: (pid) => {
    listener.spawned(pid);
  },
  overflow: (stream) => {
    listener.overflow(stream);
  },
  exited: () => {
    listener.exited();
  },
  done,
});

/** `listener` with `before` run ahead of its `done`: how a pool or a budget gives back what a launch held. */
export const beforeDone = (listener: LaunchListener, before: (result: LaunchResult) => void): LaunchListener =>
  withDone(listener, (result) => {
    before(result);
    listener.done(result);
  });
