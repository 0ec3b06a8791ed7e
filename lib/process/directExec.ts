/**
 * The direct-exec fast path of the shell form: a command that is one simple command (lib/inspect/directCommand.ts)
 * starts its program without bash — what `bash -c` would do itself, since bash execs a lone simple command in
 * place — saving bash's start (about 1.2 ms a hook). Every observable stays bash's: the argv bash makes, `$0`
 * (the name as written, the file found on PATH executed), the environment bash exports (its `_`, its `PWD`), the
 * working directory, the process group, stdin and the pipes.
 *
 * Whatever is not certainly the same runs the shell as before: a variable bash reads at start or sets itself
 * in the environment, a name bash would not export, PATH with a relative entry, a program not found executable
 * on PATH, a file the kernel would not run itself (missing, a directory, no `#!`: bash's own errors and rules).
 * A program that still fails to start (not executable, a bad interpreter, gone meanwhile) is started again
 * through the shell by the launcher, so the exit status (126, 127) and message are bash's own.
 *
 * Plain redirections (`>f`, `2>>f`, `<f`, `2>&1`…) are opened by the launcher as bash opens them (redirects.ts),
 * or left to bash there. With one, bash does not exec in place but runs the program in a child and waits: the
 * program is not the group's leader nor bash's `$$`, and bash reports a signal that killed it (one hookstream did
 * not send) as exit status 128 + its number, which the supervisor reports the same; the line bash prints on
 * stderr then ("…: line 1: PID Segmentation fault …") is not written.
 */
import path from 'node:path';
import { expandDirect, expandRedirections, readDirectCommand, type DirectCommand } from '../inspect/directCommand.js';
import { fsProbe } from '../inspect/programs.js';
import { isExecutable } from '../protocol/hookEnv.js';
import type { Redirect } from './redirects.js';

/** How one run starts its program without a shell. */
export interface DirectExec {
  /** The file executed: the name as written when it has a slash, else the one found on PATH. */
  readonly file: string;
  /** `argv[0]`, as bash passes it: the name as written. */
  readonly argv0: string;
  readonly args: string[];
  /** What bash would add to the run's environment: `_` (the file executed) and `PWD` when it resets it. */
  readonly env: Record<string, string>;
  /** The redirections, targets expanded, for the launcher to open in order; undefined when there are none. */
  readonly redirects?: readonly Redirect[];
}

type Env = Readonly<Record<string, string>>;

/** Variables bash reads at start, or changes before it exports them: with one of these, bash runs. */
const SHELL_READ = new Set(
  (
    'PPID RANDOM SRANDOM LINENO HISTCMD OPTIND OPTERR OPTARG PS1 PS2 PS3 PS4 EPOCHSECONDS EPOCHREALTIME ' +
    'COMP_WORDBREAKS SECONDS GROUPS DIRSTACK FUNCNAME PIPESTATUS IFS SHELLOPTS ENV POSIXLY_CORRECT EXECIGNORE ' +
    'UID EUID HOSTTYPE OSTYPE MACHTYPE TIMEFORMAT'
  ).split(' '),
);
/** A name bash imports and exports again; others (`A-B`, `1X`) it drops from what it passes on. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** `SHLVL` bash exports unchanged when it execs a lone command (it adds one at start, takes it off at exec). */
const PLAIN_LEVEL = /^(?:0|[1-9][0-9]{0,2})$/;
const LOOKED_UP_MAX = 256;

const passesThrough = (name: string): boolean =>
  IDENTIFIER.test(name) && !name.startsWith('BASH') && !SHELL_READ.has(name);

/** Each base environment is checked once: it is shared by every run of an executor and never changed. */
const checkedBases = new WeakMap<Env, boolean>();
const baseOk = (base: Env): boolean => {
  let ok = checkedBases.get(base);
  if (ok === undefined) {
    ok = Object.keys(base).every(passesThrough);
    checkedBases.set(base, ok);
  }
  return ok;
};

