/**
 * The local script file a command hook runs, found statically (nothing is run): the program itself when
 * it is a path, or the script argument of a known interpreter (`node hooks/x.mjs`, `bash ./x.sh`).
 * `hookstream validate` checks that file; the trust fingerprint hashes its bytes.
 */
import { basename, resolve } from 'node:path';
import type { CommandHookConfig } from '../core/types.js';
import { PROJECT_DIR_VARIABLES } from '../protocol/hookEnv.js';
import { leadingWords } from './shellWords.js';

export interface HookScript {
  /** Absolute path, resolved against the project directory. */
  path: string;
  /** The word as written. */
  word: string;
  /** Pointer under the hook entry: `/command` or `/args/<i>`. */
  field: string;
  /** Run directly (must be executable) rather than through an interpreter. */
  direct: boolean;
}

export interface ScriptEnvironment {
  projectDir: string;
  home: string;
  /** Further variables the hook's shell will have (the host's environment), to resolve `$NAME` in paths. */
  variables?: Readonly<Record<string, string | undefined>>;
}

const INTERPRETERS = new Set([
  'node',
  'nodejs',
  'bun',
  'tsx',
  'ts-node',
  'bash',
  'sh',
  'dash',
  'zsh',
  'ksh',
  'python',
  'python3',
  'ruby',
  'perl',
  'php',
]);
/** Interpreter options after which the next word is code or a module, not a script path. */
const CODE_OPTIONS = new Set(['-c', '-e', '--eval', '-p', '--print', '-m', '-r', '--require', '--import']);

export const looksLikePath = (word: string): boolean =>
  word.includes('/') || word.startsWith('.') || word.startsWith('~');

/** The first argument of an interpreter that names a script, with its index; undefined when there is none. */
const scriptArgument = (args: readonly (string | undefined)[]): { word: string; index: number } | undefined => {
  for (const [index, word] of args.entries()) {
    if (word === undefined || CODE_OPTIONS.has(word)) return undefined;
    if (!word.startsWith('-')) return { word, index };
  }
  return undefined;
};

/** Shell form: the program (or the interpreter's script) among the first words, as bash would read them. */
const shellFormScript = (definition: CommandHookConfig, environment: ScriptEnvironment): HookScript | undefined => {
  const vars = new Map<string, string>();
  for (const [name, value] of Object.entries(environment.variables ?? {}))
    if (value !== undefined) vars.set(name, value);
  vars.set('HOME', environment.home);
  vars.set('PWD', environment.projectDir);
  for (const name of PROJECT_DIR_VARIABLES) vars.set(name, environment.projectDir);
  for (const [name, value] of Object.entries(definition.env ?? {})) vars.set(name, value);
  const words = leadingWords(definition.command, vars, environment.home);
  // Skip `NAME=value` prefixes and `exec`: the program is the first word after them.
  const start = words.findIndex((word) => word === undefined || !(/^[A-Za-z_]\w*=/.test(word) || word === 'exec'));
  const program = start === -1 ? undefined : words[start];
  if (program === undefined) return undefined;
  const at = (path: string) => resolve(environment.projectDir, path);
  if (looksLikePath(program)) return { path: at(program), word: program, field: '/command', direct: true };
  if (!INTERPRETERS.has(basename(program))) return undefined;
  const script = scriptArgument(words.slice(start + 1));
  return script && looksLikePath(script.word)
    ? { path: at(script.word), word: script.word, field: '/command', direct: false }
    : undefined;
};

/** Exec form: no shell, so nothing is expanded (a `~` stays literal). */
const execFormScript = (definition: CommandHookConfig, environment: ScriptEnvironment): HookScript | undefined => {
  const at = (path: string) => resolve(environment.projectDir, path);
  if (looksLikePath(definition.command)) {
    return { path: at(definition.command), word: definition.command, field: '/command', direct: true };
  }
  if (!INTERPRETERS.has(basename(definition.command))) return undefined;
  const script = scriptArgument(definition.args ?? []);
  if (!script || !looksLikePath(script.word)) return undefined;
  return { path: at(script.word), word: script.word, field: `/args/${script.index}`, direct: false };
};

/** The local script a command hook runs, when it can be known without running anything. */
export const hookScriptOf = (definition: CommandHookConfig, environment: ScriptEnvironment): HookScript | undefined =>
  definition.args === undefined ? shellFormScript(definition, environment) : execFormScript(definition, environment);
