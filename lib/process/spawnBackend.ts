/**
 * Which way an executor's hook processes start: through its spawn helpers (the default on Linux and macOS;
 * two where there are two CPUs, helperPool.ts), or directly from the host (helpers switched off, unsupported,
 * or gone). A helper that dies is replaced once; after another death, or when none can start, hooks are
 * spawned from the host from then on, with a warning — the hooks still run, at a fork cost that grows with the
 * host's memory again.
 *
 * The helpers also guard the process groups of persistent workers, which the host starts itself (their
 * request round trip must not cross a second process): a host killed by SIGKILL takes them with it.
 */
import { availableParallelism } from 'node:os';
import process from 'node:process';
import type { Logger } from '../logging/logger.js';
import { beforeDone, type Launcher, type LaunchHandle } from './launch.js';
import { launchDirect } from './launchDirect.js';
import { startHelperPool } from './helperPool.js';
import { createFdBudget, type FdBudget } from './spawnLimiter.js';

export interface SpawnBackendOptions {
  /** Start hooks through spawn helpers where the platform allows; `false`: always from the host. */
  readonly helper: boolean;
  /** How many helpers; default two, one on a single CPU. */
  readonly helpers?: number;
  /** Restarts and the fallback are logged at `warn`. */
  readonly logger: Logger;
}

export interface SpawnBackend {
  readonly launch: Launcher;
  /**
   * Has the helpers guard a group the host started itself (a persistent worker), so that the host's death —
   * even by SIGKILL — kills it; a helper started later (a restart) is told too. Without a helper only the
   * host's own exit and signal handlers reach the group. Returns the function that ends the guard.
   */
  watch(pgid: number, runId: string): () => void;
  /**
   * Settles once the helpers listen (or at once without one): a process started after it is guarded from its
   * first moment — a watch sent to a helper still starting is lost if the host dies before it listens.
   */
  ready(): Promise<void>;
  /** The pid of the helper a lone run goes to; undefined while hooks are spawned from the host. */
  readonly helperPid: number | undefined;
  /** Stops the helpers (after the executor's runs are gone). */
  dispose(): Promise<void>;
}

/** One backend for several executors (one-shot hooks and persistent workers): each takes a lease. */
export interface SharedSpawnBackend {
  /** The backend, started by the first lease; disposing the last lease stops its helper. */
  lease(): SpawnBackend;
}

/** Where a helper is started by default: process groups and a fork-based spawn (Windows has neither). */
const HELPER_PLATFORMS: ReadonlySet<NodeJS.Platform> = new Set<NodeJS.Platform>(['linux', 'darwin']);
/** Helpers spawning side by side, at most one per CPU (helperPool.ts says why two). */
const HELPERS = 2;
const ignore = (): void => undefined;
/** A direct spawn opens three pipes in the host (stdin, stdout, stderr). */
const PIPES_PER_SPAWN = 3;
/**
 * How long a start waits for a starting helper to listen: a helper that has not by then (a loaded machine) still
 * gets the watch, unguarded only until it listens. Usually tens of milliseconds, once per helper.
 */
const READY_WAIT_MS = 10_000;
const EMPTY = new Uint8Array(0);
const INERT: LaunchHandle = { endPipes: () => undefined, forget: () => undefined };

/** `promise`, or a resolution after `ms`; the timer keeps the host alive meanwhile (a request is waiting on it). */
const within = (promise: Promise<void>, ms: number): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/** The direct spawn, refused when the host's descriptors run short (the helper's are its own). */
const budgeted =
  (budget: FdBudget): Launcher =>
  (request, listener) => {
    const refused = budget.take(PIPES_PER_SPAWN);
    if (refused !== undefined) {
      queueMicrotask(() => {
        listener.done({ stdout: EMPTY, stderr: EMPTY, error: refused, outOfDescriptors: true });
      });
      return INERT;
    }
    return launchDirect(
      request,
      beforeDone(listener, (result) => {
        budget.release(PIPES_PER_SPAWN);
        if (result.outOfDescriptors === true) budget.exhausted();
      }),
    );
  };

export const createSpawnBackend = (options: SpawnBackendOptions): SpawnBackend => {
  const direct = budgeted(createFdBudget());
  const size = options.helpers ?? Math.min(HELPERS, availableParallelism());
  const pool =
    options.helper && HELPER_PLATFORMS.has(process.platform) ? startHelperPool(size, options.logger) : undefined;
  return {
    launch: (request, listener) => pool?.launch(request, listener) ?? direct(request, listener),
    watch: (pgid, runId) => pool?.watch(pgid, runId) ?? ignore,
    ready: () => (pool === undefined ? Promise.resolve() : within(pool.ready(), READY_WAIT_MS)),
    get helperPid() {
      return pool?.pid;
    },
    dispose: async () => {
      await pool?.stop();
    },
  };
};

/** A backend started on the first lease and stopped when the last lease is disposed (started again after that). */
export const shareSpawnBackend = (options: SpawnBackendOptions): SharedSpawnBackend => {
  let backend: SpawnBackend | undefined;
  let leases = 0;
  return {
    lease: () => {
      backend ??= createSpawnBackend(options);
      const current = backend;
      leases += 1;
      let released = false;
      return {
        launch: current.launch,
        watch: (pgid, runId) => current.watch(pgid, runId),
        ready: () => current.ready(),
        get helperPid() {
          return current.helperPid;
        },
        dispose: async () => {
          if (released) return;
          released = true;
          leases -= 1;
          if (leases > 0) return;
          if (backend === current) backend = undefined;
          await current.dispose();
        },
      };
    },
  };
};
