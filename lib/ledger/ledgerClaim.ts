/**
 * One writer per ledger file at a time. Two hook systems appending to one ledger at once (two hosts, a host and
 * `hookstream fire`, two overlapping `fire` processes) would each continue the chain from where they found it,
 * splitting it. A writer therefore claims the file first: `<ledger>.lock`, created exclusively (never through a
 * link), holding its pid. A claim held by a live process is waited for — a `fire` holds it for a moment — and
 * after `waitMs` the open fails, naming the holder; a claim whose process is gone (a host killed) is taken over.
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { errorText } from '../core/guards.js';
import { LedgerError } from './ledgerFormat.js';

/** How long an open waits for another writer by default. */
export const DEFAULT_CLAIM_WAIT_MS = 3_000;

const POLL_MS = 10;
/** A claim with no pid yet is being written; one that old was left by a writer killed while writing it. */
const UNWRITTEN_CLAIM_MS = 1_000;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Blocks this thread for `ms`: the ledger is opened synchronously, with the hook system. */
const sleep = (ms: number): void => {
  Atomics.wait(sleeper, 0, 0, ms);
};

const holderOf = (lock: string): number | undefined => {
  try {
    const pid = Number(readFileSync(lock, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
};

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const isOld = (lock: string): boolean => {
  try {
    return statSync(lock).mtimeMs < Date.now() - UNWRITTEN_CLAIM_MS;
  } catch {
    return true;
  }
};

/**
 * Claims the ledger at `path` for this process; returns the release (idempotent; the writer runs it at close and
 * at exit).
 *
 * @throws LedgerError when another live process holds it past `waitMs`, or the claim cannot be written.
 */
export const claimLedger = (path: string, waitMs = DEFAULT_CLAIM_WAIT_MS): (() => void) => {
  const lock = `${path}.lock`;
  const deadline = Date.now() + waitMs;
  for (;;) {
    let fd: number | undefined;
    try {
      fd = openSync(lock, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new LedgerError(`Cannot claim the ledger ${path} (${lock}): ${errorText(error)}`, { cause: error });
      }
    }
    if (fd !== undefined) {
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        // Only our own claim: a stale-claim takeover may have replaced it.
        if (holderOf(lock) === process.pid) unlinkSync(lock);
      };
    }
    const holder = holderOf(lock);
    if (holder === undefined ? isOld(lock) : !isAlive(holder)) {
      try {
        unlinkSync(lock);
      } catch {
        // another writer took it over first
      }
      continue;
    }
    if (Date.now() >= deadline) {
      const who = holder === undefined ? 'another writer' : `process ${String(holder)}`;
      throw new LedgerError(
        `The ledger ${path} is being written by ${who}; a second writer would split its chain. Give each host its own ledger file, or let one hook system (the session daemon) hold the project`,
      );
    }
    sleep(POLL_MS);
  }
};
