/**
 * The environment and argv of a command hook.
 * The project directory reaches the hook only as environment variables: nothing is ever substituted
 * into the command text, so a hostile directory name cannot inject commands — the shell expands
 * `"$HOOKSTREAM_PROJECT_DIR"` as data.
 *
 * The hook's shell is hermetic: no rc or profile file runs, whatever the host's environment. Node hands a
 * child its stdin over a socket, and bash then sources `~/.bashrc` when `SHLVL` is below 2 (its remote-shell
 * rule): a host started without `SHLVL` (systemd, a container, CI, `env -i`) ran the user's `~/.bashrc` before
 * every hook, and one line it printed turned a hook's `{"decision":"deny"}` into plain text — an allowed call.
 * So the shell form runs `bash --norc --noprofile -c`, and what hooks inherit never holds the variables that
 * make a shell read a file or change its options (`BASH_ENV`, `ENV`, `BASH_FUNC_*`, `SHELLOPTS`,
 * `BASHOPTS`) — a hook's own `env` may still set them — and `SHLVL` is at least 1, so a `bash -c` the hook
 * runs itself is no "remote" shell either.
 *
 * Each hook sees its own agent's variables only: another agent's (`CLAUDE_PROJECT_DIR` in a Copilot hook)
 * made multi-agent guards believe they ran under that agent. Every agent variable in the dialect tables,
 * and the markers agents set in their own processes (`CLAUDECODE`), is dropped from what hooks inherit —
 * a host running inside Claude Code passes its CLAUDE_PROJECT_DIR to no hook — and each hook gets its
 * dialect's variables afresh: hookstream's own hooks LLxprt's set here, other agents' hooks theirs
 * (lib/protocol/dialectEnv.ts). Every hook gets HOOKSTREAM_PROJECT_DIR and HOOKSTREAM_SESSION_ID.
 */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import type { CommandHookConfig } from '../model/types.js';
import { DIALECTS } from '../dialects/registry.js';
import { HOOK_CWD_VARIABLE, HOOKSTREAM } from '../dialects/hookstream.js';

/** Names hookstream's own hooks find the project directory under (the hookstream dialect's table). */
export const PROJECT_DIR_VARIABLES: readonly string[] = HOOKSTREAM.variables
  .filter((variable) => variable.value === 'projectDir')
  .map((variable) => variable.name);

/** A per-run token inherited by every descendant: finds processes that left the hook's group. */
export const RUN_ID_VARIABLE = 'HOOKSTREAM_RUN_ID';

/** Variables that make a shell run a file (`BASH_ENV`, `ENV`) or change its options before the command. */
const SHELL_STARTUP_VARIABLES: ReadonlySet<string> = new Set(['BASH_ENV', 'ENV', 'SHELLOPTS', 'BASHOPTS']);

/**
 * Every variable an agent gives its hooks or sets in its own processes, and hookstream's per-run ones: set by
 * hookstream for the hook's own dialect only, never inherited from the host.
 */
export const AGENT_VARIABLES: ReadonlySet<string> = new Set([
  ...DIALECTS.flatMap((dialect) => [
    ...dialect.variables.map((variable) => variable.name),
    ...dialect.placeholders.flatMap((placeholder) =>
      placeholder.variable === undefined ? [] : [placeholder.variable],
    ),
    ...(dialect.agentMarkers ?? []),
  ]),
  'HOOKSTREAM_EVENT',
  RUN_ID_VARIABLE,
  'HOOKSTREAM_PERSISTENT',
  HOOK_CWD_VARIABLE,
]);

/** Whether a hook inherits `name` from the host: not an agent's variable, nothing that runs shell startup code. */
export const inheritedByHooks = (name: string): boolean =>
  !AGENT_VARIABLES.has(name) && !SHELL_STARTUP_VARIABLES.has(name) && !name.startsWith('BASH_FUNC_');

/** `SHLVL` of at least 1: bash's remote-shell rule then never holds for a shell a hook starts. */
const shellLevel = (value: string | undefined): string => {
  const level = Number(value);
  return Number.isInteger(level) && level >= 1 ? String(level) : '1';
};

export interface HookEnvParams {
  base: Record<string, string | undefined>;
  projectDir: string;
  sessionId: string;
  event: string;
  runId: string;
  hookEnv?: Record<string, string>;
}

