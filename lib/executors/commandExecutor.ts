/**
 * The command-hook executor: starts a shell-command hook for each
 * run, hands it the input as JSON on stdin and turns its exit status and output into a `HookRun`. Shaped
 * like rxjs `fromFetch`: cold, one AbortController per run, and cancelling aborts it — which kills the
 * hook's process group. Failures are values: exactly one record per run, never an error.
 *
 * Every process goes through the one supervisor (lib/process/superviseProcess.ts), started by default
 * through spawn helpers started with the executor (or shared with the hook system's other process
 * executors), so that spawning costs the same in a 4 GB agent as in a small one and never blocks the host's
 * event loop (lib/process/spawnBackend.ts).
 *
 * Hooks must not leave work in the background: after every run whatever is left of the hook's process
 * group is killed, and so is anything that left the group (`setsid`), found by the run's id.
 *
 * @example
 * const executor = createCommandExecutor({ projectDir: '/repo', sessionId: 's1' });
 * executor.execute(hook, input).subscribe((run) => console.log(run.outcome, run.output));
 * await executor.dispose();
 */
import { randomUUID } from 'node:crypto';
import { errorText } from '../core/guards.js';
import { hookTimeoutMs, normalizeProcessLimits, type ProcessLimitOptions } from '../core/limits.js';
import type { CommandHookConfig, HookEntry, HookRun } from '../model/types.js';
import { programOf } from '../kinds/table.js';
import type { HookInput } from '../events/inputs.js';
import { createRootLogger, type Logger } from '../logging/logger.js';
import { directExec } from '../process/directExec.js';
import { createProjectDirCheck } from '../process/projectDir.js';
import { releaseIdleListeners } from '../process/processGroups.js';
import { shareSpawnBackend, type SharedSpawnBackend } from '../process/spawnBackend.js';
import { createSemaphore, type Semaphore } from '../process/spawnLimiter.js';
import { superviseProcess } from '../process/superviseProcess.js';
import { createHookEnvironment, resolveInvocation } from '../protocol/hookEnv.js';
import { envVariants, type EnvPolicy } from '../policy/envPolicy.js';
import { bareRun } from '../protocol/outputRun.js';
import { createDialectRuns, type EnvFileWriter } from './dialectRuns.js';
import type { EnvFileContents } from '../transport/envFile.js';
import { commandRunRecord } from '../protocol/processRecord.js';
import { createRunLifecycles } from './runLifecycles.js';
import { startable, type StartableExecutor, type StartRun } from './startRun.js';

export interface CommandExecutorOptions extends ProcessLimitOptions {
  projectDir: string;
  sessionId: string;
  /** Live hook processes at once, default 16; the rest queue. */
  processConcurrency?: number | undefined;
  /** Default 60 000 ms; a hook's own `timeout` wins. */
  defaultTimeoutMs?: number | undefined;
  /** SIGTERM → SIGKILL grace, default 5 000 ms. */
  forceKillAfterMs?: number | undefined;
  /** Cap per stream, default 1 MiB. */
  maxOutputBytes?: number | undefined;
  /** Base environment, default `process.env`; copied once, when the executor is created. */
  env?: Record<string, string | undefined>;
  /** What project and extension hooks inherit of `env` (lib/policy/envPolicy.ts), read per run; default all. */
  envPolicy?: () => EnvPolicy | undefined;
  /**
   * Spawn hooks through small long-lived helper processes started with the executor (default `true`; Linux
   * and macOS only; two where there are two CPUs): a spawn then costs the same whatever the host's memory and
   * never blocks its event loop. A helper that dies is replaced once, then hooks are spawned from the host with a
   * warning. `false`: always spawn from the host (and persistent workers are not guarded against a SIGKILLed host).
   */
  spawnHelper?: boolean;
  /**
   * Called for each run after its process slot is acquired, immediately before the spawn — the last moment
   * to re-check what is about to run (the trust gate's time-of-check/time-of-use seam). A string means: do
   * not spawn; the run's outcome is `untrusted` and the string its message. A throw fails the run.
   */
  beforeSpawn?: (hook: HookEntry) => string | undefined | Promise<string | undefined>;
  /** Where the helper's restarts and fallback, and processes killed after a run, are logged; default silent. */
  logger?: Logger;
  /** A live-process limit shared with other executors (persistent workers); default: this executor's own. */
  processSlots?: Semaphore;
  /**
   * A spawn backend (and its helper) shared with other executors: one helper spawns one-shot hooks and guards
   * persistent workers (`spawnBackendsFor`); default: this executor's own.
   */
  spawnBackends?: SharedSpawnBackend;
}

