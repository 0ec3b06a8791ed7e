/**
 * The one way hookstream writes a file: under a root the caller names (the project for its settings, the
 * working directory for a recording), never through a link a repository planted. A plain `writeFileSync` of
 * `.hookstream/settings.json` follows a `.hookstream` symlink to `~/.hookstream` and turns a repository's
 * hooks into the user's own, trusted everywhere without approval.
 *
 * - Each parent directory is resolved one component at a time from the root's real path: a symbolic link that
 *   stays inside the root is followed, one that leaves it is refused, naming the link and where it points.
 * - Missing directories are created only when the caller asks, one by one (`mkdir`, never recursive through a link).
 * - The last component is opened with O_NOFOLLOW: a symbolic link there is refused wherever it points.
 * - A file that is replaced is written to a temporary file in the same directory (O_EXCL|O_NOFOLLOW) and
 *   renamed over it, so a reader sees the old file or the new one, never half of one.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readlinkSync,
  realpathSync,
  renameSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { HookstreamError, nameErrorClass } from './errors.js';

/** A write refused because its path leaves the intended root or ends in a link (or a non-file). */
export class UnsafeWriteError extends HookstreamError {
  static {
    nameErrorClass(this, 'UnsafeWriteError');
  }
  constructor(
    message: string,
    /** The file that was to be written. */
    readonly path: string,
    /** The symbolic link on the way, when one was the reason. */
    readonly link?: string,
    /** Where that link points. */
    readonly linkTarget?: string,
  ) {
    super(message);
  }
}

export interface SafeWriteOptions {
  /** Mode of a file this call creates (exactly, whatever the umask); default 0o644. */
  mode?: number;
  /** Create missing directories on the way (one by one, never through a link); default false: ENOENT. */
  createDirs?: boolean;
  /** Mode of directories it creates (narrowed by the umask); default 0o755. */
  dirMode?: number;
}

/** Where a write will land: the real directory and the file's name in it. */
interface Target {
  /** The file as the caller named it (absolute), for messages. */
  readonly shown: string;
  /** The real path of its parent directory, every link on the way resolved and checked. */
  readonly dir: string;
  readonly name: string;
}

const errnoOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

const isInside = (root: string, path: string): boolean =>
  path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);

/** Where the link at `path` points, as an absolute path (readlink, resolved against the link's directory). */
const linkTargetOf = (path: string): string => {
  try {
    return resolve(dirname(path), readlinkSync(path));
  } catch (error) {
    return `an unreadable target (${errnoOf(error) ?? 'error'})`;
  }
};

/** The refusal for the link at `link` (a real path), named `named` as the caller would know it. */
const refuseLink = (shown: string, link: string, named: string, outside?: string): UnsafeWriteError => {
  const target = linkTargetOf(link);
  const where = outside === undefined ? '' : ` (outside ${outside})`;
  const subject = named === shown ? 'it' : named;
  return new UnsafeWriteError(
    `refusing to write ${shown}: ${subject} is a symbolic link to ${target}${where}`,
    shown,
    named,
    target,
  );
};

/** Whether `rest` (a `relative()` result) names something strictly below its base. */
const isBelow = (rest: string): boolean =>
  rest !== '' && rest !== '..' && !rest.startsWith(`..${sep}`) && !isAbsolute(rest);

/** The root's real path; a missing root fails as opening the file would, naming the file. */
const realRootOf = (root: string, shown: string): string => {
  try {
    return realpathSync(root);
  } catch (error) {
    const code = errnoOf(error);
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
    const reason = code === 'ENOENT' ? 'no such file or directory' : 'not a directory';
    const failure = new Error(`${code}: ${reason}, open '${shown}'`) as NodeJS.ErrnoException;
    Object.assign(failure, { code, syscall: 'open', path: shown, cause: error });
    throw failure;
  }
};

/**
 * Resolves the parent directories of `path` under `root`, creating missing ones when `dirMode` is given
 * (a check only otherwise: a directory that does not exist yet will be created fresh, so it holds no link).
 */
const resolveTarget = (root: string, path: string, dirMode: number | undefined): Target => {
  const lexicalRoot = resolve(root);
  const shown = resolve(lexicalRoot, path);
  const rest = relative(lexicalRoot, shown);
  if (!isBelow(rest)) {
    throw new UnsafeWriteError(`refusing to write ${shown}: it is not inside ${lexicalRoot}`, shown);
  }
  const parts = rest.split(sep);
  const name = parts.pop() ?? '';
  const realRoot = realRootOf(lexicalRoot, shown);
  let dir = realRoot;
  let lexical = lexicalRoot;
  for (const [index, part] of parts.entries()) {
    lexical = join(lexical, part);
    const next = join(dir, part);
    let stats: Stats;
    try {
      stats = lstatSync(next);
    } catch (error) {
      if (errnoOf(error) !== 'ENOENT') throw error;
      // Not there yet: a check stops here (whatever follows will be created fresh), a write creates it.
      if (dirMode === undefined) return { shown, dir: join(next, ...parts.slice(index + 1)), name };
      try {
        mkdirSync(next, { mode: dirMode });
      } catch (mkdirError) {
        if (errnoOf(mkdirError) !== 'EEXIST') throw mkdirError;
      }
      stats = lstatSync(next);
    }
    if (stats.isSymbolicLink()) {
      let real: string | undefined;
      try {
        real = realpathSync(next);
      } catch {
        real = undefined; // a dangling link leads nowhere inside the root
      }
      if (real === undefined || !isInside(realRoot, real)) throw refuseLink(shown, next, lexical, lexicalRoot);
      stats = lstatSync(real);
      dir = real;
    } else {
      dir = next;
    }
    if (!stats.isDirectory()) {
      throw new UnsafeWriteError(`refusing to write ${shown}: ${lexical} is not a directory`, shown);
    }
  }
  return { shown, dir, name };
};

