/** The hook system a host holds: its public shape. */
import type { Observable, OperatorFunction } from 'rxjs';
import type { ConfigProblem } from '../diagnostics/problems.js';
import type { CommandHookConfig, FunctionHook, HookPlan, HookResult, HookActivity } from '../model/types.js';
import type { EventFields, HookInputOf } from '../events/inputs.js';
import type { EventName } from '../events/names.js';
import type { EnvFileContents } from '../transport/envFile.js';
import type { TrustGate } from '../trust/trustGate.js';
import type { DecisionRecord } from '../observe/decisionRecord.js';
import type { BackgroundRecord } from './backgroundRecord.js';
import type { RegisterOptions, Registration } from './registration.js';
import type { SettingsSource } from './options.js';
import type { SessionPolicy, SessionState } from '../session/types.js';
import type { SessionRule } from '../session/policyInstance.js';
import type { PolicyRegistration, SessionPolicyOptions } from './sessionPolicies.js';

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
  /**
   * One record per finished background hook (`async: true` / `asyncRewake: true`): the event did not wait for
   * it and its run did not change the decision. Carries its `additionalContext` and `systemMessage`, and for an
   * `asyncRewake` hook that exited 2 or blocked a `wake` with the reason. Hot; completes on dispose (runs that
   * `dispose()` cancels emit nothing here; `results$` shows them `canceled`).
   */
  readonly background$: Observable<BackgroundRecord>;
  /**
   * Records of finished background hooks of `sessionId` (default this system's) that carry context, a system
   * message or a wake, not yet taken, oldest first (at most 32 per session, 64 sessions).
   */
  pendingBackground(sessionId?: string): readonly BackgroundRecord[];
  /**
   * Takes them: what a turn of the session starting now should hear (`backgroundContextText` makes them one
   * text). `beforeAgentWithHooks` and `runAgentWithHooks` do this for each turn.
   */
  takeBackground(sessionId?: string): readonly BackgroundRecord[];
  /** Adds a programmatic hook (priority `runtime`, above every settings scope); returns its problems too. */
  register<E extends EventName>(
    event: E,
    hook: FunctionHook<HookInputOf<E>> | CommandHookConfig,
    options?: RegisterOptions,
  ): Registration;
  /** Registers under an alias (`PreToolUse`, `before_tool`, …). */
  register(event: string, hook: FunctionHook<never> | CommandHookConfig, options?: RegisterOptions): Registration;
  unregister(registration: Registration | number): boolean;
  /**
   * Adds a session policy: an operator over each session's steps (every event as it starts, then its outcome)
   * answering a verdict per event — deny, ask, allow with context, stop — that joins the event's aggregation; or a
   * rule (`limit`, `repeat`, `sequence`, `flow`, or your own reducer). Policies run in registration order.
   */
  sessionPolicy<S>(
    name: string,
    policy: SessionPolicy | SessionRule<S>,
    options?: SessionPolicyOptions,
  ): PolicyRegistration;
  /** The policies' state of session `sessionId` (default this system's): JSON to keep with the session. */
  sessionState(sessionId?: string): SessionState | undefined;
  /** Continues a session from `sessionState` (a resumed session, a replay): its policies start from that state. */
  restoreSession(state: SessionState): void;
  /** Re-reads the settings; events in flight finish on their old plan. Resolves with the problems found. */
  reload(settings?: SettingsSource): Promise<readonly ConfigProblem[]>;
  /** The plan an event would get now (for `hookstream list` and debugging). */
  plan(event: string, fields?: Record<string, unknown>): HookPlan;
  /**
   * Whether any hook would run for `event` — for `target` (a tool name for tool events, the `source` of
   * SessionStart, …) when given, else for some target. False while hooks are disabled. Cheap enough to ask
   * before building an expensive input (a model request's translation); untrusted hooks count (they report).
   * Given the event's fields (`{ tool_name, tool_input }`), `if` conditions count too: exactly whether `fire`
   * would run a hook for this call (a hook whose condition fails neither runs nor leaves a record).
   */
  hasHooks(event: string, target?: string | Readonly<Record<string, unknown>>): boolean;
  /**
   * The variables the session's Claude Code hooks (SessionStart, Setup, CwdChanged, FileChanged) exported
   * through `CLAUDE_ENV_FILE`, read as Claude documents (`export NAME=value` lines; nothing is executed). `$NAME`
   * expands from the environment the writing hook was given, or from `base` less what the env policy kept from
   * that hook: a `no-secrets` hook cannot export a secret it never saw. Empty until such a hook ran; the file is
   * removed on `dispose()`. A host applies them to the commands it runs for the session.
   */
  sessionEnv(base?: Readonly<Record<string, string | undefined>>): EnvFileContents;
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
