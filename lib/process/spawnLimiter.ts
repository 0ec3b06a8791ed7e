/**
 * Admission control before a spawn: a counting semaphore bounds live hook processes (beyond 2–4 per
 * core more concurrency adds latency, not throughput), and a descriptor budget refuses to spawn when file
 * descriptors run short — execa then throws synchronously and emits an unhandled `'error'`, and a
 * raw spawn fails with EMFILE.
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
const FD_RESERVE = 32;

// The limit can be changed from outside (`prlimit --pid`): read again whenever the budget measures.
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

const countOpenFds = (): number | undefined => {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return undefined;
  }
};

/** Whether opening a descriptor fails for want of one (EMFILE, ENFILE) right now. */
const noneFree = (): boolean => {
  try {
    readdirSync('/proc/self/fd');
    return false;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'EMFILE' || code === 'ENFILE';
  }
};

const shortOf = (open: number, limit: number, reserve: number): string =>
  `too few file descriptors: ${open} of ${limit} open, ${reserve} must stay free (EMFILE)`;

/**
 * Returns why a spawn must not happen now (too few free descriptors), or `undefined` when it may, reading
 * /proc each time. Outside Linux there is nothing to read and the check passes.
 */
export const checkFdHeadroom = (reserve: number = FD_RESERVE): string | undefined => {
  // Reading /proc takes a descriptor too: none left to read it with is the answer itself.
  if (noneFree()) return `too few file descriptors: none is free (EMFILE)`;
  const limit = readSoftFdLimit();
  const open = limit === undefined ? undefined : countOpenFds();
  if (limit === undefined || open === undefined || limit - open >= reserve) return undefined;
  return shortOf(open, limit, reserve);
};

/** Descriptors a spawn will open, counted as ours until `release`. */
export interface FdBudget {
  /** Why `count` more descriptors must not be opened now, or `undefined` — then they count as ours. */
  take(count: number): string | undefined;
  /** `count` of our descriptors were closed. */
  release(count: number): void;
  /** A spawn failed for want of descriptors (EMFILE, ENFILE): measure again at the next `take`. */
  exhausted(): void;
}

/**
 * A budget kept from a count of our own pipes instead of reading /proc before every spawn: /proc is read
 * once here, then only when the count comes near the limit or after an EMFILE (descriptors the host opened
 * meanwhile show up then). Outside Linux nothing can be read and every `take` passes.
 */
export const createFdBudget = (reserve: number = FD_RESERVE): FdBudget => {
  let limit = readSoftFdLimit();
  // Descriptors that are not ours, as last measured.
  let others = (limit === undefined ? undefined : countOpenFds()) ?? 0;
  let ours = 0;
  let stale = false;
  return {
    take: (count) => {
      if (stale || (limit !== undefined && others + ours + count + reserve > limit)) {
        stale = false;
        limit = readSoftFdLimit();
        const open = limit === undefined ? undefined : countOpenFds();
        if (limit !== undefined && open !== undefined) {
          others = Math.max(0, open - ours);
          if (open + count + reserve > limit) return shortOf(open, limit, reserve);
        }
      }
      ours += count;
      return undefined;
    },
    release: (count) => {
      ours = Math.max(0, ours - count);
    },
    exhausted: () => {
      stale = true;
    },
  };
};
