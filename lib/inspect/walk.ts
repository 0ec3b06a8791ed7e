/**
 * The state of one static walk over a command: the files found so far (each once), the lines saying what
 * could not be pinned, and the rule that decides which file is pinned — the repository's and the user's
 * files are, the system's programs are not, and a program found on PATH outside the project is the
 * user's own tool (pinning it would tie every approval to one PATH and one Node version).
 */
import path from 'node:path';
import { isInside, isSystemPath, lookUp, type FileProbe, type Lookup } from './programs.js';
import type { Word } from './argv.js';
import type { VariableLookup } from './shellWords.js';

/** What a file is to the command. */
export type FileRole = 'program' | 'script' | 'module' | 'startup';

/** A file the command runs or loads, found without running anything. */
export interface FoundFile {
  /** Absolute path, as the command names it or the lookup found it. */
  readonly path: string;
  readonly role: FileRole;
  /** The word as written (`.hookstream/x.sh`), or the name that was looked up (`x`). */
  readonly word: string;
  /** JSON pointer of the word under the hook entry (`/command`, `/args/0`, `/env/BASH_ENV`). */
  readonly field: string;
  /** Pinned by its bytes; or, for a link inside the project to a system program, by where it points. */
  readonly pin: 'bytes' | 'target';
}

/** Everything the walk found: the files to pin, and what it could not pin, one line each. */
export interface CommandFiles {
  readonly files: readonly FoundFile[];
  /** Every line for the approval: the `cannotPin` lines first, then what is knowingly left out (system files …). */
  readonly notPinned: readonly string[];
  /**
   * Constructs the walk does not understand, each `cannot pin: <construct>`: an approval does not cover what they
   * run. The inspector is an allowlist, so anything it cannot read lands here rather than being skipped.
   */
  readonly cannotPin: readonly string[];
}

/** The prefix of a line saying a construct could not be pinned. */
export const CANNOT_PIN = 'cannot pin: ';

/** A descriptor or device (`/dev/fd/3`, `/dev/stdin`, `/proc/self/fd/0`): what it yields is decided when read. */
const DEVICE = /^\/(?:dev|proc)\//;
/** Devices that yield nothing to run. */
const EMPTY_DEVICES = new Set(['/dev/null', '/dev/zero']);

/** Variables as the walk reads them. */
export interface Variables extends VariableLookup {
  has(name: string): boolean;
}

/**
 * `set` laid over `parent` (a value `undefined` unsets): copying the host's variables for every command
 * of every check was a fifth of a trust re-check's cost.
 */
export const layer = (
  parent: Variables | undefined,
  set: Iterable<readonly [string, string | undefined]>,
): Variables => {
  const own = new Map(set);
  return {
    get: (name) => (own.has(name) ? own.get(name) : parent?.get(name)),
    has: (name) => (own.has(name) ? own.get(name) !== undefined : (parent?.has(name) ?? false)),
  };
};

/** Where a command line runs: working directory (undefined: only known at run time) and environment. */
export interface Scope {
  readonly cwd: string | undefined;
  /** The environment the program gets (host, hookstream's variables, the hook's `env`, assignments). */
  readonly env: Variables;
  /** Run by a shell: builtins and `NAME=value` prefixes mean what bash makes of them. */
  readonly shell: boolean;
  /** The search path when a wrapper overrides PATH (`command -p`, sudo's `secure_path`). */
  readonly searchPath?: string;
  /** Programs `hash -p path name` bound to a path, in this shell. */
  readonly hashed?: ReadonlyMap<string, string>;
}

/** The state of one shell as its line runs: what builtins (`cd`, `pushd`, `hash -p`, `trap`, `export`) change. */
export interface LineState {
  cwd: string | undefined;
  /** `cd -`'s directory. */
  oldpwd: string | undefined;
  env: Variables;
  /** The directory stack of `pushd`, top last; undefined when only a running shell knows it. */
  dirs: (string | undefined)[] | undefined;
  hashed: Map<string, string> | undefined;
  /** Set after `source x`: the sourced file may change the directory, PATH or functions for what follows. */
  opaqueAfter?: string;
  /** Bodies of `trap` set on this line (run later in this shell: on exit, on a signal). */
  traps: { body: string; field: string }[];
}

/** How a file was reached: named by a path, or found by a PATH lookup in an absolute or relative entry. */
export type Reached = 'named' | 'lookup' | 'relative-lookup';

export class Walk {
  readonly files: FoundFile[] = [];
  private readonly notes = new Set<string>();
  private readonly unpinnable = new Set<string>();
  /** Walks a shell command line (set by commandFiles; `bash -c`, `eval` and `env -S` recurse into it). */
  runLine: (command: string, scope: Scope, field: string, depth: number) => void = () => undefined;
  /** Walks a command line in a shell whose state it changes (`eval`, `trap` bodies); set by commandFiles. */
  runShell: (command: string, state: LineState, field: string, depth: number) => void = () => undefined;
  /** Names of variables the hook's `env` or its command sets (the host's own are not the repository's). */
  readonly assigned = new Set<string>();

