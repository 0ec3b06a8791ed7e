/**
 * The one place a hook process is spawned: `node:child_process.spawn`, detached (its own process group),
 * stdin written then ended, each output stream kept up to the cap. It runs inside the spawn helper by
 * default and in the host when the helper is off or gone.
 *
 * A raw spawn, not execa: with every execa feature we would use switched off (timeout, cleanup, kill
 * escalation, rejection, buffering — the supervisor does those for both paths) execa still added 0.9–1.0 ms
 * wall and 1.6–1.8 ms CPU per spawn.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { errorText } from '../core/guards.js';
import { spawnEnv } from '../protocol/hookEnv.js';
import { withDone, type LaunchHandle, type LaunchListener, type LaunchRequest, type LaunchResult } from './launch.js';
import { openRedirects, type OpenedRedirects } from './redirects.js';

const EMPTY = new Uint8Array(0);
const ignore = (): void => undefined;
const INERT: LaunchHandle = { endPipes: ignore, forget: ignore };

/** Collects a stream up to `cap` bytes; past it, reports the overflow once and keeps draining the pipe. */
const capture = (
  stream: NodeJS.ReadableStream | null | undefined,
  cap: number,
  overflow: () => void,
): (() => Uint8Array) => {
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  stream?.on('error', ignore);
  stream?.on('data', (chunk: Buffer) => {
    if (over) return;
    const room = cap - size;
    if (chunk.length <= room) {
      chunks.push(chunk);
      size += chunk.length;
      return;
    }
    if (room > 0) chunks.push(chunk.subarray(0, room));
    size = cap;
    over = true;
    overflow();
  });
  return () =>
    chunks.length === 0 ? EMPTY : chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
};

/**
 * Writes the input, then EOF. `end()` closes the pipe only on a later turn of the event loop, so with several
 * runs started in one turn (a fan-out: one message each to the spawn helper) every hook waited for all the
 * spawns before reading EOF — hook 2 of 16 sat in `cat` for 35 ms. When the write went through at once
 * (nothing left in the stream's buffer: a payload that fits the pipe), closing our end now gives EOF now.
 */
const sendInput = (stdin: Writable | null | undefined, input: string): void => {
  // No pipes when the spawn failed for want of descriptors.
  if (stdin == null) return;
  stdin.write(input);
  if (stdin.writableLength === 0) stdin.destroy();
  else stdin.end();
};

/** A pipe read to its end, or none (a redirection gave the child a file there). */
const ended = (stream: Readable | null): boolean => stream === null || stream.readableEnded;

const isOutOfDescriptors = (error: unknown): boolean => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EMFILE' || code === 'ENFILE';
};

/**
 * Starts one hook process; a failure to start (thrown or emitted) arrives as `done` with `error` — unless the
 * request has a `fallback`, which is then started instead (not for want of descriptors: it would fail alike).
 */
export const launchDirect = (request: LaunchRequest, listener: LaunchListener): LaunchHandle => {
  const { fallback, redirects } = request;
  if (fallback === undefined) {
    if (redirects === undefined) return launchOnce(request, listener, undefined);
    return failed({ stdout: EMPTY, stderr: EMPTY, error: 'redirections need the shell to fall back to' }, listener);
  }
  const shellRequest = (): LaunchRequest => ({
    file: fallback.file,
    args: fallback.args,
    cwd: request.cwd,
    baseEnv: request.baseEnv,
    env: request.env,
    input: request.input,
    maxOutputBytes: request.maxOutputBytes,
  });
  let opened: OpenedRedirects | undefined;
  if (redirects !== undefined) {
    opened = openRedirects(redirects, request.cwd);
    // Not opened here: the shell opens them, or reports why it cannot.
    if (opened === undefined) return launchOnce(shellRequest(), listener, undefined);
  }
  let ended = false;
  let second: LaunchHandle | undefined;
  const first = launchOnce(
    request,
    withDone(listener, (result) => {
      // Only a program that never started is retried: nothing of it ran, so the shell's run is the only one.
      if (ended || result.error === undefined || result.outOfDescriptors === true) {
        listener.done(result);
        return;
      }
      second = launchOnce(shellRequest(), listener, undefined);
    }),
    opened,
  );
  return {
    endPipes: () => {
      ended = true;
      (second ?? first).endPipes();
    },
    forget: () => {
      (second ?? first).forget();
    },
  };
};

/** Reports a start that failed, on a later turn as a spawn failure is. */
const failed = (result: LaunchResult, listener: LaunchListener): LaunchHandle => {
  queueMicrotask(() => {
    listener.done(result);
  });
  return INERT;
};

/** One spawn, no fallback; `opened`: the redirections performed for it, closed here once it is spawned. */
const launchOnce = (
  request: LaunchRequest,
  listener: LaunchListener,
  opened: OpenedRedirects | undefined,
): LaunchHandle => {
  let child: ChildProcess;
  try {
    child = spawn(request.file, request.args, {
      argv0: request.argv0,
      cwd: request.cwd,
      env: spawnEnv(request.baseEnv, request.env),
      stdio: opened === undefined ? 'pipe' : opened.stdio,
      detached: true,
      windowsHide: true,
    });
  } catch (error) {
    // E2BIG and malformed arguments throw synchronously; ENOENT, EACCES and EMFILE are emitted.
    const result: LaunchResult = { stdout: EMPTY, stderr: EMPTY, error: errorText(error) };
    if (isOutOfDescriptors(error)) result.outOfDescriptors = true;
    return failed(result, listener);
  } finally {
    // The child has its own copies (or never started): ours must not outlive the spawn.
    opened?.close();
  }
  const stdout = capture(child.stdout, request.maxOutputBytes, () => {
    listener.overflow('stdout');
  });
  const stderr = capture(child.stderr, request.maxOutputBytes, () => {
    listener.overflow('stderr');
  });
  let failure: unknown;
  let status: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  let finished = false;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    const result: LaunchResult = { stdout: stdout(), stderr: stderr() };
    if (opened !== undefined) result.forkedByShell = true;
    if (status?.code != null) result.exitCode = status.code;
    if (status?.signal != null) result.signal = status.signal;
    if (child.pid === undefined) {
      result.error = failure === undefined ? 'the process did not start' : errorText(failure);
      if (isOutOfDescriptors(failure)) result.outOfDescriptors = true;
    }
    listener.done(result);
  };
  // Unheard, a spawn failure or a kill that cannot be delivered would crash the process.
  child.on('error', (error) => {
    failure ??= error;
  });
  child.once('exit', (code, signal) => {
    status = { code, signal };
    // Both pipes at EOF already: 'close' (and `done`) follows at once, nothing holds them to wait for. From the
    // spawn helper that spares a message per run, sent just before `done` otherwise.
    if (!ended(child.stdout) || !ended(child.stderr)) listener.exited();
  });
  // After a spawn failure 'close' still comes (with a negative code), so `done` is always reported here.
  child.once('close', finish);
  // A hook that never reads stdin makes this write fail with EPIPE: expected, not an error.
  child.stdin?.on('error', ignore);
  // Its input first: the hook can read while the helper still tells the host its pid.
  sendInput(child.stdin, request.input);
  if (child.pid !== undefined) listener.spawned(child.pid);
  return {
    endPipes: () => {
      child.stdin?.destroy();
      child.stdout?.destroy();
      child.stderr?.destroy();
      finish();
    },
    forget: ignore,
  };
};
