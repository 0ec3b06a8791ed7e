/**
 * The facade: settings + the executor stack + the one pipeline + lifecycle. Every way in —
 * `fire`, `fire$`, `decide` — validates the fields and goes through the engine (`planEvent`, then `runEvent`).
 */
import { randomUUID } from 'node:crypto';
import { Observable, Subject } from 'rxjs';
import { HookSystemDisposedError, InvalidHookError } from '../core/errors.js';
import { asError } from '../core/guards.js';
import type { CommandHookConfig, FunctionHook, HookActivity, HookPlan, HookResult } from '../model/types.js';
import { isDecided, isPlan, type Engine } from '../engine/decideEvent.js';
import type { EventName } from '../events/names.js';
import { orderedMerge } from '../engine/orderedMerge.js';
import { componentLogger, createRootLogger, isDebugLogging } from '../logging/logger.js';
import { createTrustGate } from '../trust/trustGate.js';
import { createEventGate } from './eventGate.js';
import { createHookSettings } from './hookSettings.js';
import { hookInputBuilder } from './hookInput.js';
import type { HookSystem } from './hookSystem.js';
import type { HookSystemOptions, SettingsSource } from './options.js';
import { standardSettingsFiles, type SettingsFile } from '../config/loadSettings.js';
import { resolveEvent, runtimeEntry, type RegisterOptions } from './registration.js';
import { engineTrace } from './trace.js';
import { createObservation } from '../observe/observation.js';
import { createBackgroundHooks } from './backgroundHooks.js';
import { createSystemExecutors } from './systemExecutors.js';
import { withLedger } from '../ledger/ledgerTrace.js';
import { ledgerChanged, openSystemLedger } from './systemLedger.js';
import { createSessionBook } from '../session/sessionBook.js';
import { createPolicyGate } from './policyGate.js';
import { registerSessionPolicy, settingsPolicies } from './sessionPolicies.js';

export type { HookSystem } from './hookSystem.js';

/** `'standard'` as the files it names; any other source as given. */
const loadable = <S extends SettingsSource | undefined>(source: S, projectDir: string) =>
  (source === 'standard' ? standardSettingsFiles(projectDir) : source) as Exclude<S, 'standard'> | SettingsFile[];

