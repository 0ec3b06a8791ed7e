/**
 * Static checks of one command hook for `hookstream validate`: shell syntax (`bash -n`, which parses
 * without executing) and the script file a command runs. Nothing here runs the hook itself.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { CommandHookConfig } from '../types.js';
import { leadingWords } from './shellWords.js';

/** One warning about a hook; `field` is the pointer under the hook, e.g. `/command` or `/args/0`. */
export interface CommandFinding {
  field: string;
  message: string;
  expected?: string;
  received?: string;
}

export interface CheckEnvironment {
  projectDir: string;
  home: string;
}

const SYNTAX_CHECK_TIMEOUT_MS = 3_000;
const PROJECT_DIR_VARIABLES = [
  'HOOKSTREAM_PROJECT_DIR',
  'LLXPRT_PROJECT_DIR',
  'GEMINI_PROJECT_DIR',
  'CLAUDE_PROJECT_DIR',
];
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

/**
 * `bash -n -c <command>` (sh where bash is missing): the parser's complaint, or undefined when the
 * command parses (or no verdict could be had). BASH_ENV and ENV are left out so no start-up file is read.
 */
export const shellSyntaxError = (command: string): string | undefined => {
  for (const shell of ['bash', 'sh']) {
    const run = spawnSync(shell, ['-n', '-c', command], {
      encoding: 'utf8',
      timeout: SYNTAX_CHECK_TIMEOUT_MS,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    if (run.error !== undefined && 'code' in run.error && run.error.code === 'ENOENT') continue;
    if (run.error !== undefined || run.status === 0) return undefined;
    const lines = run.stderr
      .trim()
      .split('\n')
      .map((line) => line.replace(/^\S*(bash|sh): (-c: )?/, ''));
    return lines.filter((line) => line !== '').join('; ') || `${shell} -n exited with ${String(run.status)}`;
  }
  return undefined;
};

const looksLikePath = (word: string): boolean => word.includes('/') || word.startsWith('.') || word.startsWith('~');

/** The first argument of an interpreter that names a script, with its index; undefined when there is none. */
const scriptArgument = (args: readonly (string | undefined)[]): { word: string; index: number } | undefined => {
  for (const [index, word] of args.entries()) {
    if (word === undefined || CODE_OPTIONS.has(word)) return undefined;
    if (!word.startsWith('-')) return { word, index };
  }
  return undefined;
};

/** Problems with the file at `path` that the hook runs: missing, a directory, or (run directly) not executable. */
const checkScript = (path: string, direct: boolean, word: string, field: string): CommandFinding[] => {
  const received = JSON.stringify(word);
  let isFile: boolean;
  try {
    isFile = !statSync(path).isDirectory();
  } catch {
    return [
      {
        field,
        message: `script not found: ${path} (relative paths resolve against the project directory)`,
        expected: 'an existing file',
        received,
      },
    ];
  }
  if (!isFile) return [{ field, message: `${path} is a directory, not a script`, expected: 'a file', received }];
  if (!direct) return [];
  try {
    accessSync(path, constants.X_OK);
    return [];
  } catch {
    return [{ field, message: `${path} is not executable (chmod +x it, or run it through its interpreter)`, received }];
  }
};

/** Shell form: syntax, then the program (or the interpreter's script) among the first words. */
const checkShellForm = (definition: CommandHookConfig, environment: CheckEnvironment): CommandFinding[] => {
  const syntax = shellSyntaxError(definition.command);
  if (syntax !== undefined) {
    const message = `shell syntax error: ${syntax} (the shell exits 2, which blocks)`;
    return [
      {
        field: '/command',
        message,
        expected: 'a command bash can parse',
        received: JSON.stringify(definition.command),
      },
    ];
  }
  const vars = new Map<string, string>([
    ['HOME', environment.home],
    ['PWD', environment.projectDir],
  ]);
  for (const name of PROJECT_DIR_VARIABLES) vars.set(name, environment.projectDir);
  for (const [name, value] of Object.entries(definition.env ?? {})) vars.set(name, value);
  const words = leadingWords(definition.command, vars, environment.home);
  // Skip `NAME=value` prefixes and `exec`: the program is the first word after them.
  const start = words.findIndex((word) => word === undefined || !(/^[A-Za-z_]\w*=/.test(word) || word === 'exec'));
  const program = start === -1 ? undefined : words[start];
  if (program === undefined) return [];
  const at = (path: string) => resolve(environment.projectDir, path);
  if (looksLikePath(program)) return checkScript(at(program), true, program, '/command');
  if (!INTERPRETERS.has(basename(program))) return [];
  const script = scriptArgument(words.slice(start + 1));
  return script && looksLikePath(script.word) ? checkScript(at(script.word), false, script.word, '/command') : [];
};

/** Exec form: no shell, so nothing is expanded; `~` in a path is a mistake of its own. */
const checkExecForm = (definition: CommandHookConfig, environment: CheckEnvironment): CommandFinding[] => {
  const args = definition.args ?? [];
  const tilde = (word: string, field: string): CommandFinding[] =>
    word.startsWith('~')
      ? [{ field, message: `exec-form hooks run without a shell, so "~" is not expanded in ${JSON.stringify(word)}` }]
      : [];
  const at = (path: string) => resolve(environment.projectDir, path);
  if (looksLikePath(definition.command)) {
    return [
      ...tilde(definition.command, '/command'),
      ...checkScript(at(definition.command), true, definition.command, '/command'),
    ];
  }
  if (!INTERPRETERS.has(basename(definition.command))) return [];
  const script = scriptArgument(args);
  if (!script || !looksLikePath(script.word)) return [];
  const field = `/args/${script.index}`;
  return [...tilde(script.word, field), ...checkScript(at(script.word), false, script.word, field)];
};

/** Every static problem found in one command hook (shell syntax, missing or non-executable scripts). */
export const checkCommandHook = (definition: CommandHookConfig, environment: CheckEnvironment): CommandFinding[] =>
  definition.args === undefined ? checkShellForm(definition, environment) : checkExecForm(definition, environment);
