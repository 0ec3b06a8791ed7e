/**
 * The facade (DESIGN §2): settings + the executor stack + the one pipeline + lifecycle. Every way in —
 * `fire`, `fire$`, `decide` — validates the fields and goes through the engine (`planEvent`, then `runEvent`).
 */
import { randomUUID } from 'node:crypto';
import { Observable, Subject } from 'rxjs';
import { HookSystemDisposedError, InvalidHookError } from '../core/errors.js';
import { asError } from '../core/guards.js';
import type { CommandHookConfig, FunctionHook, HookActivity, HookPlan, HookResult } from '../core/types.js';
import { isDecided, isPlan, type Engine } from '../engine/decideEvent.js';
import { orderedDecisions } from '../engine/orderedDecisions.js';
import { createExecutors } from '../executors/createExecutors.js';
import { componentLogger, createRootLogger, isDebugLogging } from '../logging/logger.js';
import { createTrustGate } from '../trust/trustGate.js';
import { createEventGate } from './eventGate.js';
import { createHookSettings } from './hookSettings.js';
import { hookInputBuilder } from './hookInput.js';
import type { HookSystem } from './hookSystem.js';
import type { HookSystemOptions } from './options.js';
import { resolveEvent, runtimeEntry, type RegisterOptions } from './registration.js';
import { engineTrace } from './trace.js';

export type { HookSystem } from './hookSystem.js';

export const createHookSystem = (options: HookSystemOptions = {}): HookSystem => {
  const root = createRootLogger(options.logger);
  const log = { system: componentLogger(root, 'system'), runner: componentLogger(root, 'runner') };
  const projectDir = options.projectDir ?? process.cwd();
  const sessionId = options.sessionId ?? randomUUID();
  const settings = createHookSettings(options.settings, options.enabled, log.system);
  const records = new Subject<HookActivity>();
  const internalFailurePolicy = options.internalFailurePolicy ?? 'block';
  const trust = options.trust === false ? undefined : createTrustGate(projectDir, options.trust);
  const executors = createExecutors({
    process: {
      projectDir,
      sessionId,
      processConcurrency: options.processConcurrency,
      defaultTimeoutMs: options.defaultTimeoutMs,
      forceKillAfterMs: options.forceKillAfterMs,
      maxOutputBytes: options.maxOutputBytes,
    },
    trust,
    executor: options.executor,
    internalFailurePolicy,
    observe: { records, logger: log.runner },
  });
  const engine: Engine = {
    // The planner changes on reload: the engine reads it from the settings, a plain data property.
    planning: settings,
    start: executors.start,
    hookConcurrency: options.hookConcurrency ?? Infinity,
    toolSelection: options.toolSelection ?? 'union',
    now: Date.now,
    internalFailurePolicy,
    inputOf: hookInputBuilder(sessionId, options.transcriptPath ?? '', projectDir),
    onInternalError: (error, event) => log.system.error(error.message, { event, cause: error.cause }),
    ...(isDebugLogging(root) ? { trace: engineTrace(root) } : {}),
  };
  const gate = createEventGate(engine, settings);

  const fire$ = (eventName: string, fields: Record<string, unknown>): Observable<HookResult> =>
    new Observable<HookResult>((subscriber) => {
      const settle = (result: HookResult): void => {
        subscriber.next(result);
        subscriber.complete();
      };
      const decided = gate.decide(resolveEvent(eventName), fields, settle, (error) => {
        subscriber.error(error);
      });
      if (!isDecided(decided)) return decided;
      settle(decided);
      return undefined;
    });

  const system: HookSystem = {
    fire: (eventName: string, fields: Record<string, unknown>) => {
      let planned: HookPlan | HookResult;
      try {
        planned = gate.answer(resolveEvent(eventName), fields);
      } catch (error) {
        return Promise.reject(asError(error));
      }
      if (!isPlan(planned)) return Promise.resolve(planned);
      const plan = planned;
      return new Promise<HookResult>((resolve, reject) => {
        gate.run(plan, fields, resolve, reject);
      });
    },
    fire$,
    decide: (eventName: string) => {
      const event = resolveEvent(eventName);
      return orderedDecisions<Record<string, unknown>>((fields, done, fail) => gate.decide(event, fields, done, fail));
    },
    results$: records.asObservable(),
    register: (
      eventName: string,
      hook: FunctionHook<never> | CommandHookConfig,
      registerOptions: RegisterOptions = {},
    ) => {
      if (gate.closed) throw new HookSystemDisposedError();
      const { entry, problems } = runtimeEntry(eventName, hook, registerOptions);
      if (problems.length > 0 && options.registrationProblems === 'throw') {
        throw new InvalidHookError(`Hook for ${entry.event} not registered: ${problems.join('; ')}`);
      }
      for (const problem of problems) log.system.warn(problem);
      const added = settings.registry.add(entry);
      return { id: added.id, event: added.event, problems, unregister: () => settings.registry.remove(added.id) };
    },
    unregister: (registration) =>
      settings.registry.remove(typeof registration === 'number' ? registration : registration.id),
    reload: (source) => settings.reload(source),
    plan: (eventName, fields = {}) => settings.planner.createExecutionPlan(resolveEvent(eventName), fields),
    trust,
    approveConfiguredHooks: () => trust?.approveAll(settings.registry.getAllHooks()) ?? [],
    get problems() {
      return settings.problems;
    },
    get enabled() {
      return settings.enabled;
    },
    sessionId,
    dispose: async () => {
      if (gate.closed) return;
      gate.close();
      await executors.dispose();
      records.complete();
    },
  };
  return system;
};
