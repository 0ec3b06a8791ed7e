/**
 * The executor stack, composed once: observe(failure policy(trust(tool effects(leaf)))). The leaf dispatches on
 * the hook's kind; `executor` replaces only the leaf, so a custom runner still gets trust, the failure policy,
 * observation and the `tool_effects` of effect guards. The process leaves re-verify trust right before spawning.
 */
import type { SchedulerLike } from 'rxjs';
import type { HookEntry, HookExecutor } from '../model/types.js';
import { programOf } from '../kinds/table.js';
import type { TrustGate } from '../trust/trustGate.js';
import {
  createCommandExecutor,
  spawnBackendsFor,
  type CommandExecutor,
  type CommandExecutorOptions,
} from './commandExecutor.js';
import { createCallbackExecutor } from './callbackExecutor.js';
import type { HookCallbacks } from './callbackTypes.js';
import { dispatchExecutor } from './dispatchExecutor.js';
import { withFailurePolicy } from './failurePolicy.js';
import { createHttpExecutor, type HttpHookOptions } from './httpExecutor.js';
import type { HttpSettings } from '../policy/httpPolicy.js';
import { createFunctionStart } from './functionExecutor.js';
import { withObserver, type ObserveOptions } from './observeExecutor.js';
import {
  createPersistentExecutor,
  wantsPrewarm,
  type PersistentExecutor,
  type PersistentExecutorOptions,
} from './persistentExecutor.js';
import { normalizeProcessLimits } from '../core/limits.js';
import type { EnvFileContents } from '../transport/envFile.js';
import { createSemaphore } from '../process/spawnLimiter.js';
import { startable, startOf, type InternalFailurePolicy, type StartableExecutor, type StartRun } from './startRun.js';
import { withTrust } from './trustExecutor.js';
import { withToolEffects } from './toolEffectsExecutor.js';

/** A custom leaf that runs only the hooks it `handles`; the built-in executors run the rest. */
export interface PartialExecutor extends HookExecutor {
  handles(hook: HookEntry): boolean;
}

/** The process executors' options; their `beforeSpawn` is the trust gate's re-check. */
export type ProcessOptions = Omit<CommandExecutorOptions, 'beforeSpawn'>;

export interface ExecutorsOptions {
  /** What the process executors need: project dir, session id, limits (`beforeSpawn` is trust's). */
  readonly process: ProcessOptions;
  /** The approval gate of project and extension hooks; `undefined` turns trust off (explicitly). */
  readonly trust: TrustGate | undefined;
  /** Replaces the leaf (every kind of hook) — trust, failure policy and observation still apply. */
  readonly executor?: HookExecutor | undefined;
  /** What a failure of hookstream itself does: `block` (default) or `allow`. */
  readonly internalFailurePolicy?: InternalFailurePolicy;
  /** Records and logging; without it nothing is observed. */
  readonly observe?: ObserveOptions;
  /** Clock of function hooks (a TestScheduler in marble tests). */
  readonly scheduler?: SchedulerLike;
  /** HTTP hooks: the host's options, and the settings' allowlists read per run (lib/executors/httpExecutor.ts). */
  readonly http?: {
    readonly host?: HttpHookOptions | undefined;
    readonly settings?: (() => HttpSettings | undefined) | undefined;
  };
  /** The host's callbacks of `prompt`, `agent` and `mcp_tool` hooks (lib/executors/callbackExecutor.ts). */
  readonly callbacks?: HookCallbacks;
}

/** The composed stack: a `HookExecutor` with its callback form, and `dispose` for its processes. */
export interface Executors extends StartableExecutor {
  /** Kills and awaits every live hook process; later runs fail. */
  dispose(): Promise<void>;
  /**
   * Starts what `hooks` will need now: the workers of `persistent` + `prewarm` hooks (trust re-checked before
   * each) and, when one-shot command hooks are among them, the command executor and its spawn helper.
   */
  prewarm(hooks: Iterable<HookEntry>): void;
  /** What the session's hooks exported through `CLAUDE_ENV_FILE` (commandExecutor.ts `readEnvFile`). */
  readEnvFile(base?: Readonly<Record<string, string | undefined>>): EnvFileContents | undefined;
}

/** A process executor created on its first run: a host with only function hooks never starts one. */
const onFirstUse = <E extends Pick<CommandExecutor, 'execute' | 'dispose'>>(create: () => E) => {
  let executor: E | undefined;
  let start: StartRun | undefined;
  return {
    start: ((hook, input, done, eventId) => {
      if (start === undefined) {
        executor = create();
        start = startOf(executor.execute, 'allow');
      }
      return start(hook, input, done, eventId);
    }) satisfies StartRun,
    dispose: (): Promise<void> | undefined => executor?.dispose(),
    /** The executor once created; `undefined` before its first run. */
    created: (): E | undefined => executor,
    /** Creates the executor ahead of its first run. */
    warm: (): void => {
      if (start !== undefined) return;
      executor = create();
      start = startOf(executor.execute, 'allow');
    },
  };
};

