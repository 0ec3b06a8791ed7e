/**
 * Which files a command hook really runs, found without running anything (so that trust pins
 * what runs). The shell form is read as bash reads it — every simple command of the line, `cd`, variable
 * assignments, `source` — and each program is followed through wrappers (`env`, `nice`, `timeout`,
 * `xargs`, `sudo`, …), PATH lookups with the hook's own `env.PATH`, `#!` lines and interpreter options
 * (`bash -e`, `python -u`, `node --flag`, `deno run`). It is an allowlist: a construct it does not understand
 * is never skipped but reported as `cannot pin: <construct>`, and what it knowingly leaves out (system files,
 * what a script imports) is listed too, one line each, so an approval shows exactly what it covers.
 *
 * @example
 * commandFiles({ type: 'command', command: 'nice -n 5 bash -e .hookstream/x.sh' }, { projectDir, home })
 * // → files: [{ path: `${projectDir}/.hookstream/x.sh`, role: 'script', … }],
 * //   notPinned: ['nice (/usr/bin/nice): a system file', …, 'files .hookstream/x.sh sources']
 */
import type { CommandHookConfig } from '../model/types.js';
import { PROJECT_DIR_VARIABLES } from '../protocol/hookEnv.js';
import type { Word } from '../inspect/argv.js';
import { fsProbe, type FileProbe } from '../inspect/programs.js';
import { startupFiles } from '../inspect/interpret.js';
import { runArgv } from '../inspect/runProgram.js';
import { isBuiltin, runBuiltin, scopeOf, stateOf } from '../inspect/builtins.js';
import {
  DEFERRED,
  expandAssigned,
  expandBraces,
  expandMarkers,
  hasUnquotedBraces,
  HOME_MARK,
} from '../inspect/expand.js';
import { scanCommands } from '../inspect/shellWords.js';
import { layer, Walk, type CommandFiles, type LineState, type Scope, type Variables } from '../inspect/walk.js';

export type { CommandFiles, FileRole, FoundFile } from '../inspect/walk.js';

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
/** `bash -c` in `eval` in `bash -c` …: deeper than this is not followed. */
const MAX_LINE_DEPTH = 8;

/** The words of one scanned command after brace expansion (variables still markers). */
const braceWords = (walk: Walk, words: readonly (string | undefined)[], braces: boolean): (string | undefined)[] => {
  if (!braces) return [...words];
  const out: (string | undefined)[] = [];
  for (const word of words) {
    const forms = word === undefined ? [word] : expandBraces(word);
    if (forms === undefined) {
      walk.cannot(`brace expansion ${word ?? ''} (more words than hookstream follows)`);
      out.push(undefined);
    } else out.push(...forms);
  }
  return out;
};

/** `builtin cd x`, `command cd x`: the builtin itself, in this shell. */
const unwrapBuiltin = (argv: readonly (string | undefined)[]): number =>
  (argv[0] === 'builtin' || argv[0] === 'command') && argv[1] !== undefined && isBuiltin(argv[1]) ? 1 : 0;

/**
 * Walks every simple command of a shell line in the shell whose state is `state`, carrying `cd`, `pushd`,
 * variable assignments and `hash -p` along; `trap` bodies are walked when set and again at the end.
 */
const runShell = (walk: Walk, command: string, state: LineState, field: string, depth: number): void => {
  if (depth > MAX_LINE_DEPTH) {
    walk.cannot(`shell code nested more than ${MAX_LINE_DEPTH} levels deep (${field})`);
    return;
  }
  const scan = scanCommands(command, DEFERRED, HOME_MARK);
  const braces = hasUnquotedBraces(command);
  const trapsBefore = state.traps.length;
  for (const { words, conditional } of scan.commands) {
    if (state.opaqueAfter !== undefined) {
      walk.cannot(`what follows ${state.opaqueAfter} (the sourced file may change the directory, PATH or functions)`);
    }
    const raw = braceWords(walk, words, braces);
    let env = state.env;
    let at = 0;
    for (let match; (match = ASSIGNMENT.exec(raw[at] ?? '')); at++) {
      const name = match[1] ?? '';
      walk.assigned.add(name);
      env = layer(env, [[name, expandAssigned((raw[at] ?? '').slice(match[0].length), env, walk.home)]]);
    }
    if (at === raw.length) {
      // `PATH=./bin:$PATH; x`: assignments alone hold for the rest of the line.
      state.env = env;
      continue;
    }
    const skip = unwrapBuiltin(raw.slice(at));
    const program = expandMarkers(raw[at + skip], state.env, walk.home);
    if (program === undefined) {
      walk.cannot(`a program only known at run time (${field})`);
      continue;
    }
    const call = { raw: raw.slice(at + skip + 1), field, conditional, depth };
    if (runBuiltin(walk, program, call, state)) continue;
    const argv: Word[] = raw.slice(at).map((text) => ({ text: expandMarkers(text, state.env, walk.home), field }));
    const scope: Scope =
      state.hashed === undefined
        ? { cwd: state.cwd, env, shell: true }
        : { cwd: state.cwd, env, shell: true, hashed: state.hashed };
    runArgv(walk, argv, scope, depth);
  }
  // Their commands run in a shell of their own: what they run is said, not followed.
  for (const substitution of scan.substitutions ?? []) {
    walk.cannot(`what ${JSON.stringify(substitution.slice(0, 40))} runs (a command substitution, not followed)`);
  }
  if (scan.stoppedAt !== undefined) {
    walk.cannot(`the rest of the command from ${scan.stoppedAt} (shell syntax hookstream does not follow)`);
  }
  // A trap runs later, where the shell then is (an EXIT trap: at the end of the line).
  for (const { body, field: where } of state.traps.slice(trapsBefore)) {
    walk.runShell(body, stateOf(scopeOf(state)), where, depth + 1);
  }
};

/** Walks a line in a new shell started in `scope`. */
const runLine = (walk: Walk, command: string, scope: Scope, field: string, depth: number): void => {
  const state = stateOf(scope);
  runShell(walk, command, state, field, depth);
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
  walk.runShell = (command, state, field, depth) => {
    runShell(walk, command, state, field, depth);
  };
  const env = hookEnvironment(definition, environment, host);
  const scope: Scope = { cwd: environment.projectDir, env, shell: definition.args === undefined };
  for (const name of Object.keys(definition.env ?? {})) walk.assigned.add(name);
  if (definition.args === undefined) {
    // The shell form runs under `bash -c`, which first reads what BASH_ENV and the rest of the environment name.
    startupFiles(walk, scope, 'shell');
    runLine(walk, definition.command, scope, '/command', 0);
  } else {
    const argv: Word[] = [{ text: definition.command, field: '/command' }];
    definition.args.forEach((text, index) => argv.push({ text, field: `/args/${index}` }));
    runArgv(walk, argv, scope, 0);
  }
  return { files: walk.files, notPinned: walk.notPinned, cannotPin: walk.cannotPin };
};
