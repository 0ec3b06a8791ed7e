/** The hook system a host holds (DESIGN §2): its public shape. */
import type { Observable, OperatorFunction } from 'rxjs';
import type { ConfigProblem } from '../config/problems.js';
import type { CommandHookConfig, FunctionHook, HookPlan, HookResult, HookActivity } from '../core/types.js';
import type { EventFields, HookInputOf } from '../events/inputs.js';
import type { EventName } from '../events/names.js';
import type { TrustGate } from '../trust/trustGate.js';
import type { DecisionRecord } from '../observe/decisionRecord.js';
import type { RegisterOptions, Registration } from './registration.js';
import type { SettingsSource } from './options.js';

export interface HookSystem {
  /**
   * Fires one event and resolves with its HookResult. The fields are validated on every call, hooks or
   * not. Rejects only for host mistakes (bad input, unknown event) and after `dispose()`.
   */
  fire<E extends EventName>(event: E | string, fields: EventFields<E> | Record<string, unknown>): Promise<HookResult>;
  /** Cold, cancellable form of `fire`: unsubscribing cancels the event's running hooks. */
  fire$<E extends EventName>(
    event: E | string,
    fields: EventFields<E> | Record<string, unknown>,
  ): Observable<HookResult>;
  /** Operator: one HookResult per event's fields, in order; events' hooks run concurrently. */
  decide<E extends EventName>(
    event: E | string,
  ): OperatorFunction<EventFields<E> | Record<string, unknown>, HookResult>;
  /** Every hook run's start and finish record, for dashboards and telemetry. Hot; completes on dispose. */
  readonly results$: Observable<HookActivity>;
  /**
   * One record per decided event — event, session, a digest of the input, the HookResult, duration — built
   * only while someone subscribes; `eventId` joins it to the event's runs on `results$`. Hot; completes on dispose.
   */
  readonly decisions$: Observable<DecisionRecord>;
  /** Adds a programmatic hook (priority `runtime`, above every settings scope); returns its problems too. */
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
  /**
   * Whether any hook would run for `event` — for `target` (a tool name for tool events, the `source` of
   * SessionStart, …) when given, else for some target. False while hooks are disabled. Cheap enough to ask
   * before building an expensive input (a model request's translation); untrusted hooks count (they report).
   */
  hasHooks(event: string, target?: string): boolean;
  /** The trust gate of project and extension hooks; undefined with `trust: false`. */
  readonly trust: TrustGate | undefined;
  /** Approves every configured hook that needs an approval, as it is now; returns their fingerprints. */
  approveConfiguredHooks(): string[];
  /** Problems found in the settings at the last load. */
  readonly problems: readonly ConfigProblem[];
  readonly enabled: boolean;
  readonly sessionId: string;
  /** Cancels events in flight (their `fire` rejects), kills and awaits every live hook process; later fires reject. */
  dispose(): Promise<void>;
}
