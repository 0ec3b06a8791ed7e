/**
 * One writer at a time for the approval store (with read-modify-rename alone, eight
 * concurrent `hookstream trust` runs kept 6–7 of 8 approvals). The lock is a file created with O_EXCL next to
 * the store, holding the owner's pid and a random token. A lock whose owner is gone, or older than
 * `STALE_MS`, is broken by renaming it aside first — only the process whose rename succeeded breaks it,
 * and it checks that what it moved is the stale lock it judged, not a fresh one taken meanwhile.
 * Synchronous, like the store: waits are short sleeps (`Atomics.wait`), the lock is held for one
 * read-modify-write.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { TrustStoreError } from './trustErrors.js';

/** A lock held this long is stale whatever its owner: a read-modify-write takes milliseconds. */
const STALE_MS = 10_000;
/** How long to wait for another writer before giving up with an error. */
const WAIT_MS = 15_000;

const sleeper = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms: number): void => {
  Atomics.wait(sleeper, 0, 0, ms);
};

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM'; // someone else's live process
  }
};

const readLock = (lock: string): string | undefined => {
  try {
    return readFileSync(lock, 'utf8');
  } catch {
    return undefined;
  }
};

/** Whether the lock with `content` is stale: its owner is gone, or it is too old. */
const isStale = (lock: string, content: string): boolean => {
  const pid = Number.parseInt(content, 10);
  let age: number;
  try {
    age = Date.now() - statSync(lock).mtimeMs;
  } catch {
    return false; // gone meanwhile: just try again
  }
  // Created but not yet written: the owner is between open and write; only age makes it stale.
  if (content === '') return age > STALE_MS;
  return age > STALE_MS || !Number.isInteger(pid) || !alive(pid);
};

/** Breaks the lock if it still holds `content`; a fresh lock renamed aside by mistake is put back. */
const breakLock = (lock: string, content: string): void => {
  const aside = `${lock}.${randomUUID()}.stale`;
  try {
    renameSync(lock, aside);
  } catch {
    return; // someone else broke or released it first
  }
  if (readLock(aside) !== content) {
    try {
      linkSync(aside, lock); // fails if a third writer took the lock meanwhile: that one now holds it
    } catch {
      // nothing to restore
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // already gone
  }
};

/** Runs `action` holding the lock of `file` (`<file>.lock`), waiting at most `waitMs` for another writer. */
export const withStoreLock = <T>(file: string, action: () => T, waitMs = WAIT_MS): T => {
  const lock = `${file}.lock`;
  const token = `${process.pid} ${randomUUID()}\n`;
  const deadline = Date.now() + waitMs;
  for (let attempt = 0; ; attempt++) {
    let fd: number | undefined;
    try {
      fd = openSync(lock, 'wx', 0o600);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') {
        throw new TrustStoreError(`cannot lock the trust store ${file}: ${(error as Error).message}`, { cause: error });
      }
    }
    if (fd !== undefined) {
      try {
        writeSync(fd, token);
      } finally {
        closeSync(fd);
      }
      try {
        return action();
      } finally {
        if (readLock(lock) === token) unlinkSync(lock);
      }
    }
    const content = readLock(lock);
    if (content !== undefined && isStale(lock, content)) breakLock(lock, content);
    else if (Date.now() > deadline) {
      const owner = Number.parseInt(content ?? '', 10);
      throw new TrustStoreError(
        `the trust store ${file} stays locked${Number.isInteger(owner) ? ` by process ${owner}` : ''}; ` +
          `if no hookstream is running, remove ${lock}`,
      );
    } else sleep(2 + Math.min(attempt, 20) + Math.floor(Math.random() * 8));
  }
};