/** The spawn backend several executors share, started by the first of them with these options' helper switch. */
export const spawnBackendsFor = (options: Pick<CommandExecutorOptions, 'spawnHelper' | 'logger'>): SharedSpawnBackend =>
  shareSpawnBackend({ helper: options.spawnHelper ?? true, logger: options.logger ?? createRootLogger() });

export interface CommandExecutor {
  /** The executor seam, with its callback form (`start`) that the engine uses without an Observable. */
  readonly execute: StartableExecutor;
  /** Kills every live group (SIGTERM, SIGKILL after the grace), awaits them, stops the helper; later runs fail. */
  dispose(): Promise<void>;
  /** Live process groups of this executor. */
  readonly live: number;
  /** The spawn helper's pid while hooks go through one; `undefined` when they are spawned from the host. */
  readonly spawnHelperPid?: number | undefined;
  /**
   * What the session's Claude Code hooks appended to `CLAUDE_ENV_FILE` so far (lib/transport/envFile.ts); `$NAME`
   * in a line is expanded from the environment its writer was given, or from `base` narrowed by the env policy
   * that restricted the writer. `undefined` when no hook was given one.
   * Optional in the type only (other process executors share it); the command executor always has it.
   */
  readonly readEnvFile?: (base?: Readonly<Record<string, string | undefined>>) => EnvFileContents | undefined;
}

const DISPOSED = 'executor disposed';

const cancelMessage = (hook: HookEntry, signal: AbortSignal): string =>
  `Hook "${hook.name}" was canceled${signal.reason === DISPOSED ? `: ${DISPOSED}` : ''}`;

