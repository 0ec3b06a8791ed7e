/**
 * Admission control before a spawn: a counting semaphore bounds live hook processes (beyond 2–4 per
 * core more concurrency adds latency, not throughput), and a headroom check refuses to spawn when file
 * descriptors run short — execa then throws synchronously and emits an unhandled `'error'` (FACTS.md).
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface Semaphore {
  /**
   * Waits for a slot. Resolves with the slot's release function, or with `undefined` when `signal`
   * aborts first (the waiter leaves the queue and never takes a slot).
   */
  acquire(signal: AbortSignal): Promise<(() => void) | undefined>;
  readonly active: number;
  readonly waiting: number;
}

/** A FIFO counting semaphore with abortable waiters. */
export const createSemaphore = (max: number): Semaphore => {
  let active = 0;
  const queue: Array<() => void> = [];

  const release = (): void => {
    active -= 1;
    const next = queue.shift();
    next?.();
  };

  // Each slot is released at most once, however often its holder calls back.
  const slot = (): (() => void) => {
    active += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
    };
  };

  return {
    acquire: (signal) =>
      new Promise((resolve) => {
        if (signal.aborted) {
          resolve(undefined);
          return;
        }
        if (active < max) {
          resolve(slot());
          return;
        }
        const grant = (): void => {
          signal.removeEventListener('abort', leave);
          resolve(slot());
        };
        const leave = (): void => {
          const index = queue.indexOf(grant);
          if (index >= 0) queue.splice(index, 1);
          resolve(undefined);
        };
        queue.push(grant);
        signal.addEventListener('abort', leave, { once: true });
      }),
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
};

/** Descriptors kept free for the host; one hook needs about three (stdin, stdout, stderr pipes). */
export const FD_RESERVE = 32;

// Read each time: the limit can be changed from outside (`prlimit --pid`), and the read costs microseconds.
const readSoftFdLimit = (): number | undefined => {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((row) => row.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    const limit = Number(soft);
    return Number.isFinite(limit) ? limit : undefined; // 'unlimited' → no check
  } catch {
    return undefined; // no /proc (not Linux): rely on the semaphore alone
  }
};

/**
 * Returns why a spawn must not happen now (too few free descriptors), or `undefined` when it may.
 * Outside Linux there is nothing to read and the check passes.
 */
export const checkFdHeadroom = (reserve: number = FD_RESERVE): string | undefined => {
  const limit = readSoftFdLimit();
  if (limit === undefined) return undefined;
  let open: number;
  try {
    open = readdirSync('/proc/self/fd').length;
  } catch {
    return undefined;
  }
  const free = limit - open;
  if (free >= reserve) return undefined;
  return `too few file descriptors: ${open} of ${limit} open, ${reserve} must stay free (EMFILE)`;
};
