/**
 * Reading a file that someone else may have placed: only a regular file, only up to a size bound. A settings
 * path can name a FIFO (a plain `open` blocks until a writer comes, so the host hangs before any approval),
 * `/dev/zero` (reading never ends until memory runs out) or a directory; each is refused with a message that
 * names the file and what it is. The file is opened with O_NONBLOCK so that a FIFO cannot block the open
 * itself, then checked with fstat on the descriptor — what is checked is what is read.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { HookstreamError, nameErrorClass } from './errors.js';

/** A file that exists but is not one hookstream will read: not a regular file, too large, or a refused link. */
export class UnreadableFileError extends HookstreamError {
  static {
    nameErrorClass(this, 'UnreadableFileError');
  }
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
  }
}

export interface ReadRegularFileOptions {
  /** Files larger than this are refused. */
  maxBytes: number;
  /** Refuse a symbolic link as the last component (for files that a less trusted process could replace). */
  noFollow?: boolean;
}

/** What a non-regular file is, for the message. */
const kindOf = (stats: Stats): string => {
  if (stats.isDirectory()) return 'a directory (EISDIR)';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
};

const MIB = 1024 * 1024;
/** `4 MiB` for whole mebibytes, else bytes. */
export const formatBytes = (bytes: number): string =>
  bytes >= MIB && bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`;

// O_NOCTTY: opening a terminal device must never make it the controlling terminal.
const readFlags = (noFollow: boolean | undefined): number =>
  constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY | (noFollow === true ? constants.O_NOFOLLOW : 0);

const grew = (path: string): UnreadableFileError =>
  new UnreadableFileError(`${path} changed size while it was read`, path);

/** The check made on the open descriptor, before a byte is read. */
const checkStats = (path: string, stats: Stats, maxBytes: number): void => {
  if (!stats.isFile()) throw new UnreadableFileError(`${path} is ${kindOf(stats)}, not a regular file`, path);
  if (stats.size > maxBytes) {
    throw new UnreadableFileError(`${path} is ${stats.size} bytes, over the ${formatBytes(maxBytes)} limit`, path);
  }
};

/** A refused link (`ELOOP` under O_NOFOLLOW) said as such; any other error unchanged (ENOENT stays ENOENT). */
const explainOpenError = (path: string, error: unknown, noFollow: boolean | undefined): unknown =>
  noFollow === true && (error as NodeJS.ErrnoException | undefined)?.code === 'ELOOP'
    ? new UnreadableFileError(`${path} is a symbolic link, not followed`, path)
    : error;

/**
 * An open descriptor of `path` and its size, for a caller that reads it in pieces (a followed recording);
 * throws {@link UnreadableFileError} for a file that is not regular. The caller closes the descriptor.
 */
export const openRegularFileSync = (path: string): { fd: number; size: number } => {
  const fd = openSync(path, readFlags(undefined));
  try {
    const stats = fstatSync(fd);
    checkStats(path, stats, Number.POSITIVE_INFINITY);
    return { fd, size: stats.size };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
};

/**
 * The file's text (UTF-8), read synchronously; throws {@link UnreadableFileError} for a file that is not regular
 * or is over `maxBytes` (or grows while it is read), and the system's error (`ENOENT` …) else.
 *
 * @example
 * const text = readRegularFileSync(path, { maxBytes: MAX_SETTINGS_FILE_BYTES });
 */
export const readRegularFileSync = (path: string, options: ReadRegularFileOptions): string => {
  let fd: number;
  try {
    fd = openSync(path, readFlags(options.noFollow));
  } catch (error) {
    throw explainOpenError(path, error, options.noFollow);
  }
  try {
    const stats = fstatSync(fd);
    checkStats(path, stats, options.maxBytes);
    // One byte more than fstat saw: filling it means the file grew after the check.
    const buffer = Buffer.alloc(stats.size + 1);
    let length = 0;
    let read: number;
    do {
      read = readSync(fd, buffer, length, buffer.length - length, null);
      length += read;
    } while (read > 0 && length < buffer.length);
    if (length === buffer.length) throw grew(path);
    return buffer.toString('utf8', 0, length);
  } finally {
    closeSync(fd);
  }
};

/** {@link readRegularFileSync} without blocking the event loop. */
export const readRegularFile = async (path: string, options: ReadRegularFileOptions): Promise<string> => {
  let handle;
  try {
    handle = await open(path, readFlags(options.noFollow));
  } catch (error) {
    throw explainOpenError(path, error, options.noFollow);
  }
  try {
    const stats = await handle.stat();
    checkStats(path, stats, options.maxBytes);
    const buffer = Buffer.alloc(stats.size + 1);
    let length = 0;
    let read: number;
    do {
      ({ bytesRead: read } = await handle.read(buffer, length, buffer.length - length, null));
      length += read;
    } while (read > 0 && length < buffer.length);
    if (length === buffer.length) throw grew(path);
    return buffer.toString('utf8', 0, length);
  } finally {
    await handle.close();
  }
};
