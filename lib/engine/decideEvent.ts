/**
 * The one per-event pipeline: plan the event, run its hooks, fold their
 * records into one HookResult. `fire`, `fire$`, the facade's `decide` and the `decideHooks` operator come
 * here, and the `selectHooks → runHooks → aggregate` operators are its stages (lib/engine/slices.ts), so
 * they cannot disagree about validation, sequential groups, chaining or failures.
 *
 * Plain callbacks from plan to result: a synchronous function hook settles in the same tick, and an
 * event with no planned hook is answered from the fast path before anything is allocated for it.
 */
import { HookstreamInternalError } from '../core/errors.js';
import { errorText } from '../core/guards.js';
import type { HookEntry, HookPlan, HookResult } from '../model/types.js';
import { assembleHookResult } from '../aggregate/hookResult.js';
import { fastPathResult } from '../aggregate/fastPath.js';
import type { HookInput } from '../events/inputs.js';
import type { EventName } from '../events/names.js';
import { internalRun, type CancelRun, type InternalFailurePolicy, type StartRun } from '../executors/startRun.js';
import type { HookPlanner } from '../plan/planner.js';
import { startDetached, type StartBackground } from './background.js';
import { startPlan } from './runPlan.js';

/** Receives the one result of an event. */
export type ResultDone = (result: HookResult) => void;

/** Everything the pipeline needs, built once per hook system (or per operator). */
export interface Engine {
  /** Holds the current planner (the facade's settings swap it on reload): a plain data property, read per event. */
  readonly planning: { readonly planner: HookPlanner };
  /** The composed executor stack, in callback form. */
  readonly start: StartRun;
  /** Hooks of one event running at once in parallel mode. */
  readonly hookConcurrency: number;
  readonly toolSelection: 'union' | 'intersection';
  /** Clock for `durationMs` (a TestScheduler's `now` in marble tests). */
  readonly now: () => number;
  /** What a failure of hookstream itself does to the event: `block` (default) or `allow`. */
  readonly internalFailurePolicy: InternalFailurePolicy;
  /**
   * Starts an event's background hooks (`plan.background`) and keeps them for `background$` and `dispose()`
   * (lib/engine/background.ts). Absent: they are started and left to finish, their records dropped.
   */
  readonly background?: StartBackground;
  /** Turns the event's fields into the hooks' input; called only when a hook is planned. `now` is `now()` at the start. */
  readonly inputOf: (event: EventName, fields: Readonly<Record<string, unknown>>, now: number) => HookInput;
  /** Told about every failure of hookstream itself, with its cause (the facade logs it at `error`). */
  readonly onInternalError?: (error: HookstreamInternalError, event: EventName) => void;
  /** Tracing (debug log, `decisions$`, OpenTelemetry); its methods build nothing while nobody listens. */
  readonly trace?: {
    /** Called synchronously where the event is fired (the host's async context), before any hook starts. */
    planned(eventId: number, plan: HookPlan, fields: Readonly<Record<string, unknown>>): void;
    decided(eventId: number, result: HookResult): void;
    /** The event was cancelled before it decided (host unsubscribe, dispose): no `decided` follows. */
    readonly canceled?: (eventId: number) => void;
    /** An event answered without running a hook (none planned, hooks off, planning failed); see eventGate. */
    readonly answered?:
      ((event: EventName, fields: Readonly<Record<string, unknown>>, result: HookResult) => void) | undefined;
  };
}

let eventIds = 0;

/**
 * The result of an event hookstream could not decide: blocked unless the policy allows, with the cause.
 * Shared with the public operators (lib/engine/slices.ts), so that every entry point fails the same way.
 */
export const failedEventResult = (
  event: EventName,
  fields: Readonly<Record<string, unknown>>,
  stage: string,
  cause: unknown,
  policy: InternalFailurePolicy,
  toolSelection: Engine['toolSelection'],
  onError?: Engine['onInternalError'],
): HookResult => {
  const error = new HookstreamInternalError(`hookstream failed while ${stage} ${event}: ${errorText(cause)}`, {
    cause,
  });
  onError?.(error, event);
  const run = internalRun('hookstream', 'runtime', error.message, cause, policy);
  return assembleHookResult(event, fields, [run], { durationMs: 0, toolSelection });
};

const internalFailureResult = (
  engine: Engine,
  event: EventName,
  fields: Readonly<Record<string, unknown>>,
  stage: string,
  cause: unknown,
): HookResult =>
  failedEventResult(
    event,
    fields,
    stage,
    cause,
    engine.internalFailurePolicy,
    engine.toolSelection,
    engine.onInternalError,
  );

/**
 * Plans one event. Returns its plan when hooks are to run, else the event's HookResult at once: the fast
 * path when nothing matched, an internal failure when planning itself threw (a matcher that throws).
 * Split from `runEvent` so that callers allocate nothing (no callback, no tracking) for the fast path.
 */
