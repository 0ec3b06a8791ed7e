/**
 * The environment and argv of a command hook (DESIGN §3 "Running a command hook").
 * The project directory reaches the hook only as environment variables: nothing is ever substituted
 * into the command text, so a hostile directory name cannot inject commands — the shell expands
 * `"$HOOKSTREAM_PROJECT_DIR"` as data.
 */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import type { CommandHookConfig } from '../core/types.js';

/** Names every dialect's hooks look for; all hold the project directory. */
export const PROJECT_DIR_VARIABLES = [
  'HOOKSTREAM_PROJECT_DIR',
  'LLXPRT_PROJECT_DIR',
  'GEMINI_PROJECT_DIR',
  'CLAUDE_PROJECT_DIR',
] as const;

/** A per-run token inherited by every descendant: finds processes that left the hook's group. */
export const RUN_ID_VARIABLE = 'HOOKSTREAM_RUN_ID';

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
  /** The base env plus the project and session variables: copied once, never changed afterwards. */
  readonly base: Readonly<Record<string, string>>;
  /** One run's variables — event, run id, then the hook's own `env` (last, so a hook may override). */
  overlay(event: string, runId: string, hookEnv?: Record<string, string>): Record<string, string>;
}

/**
 * Copies the base environment once per executor: enumerating `process.env` goes through getenv for every
 * variable, which per spawn was one of the fixed costs of issue 10. Later changes to `process.env` are not seen.
 */
export const createHookEnvironment = (
  base: Record<string, string | undefined>,
  projectDir: string,
  sessionId: string,
): HookEnvironment => {
  const shared: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) if (value !== undefined) shared[key] = value;
  for (const name of PROJECT_DIR_VARIABLES) shared[name] = projectDir;
  shared.HOOKSTREAM_SESSION_ID = sessionId;
  return {
    base: shared,
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
}

/** Shell form: `bash -c <command>`; exec form (`args` present): the program itself, no shell. */
export const resolveInvocation = (definition: CommandHookConfig): Invocation => {
  const display = [definition.command, ...(definition.args ?? [])].join(' ');
  if (definition.args !== undefined) return { file: definition.command, args: [...definition.args], display };
  return { file: resolveShell(), args: ['-c', definition.command], display };
};