/** A hook environment split into what every run of an executor shares and what each run adds. */
export interface HookEnvironment {
  /**
   * For hookstream's own hooks: what they inherit of the base env, plus the project and session variables
   * under hookstream's and LLxprt's names. Copied once, never changed afterwards.
   */
  readonly base: Readonly<Record<string, string>>;
  /**
   * For another agent's hooks: the same without hookstream's aliases (HOOKSTREAM_PROJECT_DIR and
   * HOOKSTREAM_SESSION_ID only); their own agent's variables come with each run (dialectVariables).
   */
  readonly agentBase: Readonly<Record<string, string>>;
  /** One run's variables — event, run id, then the hook's own `env` (last, so a hook may override). */
  overlay(event: string, runId: string, hookEnv?: Record<string, string>): Record<string, string>;
}

/**
 * Copies the base environment once per executor: enumerating `process.env` goes through getenv for every
 * variable, a cost to pay once, not per spawn. Later changes to `process.env` are not seen.
 */
export const createHookEnvironment = (
  base: Record<string, string | undefined>,
  projectDir: string,
  sessionId: string,
): HookEnvironment => {
  const inherited: Record<string, string> = {};
  for (const [key, value] of Object.entries(base))
    if (value !== undefined && inheritedByHooks(key)) inherited[key] = value;
  inherited.SHLVL = shellLevel(base.SHLVL);
  const values: Record<string, string> = { projectDir, sessionId };
  const agentBase = Object.assign({}, inherited);
  agentBase.HOOKSTREAM_PROJECT_DIR = projectDir;
  agentBase.HOOKSTREAM_SESSION_ID = sessionId;
  const shared = Object.assign({}, inherited);
  for (const variable of HOOKSTREAM.variables) {
    const value = values[variable.value];
    if (value !== undefined) shared[variable.name] = value;
  }
  return {
    base: shared,
    agentBase,
    overlay: (event, runId, hookEnv) => {
      const env: Record<string, string> = { HOOKSTREAM_EVENT: event, [RUN_ID_VARIABLE]: runId };
      if (hookEnv !== undefined) for (const key of Object.keys(hookEnv)) env[key] = hookEnv[key] as string;
      return env;
    },
  };
};

/** The whole environment of one spawn: the shared part, then the run's (a new object; neither is changed). */
export const spawnEnv = (
  base: Readonly<Record<string, string>>,
  overlay: Readonly<Record<string, string>>,
): Record<string, string> => Object.assign({}, base, overlay);

/** Base env, then hookstream's variables, then the hook's own `env` (last, so a hook may override). */
export const buildHookEnv = (params: HookEnvParams): Record<string, string> => {
  const environment = createHookEnvironment(params.base, params.projectDir, params.sessionId);
  return spawnEnv(environment.base, environment.overlay(params.event, params.runId, params.hookEnv));
};

/** Whether `file` may be executed by this process (X_OK). */
export const isExecutable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

let shell: string | undefined;

/** Startup files bash must not read before a hook's command (rc, profile): see the top of this file. */
const HERMETIC_BASH = ['--norc', '--noprofile'] as const;

/** `bash` from PATH (then /bin/bash), else `sh`; looked up once per process. */
export const resolveShell = (searchPath: string | undefined = process.env.PATH): string => {
  if (shell !== undefined) return shell;
  const dirs = [...(searchPath ?? '').split(path.delimiter).filter(Boolean), '/bin', '/usr/bin'];
  shell = dirs.map((dir) => path.join(dir, 'bash')).find(isExecutable) ?? 'sh';
  return shell;
};

export interface Invocation {
  file: string;
  args: string[];
  /** `command` plus `args`, space-joined: the run record's `command`. */
  display: string;
  /** Shell form under bash: the command line, which may start without the shell when it is one simple command. */
  shellCommand?: string;
}

/**
 * The argv that runs `command` in the hook shell: `bash --norc --noprofile -c <command>`, or `sh -c <command>`
 * where there is no bash (dash reads `ENV` only when interactive, and `ENV` is not inherited anyway).
 */
export const shellArgs = (file: string, command: string): string[] =>
  path.basename(file) === 'bash' ? [...HERMETIC_BASH, '-c', command] : ['-c', command];

/** Shell form: `bash --norc --noprofile -c <command>`; exec form (`args` present): the program itself, no shell. */
export const resolveInvocation = (definition: CommandHookConfig): Invocation => {
  const display = [definition.command, ...(definition.args ?? [])].join(' ');
  if (definition.args !== undefined) return { file: definition.command, args: [...definition.args], display };
  const file = resolveShell();
  const invocation: Invocation = { file, args: shellArgs(file, definition.command), display };
  if (path.basename(file) === 'bash') invocation.shellCommand = definition.command;
  return invocation;
};