export const planEvent = (
  engine: Engine,
  event: EventName,
  fields: Readonly<Record<string, unknown>>,
  /** The event's fast path, when the caller looked it up once (`fastPathFor`). */
  fastPath?: (fields: Readonly<Record<string, unknown>>) => HookResult,
): HookPlan | HookResult => {
  let plan: HookPlan;
  try {
    plan = engine.planning.planner.createExecutionPlan(event, fields);
  } catch (error) {
    return internalFailureResult(engine, event, fields, 'planning', error);
  }
  // `background` is on every planner-made plan (one shape): reading it costs the fast path nothing.
  if (plan.hooks.length !== 0 || plan.background !== undefined) return plan;
  return fastPath === undefined ? fastPathResult(event, fields) : fastPath(fields);
};

/** Whether `planEvent` answered with a plan to run (rather than the result itself). */
export const isPlan = (planned: HookPlan | HookResult): planned is HookPlan =>
  (planned as Partial<HookResult>).blocked === undefined;

/**
 * Runs a plan and folds its runs: `done` gets the HookResult — synchronously when nothing asynchronous
 * ran. Returns the cancel function of the hooks still running, or `undefined` once settled. Background
 * hooks are started after the foreground ones (which get the process slots first) and are not waited for;
 * cancelling the event does not cancel them. `finish` completes the result before it is traced and handed on
 * (the session policies' verdicts join it there), so that records and the ledger show the decision the host got.
 */
export const runEvent = (
  engine: Engine,
  plan: HookPlan,
  fields: Readonly<Record<string, unknown>>,
  done: ResultDone,
  finish?: (result: HookResult) => HookResult,
): CancelRun | undefined => {
  const event = plan.event;
  const eventId = ++eventIds;
  engine.trace?.planned(eventId, plan, fields);
  const startedAt = engine.now();
  let input: HookInput;
  try {
    input = engine.inputOf(event, fields, startedAt);
  } catch (error) {
    let failed = internalFailureResult(engine, event, fields, 'building the input of', error);
    if (finish !== undefined) failed = finish(failed);
    engine.trace?.decided(eventId, failed);
    done(failed);
    return undefined;
  }
  const background = plan.background;
  if (plan.hooks.length === 0) {
    // Only background hooks: they start, and the event is decided as if no hook had matched.
    if (background !== undefined) startBackground(engine, background, input, eventId);
    const result = finish === undefined ? fastPathResult(event, fields) : finish(fastPathResult(event, fields));
    engine.trace?.decided(eventId, result);
    done(result);
    return undefined;
  }
  const cancel = startPlan(
    engine.start,
    event,
    plan.hooks,
    input,
    engine.hookConcurrency,
    plan.sequential,
    eventId,
    engine.internalFailurePolicy,
    (runs, finalInput) => {
      let result: HookResult;
      try {
        result = assembleHookResult(event, input, runs, {
          durationMs: engine.now() - startedAt,
          toolSelection: engine.toolSelection,
          chainedInput: plan.sequential ? finalInput : undefined,
        });
      } catch (error) {
        result = internalFailureResult(engine, event, fields, 'aggregating', error);
      }
      if (finish !== undefined) result = finish(result);
      engine.trace?.decided(eventId, result);
      done(result);
    },
  );
  if (background !== undefined) startBackground(engine, background, input, eventId);
  const canceled = engine.trace?.canceled;
  if (cancel === undefined || canceled === undefined) return cancel;
  return () => {
    cancel();
    canceled(eventId);
  };
};

const startBackground = (engine: Engine, hooks: readonly HookEntry[], input: HookInput, eventId: number): void => {
  if (engine.background !== undefined) engine.background(hooks, input, eventId);
  else startDetached(engine.start, hooks, input, eventId);
};

/**
 * What deciding an event returns at once: the HookResult itself when no hook had to run (the fast path,
 * or a failed plan) — `done` is then not called — else what `runEvent` returns: the cancel function of
 * the hooks still running, or `undefined` once `done` has had the result.
 */
export type Decided = HookResult | CancelRun | undefined;

/** Whether a decision answered at once with its result. */
export const isDecided = (decided: Decided): decided is HookResult =>
  decided !== undefined && typeof decided !== 'function';

/**
 * Decides one event. `fields` must already be validated; hookstream's own failures (planning, folding,
 * a broken executor) fail closed by default. The fast path returns its result and allocates no callback.
 */
export const decideEvent = (
  engine: Engine,
  event: EventName,
  fields: Readonly<Record<string, unknown>>,
  done: ResultDone,
): Decided => {
  const planned = planEvent(engine, event, fields);
  return isPlan(planned) ? runEvent(engine, planned, fields, done) : planned;
};