/**
 * The process options with trust's last word: right before a process starts — after any wait for a slot —
 * the gate verifies the hook again (memoised fingerprints: a few `stat` calls), so a script swapped during
 * the wait does not run (no gap between check and use).
 */
const withBeforeSpawn = (process: ProcessOptions, gate: TrustGate | undefined): PersistentExecutorOptions => {
  if (gate === undefined) return process;
  const beforeSpawn = (hook: HookEntry): string | undefined =>
    gate.needsApproval(hook) ? gate.verify(hook) : undefined;
  return Object.assign({}, process, { beforeSpawn });
};

/**
 * The host's leaf; one that says which hooks it `handles` (a broker running some hooks remotely) leaves the
 * others to the built-in executors.
 */
const customLeaf = (executor: HookExecutor, builtIn: StartRun): StartRun => {
  const custom = startOf(executor, 'allow');
  const { handles } = executor as Partial<PartialExecutor>;
  if (typeof handles !== 'function') return custom;
  return (hook, input, done, eventId) =>
    handles.call(executor, hook) ? custom(hook, input, done, eventId) : builtIn(hook, input, done, eventId);
};

export const createExecutors = (options: ExecutorsOptions): Executors => {
  const internalFailurePolicy = options.internalFailurePolicy ?? 'block';
  // One live-process limit for one-shot hooks and persistent workers together.
  const processSlots =
    options.process.processSlots ?? createSemaphore(normalizeProcessLimits(options.process).processConcurrency);
  // One spawn helper for both: it spawns one-shot hooks and guards persistent workers against the host's death.
  const spawnBackends = options.process.spawnBackends ?? spawnBackendsFor(options.process);
  const process = withBeforeSpawn(Object.assign({}, options.process, { processSlots, spawnBackends }), options.trust);
  const command = onFirstUse(() => createCommandExecutor(process));
  // Created on its first run, or earlier by `prewarm`.
  let persistentExecutor: PersistentExecutor | undefined;
  const persistentOf = (): PersistentExecutor => (persistentExecutor ??= createPersistentExecutor(process));
  let prewarmAllowed = true;
  const persistent = onFirstUse(persistentOf);
  // Its timeout default, body cap and header variables are the command hooks' (timeout, maxOutputBytes, env).
  const http = onFirstUse(() =>
    createHttpExecutor({
      host: options.http?.host,
      settings: options.http?.settings,
      defaultTimeoutMs: options.process.defaultTimeoutMs,
      maxOutputBytes: options.process.maxOutputBytes,
      env: options.process.env,
      envPolicy: options.process.envPolicy,
    }),
  );
  // Timeout default and text cap are the command hooks'; its timers follow the function hooks' clock.
  const callback = createCallbackExecutor(
    Object.assign({}, options.callbacks, {
      defaultTimeoutMs: options.process.defaultTimeoutMs,
      maxOutputBytes: options.process.maxOutputBytes,
      logger: options.process.logger,
      scheduler: options.scheduler,
    }),
  );
  const builtIn: StartRun = dispatchExecutor({
    function: createFunctionStart(options.scheduler ? { scheduler: options.scheduler } : {}),
    command: command.start,
    persistent: persistent.start,
    http: http.start,
    callback: callback.start,
  });
  const leaf = withToolEffects(options.executor === undefined ? builtIn : customLeaf(options.executor, builtIn));
  const trusted = options.trust === undefined ? leaf : withTrust(leaf, options.trust);
  const policed = withFailurePolicy(trusted, internalFailurePolicy);
  const observed = options.observe === undefined ? policed : withObserver(policed, options.observe);
  return Object.assign(startable(observed), {
    dispose: async () => {
      prewarmAllowed = false;
      callback.dispose();
      await Promise.all([command.dispose(), persistentExecutor?.dispose(), http.dispose()]);
    },
    readEnvFile: (base?: Readonly<Record<string, string | undefined>>) => command.created()?.readEnvFile?.(base),
    prewarm: (hooks: Iterable<HookEntry>) => {
      // A custom leaf runs every hook itself: nothing of ours to start; nor after dispose.
      if (options.executor !== undefined || !prewarmAllowed) return;
      const all = [...hooks];
      const wanted = all.filter(wantsPrewarm);
      if (wanted.length > 0) persistentOf().prewarm(wanted);
      // One-shot command hooks ahead: create their executor (and its spawn helper) now, while the host is
      // small, rather than on the first event (the helper's start is ~90 ms).
      if (
        all.some((hook) => programOf(hook.definition) !== undefined && programOf(hook.definition)?.persistent !== true)
      ) {
        command.warm();
      }
    },
  });
};