/** Creates the executor (and its spawn helper); every process it starts is tracked until gone. */
export const createCommandExecutor = (options: CommandExecutorOptions): CommandExecutor => {
  const limits = normalizeProcessLimits(options);
  const slots = options.processSlots ?? createSemaphore(limits.processConcurrency);
  // One shared environment per variant: the whole one, and what the env policy leaves project hooks.
  // Each variant is also the writer of its hooks' `CLAUDE_ENV_FILE` lines, read back from the same environment.
  const environments = envVariants(
    options.envPolicy,
    (env, policy) => {
      const hookEnvironment = createHookEnvironment(env, options.projectDir, options.sessionId);
      const writer: EnvFileWriter = { env: hookEnvironment.base, policy };
      return { hookEnvironment, writer };
    },
    options.env ?? process.env,
  );
  const logger = options.logger ?? createRootLogger();
  const projectDir = createProjectDirCheck(options.projectDir);
  const backend = (options.spawnBackends ?? spawnBackendsFor({ spawnHelper: options.spawnHelper, logger })).lease();
  const dialects = createDialectRuns(options.projectDir, options.sessionId);
  const lifecycles = createRunLifecycles();
  let live = 0;
  let disposed = false;

  /** One run, start to record; `track` gets the promise that the process group is gone. */
  const run = async (
    hook: HookEntry,
    definition: CommandHookConfig,
    input: HookInput,
    signal: AbortSignal,
    track: (gone: Promise<void>) => void,
  ): Promise<HookRun> => {
    // Another agent's hook sees its own agent: stdin, variables, placeholders, protocol (dialectRuns.ts).
    const variant = environments.of(hook.origin.source);
    const dialectRun = dialects.prepare(hook, definition, input, variant.writer);
    const invocation = resolveInvocation(dialectRun?.definition ?? definition);
    const refused = (outcome: HookRun['outcome'], message: string): HookRun => {
      const record = bareRun(hook, outcome, 0, message);
      record.command = invocation.display;
      return record;
    };
    if (disposed) return refused('failed', `Hook "${hook.name}" cannot run: ${DISPOSED}`);
    const dirProblem = projectDir.problem();
    if (dirProblem !== undefined) return refused('failed', `Hook "${hook.name}" cannot run: ${dirProblem}`);
    const release = await slots.acquire(signal);
    if (release === undefined) return refused('canceled', cancelMessage(hook, signal));
    if (options.beforeSpawn !== undefined) {
      let refusal: string | undefined;
      try {
        const answer = options.beforeSpawn(hook);
        // A synchronous answer is used as is: no extra turn between the check and the spawn.
        refusal = answer === undefined || typeof answer === 'string' ? answer : await answer;
      } catch (error) {
        release();
        return refused('failed', `Hook "${hook.name}" could not be checked before it started: ${errorText(error)}`);
      }
      if (refusal !== undefined || signal.aborted) release();
      if (signal.aborted) return refused('canceled', cancelMessage(hook, signal));
      if (refusal !== undefined) return refused('untrusted', refusal);
    }
    const runId = randomUUID();
    const environment = variant.hookEnvironment;
    const timeoutMs = hookTimeoutMs(definition.timeout, limits);
    const started = performance.now();
    let spawned = false;
    // Another agent's hook gets its own agent's variables, not hookstream's aliases for them.
    const baseEnv = dialectRun === undefined ? environment.base : environment.agentBase;
    const env = environment.overlay(input.hook_event_name, runId, dialectRun?.env ?? definition.env);
    // One simple command starts its program as bash would, without bash (lib/process/directExec.ts).
    const direct =
      invocation.shellCommand === undefined
        ? undefined
        : directExec(invocation.shellCommand, baseEnv, env, options.projectDir);
    if (direct !== undefined) Object.assign(env, direct.env);
    const child = superviseProcess({
      launch: backend.launch,
      request: {
        file: direct?.file ?? invocation.file,
        args: direct?.args ?? invocation.args,
        argv0: direct?.argv0,
        fallback: direct === undefined ? undefined : { file: invocation.file, args: invocation.args },
        redirects: direct?.redirects,
        cwd: options.projectDir,
        baseEnv,
        env,
        input: `${JSON.stringify(dialectRun?.stdin ?? input)}\n`,
        maxOutputBytes: limits.maxOutputBytes,
      },
      runId,
      timeoutMs,
      killGraceMs: limits.killGraceMs,
      signal,
      onSpawn: () => {
        spawned = true;
        live += 1;
      },
      onEscapees: (pids) => {
        logger.warn(`Hook "${hook.name}" left processes outside its process group; killing them`, { pids });
      },
    });
    // The slot is held until the group is gone, so `processConcurrency` bounds real processes.
    track(
      child.gone.finally(() => {
        if (spawned) live -= 1;
        release();
      }),
    );
    const report = await child.report;
    // A spawn that failed may have failed for the directory (ENOENT names the program): say which.
    const lostDir = report.spawnError === undefined ? undefined : projectDir.recheck();
    if (lostDir !== undefined) return refused('failed', `Hook "${hook.name}" cannot run: ${lostDir}`);
    const canceled = report.aborted && !report.timedOut ? cancelMessage(hook, signal) : undefined;
    const context = { name: hook.name, event: hook.event, command: invocation.display, source: hook.origin.source };
    const durationMs = Math.round(performance.now() - started);
    return commandRunRecord(context, report, {
      durationMs,
      timeoutMs,
      maxOutputBytes: limits.maxOutputBytes,
      canceled,
      interpret: dialectRun?.interpret,
    });
  };

  const start: StartRun = (hook, input, done) => {
    const definition = programOf(hook.definition);
    if (definition === undefined) {
      done(bareRun(hook, 'failed', 0, `Hook "${hook.name}" is not a command hook`));
      return undefined;
    }
    return lifecycles.start(hook, done, (signal, keepUntil) => run(hook, definition, input, signal, keepUntil));
  };

  return {
    execute: startable(start),
    dispose: async () => {
      disposed = true;
      await lifecycles.abortAll(DISPOSED);
      await backend.dispose();
      dialects.dispose();
      releaseIdleListeners();
    },
    get live() {
      return live;
    },
    get spawnHelperPid() {
      return backend.helperPid;
    },
    readEnvFile: (base) => dialects.readEnvFile(base),
  };
};
