/**
 * The facade (DESIGN §2): `fire`, `fire$`, `decide`, `results$`, `register`/`unregister`, `reload`,
 * `dispose`. It owns the registry, the planner and the executors, and keeps the no-hook fast path free.
 */
import { randomUUID } from 'node:crypto';
import { defer, Observable, of, Subject, type OperatorFunction, takeUntil, tap, throwIfEmpty } from 'rxjs';
import { loadSettings, loadSettingsSync } from '../config/loadSettings.js';
import { formatProblem, type ConfigProblem } from '../config/problems.js';
import { decodeEventInput } from '../events/decodeInput.js';
import type { EventFields, HookInput, HookInputOf } from '../events/inputs.js';
import type { EventName } from '../events/names.js';
import { componentLogger, createRootLogger, isDebugLogging } from '../logging/logger.js';
import { mergeMapOrdered } from '../engine/orderedMerge.js';
import { aggregate } from '../operators/aggregate.js';
import { runPlanned } from '../engine/runPlan.js';
import { HookPlanner } from '../plan/planner.js';
import { HookRegistry } from '../plan/registry.js';
import { createCommandExecutor, type CommandExecutor } from '../executors/commandExecutor.js';
import { dispatchExecutor } from '../executors/dispatchExecutor.js';
import { createFunctionExecutor } from '../executors/functionExecutor.js';
import { observeExecutor } from '../executors/observeExecutor.js';
import { createPersistentExecutor, type PersistentExecutor } from '../executors/persistentExecutor.js';
import type {
  CommandHookConfig,
  FunctionHook,
  HookExecutor,
  HookPlan,
  HookResult,
  HookRunRecord,
} from '../core/types.js';
import { createTrustGate, trustedExecutor, type TrustGate } from '../trust/index.js';
import { HookSystemDisposedError } from '../core/errors.js';
import { fastPathResult } from '../aggregate/fastPath.js';
import { resolveEvent, runtimeEntry, type RegisterOptions, type Registration } from './registration.js';
import type { HookSystemOptions, SettingsSource } from './options.js';
import { asError } from '../core/guards.js';

/** The hook system a host holds (DESIGN §2). */
export interface HookSystem {
  /** Fires one event and resolves with its HookResult. Rejects only for host mistakes (bad input, unknown event). */
  fire<E extends EventName>(event: E | string, fields: EventFields<E> | Record<string, unknown>): Promise<HookResult>;
  /** Cold, cancellable form of `fire`: unsubscribing kills the event's running hooks. */
  fire$<E extends EventName>(
    event: E | string,
    fields: EventFields<E> | Record<string, unknown>,
  ): Observable<HookResult>;
  /** Operator: one HookResult per event's fields, in order; events' hooks run concurrently. */
  decide<E extends EventName>(
    event: E | string,
  ): OperatorFunction<EventFields<E> | Record<string, unknown>, HookResult>;
  /** Every hook run's start and finish record, for dashboards and telemetry. Hot; completes on dispose. */
  readonly results$: Observable<HookRunRecord>;
  /** Adds a programmatic hook (priority `runtime`, above every settings scope). */
  register<E extends EventName>(
    event: E,
    hook: FunctionHook<HookInputOf<E>> | CommandHookConfig,
    options?: RegisterOptions,
  ): Registration;
  /** Registers under an alias (`PreToolUse`, `before_tool`, …). */
  register(event: string, hook: FunctionHook<never> | CommandHookConfig, options?: RegisterOptions): Registration;
  unregister(registration: Registration | number): boolean;
  /** Re-reads the settings; events in flight finish on their old plan. Resolves with the problems found. */
  reload(settings?: SettingsSource): Promise<readonly ConfigProblem[]>;
  /** The plan an event would get now (for `hookstream list` and debugging). */
  plan(event: string, fields?: Record<string, unknown>): HookPlan;
  /** The trust gate of project and extension hooks; undefined with `trust: false`. */
  readonly trust: TrustGate | undefined;
  /** Approves every configured hook that needs an approval, as it is now; returns their fingerprints. */
  approveConfiguredHooks(): string[];
  /** Problems found in the settings at the last load. */
  readonly problems: readonly ConfigProblem[];
  readonly enabled: boolean;
  readonly sessionId: string;
  /** Kills and awaits every live hook process; later fires reject. */
  dispose(): Promise<void>;
}