/** The mode for directories to create, or undefined when none may be created. */
const dirModeOf = (options: SafeWriteOptions): number | undefined =>
  options.createDirs === true ? (options.dirMode ?? 0o755) : undefined;

/** The link refusal when the last component is a link; undefined when it is not one (or is missing). */
const lastLink = (target: Target): UnsafeWriteError | undefined => {
  const file = join(target.dir, target.name);
  try {
    if (!lstatSync(file).isSymbolicLink()) return undefined;
  } catch {
    return undefined;
  }
  return refuseLink(target.shown, file, target.shown);
};

const notRegular = (shown: string): UnsafeWriteError =>
  new UnsafeWriteError(`refusing to write ${shown}: it is not a regular file`, shown);

const writeAll = (fd: number, data: string | Uint8Array): void => {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset, bytes.length - offset);
};

/**
 * Checks that `path` could be written under `root` (its parents stay inside the root, the file itself is not a
 * link) without creating or writing anything: for a command that prints what it would write first.
 *
 * @throws UnsafeWriteError naming the link that leaves the root.
 */
export const checkSafeWrite = (root: string, path: string): void => {
  const target = resolveTarget(root, path, undefined);
  const link = lastLink(target);
  if (link !== undefined) throw link;
};

/**
 * Creates `file` (never through a link, never over an existing name) with exactly `mode` — the umask may have
 * narrowed it — and writes `data`, synced when `sync`; the descriptor is closed whatever happens.
 */
const writeNewFile = (file: string, data: string | Uint8Array, mode: number, sync: boolean): void => {
  const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
  try {
    fchmodSync(fd, mode);
    writeAll(fd, data);
    if (sync) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
};

/**
 * Creates the file `path` (relative to `root`, or absolute inside it) holding `data`; fails with `EEXIST`
 * when it exists, and with {@link UnsafeWriteError} when a link is in the way.
 *
 * @example
 * createFileSafely(projectDir, '.hookstream/hooks/guard.mjs', text, { mode: 0o755, createDirs: true });
 */
export const createFileSafely = (
  root: string,
  path: string,
  data: string | Uint8Array,
  options: SafeWriteOptions = {},
): string => {
  const target = resolveTarget(root, path, dirModeOf(options));
  const file = join(target.dir, target.name);
  const mode = options.mode ?? 0o644;
  try {
    writeNewFile(file, data, mode, false);
  } catch (error) {
    // O_EXCL fails on any existing name, a dangling link included: say when it is a link.
    throw (errnoOf(error) === 'EEXIST' ? lastLink(target) : undefined) ?? error;
  }
  return file;
};

/**
 * Writes `data` to `path` under `root`, replacing the file atomically (a temporary file renamed over it) or
 * creating it; an existing file keeps its mode. Refuses a link as the file or a parent that leaves the root.
 *
 * @example
 * replaceFileSafely(projectDir, '.hookstream/settings.json', text, { createDirs: true });
 */
export const replaceFileSafely = (
  root: string,
  path: string,
  data: string | Uint8Array,
  options: SafeWriteOptions = {},
): string => {
  const target = resolveTarget(root, path, dirModeOf(options));
  const file = join(target.dir, target.name);
  let mode = options.mode ?? 0o644;
  try {
    const stats = lstatSync(file);
    if (stats.isSymbolicLink()) throw refuseLink(target.shown, file, target.shown);
    if (!stats.isFile()) throw notRegular(target.shown);
    mode = stats.mode & 0o7777;
  } catch (error) {
    if (errnoOf(error) !== 'ENOENT') throw error;
  }
  const temporary = join(target.dir, `.${target.name}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeNewFile(temporary, data, mode, true);
    // rename replaces the name itself: a link planted since the check is replaced, never followed.
    renameSync(temporary, file);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // already renamed or gone
    }
    throw error;
  }
  return file;
};

/**
 * Opens `path` under `root` for appending, creating it with `options.mode` (default 0o600: what is appended
 * may be private) when missing. Refuses a link as the file, a parent that leaves the root, and anything that
 * is not a regular file (a FIFO would block every write). Returns the descriptor; the caller closes it.
 *
 * @example
 * const fd = openAppendSafely(process.cwd(), 'session.jsonl');
 */
export const openAppendSafely = (root: string, path: string, options: SafeWriteOptions = {}): number => {
  const target = resolveTarget(root, path, dirModeOf(options));
  const file = join(target.dir, target.name);
  const mode = options.mode ?? 0o600;
  const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW;
  try {
    const fd = openSync(file, flags | constants.O_CREAT | constants.O_EXCL, mode);
    fchmodSync(fd, mode);
    return fd;
  } catch (error) {
    if (errnoOf(error) !== 'EEXIST') throw error;
  }
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO for writing must not wait for a reader; it is refused below.
    fd = openSync(file, flags | constants.O_NONBLOCK);
  } catch (error) {
    // ENXIO: a FIFO with no reader.
    if (errnoOf(error) === 'ENXIO') throw notRegular(target.shown);
    throw (errnoOf(error) === 'ELOOP' ? lastLink(target) : undefined) ?? error;
  }
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    throw notRegular(target.shown);
  }
  return fd;
};

/**
 * The root for a file the user named on the command line: the working directory when the file is inside it
 * (a repository's links are checked all the way), else the file's own directory (the user named it; only the
 * file itself must not be a link).
 */
export const namedFileRoot = (cwd: string, file: string): string => {
  const absolute = resolve(cwd, file);
  return isBelow(relative(resolve(cwd), absolute)) ? resolve(cwd) : dirname(absolute);
};