/** Commands read so far (the text alone decides): `null` for one that needs the shell. */
const read = new Map<string, DirectCommand | null>();
const readOnce = (command: string): DirectCommand | undefined => {
  let found = read.get(command);
  if (found === undefined) {
    found = readDirectCommand(command) ?? null;
    if (read.size >= LOOKED_UP_MAX) read.clear();
    read.set(command, found);
  }
  return found ?? undefined;
};

/** The ELF magic as the first line of a binary reads in latin1. */
const ELF = '\x7fELF';

/**
 * Whether the kernel runs `file` itself: an ELF binary, or a script with its `#!` line. For anything else exec
 * fails with ENOEXEC and the C library hands the file to `/bin/sh`, where bash would run it as a bash script:
 * that, a directory and an unreadable file go to bash.
 */
const kernelRuns = (file: string): boolean => {
  const head = fsProbe.firstLine(file);
  return head !== undefined && (head.startsWith('#!') || head.startsWith(ELF));
};

/** The first executable file (not a directory) named `name` on `searchPath`, as bash looks; undefined if none. */
const findOnPath = (name: string, searchPath: string | undefined): string | undefined => {
  if (searchPath === undefined || searchPath === '') return undefined;
  const dirs = searchPath.split(':');
  // An empty or relative entry makes the working directory part of the search: bash's rules there are its own.
  if (!dirs.every((dir) => dir.startsWith('/'))) return undefined;
  for (const dir of dirs) {
    const file = `${dir}/${name}`;
    const stats = fsProbe.stat(file);
    if (stats !== undefined && !stats.isDirectory() && isExecutable(file)) return file;
  }
  return undefined;
};

/** Whether `a` and `b` name the same existing file. */
const sameFile = (a: string, b: string): boolean => {
  const left = fsProbe.stat(a);
  const right = fsProbe.stat(b);
  return left !== undefined && right !== undefined && left.dev === right.dev && left.ino === right.ino;
};

/**
 * How `command` (a shell-form hook command) starts without a shell for one run, or undefined when it must run
 * under the shell. `base` and `overlay` are the run's environment (overlay wins); `cwd` its directory.
 */
export const directExec = (command: string, base: Env, overlay: Env, cwd: string): DirectExec | undefined => {
  const parsed = readOnce(command);
  if (parsed === undefined || !baseOk(base) || !Object.keys(overlay).every(passesThrough)) return undefined;
  const get = (name: string): string | undefined =>
    Object.hasOwn(overlay, name) ? overlay[name] : Object.hasOwn(base, name) ? base[name] : undefined;
  const level = get('SHLVL');
  if (level === undefined || !PLAIN_LEVEL.test(level) || Number(level) >= 999) return undefined;
  const argv = expandDirect(parsed, { get });
  if (argv === undefined) return undefined;
  let redirects: readonly Redirect[] | undefined;
  if (parsed.redirections.length > 0) {
    redirects = expandRedirections(parsed, { get });
    if (redirects === undefined) return undefined;
  }
  const [name = '', ...args] = argv;
  const file = name.includes('/') ? name : findOnPath(name, get('PATH'));
  if (file === undefined || !kernelRuns(path.resolve(cwd, file))) return undefined;
  // bash exports OLDPWD only while it names a directory.
  const oldPwd = get('OLDPWD');
  if (oldPwd !== undefined && fsProbe.stat(oldPwd)?.isDirectory() !== true) return undefined;
  const env: Record<string, string> = { _: file };
  // bash keeps an inherited PWD that is absolute and names the directory it starts in, else it sets the real path.
  const pwd = get('PWD');
  if (pwd === undefined || !path.isAbsolute(pwd) || !sameFile(pwd, cwd)) {
    const real = fsProbe.realpath(cwd);
    if (real === undefined) return undefined;
    env.PWD = real;
  }
  return redirects === undefined ? { file, argv0: name, args, env } : { file, argv0: name, args, env, redirects };
};
