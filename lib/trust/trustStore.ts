/**
 * The user-scope store of approved hook fingerprints: `~/.hookstream/trusted-hooks.json`, mode 0600.
 * - Refused when another user could have written it (lib/trust/storeSafety.ts): then it approves
 *   nothing and `problem()` says why, in one line.
 * - Read through a memo keyed by the file's identity (device, inode, size, mtime, ctime), so a check
 *   costs one `stat`; an approval or revocation by another process (`hookstream trust`) replaces the file
 *   and so takes effect at the next check.
 * - Written under a lock (lib/trust/storeLock.ts): re-read, change, write a temporary file, rename — so
 *   concurrent approvals from several processes are all kept.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { errorText } from '../core/guards.js';
import { identityOf, settledAt } from './fileMemo.js';
import { withStoreLock } from './storeLock.js';
import { directoryProblem, fileProblem } from './storeSafety.js';
import { TrustStoreError } from './trustErrors.js';

export interface Approval {
  fingerprint: string;
  /** For people reading the file: which hook, where. */
  hook: string;
  event: string;
  project: string;
  file?: string;
  /** JSON pointer of the hook in its settings file: with project and file, which hook this approves. */
  pointer?: string;
  /** The files the approval pinned; an approval whose files are gone cannot match any more (stale). */
  files?: string[];
}

/** An approval as stored. */
export type StoredApproval = Approval & { approvedAt: string };

export interface RevokeFilter {
  fingerprints?: readonly string[];
  /** Every approval of this project (its real path)… */
  project?: string;
  /** …or only those of hooks with this name. */
  hook?: string;
}

export interface TrustStore {
  readonly path: string;
  isApproved(fingerprint: string): boolean;
  /** Records approvals; an earlier approval of the same hook (project, file, pointer) is replaced. */
  approve(approvals: readonly Approval[]): void;
  /** Removes the approvals `filter` selects; returns how many. */
  revoke(filter: RevokeFilter): number;
  /** Removes stale approvals (project or pinned files gone, or replaced by a newer one of the same hook). */
  prune(): StoredApproval[];
  list(): StoredApproval[];
  /** Why the store is refused (it then approves nothing), or undefined when it can be believed. */
  problem(): string | undefined;
}

type StoredEntry = Omit<StoredApproval, 'fingerprint'>;
interface StoreFile {
  version: 1;
  approved: Record<string, StoredEntry>;
}
interface Snapshot {
  identity: string;
  data: StoreFile;
  problem: string | undefined;
}

export const defaultTrustStorePath = (home = homedir()): string => path.join(home, '.hookstream', 'trusted-hooks.json');

const emptyFile = (): StoreFile => ({ version: 1, approved: {} });

/** What identifies a hook across its versions. */
export type HookIdentity = Pick<Approval, 'project' | 'file' | 'pointer' | 'event' | 'hook'>;

/** Whether two approvals are of the same hook: same project and file, and same pointer (else event and name). */
export const sameHook = (a: HookIdentity, b: HookIdentity): boolean =>
  a.project === b.project &&
  a.file === b.file &&
  (a.pointer !== undefined && b.pointer !== undefined
    ? a.pointer === b.pointer
    : a.event === b.event && a.hook === b.hook);

const exists = (file: string): boolean => statSync(file, { throwIfNoEntry: false }) !== undefined;

/** Reads the store as it is on disk now; `problem` says why it is refused. */
const readNow = (file: string): Snapshot => {
  let stats;
  try {
    stats = statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    return { identity: '', data: emptyFile(), problem: `the trust store ${file} cannot be read: ${errorText(error)}` };
  }
  if (stats === undefined) return { identity: 'missing', data: emptyFile(), problem: undefined };
  const identity = `${identityOf(stats)}:${stats.mode}:${stats.uid}`;
  const problem = fileProblem(file, stats) ?? directoryProblem(path.dirname(file));
  if (problem !== undefined) return { identity, data: emptyFile(), problem };
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoreFile> | null;
    const approved = parsed?.approved;
    if (typeof approved !== 'object' || approved === null || Array.isArray(approved))
      throw new Error('no "approved" object');
    return { identity, data: { version: 1, approved }, problem: undefined };
  } catch (error) {
    const why = `the trust store ${file} is not valid (${errorText(error)}); nothing in it is trusted until it is fixed or removed`;
    return { identity, data: emptyFile(), problem: why };
  }
};