export const createHookSystem = (options: HookSystemOptions = {}): HookSystem => {
  const root = createRootLogger(options.logger);
  const log = { system: componentLogger(root, 'system'), runner: componentLogger(root, 'runner') };
  const projectDir = options.projectDir ?? process.cwd();
  const sessionId = options.sessionId ?? randomUUID();
  const records = new Subject<HookActivity>();
  // First: a recording that cannot be opened fails here, before any hook (or worker) is set up.
  const observation = createObservation({
    sessionId,
    now: Date.now,
    records,
    logger: log.system,
    debug: isDebugLogging(root) ? engineTrace(root) : undefined,
    telemetry: options.telemetry,
    record: options.record,
  });
  const trust = options.trust === false ? undefined : createTrustGate(projectDir, options.trust);
  // Session policies: consulted only while one is registered (`book.active`), so events cost nothing more without.
  const book = createSessionBook({ sessionId, now: Date.now, maxSessions: options.maxPolicySessions });
  const fromSettings = settingsPolicies(book, log.system);
  // Trust is decided before dedup: the planner asks the gate which copy of a command may shadow another.
  const settings = createHookSettings(
    loadable(options.settings, projectDir),
    options.enabled,
    log.system,
    trust,
    fromSettings,
  );
  const internalFailurePolicy = options.internalFailurePolicy ?? 'block';
  // Opened before any hook process exists: a ledger the host named that cannot be written fails creation.
  let opened: ReturnType<typeof openSystemLedger>;
  try {
    opened = openSystemLedger(options.ledger, settings.ledger, {
      planning: settings,
      trust,
      session: sessionId,
      now: Date.now,
      logger: log.system,
      projectDir,
    });
  } catch (error) {
    void observation.close();
    throw error;
  }
  const { ledger } = opened;
  const executors = createSystemExecutors(options, {
    projectDir,
    sessionId,
    trust,
    settings,
    root,
    observe: { records, logger: log.runner },
  });
  // `async: true` hooks: started with their event through the same stack, collected for `background$`.
  const background = createBackgroundHooks(executors.start, internalFailurePolicy, log.runner);
  const engine: Engine = {
    // The planner changes on reload: the engine reads it from the settings, a plain data property.
    planning: settings,
    start: executors.start,
    background: background.start,
    hookConcurrency: options.hookConcurrency ?? Infinity,
    toolSelection: options.toolSelection ?? 'union',
    now: Date.now,
    internalFailurePolicy,
    inputOf: hookInputBuilder(sessionId, options.transcriptPath ?? '', projectDir),
    onInternalError: (error, event) => log.system.error(error.message, { event, cause: error.cause }),
    // Without a ledger the observation's trace as it is: the ledger adds nothing per event while it is off.
    trace: ledger === undefined ? observation.trace : withLedger(observation.trace, ledger),
  };
  const gate = createEventGate(engine, settings, book);
  const { now: answerNow, proceed } = createPolicyGate(gate, book, engine.toolSelection);
  // Start the spawn helper and prewarmed workers while the host is small: a fork costs per GiB of RSS.
  const prewarm = (): void => {
    if (settings.enabled) executors.prewarm(settings.registry.getAllHooks());
  };
  prewarm();

  const fire$ = (eventName: string, fields: Record<string, unknown>): Observable<HookResult> =>
    new Observable<HookResult>((subscriber) => {
      const settle = (result: HookResult): void => {
        subscriber.next(result);
        subscriber.complete();
      };
      const fail = (error: Error): void => {
        subscriber.error(error);
      };
      const event = resolveEvent(eventName);
      const decided = proceed(event, fields, gate.answer(event, fields), settle, fail);
      if (!isDecided(decided)) return decided;
      settle(decided);
      return undefined;
    });

  const system: HookSystem = {
    fire: (eventName: string, fields: Record<string, unknown>) => {
      let event: EventName;
      let planned: HookPlan | HookResult;
      try {
        event = resolveEvent(eventName);
        planned = gate.answer(event, fields);
      } catch (error) {
        return Promise.reject(asError(error));
      }
      // Nothing to run: answered at once (through the policies when any), and no callback is allocated.
      if (!isPlan(planned)) {
        if (!book.active) return Promise.resolve(planned);
        try {
          return Promise.resolve(answerNow(event, fields, planned));
        } catch (error) {
          return Promise.reject(asError(error));
        }
      }
      return new Promise<HookResult>((resolve, reject) => {
        const decided = proceed(event, fields, planned, resolve, reject);
        if (isDecided(decided)) resolve(decided);
      });
    },
    fire$,
    decide: (eventName: string) => {
      const event = resolveEvent(eventName);
      const answer = gate.answerer(event);
      return orderedMerge<Record<string, unknown>, HookResult>((fields, done, fail) => {
        const planned = answer(fields);
        // Answered with its result and no policy to ask: handed straight back, as `proceed` would.
        if (!isPlan(planned) && !book.active) return planned;
        return proceed(event, fields, planned, done, fail);
      });
    },
    results$: records.asObservable(),
    decisions$: observation.decisions$,
    background$: background.background$,
    pendingBackground: (session = sessionId) => background.pending(session),
    takeBackground: (session = sessionId) => background.take(session),
    register: (
      eventName: string,
      hook: FunctionHook<never> | CommandHookConfig,
      registerOptions: RegisterOptions = {},
    ) => {
      if (gate.closed) throw new HookSystemDisposedError();
      const { entry, problems } = runtimeEntry(eventName, hook, registerOptions, projectDir);
      if (problems.length > 0 && options.registrationProblems === 'throw') {
        throw new InvalidHookError(`Hook for ${entry.event} not registered: ${problems.join('; ')}`);
      }
      for (const problem of problems) log.system.warn(problem);
      const added = settings.registry.add(entry);
      executors.prewarm([added]);
      return { id: added.id, event: added.event, problems, unregister: () => settings.registry.remove(added.id) };
    },
    sessionPolicy: (name, policy, policyOptions) => {
      if (gate.closed) throw new HookSystemDisposedError();
      return registerSessionPolicy(book, name, policy, policyOptions);
    },
    sessionState: (id = sessionId) => book.state(id),
    restoreSession: (state) => {
      book.restore(state);
    },
    unregister: (registration) =>
      settings.registry.remove(typeof registration === 'number' ? registration : registration.id),
    reload: async (source) => {
      const before = settings.ledger;
      const problems = await settings.reload(loadable(source, projectDir));
      if (!gate.closed) prewarm();
      return ledgerChanged(before, settings.ledger, options.ledger !== undefined, log.system, problems);
    },
    plan: (eventName, fields = {}) => settings.planner.createExecutionPlan(resolveEvent(eventName), fields),
    hasHooks: (eventName, target) => {
      const event = resolveEvent(eventName);
      return settings.enabled && settings.planner.hasHooks(event, target);
    },
    sessionEnv: (base) => executors.readEnvFile(base) ?? { variables: {}, unset: [], problems: [] },
    trust,
    approveConfiguredHooks: () => trust?.approveAll(settings.registry.getAllHooks()) ?? [],
    get problems() {
      return opened.problems.length === 0 ? settings.problems : [...settings.problems, ...opened.problems];
    },
    get enabled() {
      return settings.enabled;
    },
    sessionId,
    dispose: async () => {
      if (gate.closed) return;
      gate.close();
      background.close();
      await executors.dispose();
      records.complete();
      ledger?.close();
      await observation.close();
    },
  };
  return system;
};