  constructor(
    readonly projectDir: string,
    readonly home: string,
    readonly probe: FileProbe,
    /** The host's variables: what `$PATH` in a hook's `env` value stands for if a shell expands it. */
    readonly hostVariables: ReadonlyMap<string, string>,
    /** The project's real path (links resolved), where its files really are. */
    readonly projectReal: string = projectDir,
  ) {}

  /** Whether `file` (as named, or its real path) belongs to the project. */
  inProject(file: string): boolean {
    return isInside(file, this.projectDir) || isInside(file, this.projectReal);
  }

  /** `file` as a person reads it: relative inside the project, else absolute. */
  display(file: string): string {
    return isInside(file, this.projectDir) ? path.relative(this.projectDir, file) : file;
  }

  /** Adds a line to the "not pinned" list. */
  note(line: string): void {
    this.notes.add(line);
  }

  /** Adds a `cannot pin: <construct>` line: something the command runs that the approval does not cover. */
  cannot(construct: string): void {
    this.unpinnable.add(CANNOT_PIN + construct);
  }

  get notPinned(): string[] {
    return [...this.unpinnable, ...this.notes];
  }

  get cannotPin(): string[] {
    return [...this.unpinnable];
  }

  has(file: string): boolean {
    return this.files.some((found) => found.path === file);
  }

  /**
   * Pins `file` if the rule says so, else notes why not. Returns whether it is pinned.
   *
   * @param reached How the file was found: a PATH lookup in an absolute entry outside the project is the user's.
   * @param knownReal Its real path when already known (a memoised lookup outside the project).
   */
  pin(file: string, role: FileRole, word: Word, reached: Reached = 'named', knownReal?: string): boolean {
    if (this.has(file)) return true;
    const shown = word.text === file ? file : `${word.text ?? '?'} (${file})`;
    // A system program outside the project is not the repository's: no need to resolve its links.
    if (knownReal === undefined && isSystemPath(file) && !this.inProject(file)) {
      this.note(`${shown}: a system file`);
      return false;
    }
    if (EMPTY_DEVICES.has(file)) return false;
    const real = knownReal ?? this.probe.realpath(file) ?? file;
    // A descriptor, a device or a FIFO hands over whatever is written to it at run time: no bytes to pin.
    if (DEVICE.test(file) || DEVICE.test(real)) {
      this.cannot(`${shown}: a descriptor or device, not a file`);
      return false;
    }
    const inProject = this.inProject(file) || this.inProject(real);
    // A project may itself live under /opt or /usr/src: its own files are never "system files".
    if (isSystemPath(real) && !this.inProject(real)) {
      // A link the repository controls may later point at another system program: pin where it points.
      if (inProject) this.files.push({ path: file, role, word: word.text ?? '', field: word.field, pin: 'target' });
      else this.note(`${shown}: a system file`);
      return inProject;
    }
    if (reached === 'lookup' && !inProject) {
      this.note(`${shown}: found on PATH outside the project`);
      return false;
    }
    const stats = this.probe.stat(file);
    if (stats !== undefined && !stats.isFile() && !stats.isDirectory()) {
      this.cannot(`${shown}: a pipe, socket or device, not a file`);
      return false;
    }
    this.files.push({ path: file, role, word: word.text ?? '', field: word.field, pin: 'bytes' });
    return true;
  }

  /** `word` resolved against the scope's working directory; undefined (noted) when that is unknown. */
  resolve(word: string, scope: Scope): string | undefined {
    if (path.isAbsolute(word)) return path.normalize(word);
    if (scope.cwd === undefined) {
      this.cannot(`${word}: relative to a directory only known at run time`);
      return undefined;
    }
    return path.resolve(scope.cwd, word);
  }

  /** Looks `name` up on `searchPath`; memoised by the probe when no entry is the project's (relative, inside, or `$`). */
  lookUp(name: string, searchPath: string, cwd: string): Lookup {
    const foreign = searchPath
      .split(':')
      .every(
        (entry) =>
          path.isAbsolute(entry) &&
          !entry.includes('$') &&
          !this.inProject(entry) &&
          entry !== this.projectDir &&
          entry !== this.projectReal,
      );
    if (foreign && this.probe.foreignLookUp !== undefined) return this.probe.foreignLookUp(name, searchPath, cwd);
    return lookUp(name, searchPath, cwd, this.probe, this.expand);
  }

  /** What `$NAME` in a search-path entry stands for, with the host's variables. */
  expand = (entry: string): string | undefined => {
    let unknown = false;
    const value = entry.replace(/\$\{?([A-Za-z_]\w*)\}?/g, (_match, name: string) => {
      const found = this.hostVariables.get(name);
      if (found === undefined) unknown = true;
      return found ?? '';
    });
    return unknown ? undefined : value;
  };
}

/** Whether `word` names a path rather than a program to look up. */
export const looksLikePath = (word: string): boolean =>
  word.includes('/') || word.startsWith('.') || word.startsWith('~');
