/**
 * The host's side of the spawn helper (spawnHelperChild.ts): a small long-lived Node child, started while
 * the host is still small, that spawns hooks on the host's behalf. A fork costs in proportion to the forking
 * process's memory and blocks its event loop meanwhile: +40–49 ms per GiB of host RSS; through
 * the helper it stays the same at any host size. Kills still go from the host straight to the hook's group;
 * timers, the escapee scan and the live-group registry stay in the host (superviseProcess.ts).
 *
 * execa starts and watches the helper: `execaNode` (this Node, none of the host's loaders or `--inspect`),
 * the IPC channel with listeners that do not keep the host alive (`getEachMessage({ reference: false })`),
 * and the exit result with the helper's stderr when it dies.
 */
import { execaNode } from 'execa';
import { existsSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { errorText } from '../core/guards.js';
import type { Launcher, LaunchListener } from './launch.js';
import type { FromHelper, ToHelper } from './spawnHelperProtocol.js';
import { checkFdHeadroom } from './spawnLimiter.js';

export interface SpawnHelper {
  readonly pid: number | undefined;
  /** Starts a hook through the helper; if the helper dies first, `done` reports it as the run's error. */
  readonly launch: Launcher;
  /**
   * Has the helper guard a group the host started (a persistent worker): killed, with what left it carrying
   * `runId`, if the host dies. Returns the function that ends the guard, once the group is gone.
   */
  watch(pgid: number, runId: string): () => void;
  /** Settles once the helper listens (a watch sent from then on holds even if the host dies at once), or died. */
  readonly ready: Promise<void>;
  /** Closes the channel (the helper kills what it still guards and exits), SIGKILL if it lingers; resolves when gone. */
  stop(): Promise<void>;
}

/** How long a stopping helper may take to kill its groups and exit before it is killed. */
const STOP_GRACE_MS = 2000;
const EMPTY = new Uint8Array(0);

/**
 * The helper's script: compiled, next to this module. Run from the TypeScript sources (this package's own
 * specs), the `.ts` file goes through tsx; bundled into one file, neither exists and the caller spawns directly.
 */
const helperScript = (): { script: string; nodeOptions: string[] } | undefined => {
  const compiled = fileURLToPath(new URL('./spawnHelperChild.js', import.meta.url));
  if (existsSync(compiled)) return { script: compiled, nodeOptions: [] };
  const source = fileURLToPath(new URL('./spawnHelperChild.ts', import.meta.url));
  if (existsSync(source)) return { script: source, nodeOptions: ['--import', 'tsx'] };
  return undefined;
};

/** The helper's own environment: the host's, minus NODE_OPTIONS (a host's `--inspect` or loader is not for it). */
const helperEnvironment = (): Record<string, string> => {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && key !== 'NODE_OPTIONS') env[key] = value;
  return env;
};

const describeExit = (result: { exitCode?: number; signal?: string; stderr?: unknown }): string => {
  const how = result.signal !== undefined ? `killed by ${result.signal}` : `exited with code ${result.exitCode ?? '?'}`;
  const stderr = typeof result.stderr === 'string' ? result.stderr.trim().split('\n').at(-1) : undefined;
  return stderr === undefined || stderr === '' ? how : `${how}: ${stderr}`;
};

const execHelper = (script: string, nodeOptions: string[]) =>
  execaNode(script, [], {
    nodeOptions,
    cwd: path.dirname(script),
    env: helperEnvironment(),
    extendEnv: false,
    ipc: true,
    serialization: 'advanced',
    stdin: 'ignore',
    stdout: 'ignore',
    stderr: 'pipe',
    // stderr is kept to say why a helper died; IPC messages are not (execa would keep every one until exit).
    buffer: { stderr: true, ipc: false },
    // Its own session: a terminal's Ctrl-C is the host's to handle, not the helper's to die of.
    detached: true,
    cleanup: false,
    reject: false,
    forceKillAfterDelay: false,
    windowsHide: true,
  });

/** A failure of Node's `spawn` itself (EMFILE, ENFILE, EAGAIN …), as its `'error'` event carries it. */
const isSpawnFailure = (error: unknown): boolean =>
  typeof (error as NodeJS.ErrnoException | undefined)?.syscall === 'string' &&
  (error as NodeJS.ErrnoException).syscall?.startsWith('spawn') === true;

/**
 * When Node's spawn fails for want of descriptors, execa throws synchronously (`subprocess.stdio is not
 * iterable`) and Node then emits the failure as an `'error'` on a child process nobody holds: unheard, it
 * would crash the host. That one event is absorbed (until the turn ends); any other uncaught error still is one.
 */
