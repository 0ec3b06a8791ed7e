/**
 * The redirections of a command started without bash (directExec.ts), opened as bash opens them: `>` with
 * O_WRONLY|O_CREAT|O_TRUNC, `>>` with O_WRONLY|O_CREAT|O_APPEND, `<` with O_RDONLY, a new file 0666 under the
 * umask, a relative name against the run's directory, left to right, a copy (`2>&1`) sharing the file opened
 * before it. The descriptors become the child's stdio; ours are closed once it is spawned.
 *
 * The opener is not the hook: a name that reaches /proc (`/dev/stdout`, `/dev/fd/1`, `/proc/self/…`, or a link
 * to one) would mean this process there, not the hook, and a FIFO or device could block it or be changed by
 * the open itself. So only a regular file (or a new one) and `/dev/null` are opened here; anything else — a
 * name that does not resolve, a directory, a copy of one of our pipes, another platform — is refused before
 * anything is opened or where bash itself would open the same again (truncating an empty file twice, creating
 * a file that then exists: no effect bash alone would not have), and the command runs under bash as before.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readlinkSync, statSync, type Stats } from 'node:fs';

/** One redirection with its target expanded (lib/inspect/directCommand.ts): a file opened, or a descriptor copied. */
export type Redirect =
  | { readonly fd: 0 | 1 | 2; readonly mode: 'read' | 'write' | 'append'; readonly file: string }
  | { readonly fd: 1 | 2; readonly copyOf: 1 | 2 };

/** A slot of the child's stdio: one of our pipes, or a descriptor we opened. */
export type StdioSlot = 'pipe' | number;

export interface OpenedRedirects {
  readonly stdio: [StdioSlot, StdioSlot, StdioSlot];
  /** Closes what was opened: once the child has its copies, or when the spawn failed. */
  readonly close: () => void;
}

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_TRUNC, O_APPEND, O_NOFOLLOW } = constants;
/** O_PATH, which Node does not name; the same number on the architectures listed. */
const O_PATH = 0o10000000;
const O_PATH_ARCHES = new Set(['x64', 'ia32', 'arm', 'arm64']);
/** The kernel follows at most 40 links in a name. */
const MAX_LINKS = 40;
const DEV_NULL = '/dev/null';

const FLAGS = { read: O_RDONLY, write: O_WRONLY | O_TRUNC, append: O_WRONLY | O_APPEND } as const;

/** The device of procfs, whose names mean whoever opens them; -1 without one (nothing there to mean us then). */
let procDevice: number | undefined;
const procfs = (): number => {
  if (procDevice === undefined) {
    try {
      statSync('/proc/self');
      procDevice = statSync('/proc').dev;
    } catch {
      procDevice = -1;
    }
  }
  return procDevice;
};

const lstatOf = (name: string): Stats | undefined => {
  try {
    return lstatSync(name, { throwIfNoEntry: false });
  } catch {
    // ENOTDIR, EACCES, ELOOP: bash would fail to open it and say so.
    return undefined;
  }
};

/**
 * `file` (absolute) resolved as the kernel resolves it, link by link: the regular file it names (with its
 * lstat), or the name of a file to create in an existing directory. Undefined for anything else, and for any
 * name that passes through procfs.
 */
const resolveTarget = (file: string): { name: string; stats?: Stats } | undefined => {
  const proc = procfs();
  const queue = file.split('/');
  let resolved = '';
  let links = 0;
  while (queue.length > 0) {
    const component = queue.shift() as string;
    const last = queue.length === 0;
    // `x/` and `x/.` name a directory: never a file to open.
    if (component === '' || component === '.' || component === '..') {
      if (last) return undefined;
      if (component === '..') resolved = resolved.slice(0, resolved.lastIndexOf('/'));
      continue;
    }
    const name = `${resolved}/${component}`;
    const stats = lstatOf(name);
    if (stats === undefined) return last ? { name } : undefined;
    if (stats.dev === proc) return undefined;
    if (stats.isSymbolicLink()) {
      links += 1;
      if (links > MAX_LINKS) return undefined;
      const target = readlinkSync(name);
      if (target.startsWith('/')) resolved = '';
      queue.unshift(...target.split('/'));
      continue;
    }
    if (last) return stats.isFile() ? { name, stats } : undefined;
    if (!stats.isDirectory()) return undefined;
    resolved = name;
  }
  return undefined;
};

const tryOpen = (name: string, flags: number, mode?: number): number | undefined => {
  try {
    return openSync(name, flags, mode);
  } catch {
    return undefined;
  }
};

/**
 * An existing regular file, opened without a window in which something else put there could block us: held
 * first by an O_PATH descriptor (which opens nothing), checked to be that same regular file, then opened again
 * through it.
 */
const reopenRegular = (name: string, stats: Stats, flags: number): number | undefined => {
  const held = tryOpen(name, O_PATH | O_NOFOLLOW);
  if (held === undefined) return undefined;
  try {
    const now = fstatSync(held);
    if (!now.isFile() || now.dev !== stats.dev || now.ino !== stats.ino) return undefined;
    return tryOpen(`/proc/self/fd/${String(held)}`, flags);
  } finally {
    closeSync(held);
  }
};

/** Opens one target as bash would; undefined when it must be left to bash. */
const openTarget = (file: string, mode: 'read' | 'write' | 'append'): number | undefined => {
  const flags = FLAGS[mode];
  // The one device taken: nothing reads from it or writes to it anything of the opener's.
  if (file === DEV_NULL) return tryOpen(DEV_NULL, flags | (mode === 'read' ? 0 : O_CREAT));
  if (procfs() === -1) return undefined;
  const target = resolveTarget(file);
  if (target === undefined) return undefined;
  if (target.stats !== undefined) return reopenRegular(target.name, target.stats, flags);
  // A new file: O_EXCL, so that one made meanwhile (a FIFO) is refused rather than opened.
  return mode === 'read' ? undefined : tryOpen(target.name, flags | O_CREAT | O_EXCL, 0o666);
};

/**
 * Performs `redirects` in order for a run in `cwd`; undefined when one of them must be left to bash (whatever
 * was opened by then is closed again).
 */
export const openRedirects = (redirects: readonly Redirect[], cwd: string): OpenedRedirects | undefined => {
  if (process.platform !== 'linux' || !O_PATH_ARCHES.has(process.arch)) return undefined;
  const stdio: [StdioSlot, StdioSlot, StdioSlot] = ['pipe', 'pipe', 'pipe'];
  const opened: number[] = [];
  const close = (): void => {
    for (const fd of opened.splice(0)) closeSync(fd);
  };
  for (const redirect of redirects) {
    if ('copyOf' in redirect) {
      const source = stdio[redirect.copyOf];
      // One of our pipes on two descriptors is not something spawn can give: bash does it.
      if (source === 'pipe' && redirect.fd !== redirect.copyOf) {
        close();
        return undefined;
      }
      stdio[redirect.fd] = source;
      continue;
    }
    // Not normalised: `link/..` is the link's parent for the kernel, not this directory.
    const fd = openTarget(redirect.file.startsWith('/') ? redirect.file : `${cwd}/${redirect.file}`, redirect.mode);
    if (fd === undefined) {
      close();
      return undefined;
    }
    opened.push(fd);
    stdio[redirect.fd] = fd;
  }
  return { stdio, close };
};