export const createHookSystem = (options: HookSystemOptions = {}): HookSystem => {
  const root = createRootLogger(options.logger);
  const log = {
    system: componentLogger(root, 'system'),
    planner: componentLogger(root, 'planner'),
    runner: componentLogger(root, 'runner'),
    aggregator: componentLogger(root, 'aggregator'),
  };
  const debug = isDebugLogging(root);
  const projectDir = options.projectDir ?? process.cwd();
  const sessionId = options.sessionId ?? randomUUID();
  const registry = new HookRegistry();
  const results = new Subject<HookRunRecord>();
  let settingsSource = options.settings;
  let planner = new HookPlanner(registry);
  let problems: readonly ConfigProblem[] = [];
  let enabled = options.enabled ?? true;
  let disposed = false;
  let eventIds = 0;

  const applySettings = (loaded: ReturnType<typeof loadSettingsSync> | undefined): readonly ConfigProblem[] => {
    registry.setConfigured(loaded?.entries ?? []);
    planner = new HookPlanner(registry, loaded?.disabled ?? new Set());
    enabled = options.enabled ?? loaded?.enabled ?? true;
    problems = loaded?.problems ?? [];
    for (const problem of problems) {
      if (problem.severity === 'error') log.system.warn(formatProblem(problem));
      else log.system.debug(formatProblem(problem));
    }
    return problems;
  };
  applySettings(settingsSource === undefined ? undefined : loadSettingsSync(settingsSource));

  const processOptions = {
    projectDir,
    sessionId,
    ...(options.maxConcurrentHooks !== undefined ? { maxConcurrent: options.maxConcurrentHooks } : {}),
    ...(options.defaultTimeoutMs !== undefined ? { defaultTimeoutMs: options.defaultTimeoutMs } : {}),
    ...(options.killGraceMs !== undefined ? { killGraceMs: options.killGraceMs } : {}),
    ...(options.maxOutputBytes !== undefined ? { maxOutputBytes: options.maxOutputBytes } : {}),
  };
  // Both process executors start on first use: a host with only function hooks never creates one.
  let commandExecutor: CommandExecutor | undefined;
  let persistentExecutor: PersistentExecutor | undefined;
  const command: HookExecutor = (hook, input) =>
    defer(() => {
      if (hook.definition.type === 'command' && hook.definition.persistent === true) {
        persistentExecutor ??= createPersistentExecutor(processOptions);
        return persistentExecutor.execute(hook, input);
      }
      commandExecutor ??= createCommandExecutor(processOptions);
      return commandExecutor.execute(hook, input);
    });
  const trust = options.trust === false ? undefined : createTrustGate(projectDir, options.trust);
  const executor =
    options.executor ??
    dispatchExecutor({
      command: trust ? trustedExecutor(command, trust) : command,
      function: createFunctionExecutor(),
    });

  const baseFields = () => ({
    session_id: sessionId,
    transcript_path: options.transcriptPath ?? '',
    cwd: projectDir,
    timestamp: new Date().toISOString(),
  });

  /** Plans and runs one event; `undefined` when the fast path applies (nothing to run). */
  const toResult = aggregate(options.toolSelection ? { toolSelection: options.toolSelection } : {});

  const run$ = (event: EventName, fields: Record<string, unknown>): Observable<HookResult> | undefined => {
    if (!enabled || !planner.hasCandidates(event)) return undefined;
    const input = decodeEventInput(event, fields, baseFields) as HookInput;
    const plan = planner.createExecutionPlan(event, input);
    if (plan.hooks.length === 0) return undefined;
    const eventId = ++eventIds;
    if (debug)
      log.planner.debug('hooks selected', {
        event,
        eventId,
        sequential: plan.sequential,
        hooks: plan.hooks.map((h) => h.name),
      });
    const observed = observeExecutor(
      executor,
      eventId,
      (record) => {
        results.next(record);
      },
      log.runner,
    );
    return runPlanned(observed, { input, plan, startedAt: Date.now() }, options.concurrencyPerEvent ?? Infinity).pipe(
      toResult,
      tap((result) => {
        if (debug) {
          log.aggregator.debug('aggregated', {
            event,
            eventId,
            blocked: result.blocked,
            decision: result.decision,
            stopped: result.stopped,
            warnings: result.warnings,
          });
        }
      }),
    );
  };

  // dispose() cancels every event still running: its hooks are torn down and its caller gets an error.
  const disposing = new Subject<void>();
  const untilDisposed = (running: Observable<HookResult>): Observable<HookResult> =>
    running.pipe(
      takeUntil(disposing),
      throwIfEmpty(() => new HookSystemDisposedError()),
    );

  const fire$ = (eventName: string, fields: Record<string, unknown>): Observable<HookResult> =>
    defer(() => {
      if (disposed) throw new HookSystemDisposedError();
      const event = resolveEvent(eventName);
      const running = run$(event, fields);
      return running === undefined ? of(fastPathResult(event, fields)) : untilDisposed(running);
    });

  const fire = (eventName: string, fields: Record<string, unknown>): Promise<HookResult> => {
    try {
      if (disposed) throw new HookSystemDisposedError();
      const event = resolveEvent(eventName);
      const running = run$(event, fields);
      if (running === undefined) return Promise.resolve(fastPathResult(event, fields));
      return new Promise<HookResult>((resolve, reject) => {
        untilDisposed(running).subscribe({ next: resolve, error: reject });
      });
    } catch (error) {
      return Promise.reject(asError(error));
    }
  };

  const system: HookSystem = {
    fire: fire,
    fire$: fire$,
    decide: (eventName: string) => {
      const event = resolveEvent(eventName);
      return mergeMapOrdered((fields: Record<string, unknown>) => fire$(event, fields));
    },
    results$: results.asObservable(),
    register: (
      eventName: string,
      hook: FunctionHook<never> | CommandHookConfig,
      registerOptions: RegisterOptions = {},
    ) => {
      if (disposed) throw new HookSystemDisposedError();
      const entry = registry.add(runtimeEntry(eventName, hook, registerOptions, (message) => log.system.warn(message)));
      return { id: entry.id, event: entry.event, unregister: () => registry.remove(entry.id) };
    },
    unregister: (registration) => registry.remove(typeof registration === 'number' ? registration : registration.id),
    reload: async (settings) => {
      if (settings !== undefined) settingsSource = settings;
      return applySettings(settingsSource === undefined ? undefined : await loadSettings(settingsSource));
    },
    plan: (eventName, fields = {}) => planner.createExecutionPlan(resolveEvent(eventName), fields),
    trust,
    approveConfiguredHooks: () => trust?.approveAll(registry.getAllHooks()) ?? [],
    get problems() {
      return problems;
    },
    get enabled() {
      return enabled;
    },
    sessionId,
    dispose: async () => {
      if (disposed) return;
      disposed = true;
      disposing.next();
      disposing.complete();
      await Promise.all([commandExecutor?.dispose(), persistentExecutor?.dispose()]);
      results.complete();
    },
  };
  return system;
};