/** Writes `data` to a private temporary file and renames it over the store. */
const writeNow = (file: string, data: StoreFile): void => {
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(data, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
};

/** Opens (lazily creates) the store at `file`. */
export const createTrustStore = (file: string = defaultTrustStorePath()): TrustStore => {
  let memo: Snapshot | undefined;
  const read = (): Snapshot => {
    let stats;
    try {
      stats = statSync(file, { throwIfNoEntry: false });
    } catch {
      stats = undefined;
    }
    const identity = stats === undefined ? 'missing' : `${identityOf(stats)}:${stats.mode}:${stats.uid}`;
    if (memo !== undefined && memo.identity === identity) return memo;
    const snapshot = readNow(file);
    // A store changed within a timestamp tick of this read is read again next time (see fileMemo.ts).
    memo = stats === undefined || settledAt(stats, Date.now()) ? snapshot : undefined;
    return snapshot;
  };

  /** Re-reads under the lock, applies `change` (which says whether it changed anything), writes it back. */
  const update = <T>(change: (data: StoreFile) => T, changed: (result: T) => boolean): T => {
    const dir = path.dirname(file);
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    } catch (error) {
      throw new TrustStoreError(`cannot create the trust store's directory ${dir}: ${errorText(error)}`, {
        cause: error,
      });
    }
    const unsafe = directoryProblem(dir);
    if (unsafe !== undefined) throw new TrustStoreError(unsafe);
    return withStoreLock(file, () => {
      const fresh = readNow(file);
      if (fresh.problem !== undefined) throw new TrustStoreError(fresh.problem);
      const result = change(fresh.data);
      if (!changed(result)) return result;
      try {
        writeNow(file, fresh.data);
      } catch (error) {
        throw new TrustStoreError(`cannot write the trust store ${file}: ${errorText(error)}`, { cause: error });
      }
      memo = undefined;
      return result;
    });
  };

  const remove = (data: StoreFile, doomed: (entry: StoredEntry, fingerprint: string) => boolean): StoredApproval[] => {
    const removed: StoredApproval[] = [];
    for (const [fingerprint, entry] of Object.entries(data.approved)) {
      if (!doomed(entry, fingerprint)) continue;
      removed.push(Object.assign({ fingerprint }, entry));
      Reflect.deleteProperty(data.approved, fingerprint);
    }
    return removed;
  };

  return {
    path: file,
    isApproved: (fingerprint) => Object.hasOwn(read().data.approved, fingerprint),
    approve: (approvals) => {
      update(
        (data) => {
          const approvedAt = new Date().toISOString();
          for (const { fingerprint, ...about } of approvals) {
            remove(data, (entry, other) => other !== fingerprint && sameHook(entry, about));
            data.approved[fingerprint] = Object.assign(about, { approvedAt });
          }
          return approvals.length;
        },
        (count) => count > 0,
      );
    },
    revoke: ({ fingerprints, project, hook }) =>
      update(
        (data) =>
          remove(data, (entry, fingerprint) =>
            fingerprints !== undefined
              ? fingerprints.includes(fingerprint)
              : entry.project === project && (hook === undefined || entry.hook === hook),
          ).length,
        (count) => count > 0,
      ),
    prune: () =>
      update(
        (data) => {
          const entries = Object.entries(data.approved);
          return remove(
            data,
            (entry, fingerprint) =>
              !exists(entry.project) ||
              (entry.files !== undefined && !entry.files.every(exists)) ||
              entries.some(
                ([other, newer]) =>
                  other !== fingerprint && sameHook(entry, newer) && newer.approvedAt > entry.approvedAt,
              ),
          );
        },
        (removed) => removed.length > 0,
      ),
    list: () =>
      Object.entries(read().data.approved).map(([fingerprint, entry]) => Object.assign({ fingerprint }, entry)),
    problem: () => read().problem,
  };
};
