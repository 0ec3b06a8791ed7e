/**
 * Where a program name leads: shell builtins (nothing to run), PATH lookups as `execvp` and bash do them
 * (empty and relative entries are relative to the working directory), and which files are the system's
 * rather than the user's or the repository's. The filesystem is reached through `FileProbe`, so that the
 * trust layer can memoise it and specs can check what is looked at.
 */
import { closeSync, openSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';

/** What the resolver may ask of the filesystem. */
export interface FileProbe {
  /** The file's stat (following links), or undefined when there is nothing there. */
  stat(file: string): Stats | undefined;
  /** The first line of the file (at most 256 bytes), or undefined when it cannot be read. */
  firstLine(file: string): string | undefined;
  /** The file's real path (links resolved), or undefined when there is nothing there. */
  realpath(file: string): string | undefined;
  /**
   * A memoised `lookUp`, used only for search paths with no entry the project controls: what those find
   * is never pinned (see Walk.pin), so a stale answer can only make a "not pinned" line stale.
   */
  foreignLookUp?(name: string, searchPath: string, cwd: string): Lookup;
}

/** The plain filesystem. */
export const fsProbe: FileProbe = {
  stat: (file) => {
    try {
      return statSync(file, { throwIfNoEntry: false });
    } catch {
      return undefined;
    }
  },
  firstLine: (file) => {
    let fd: number | undefined;
    try {
      // Only the head: a program may be a 100 MB binary.
      fd = openSync(file, 'r');
      const head = Buffer.alloc(256);
      const length = readSync(fd, head, 0, head.length, 0);
      return head.subarray(0, length).toString('latin1').split('\n')[0];
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  },
  realpath: (file) => {
    try {
      return realpathSync.native(file); // one syscall; the JS version lstat()s every component
    } catch {
      return undefined;
    }
  },
};

/** `execvp` and `command -p` search this when PATH is unset (glibc's `_CS_PATH`). */
export const DEFAULT_PATH = '/bin:/usr/bin';

/**
 * Directories whose programs belong to the system: a hook that runs `/usr/bin/python3` pins its script, not
 * Python (an OS update must not revoke every approval).
 */
const SYSTEM_PREFIXES = ['/usr/', '/bin/', '/sbin/', '/lib/', '/lib64/', '/opt/', '/nix/store/', '/snap/', '/System/'];

export const isSystemPath = (file: string): boolean => SYSTEM_PREFIXES.some((prefix) => file.startsWith(prefix));

/** Whether `file` lies inside `dir` (both absolute, normalised). */
export const isInside = (file: string, dir: string): boolean => {
  // A prefix test: `path.relative` was the largest cost of a trust re-check.
  const base = dir.endsWith(path.sep) ? dir : dir + path.sep;
  return file.length > base.length && file.startsWith(base);
};

/** Builtins and keywords bash runs itself: no file behind them (in the shell form only). */
const BUILTINS = new Set(
  (
    ': true false echo printf test [ cd pwd exit return export unset set shift read wait kill type hash local ' +
    'declare typeset readonly let trap umask ulimit times alias unalias getopts enable help jobs fg bg disown ' +
    'shopt caller mapfile readarray pushd popd dirs suspend logout break continue'
  ).split(' '),
);

export const isShellBuiltin = (name: string): boolean => BUILTINS.has(name);

/** A program found (or not) on a search path. */
export interface Lookup {
  /** The file that would run; undefined when none was found. */
  file: string | undefined;
  /** Whether the PATH entry that found it was relative (so the working directory chose it). */
  relativeEntry: boolean;
  /** The found file's real path, when the lookup already knows it (a memoised foreign lookup). */
  real?: string | undefined;
}

const isExecutableFile = (stats: Stats | undefined): boolean =>
  stats !== undefined && stats.isFile() && (stats.mode & 0o111) !== 0;

/**
 * Looks `name` up on `searchPath` (colon-separated; an empty entry is the working directory). An entry
 * with a `$NAME` in it is tried as written (a directory may really be called that) and, when the hook's
 * `env` values are expanded by a shell on the way, with the variable's value as well.
 */
export const lookUp = (
  name: string,
  searchPath: string,
  cwd: string,
  probe: FileProbe,
  expand: (entry: string) => string | undefined = () => undefined,
): Lookup => {
  for (const entry of searchPath.split(':')) {
    const candidates = [entry];
    const expanded = entry.includes('$') ? expand(entry) : undefined;
    if (expanded !== undefined) candidates.push(...expanded.split(':'));
    for (const dir of candidates) {
      const file = path.resolve(cwd, dir === '' ? '.' : dir, name);
      if (isExecutableFile(probe.stat(file))) return { file, relativeEntry: !path.isAbsolute(dir) };
    }
  }
  return { file: undefined, relativeEntry: false };
};
