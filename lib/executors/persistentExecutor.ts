/**
 * The persistent-process executor: a command hook with `persistent: true`
 * runs as long-lived workers instead of a process per event. Spawning `node hook.mjs` costs ~70 ms of
 * start-up per event; a worker answering one JSON line per request costs tens of microseconds.
 *
 * Protocol (lib/protocol/persistentProtocol.ts, README "Persistent hooks"): per request hookstream writes
 * the input JSON with a top-level `"id"` and a newline; the worker answers with one line, echoing the id,
 * read like a command hook's stdout at exit 0. Answers are paired by id (by order for a worker that does not
 * echo), and a stray or extra line fails the request it came with and replaces the worker — it never
 * answers another event (lib/process/workerSlot.ts).
 *
 * Each hook (event and command) has a pool of `workers` processes (default 1; lib/process/workerPool.ts)
 * started on demand or, with `prewarm: true`, by `prewarm()`. Workers start like one-shot hooks — the
 * `beforeSpawn` check (trust), the project directory, descriptor headroom, the same cwd and environment
 * plus `HOOKSTREAM_PERSISTENT=1` — in their own process groups, and each holds a slot of the live-process
 * limit while it lives. A timeout, an over-long line, a broken protocol or the worker's death fails that
 * request and the next one gets a fresh worker; after repeated crashes requests fail at once for a while.
 *
 * Written in callback form (StartRun) with the Observable form derived (`startable`): a hot request
 * allocates its request object and its record, no Subscriber. Unsubscribing a queued request removes it;
 * unsubscribing a written one leaves the worker alone and discards its answer.
 *
 * @example
 * const executor = createPersistentExecutor({ projectDir: '/repo', sessionId: 's1' });
 * executor.execute(hook, input).subscribe((run) => console.log(run.outcome, run.output));
 * await executor.dispose();
 */
import { randomUUID } from 'node:crypto';
import type { CommandHookConfig, HookEntry, HookRun } from '../model/types.js';
import { programOf } from '../kinds/table.js';
import {
  DEFAULT_WORKERS,
  hookTimeoutMs,
  MAX_TIMEOUT_MS,
  MAX_WORKERS,
  normalizeProcessLimits,
  positiveOr,
} from '../core/limits.js';
import { commandKey } from '../plan/createEntry.js';
import { envVariants } from '../policy/envPolicy.js';
import { createHookEnvironment, resolveInvocation, spawnEnv, type Invocation } from '../protocol/hookEnv.js';
import { bareRun } from '../protocol/outputRun.js';
import {
  interpretReply,
  requestLine,
  type LaunchRefusal,
  type ReplyContext,
  type ReplyFields,
} from '../protocol/persistentProtocol.js';
import { createCrashGuard } from '../process/crashGuard.js';
import { releaseIdleListeners } from '../process/processGroups.js';
import { createProjectDirCheck } from '../process/projectDir.js';
import type { SpawnBackend } from '../process/spawnBackend.js';
import { checkFdHeadroom, createSemaphore } from '../process/spawnLimiter.js';
import { createWorkerPool, type PoolRequest, type WorkerPool } from '../process/workerPool.js';
import type { WorkerSpawnOptions } from '../process/workerProcess.js';
import { spawnBackendsFor, type CommandExecutor, type CommandExecutorOptions } from './commandExecutor.js';
import { startable, type StartRun } from './startRun.js';

/**
 * The command executor's options — `processSlots` (the live-process limit shared with one-shot hooks),
 * `beforeSpawn`, `envPolicy`, limits — plus the crash-loop guard's.
 */
export interface PersistentExecutorOptions extends CommandExecutorOptions {
  /** Unexpected worker exits within `crashWindowMs` that trip the crash-loop guard; default 3. */
  crashLimit?: number;
  /** The crash-loop window, and how long requests then fail at once; default 60 000 ms. */
  crashWindowMs?: number;
}

/** The command executor's shape (`spawnHelperPid`: the helper that guards the workers), and `prewarm`. */
export interface PersistentExecutor extends CommandExecutor {
  /** Starts the workers of every hook given with `persistent: true` and `prewarm: true` (others are ignored). */
  prewarm(hooks: Iterable<HookEntry>): void;
}

/** Whether `hook` asks for its workers to start before its first event. */
export const wantsPrewarm = (hook: HookEntry): boolean =>
  programOf(hook.definition)?.persistent === true && programOf(hook.definition)?.prewarm === true;

