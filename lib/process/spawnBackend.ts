/**
 * Which way an executor's hook processes start: through its spawn helper (the default on Linux and macOS),
 * or directly from the host (the helper switched off, unsupported, or gone). A helper that dies is
 * restarted once; if that one dies too, or none can start, hooks are spawned from the host from then on,
 * with a warning — the hooks still run, at a fork cost that grows with the host's memory again.
 */
import process from 'node:process';
import type { Logger } from '../logging/logger.js';
import type { Launcher, LaunchHandle } from './launch.js';
import { launchDirect } from './launchDirect.js';
import { startSpawnHelper, type SpawnHelper } from './spawnHelper.js';
import { createFdBudget, type FdBudget } from './spawnLimiter.js';

export interface SpawnBackendOptions {
  /** Start hooks through a spawn helper where the platform allows; `false`: always from the host. */
  readonly helper: boolean;
  /** Restarts and the fallback are logged at `warn`. */
  readonly logger: Logger;
}

export interface SpawnBackend {
  readonly launch: Launcher;
  /** The running helper's pid; undefined while hooks are spawned from the host. */
  readonly helperPid: number | undefined;
  /** Stops the helper (after the executor's runs are gone). */
  dispose(): Promise<void>;
}

/** Where a helper is started by default: process groups and a fork-based spawn (Windows has neither). */
export const HELPER_PLATFORMS: ReadonlySet<NodeJS.Platform> = new Set<NodeJS.Platform>(['linux', 'darwin']);
/** A dead helper is replaced this many times; then hooks are spawned from the host. */
const HELPER_RESTARTS = 1;
/** A direct spawn opens three pipes in the host (stdin, stdout, stderr). */
const PIPES_PER_SPAWN = 3;
const EMPTY = new Uint8Array(0);
const INERT: LaunchHandle = { endPipes: () => undefined, forget: () => undefined };

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
    return launchDirect(request, {
      spawned: (pid) => {
        listener.spawned(pid);
      },
      overflow: (stream) => {
        listener.overflow(stream);
      },
      exited: () => {
        listener.exited();
      },
      done: (result) => {
        budget.release(PIPES_PER_SPAWN);
        if (result.outOfDescriptors === true) budget.exhausted();
        listener.done(result);
      },
    });
  };

export const createSpawnBackend = (options: SpawnBackendOptions): SpawnBackend => {
  const direct = budgeted(createFdBudget());
  let helper: SpawnHelper | undefined;
  let restarts = 0;
  let disposed = false;

  const fallBack = (why: string): void => {
    helper = undefined;
    options.logger.warn(
      `spawn helper unavailable (${why}): hook processes are now spawned from the host, ` +
        "at a fork cost that grows with the host's memory",
    );
  };
  const start = (): void => {
    const started = startSpawnHelper((reason) => {
      if (disposed || helper !== started) return;
      if (restarts >= HELPER_RESTARTS) {
        fallBack(`it died again: ${reason}`);
        return;
      }
      restarts += 1;
      options.logger.warn(`spawn helper died (${reason}); starting a new one`);
      start();
    });
    if (typeof started === 'string') fallBack(started);
    else helper = started;
  };
  if (options.helper && HELPER_PLATFORMS.has(process.platform)) start();

  return {
    launch: (request, listener) =>
      helper === undefined ? direct(request, listener) : helper.launch(request, listener),
    get helperPid() {
      return helper?.pid;
    },
    dispose: async () => {
      disposed = true;
      const stopping = helper;
      helper = undefined;
      await stopping?.stop();
    },
  };
};
