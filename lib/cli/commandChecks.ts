/**
 * Static checks of one command hook for `hookstream validate`: shell syntax (`bash -n`, which parses
 * without executing) and the script file a command runs. Nothing here runs the hook itself.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import type { ScriptEnvironment as CheckEnvironment } from '../trust/hookScript.js';
import type { CommandHookConfig } from '../model/types.js';
import { hookScriptOf } from '../trust/hookScript.js';

/** One warning about a hook; `field` is the pointer under the hook, e.g. `/command` or `/args/0`. */
export interface CommandFinding {
  field: string;
  message: string;
  expected?: string;
  received?: string;
}

export type { ScriptEnvironment as CheckEnvironment } from '../trust/hookScript.js';

const SYNTAX_CHECK_TIMEOUT_MS = 3_000;

/**
 * `bash -n -c <command>` (sh where bash is missing): the parser's complaint, or undefined when the
 * command parses (or no verdict could be had). BASH_ENV and ENV are left out so no start-up file is read.
 */
export const shellSyntaxError = (command: string): string | undefined => {
  for (const shell of ['bash', 'sh']) {
    // No rc or profile file either, as for the hooks themselves (long options go before bash's short ones).
    const args = shell === 'bash' ? ['--norc', '--noprofile', '-n', '-c', command] : ['-n', '-c', command];
    const run = spawnSync(shell, args, {
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
  const script = hookScriptOf(definition, environment);
  return script ? checkScript(script.path, script.direct, script.word, script.field) : [];
};

/** Exec form: no shell, so nothing is expanded; `~` in a path is a mistake of its own. */
const checkExecForm = (definition: CommandHookConfig, environment: CheckEnvironment): CommandFinding[] => {
  const script = hookScriptOf(definition, environment);
  if (!script) return [];
  const tilde = script.word.startsWith('~')
    ? [
        {
          field: script.field,
          message: `exec-form hooks run without a shell, so "~" is not expanded in ${JSON.stringify(script.word)}`,
        },
      ]
    : [];
  return [...tilde, ...checkScript(script.path, script.direct, script.word, script.field)];
};

/** Every static problem found in one command hook (shell syntax, missing or non-executable scripts). */
export const checkCommandHook = (definition: CommandHookConfig, environment: CheckEnvironment): CommandFinding[] =>
  definition.args === undefined ? checkShellForm(definition, environment) : checkExecForm(definition, environment);
