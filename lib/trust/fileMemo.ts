/**
 * Memoised facts about files (without it the trust check re-hashed every script on every spawn, 94–357 µs
 * CPU). A file's hash and first line are reused while its identity — device, inode, size, mtime, ctime —
 * is unchanged, so a re-check costs a `stat` per file. Timestamps are coarse (a kernel tick), so a file
 * changed within the same tick as our read could keep its identity: like git's "racily clean" entries,
 * a file whose ctime is less than a second older than our read is not memoised. ctime cannot be set
 * back by a user (`touch -d` sets mtime only and moves ctime forward).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync, type Stats } from 'node:fs';
import { fsProbe, lookUp, type FileProbe, type Lookup } from '../inspect/programs.js';

/** Files whose change time is closer than this to our read are read again next time. */
export const RACY_MS = 1000;
/** How long a PATH lookup outside the project is reused (it only feeds "not pinned" lines). */
const LOOKUP_TTL_MS = 10_000;
/** Entries kept; a project has a handful of hook files, so this bounds only pathological settings. */
const LIMIT = 512;

/** What identifies one version of a file without reading it. */
export const identityOf = (stats: Stats): string =>
  `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;

/** Whether facts read at `readAt` about a file with these stats may be reused while the identity holds. */
export const settledAt = (stats: Stats, readAt: number): boolean => stats.ctimeMs <= readAt - RACY_MS;

export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

interface Entry {
  identity: string;
  sha256?: string;
  firstLine?: string | undefined;
  hasFirstLine?: boolean;
}

export interface FileMemo {
  /** The filesystem for `commandFiles`: fresh `stat` and `realpath`, memoised first lines. */
  readonly probe: FileProbe;
  /** The hex SHA-256 of the file's bytes, or `missing` when it cannot be read. */
  hash(file: string): string;
  /**
   * Runs `read` (synchronous: one fingerprint) with each file stat'ed at most once: the walk reads a
   * program's `#!` line and the fingerprint then hashes it, microseconds apart.
   */
  once<T>(read: () => T): T;
}

export interface FileMemoOptions {
  /** The clock the racy rule compares change times with. */
  now?: () => number;
  /** Reads a file's bytes (specs count the reads). */
  read?: (file: string) => Uint8Array;
}

export const createFileMemo = (options: FileMemoOptions = {}): FileMemo => {
  const now = options.now ?? Date.now;
  const read = options.read ?? ((file: string) => readFileSync(file));
  const entries = new Map<string, Entry>();
  let stats: Map<string, Stats | undefined> | undefined;
  const statOf = (file: string): Stats | undefined => {
    if (stats?.has(file) === true) return stats.get(file);
    let found: Stats | undefined;
    try {
      found = statSync(file, { throwIfNoEntry: false });
    } catch {
      found = undefined;
    }
    stats?.set(file, found);
    return found;
  };
  /** The memo entry of `file` as it is now (a fresh one when it changed), or undefined when it is not a file. */
  const current = (file: string): { entry: Entry } | undefined => {
    const info = statOf(file);
    if (info === undefined || !info.isFile()) return undefined;
    const identity = identityOf(info);
    const known = entries.get(file);
    if (known !== undefined && known.identity === identity) return { entry: known };
    const entry: Entry = { identity };
    if (settledAt(info, now())) {
      if (entries.size >= LIMIT) entries.clear();
      entries.set(file, entry);
    } else entries.delete(file);
    return { entry };
  };
  const lookups = new Map<string, { at: number; found: Lookup }>();
  return {
    once: (read) => {
      stats = new Map();
      try {
        return read();
      } finally {
        stats = undefined;
      }
    },
    probe: {
      stat: statOf,
      realpath: (file) => fsProbe.realpath(file),
      // Programs found outside the project are never pinned: remember where, briefly, to save a stat per PATH entry.
      foreignLookUp: (name, searchPath, cwd) => {
        const key = `${name}\u0000${searchPath}\u0000${cwd}`;
        const known = lookups.get(key);
        if (known !== undefined && now() - known.at < LOOKUP_TTL_MS) return known.found;
        const found = lookUp(name, searchPath, cwd, fsProbe);
        found.real = found.file === undefined ? undefined : fsProbe.realpath(found.file);
        if (lookups.size >= LIMIT) lookups.clear();
        lookups.set(key, { at: now(), found });
        return found;
      },
      firstLine: (file) => {
        const found = current(file);
        if (found === undefined) return fsProbe.firstLine(file);
        if (found.entry.hasFirstLine !== true) {
          found.entry.firstLine = fsProbe.firstLine(file);
          found.entry.hasFirstLine = true;
        }
        return found.entry.firstLine;
      },
    },
    hash: (file) => {
      const found = current(file);
      if (found === undefined) return 'missing';
      if (found.entry.sha256 === undefined) {
        try {
          found.entry.sha256 = sha256(read(file));
        } catch {
          // Unreadable now: fingerprinted as missing, and not remembered.
          entries.delete(file);
          return 'missing';
        }
      }
      return found.entry.sha256;
    },
  };
};
