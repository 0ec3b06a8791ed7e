/**
 * One writer per ledger file at a time. Two hook systems appending to one ledger at once (two hosts, a host and
 * `hookstream fire`, two overlapping `fire` processes) would each continue the chain from where they found it,
 * splitting it. A writer therefore claims the file first: `<ledger>.lock`, created exclusively (never through a
 * link), holding its pid. A claim held by a live process is waited for — a `fire` holds it for a moment — and
 * after `waitMs` the open fails, naming the holder; a claim whose process is gone (a host killed) is taken over.
 *
 * Taking over is itself claimed (`<ledger>.lock.break`, exclusively, with the pid): two writers that found the
 * same dead holder at once would otherwise both remove the claim — the second one removing the claim the first
 * had just made — and both write. Under the break claim the stale claim is read again and removed only if it is
 * still the one found stale. A break claim is held for microseconds; one left by a writer killed inside it is
 * removed once its process is gone and it is old.
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

/** Creates `file` exclusively (never through a link) holding this pid; false when it exists. */
const createClaim = (file: string, path: string): boolean => {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new LedgerError(`Cannot claim the ledger ${path} (${file}): ${errorText(error)}`, { cause: error });
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
};

/** Removes `file` when it is still held by `pid` — or still unwritten and old when `pid` is undefined. */
const removeIfStill = (file: string, pid: number | undefined): void => {
  const now = holderOf(file);
  if (now !== pid || (pid === undefined && !isOld(file))) return;
  try {
    unlinkSync(file);
  } catch {
    // gone already
  }
};

/** Whether the claim `file` (held by `holder`, as read) was left behind: its process is gone, or it never got one. */
const isStale = (file: string, holder: number | undefined): boolean =>
  holder === undefined ? isOld(file) : !isAlive(holder);

/**
 * Removes the stale claim `lock` (held by `holder` when read) under the break claim; false when another writer is
 * taking it over right now (the caller waits and looks again).
 */
const takeOver = (lock: string, holder: number | undefined, path: string): boolean => {
  const breaker = `${lock}.break`;
  if (!createClaim(breaker, path)) {
    const breaking = holderOf(breaker);
    // A writer killed inside its takeover: its break claim goes, and the next look tries again.
    if (isStale(breaker, breaking)) removeIfStill(breaker, breaking);
    return false;
  }
  try {
    removeIfStill(lock, holder);
  } finally {
    unlinkSync(breaker);
  }
  return true;
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
    if (createClaim(lock, path)) {
      let released = false;
      return () => {
        if (released) return;
        released = true;
        // Only our own claim: a stale-claim takeover may have replaced it.
        if (holderOf(lock) === process.pid) unlinkSync(lock);
      };
    }
    const holder = holderOf(lock);
    if (isStale(lock, holder) && takeOver(lock, holder, path)) continue;
    if (Date.now() >= deadline) {
      const who = holder === undefined ? 'another writer' : `process ${String(holder)}`;
      throw new LedgerError(
        `The ledger ${path} is being written by ${who}; a second writer would split its chain. Give each host its own ledger file, or let one hook system (the session daemon) hold the project`,
      );
    }
    sleep(POLL_MS);
  }
};
