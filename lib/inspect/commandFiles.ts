/**
 * Which files a command hook really runs, found without running anything (issue 11: trust that pins
 * what runs). The shell form is read as bash reads it — every simple command of the line, `cd`, variable
 * assignments, `source` — and each program is followed through wrappers (`env`, `nice`, `timeout`,
 * `xargs`, `sudo`, …), PATH lookups with the hook's own `env.PATH`, `#!` lines and interpreter options
 * (`bash -e`, `python -u`, `node --flag`, `deno run`). What cannot be followed is said, one line each,
 * so an approval shows exactly what it covers.
 *
 * @example
 * commandFiles({ type: 'command', command: 'nice -n 5 bash -e .hookstream/x.sh' }, { projectDir, home })
 * // → files: [{ path: `${projectDir}/.hookstream/x.sh`, role: 'script', … }],
 * //   notPinned: ['nice (/usr/bin/nice): a system file', …, 'files .hookstream/x.sh sources']
 */
import type { CommandHookConfig } from '../core/types.js';
import { PROJECT_DIR_VARIABLES } from '../protocol/hookEnv.js';
import type { Word } from './argv.js';
import { fsProbe, type FileProbe } from './programs.js';
import { runArgv } from './runProgram.js';
import { scanCommands } from './shellWords.js';
import { layer, Walk, type CommandFiles, type Scope, type Variables } from './walk.js';

export type { CommandFiles, FileRole, FoundFile } from './walk.js';

export interface CommandEnvironment {
  projectDir: string;
  home: string;
  /** The host's environment, which the hook's process inherits (and its `env` is laid over). */
  variables?: Readonly<Record<string, string | undefined>> | ReadonlyMap<string, string>;
  /** The filesystem as the walk sees it (default: the real one); the trust layer memoises it. */
  probe?: FileProbe;
  /** The project directory's real path, when the caller knows it (else resolved here). */
  projectReal?: string;
}

const ASSIGNMENT = /^([A-Za-z_]\w*)=/;
/** Builtins whose `NAME=value` arguments set shell variables for the rest of the line. */
const DECLARATIONS = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

/** Where `cd` goes; undefined when only a running shell knows. */
const changeDirectory = (walk: Walk, target: Word | undefined, scope: Scope): string | undefined => {
  if (target === undefined) return scope.env.get('HOME') ?? walk.home;
  if (target.text === undefined || target.text === '-') return undefined;
  return walk.resolve(target.text, scope);
};

/** Walks every simple command of a shell line, carrying `cd` and variable assignments along. */
const runLine = (walk: Walk, command: string, scope: Scope, field: string, depth: number): void => {
  const scan = scanCommands(command, scope.env, walk.home);
  let line = scope;
  for (const { words, conditional } of scan.commands) {
    const argv: Word[] = words.map((text) => ({ text, field }));
    let env = line.env;
    let at = 0;
    for (let match; (match = ASSIGNMENT.exec(argv[at]?.text ?? '')); at++) {
      const text = argv[at]?.text ?? '';
      env = layer(env, [[match[1] ?? '', text.slice(text.indexOf('=') + 1)]]);
    }
    const program = argv[at]?.text;
    if (program === undefined && at < argv.length) {
      walk.note(`a program only known at run time (${field})`);
      continue;
    }
    // `PATH=./bin:$PATH; x`: assignments alone (or exported) hold for the rest of the line.
    if (program === undefined || DECLARATIONS.has(program)) {
      for (const word of argv.slice(at + 1)) {
        const match = ASSIGNMENT.exec(word.text ?? '');
        if (match && word.text !== undefined) env = layer(env, [[match[1] ?? '', word.text.slice(match[0].length)]]);
      }
      line = { cwd: line.cwd, env, shell: true };
      continue;
    }
    if (program === 'cd') {
      // A `cd` that may or may not run leaves the directory unknown from here on.
      const cwd = conditional ? undefined : changeDirectory(walk, argv[at + 1], line);
      line = { cwd, env: line.env, shell: true };
      continue;
    }
    runArgv(walk, argv.slice(at), { cwd: line.cwd, env, shell: true }, depth);
  }
  if (scan.stoppedAt !== undefined) {
    walk.note(`the rest of the command from ${scan.stoppedAt} (shell syntax hookstream does not follow)`);
  }
};

/** The host's variables as a map (reading `process.env` costs a native call per variable: pass a map when repeating). */
export const variableMap = (variables: CommandEnvironment['variables']): ReadonlyMap<string, string> => {
  if (isMap(variables)) return variables;
  const map = new Map<string, string>();
  for (const [name, value] of Object.entries(variables ?? {})) if (value !== undefined) map.set(name, value);
  return map;
};

const isMap = (value: CommandEnvironment['variables']): value is ReadonlyMap<string, string> => value instanceof Map;

/** The environment of the hook's process: the host's, hookstream's own variables, then the hook's `env`. */
const hookEnvironment = (
  definition: CommandHookConfig,
  environment: CommandEnvironment,
  host: ReadonlyMap<string, string>,
): Variables => {
  const own: [string, string][] = [['PWD', environment.projectDir]];
  if (!host.has('HOME')) own.push(['HOME', environment.home]);
  for (const name of PROJECT_DIR_VARIABLES) own.push([name, environment.projectDir]);
  for (const [name, value] of Object.entries(definition.env ?? {})) own.push([name, value]);
  return layer(host, own);
};

/** The files `definition` runs in `environment.projectDir`, and what could not be pinned. */
export const commandFiles = (definition: CommandHookConfig, environment: CommandEnvironment): CommandFiles => {
  const host = variableMap(environment.variables);
  const probe = environment.probe ?? fsProbe;
  const projectReal = environment.projectReal ?? probe.realpath(environment.projectDir) ?? environment.projectDir;
  const walk = new Walk(environment.projectDir, environment.home, probe, host, projectReal);
  walk.runLine = (command, scope, field, depth) => {
    runLine(walk, command, scope, field, depth);
  };
  const env = hookEnvironment(definition, environment, host);
  const scope: Scope = { cwd: environment.projectDir, env, shell: definition.args === undefined };
  if (definition.args === undefined) {
    // The shell form runs under `bash -c`, which first reads the file BASH_ENV names.
    const bashEnv = env.get('BASH_ENV');
    if (bashEnv !== undefined) {
      const file = walk.resolve(bashEnv, scope);
      if (file !== undefined) walk.pin(file, 'startup', { text: bashEnv, field: '/env/BASH_ENV' });
    }
    runLine(walk, definition.command, scope, '/command', 0);
  } else {
    const argv: Word[] = [{ text: definition.command, field: '/command' }];
    definition.args.forEach((text, index) => argv.push({ text, field: `/args/${index}` }));
    runArgv(walk, argv, scope, 0);
  }
  return { files: walk.files, notPinned: walk.notPinned };
};