/** One hook's pool and the invocation its requests share. */
interface PoolEntry {
  readonly pool: WorkerPool;
  readonly invocation: Invocation;
}

/** The pool size a definition asks for, or what is wrong with it. */
const workersOf = (definition: CommandHookConfig): number | string => {
  const workers = definition.workers;
  if (workers === undefined) return DEFAULT_WORKERS;
  if (Number.isInteger(workers) && workers >= 1 && workers <= MAX_WORKERS) return workers;
  const received = JSON.stringify(workers) ?? String(workers);
  return `invalid "workers": expected an integer 1…${MAX_WORKERS}, received ${received}`;
};

/** The record of a reply: the shared fields as a literal, the reply's fields assigned after: one shape. */
const toRun = (hook: HookEntry, command: string, fields: ReplyFields, durationMs: number): HookRun => {
  const run: HookRun = { name: hook.name, command, source: hook.origin.source, outcome: fields.outcome, durationMs };
  if (fields.exitCode !== undefined) run.exitCode = fields.exitCode;
  if (fields.signal !== undefined) run.signal = fields.signal;
  if (fields.output !== undefined) run.output = fields.output;
  if (fields.stdout !== undefined) run.stdout = fields.stdout;
  if (fields.stderr !== undefined) run.stderr = fields.stderr;
  if (fields.message !== undefined) run.message = fields.message;
  if (fields.outputWarnings !== undefined) run.outputWarnings = fields.outputWarnings;
  return run;
};