const absorbOrphanSpawnError = (): void => {
  const absorb = (error: Error): void => {
    if (isSpawnFailure(error)) return;
    throw error;
  };
  process.prependListener('uncaughtException', absorb);
  setImmediate(() => process.removeListener('uncaughtException', absorb));
};

/**
 * Starts a helper. Returns why it cannot start instead — its script is missing, descriptors are short, the
 * spawn throws — and the caller spawns hooks from the host; `onDeath` is called once if it dies without `stop()`.
 */
export const startSpawnHelper = (onDeath: (reason: string) => void): SpawnHelper | string => {
  const located = helperScript();
  if (located === undefined) return `its script is missing next to ${fileURLToPath(import.meta.url)}`;
  // Checked first: a spawn that fails for want of descriptors is the one execa cannot report (below).
  const short = checkFdHeadroom();
  if (short !== undefined) return short;
  let subprocess: ReturnType<typeof execHelper>;
  try {
    subprocess = execHelper(located.script, located.nodeOptions);
  } catch (error) {
    absorbOrphanSpawnError();
    return errorText(error);
  }
  // An idle helper must not keep the host alive; a pending run's own timers do that while it waits. An
  // explicit unref of the channel also outlasts the references Node counts for message listeners and sends.
  subprocess.unref();
  subprocess.channel?.unref();
  (subprocess.stderr as { unref?: () => void } | null)?.unref?.();

  const runs = new Map<number, LaunchListener>();
  // Base environments already sent, by identity: each crosses the channel once (~2–4 KB a spawn otherwise).
  const bases = new WeakMap<object, number>();
  let nextId = 0;
  let nextBase = 0;
  let stopping = false;
  let dead = false;
  const send = (message: ToHelper): void => {
    // A helper that died meanwhile (execa throws, or rejects, once it is gone): its runs are failed below.
    if (dead || !subprocess.connected) return;
    try {
      subprocess.sendMessage(message).catch(() => undefined);
    } catch {
      // gone between the check and the send
    }
  };
  let listening = (): void => undefined;
  const ready = new Promise<void>((resolve) => (listening = resolve));
  const dispatch = (message: FromHelper): void => {
    if (message.t === 'ready') {
      listening();
      return;
    }
    const listener = runs.get(message.id);
    if (listener === undefined) return;
    switch (message.t) {
      case 'spawned':
        listener.spawned(message.pid);
        return;
      case 'overflow':
        listener.overflow(message.stream);
        return;
      case 'exited':
        listener.exited();
        return;
      case 'done':
        runs.delete(message.id);
        listener.done(message.result);
        return;
    }
  };
  void (async () => {
    for await (const message of subprocess.getEachMessage({ reference: false })) dispatch(message as FromHelper);
  })().catch(() => undefined);
  void subprocess.then((result) => {
    dead = true;
    listening();
    const reason = describeExit(result);
    // Runs in flight lose their output; their groups, still ours to kill, are reaped by their supervisors.
    for (const [id, listener] of runs) {
      runs.delete(id);
      listener.done({ stdout: EMPTY, stderr: EMPTY, error: `the spawn helper died (${reason})` });
    }
    if (!stopping) onDeath(reason);
  });

  return {
    pid: subprocess.pid,
    ready,
    launch: (request, listener) => {
      const id = nextId++;
      if (dead) {
        queueMicrotask(() => {
          listener.done({ stdout: EMPTY, stderr: EMPTY, error: 'the spawn helper is gone' });
        });
      } else {
        runs.set(id, listener);
        let base = bases.get(request.baseEnv);
        if (base === undefined) {
          base = nextBase++;
          bases.set(request.baseEnv, base);
          send({ t: 'env', id: base, base: request.baseEnv });
        }
        const { file, args, cwd, env, input, argv0, fallback, redirects } = request;
        const cap = request.maxOutputBytes;
        send({ t: 'run', id, file, args, cwd, base, env, input, cap, argv0, fallback, redirects });
      }
      return {
        endPipes: () => {
          send({ t: 'end', id });
        },
        forget: () => {
          send({ t: 'forget', id });
        },
      };
    },
    watch: (pgid, runId) => {
      const id = nextId++;
      send({ t: 'watch', id, pgid, runId });
      return () => {
        send({ t: 'forget', id });
      };
    },
    stop: async () => {
      stopping = true;
      if (subprocess.connected) subprocess.disconnect();
      const timer = setTimeout(() => subprocess.kill('SIGKILL'), STOP_GRACE_MS);
      await subprocess;
      clearTimeout(timer);
    },
  };
};
