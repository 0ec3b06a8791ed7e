/**
 * `CLAUDE_ENV_FILE`: a per-session file that Claude Code's SessionStart, Setup, CwdChanged and FileChanged
 * hooks append `export NAME=value` lines to, so later commands of the session see those variables. Scripts
 * written with `set -u` die when the variable is missing, so hookstream provides the file, and a host reads
 * back what the hooks exported with `read()`.
 *
 * Reading never runs the file: lines are read with the shell's quoting rules, `$NAME` expanded from the base
 * environment and the lines before; a value that only a shell could compute (`$(…)`, an unset variable, a
 * glob) is skipped with a problem rather than guessed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorText } from '../core/guards.js';
import { MAX_ENV_FILE_BYTES } from '../core/limits.js';
import { readRegularFileSync } from '../core/readRegularFile.js';
import { createFileSafely } from '../core/safeWrite.js';
import { leadingWords } from '../inspect/shellWords.js';

export interface EnvFileContents {
  /** Variables the file sets, in the order first set (a later line overrides the value). */
  variables: Record<string, string>;
  /** Names the file unsets (`unset NAME`). */
  unset: string[];
  /** One line per line that was not read: `line 3: …`. */
  problems: string[];
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/;

export interface ParseOptions {
  /** Variables `$NAME` may refer to besides those the file sets; default none. */
  base?: Readonly<Record<string, string | undefined>>;
  /** For `~`; default the user's home directory. */
  home?: string;
}

/** Reads the lines of an env file (see the module comment); pure. */
export const parseEnvFile = (text: string, options: ParseOptions = {}): EnvFileContents => {
  const contents: EnvFileContents = { variables: {}, unset: [], problems: [] };
  const known = new Map<string, string>();
  for (const [name, value] of Object.entries(options.base ?? {})) if (value !== undefined) known.set(name, value);
  const home = options.home ?? homedir();
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const problem = (what: string) => contents.problems.push(`line ${index + 1}: ${what}; ignored`);
    const words = leadingWords(line, known, home, 256);
    const [first, ...rest] = words;
    const args =
      first === 'declare' || first === 'typeset'
        ? rest.filter((word) => !word?.startsWith('-'))
        : first === 'export' || first === 'unset'
          ? rest
          : words;
    if (first === 'unset') {
      for (const name of args) {
        if (name === undefined || !NAME.test(name)) problem('unset needs variable names');
        else {
          contents.unset.push(name);
          known.delete(name);
          Reflect.deleteProperty(contents.variables, name);
        }
      }
      return;
    }
    if (args.length === 0) return problem('not an assignment');
    // Without `export`/`declare`, a line of assignments only; `NAME=v cmd` runs a command and exports nothing.
    const program = args === words ? words.find((word) => word !== undefined && !ASSIGNMENT.test(word)) : undefined;
    if (program !== undefined) return problem(`${JSON.stringify(program.slice(0, 40))} is not an assignment`);
    for (const word of args) {
      if (word === undefined) {
        problem('a value only a running shell could compute ($(…), an unset variable or a glob)');
        continue;
      }
      const assignment = ASSIGNMENT.exec(word);
      // `export NAME` marks an existing variable; it sets nothing new.
      if (assignment === null) {
        if (!NAME.test(word)) problem(`${JSON.stringify(word.slice(0, 40))} is not an assignment`);
        continue;
      }
      const [, name, written] = assignment as unknown as [string, string, string];
      // The shell expands a `~` that starts an assigned value, as it does at the start of a word.
      const value = written === '~' || written.startsWith('~/') ? `${home}${written.slice(1)}` : written;
      contents.variables[name] = value;
      known.set(name, value);
    }
  });
  return contents;
};

export interface SessionEnvFile {
  /** The file's path: the value of `CLAUDE_ENV_FILE` for the session's hooks. */
  readonly path: string;
  /** What the session's hooks have exported so far. */
  read(options?: ParseOptions): EnvFileContents;
  /** Removes the file and its directory. */
  dispose(): void;
}

/**
 * Creates the env file of one session: empty, readable and writable by the user only, in a fresh private
 * directory so no other user can plant or swap it.
 *
 * @example
 * const envFile = createSessionEnvFile('session-1');
 * // run SessionStart hooks with CLAUDE_ENV_FILE=envFile.path, then:
 * const { variables } = envFile.read({ base: process.env });
 */
export const createSessionEnvFile = (sessionId: string, directory: string = tmpdir()): SessionEnvFile => {
  const folder = mkdtempSync(join(directory, 'hookstream-env-'));
  const path = join(folder, `${sessionId.replace(/[^A-Za-z0-9._-]/g, '_') || 'session'}.env`);
  createFileSafely(folder, path, '', { mode: 0o600 });
  return {
    path,
    read: (options) => {
      let text: string;
      try {
        // A hook may replace the file with a link (to a key file), a FIFO (the host would hang) or a huge file.
        text = readRegularFileSync(path, { maxBytes: MAX_ENV_FILE_BYTES, noFollow: true });
      } catch (error) {
        // A hook may delete or replace the file; the host still gets an answer, with the reason.
        return { variables: {}, unset: [], problems: [`cannot read ${path}: ${errorText(error)}`] };
      }
      return parseEnvFile(text, options);
    },
    dispose: () => {
      rmSync(folder, { recursive: true, force: true });
    },
  };
};