/** Creates the executor; workers start on demand (or on `prewarm`) and live until `dispose()` (or host exit). */
export const createPersistentExecutor = (options: PersistentExecutorOptions): PersistentExecutor => {
  const limits = normalizeProcessLimits(options);
  const crashLimit = Math.floor(positiveOr(options.crashLimit, 3));
  const crashWindowMs = Math.min(positiveOr(options.crashWindowMs, 60_000), MAX_TIMEOUT_MS);
  // Shared with the command executor (one per hook system): workers and one-shot hooks together stay within
  // `processConcurrency`, each worker holding its slot while it lives.
  const slots = options.processSlots ?? createSemaphore(limits.processConcurrency);
  // The environment of one-shot hooks, under the env policy for project and extension hooks; copied once per
  // policy, never per worker.
  const environments = envVariants(
    options.envPolicy,
    (env) => createHookEnvironment(env, options.projectDir, options.sessionId),
    options.env ?? process.env,
  );
  const projectDir = createProjectDirCheck(options.projectDir);
  // Workers are spawned here, their pipes the host's own (a request must not cross another process); the
  // spawn helper only guards their groups, so that a host killed by SIGKILL does not leave a worker that
  // ignores EOF running (lib/process/spawnBackend.ts). Leased with the first worker: an executor that never
  // starts one starts no helper either.
  let backend: SpawnBackend | undefined;
  const pools = new Map<string, PoolEntry>();
  // Entries are stable registry objects: one lookup per request instead of building the key.
  const entryPools = new WeakMap<HookEntry, PoolEntry>();
  let lastId = 0;
  let live = 0;
  let disposed = false;

  /** The last word of the trust gate, immediately before the spawn (as for one-shot hooks). */
  const checkBeforeSpawn = async (hook: HookEntry): Promise<LaunchRefusal | undefined> => {
    if (options.beforeSpawn === undefined) return undefined;
    let refusal: string | undefined;
    try {
      const answer = options.beforeSpawn(hook);
      refusal = answer === undefined || typeof answer === 'string' ? answer : await answer;
    } catch (error) {
      return {
        outcome: 'failed',
        message: `Hook "${hook.name}" could not be checked before it started: ${String(error)}`,
      };
    }
    return refusal === undefined ? undefined : { outcome: 'untrusted', message: refusal };
  };

  /** How a worker of `hook` starts, or why it does not: the same checks, cwd and environment as one-shot hooks. */
  const launch = async (hook: HookEntry, invocation: Invocation): Promise<WorkerSpawnOptions | LaunchRefusal> => {
    if (disposed) return { outcome: 'failed', message: `Hook "${hook.name}" cannot run: executor disposed` };
    backend ??= (options.spawnBackends ?? spawnBackendsFor(options)).lease();
    const guard = backend;
    // Once, while the helper starts: a worker is guarded from its first moment. First, so that nothing comes
    // between the checks below and the spawn.
    await guard.ready();
    const dirProblem = projectDir.problem();
    if (dirProblem !== undefined)
      return { outcome: 'failed', message: `Hook "${hook.name}" cannot run: ${dirProblem}` };
    const fdProblem = checkFdHeadroom();
    if (fdProblem !== undefined) {
      return { outcome: 'failed', message: `Hook "${hook.name}" could not start its worker: ${fdProblem}` };
    }
    const refused = await checkBeforeSpawn(hook);
    if (refused !== undefined) return refused;
    const definition = hook.definition as CommandHookConfig;
    const runId = randomUUID();
    const environment = environments.of(hook.origin.source);
    const env = spawnEnv(environment.base, environment.overlay(hook.event, runId, definition.env));
    env.HOOKSTREAM_PERSISTENT = '1';
    return {
      file: invocation.file,
      args: invocation.args,
      cwd: options.projectDir,
      env,
      runId,
      maxLineBytes: limits.maxOutputBytes,
      killGraceMs: limits.killGraceMs,
      watch: (pgid, runId) => guard.watch(pgid, runId),
    };
  };

  /** The pool of `hook`: one per event and command, so its workers' HOOKSTREAM_EVENT and environment are right. */
  const poolOf = (hook: HookEntry, definition: CommandHookConfig, size: number): PoolEntry => {
    let entry = entryPools.get(hook);
    if (entry === undefined) {
      const key = `${hook.event}\u0000${commandKey(definition)}`;
      entry = pools.get(key);
      if (entry === undefined) {
        const invocation = resolveInvocation(definition);
        const pool = createWorkerPool(size, {
          killGraceMs: limits.killGraceMs,
          maxOutputBytes: limits.maxOutputBytes,
          crashGuard: createCrashGuard(crashLimit, crashWindowMs),
          limiter: slots,
          launch: (launched) => launch(launched, invocation),
          onStart: () => (live += 1),
          onGone: () => (live -= 1),
        });
        entry = { pool, invocation };
        pools.set(key, entry);
      }
      entryPools.set(hook, entry);
    }
    // Settings reloads may change the size of a hook that keeps its command.
    entry.pool.size = size;
    return entry;
  };

  const start: StartRun = (hook, input, done) => {
    const definition = programOf(hook.definition);
    if (definition === undefined) {
      done(bareRun(hook, 'failed', 0, `Hook "${hook.name}" is not a command hook`));
      return undefined;
    }
    const size = workersOf(definition);
    if (disposed || typeof size === 'string') {
      const why = typeof size === 'string' ? size : 'executor disposed';
      const run = bareRun(hook, 'failed', 0, `Hook "${hook.name}" cannot run: ${why}`);
      run.command = resolveInvocation(definition).display;
      done(run);
      return undefined;
    }
    const { pool, invocation } = poolOf(hook, definition, size);
    const id = ++lastId;
    const timeoutMs = hookTimeoutMs(definition.timeout, limits);
    let open = true;
    const request: PoolRequest = {
      id,
      line: requestLine(input, id),
      timeoutMs,
      hook,
      settle: (reply) => {
        if (!open) return;
        open = false;
        const context: ReplyContext = {
          name: hook.name,
          event: hook.event,
          timeoutMs,
          maxOutputBytes: limits.maxOutputBytes,
          crashLimit,
          crashWindowMs,
        };
        const fields = interpretReply(reply, context);
        // A worker that could not start may have lost its directory (ENOENT then names the program): say which.
        const lostDir = reply.exit?.spawnError === undefined ? undefined : projectDir.recheck();
        if (lostDir !== undefined) fields.message = `Hook "${hook.name}" cannot run: ${lostDir}`;
        done(toRun(hook, invocation.display, fields, reply.durationMs));
      },
    };
    pool.enqueue(request);
    if (!open) return undefined;
    return () => {
      if (!open) return;
      open = false;
      pool.withdraw(request);
    };
  };

  return {
    execute: startable(start),
    prewarm: (hooks) => {
      if (disposed) return;
      for (const hook of hooks) {
        const definition = programOf(hook.definition);
        if (definition === undefined || !wantsPrewarm(hook)) continue;
        const size = workersOf(definition);
        if (typeof size === 'number') poolOf(hook, definition, size).pool.prewarm(hook);
      }
    },
    dispose: async () => {
      disposed = true;
      await Promise.all([...pools.values()].map((entry) => entry.pool.dispose()));
      await backend?.dispose();
      releaseIdleListeners();
    },
    get live() {
      return live;
    },
    get spawnHelperPid() {
      return backend?.helperPid;
    },
  };
};
