/**
 * Runs a real command hook — a bash, node or python script — through hookstream's command executor and
 * returns its run record: the same spawn, stdin, environment, exit-code protocol, timeout and cleanup a
 * host gets. For hook authors' unit tests.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { lastValueFrom } from 'rxjs';
import type { HookInput } from '../events/inputs.js';
import { createExecutors } from '../executors/createExecutors.js';
import { isExecutable } from '../protocol/hookEnv.js';
import type { CommandHookConfig, HookRun } from '../model/types.js';
import { entry } from './entries.js';

export interface RunHookScriptOptions {
  /** Arguments after the script (exec form: no shell). */
  args?: readonly string[];
  /** Extra environment for the hook (over the parent's and hookstream's variables). */
  env?: Record<string, string>;
  /** The hook's timeout (default 60 000 ms): SIGTERM to its process group, SIGKILL after `forceKillAfterMs`. */
  timeoutMs?: number;
  /** SIGTERM → SIGKILL grace (default 1 000 ms here, so a stuck test ends soon). */
  forceKillAfterMs?: number;
  /** The hook's cwd and `*_PROJECT_DIR` (default `process.cwd()`). */
  projectDir?: string;
  /** Turn failures into blocks, like `failurePolicy: 'block'` in settings. */
  failurePolicy?: 'allow' | 'block';
}

const INTERPRETERS: Readonly<Record<string, string>> = {
  '.js': process.execPath,
  '.mjs': process.execPath,
  '.cjs': process.execPath,
  '.sh': 'bash',
  '.bash': 'bash',
  '.py': 'python3',
};

const isFile = (file: string): boolean => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * The hook definition for `script`: a file runs directly (exec form); a file without its executable bit
 * runs under the interpreter its extension names (node for .js/.mjs/.cjs, bash for .sh, python3 for .py);
 * anything else is a shell-form command.
 */
export const scriptHook = (script: string, options: RunHookScriptOptions = {}): CommandHookConfig => {
  const base = {
    type: 'command' as const,
    ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
    ...(options.env !== undefined ? { env: options.env } : {}),
    ...(options.failurePolicy !== undefined ? { failurePolicy: options.failurePolicy } : {}),
  };
  const file = path.resolve(script);
  if (!isFile(file)) {
    const args = options.args ?? [];
    return args.length > 0 ? { ...base, command: script, args: [...args] } : { ...base, command: script };
  }
  const interpreter = isExecutable(file) ? undefined : INTERPRETERS[path.extname(file)];
  return interpreter === undefined
    ? { ...base, command: file, args: [...(options.args ?? [])] }
    : { ...base, command: interpreter, args: [file, ...(options.args ?? [])], name: file };
};

/**
 * Runs `script` once with `event` on stdin and resolves with its run record; every process it started
 * is gone when the promise settles.
 *
 * @example
 * ```ts
 * const run = await runHookScript('hooks/no-force-push.sh', beforeTool('run_shell_command', { command: 'git push -f' }));
 * expect(run.outcome).toBe('blocked');
 * ```
 * @param script A script path (relative to the current directory) or a shell command line (run in `projectDir`).
 * @param event The hook input, e.g. from `beforeTool(...)`.
 */
export const runHookScript = async (
  script: string,
  event: HookInput,
  options: RunHookScriptOptions = {},
): Promise<HookRun> => {
  const projectDir = path.resolve(options.projectDir ?? process.cwd());
  // The real stack (failure policy included) with trust off: the caller chose the script to run.
  const executor = createExecutors({
    // One run per executor: a spawn helper would cost a Node start for nothing.
    process: {
      projectDir,
      sessionId: event.session_id,
      forceKillAfterMs: options.forceKillAfterMs ?? 1_000,
      spawnHelper: false,
    },
    trust: undefined,
  });
  try {
    const hook = entry(event.hook_event_name, scriptHook(script, { ...options, projectDir }), { source: 'project' });
    return await lastValueFrom(executor(hook, event));
  } finally {
    await executor.dispose();
  }
};
