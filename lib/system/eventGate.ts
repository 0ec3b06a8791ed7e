/**
 * The way into the pipeline for every facade entry point (`fire`, `fire$`, `decide`): refuses after
 * `dispose()`, validates the fields on every path (hooks or not, enabled or not: a host's malformed event
 * fails the day it is written, not the day a user adds a hook), plans, and runs — keeping each event
 * that is still running so that `dispose()` can cancel it and fail its caller.
 *
 * `answer` and `run` are split so that the fast path (no hook to run) allocates no callback at all.
 */
import { fastPathFor } from '../aggregate/fastPath.js';
import { HookSystemDisposedError } from '../core/errors.js';
import type { HookPlan, HookResult } from '../model/types.js';
import { isPlan, planEvent, runEvent, type Engine, type ResultDone } from '../engine/decideEvent.js';
import { checkEventFields } from '../events/decodeInput.js';
import { eventFieldsGuard } from '../events/fieldGuards.js';
import type { EventName } from '../events/names.js';
import type { CancelRun } from '../executors/startRun.js';
import { matchTargetOf, type HookPlanner } from '../plan/planner.js';
import type { HookRegistry } from '../plan/registry.js';

/** Receives the error that ends an event the caller still waits for (`dispose()`). */
export type EventFail = (error: Error) => void;

/** Validates and plans one event of a known name: its result when nothing is to run, else its plan. */
export type Answerer = (fields: Record<string, unknown>) => HookPlan | HookResult;

export interface EventGate {
  /** Validates and plans one event: its result when nothing is to run, else its plan. Throws for host mistakes. */
  answer(event: EventName, fields: Record<string, unknown>): HookPlan | HookResult;
  /** `answer` for one event name, for a caller that answers a stream of it (`decide`): one per name, shared. */
  answerer(event: EventName): Answerer;
  /** Runs a plan from `answer`; returns the cancel function while it runs. `finish`: see `runEvent`. */
  run(
    plan: HookPlan,
    fields: Record<string, unknown>,
    done: ResultDone,
    fail: EventFail,
    finish?: (result: HookResult) => HookResult,
  ): CancelRun | undefined;
  /**
   * Tells the watchers of events no hook ran for (see `answered` in decideEvent) about `result`; for the policy
   * gate, which holds those answers back while policies are active and reports them once their verdicts joined.
   */
  answered(event: EventName, fields: Record<string, unknown>, result: HookResult): void;
  /** Refuses new events, cancels those running and fails their callers with HookSystemDisposedError. */
  close(): void;
  /** Whether `close()` was called. */
  readonly closed: boolean;
}

const noCancel: CancelRun = () => undefined;

/** Match targets remembered per `answerer` (tool names repeat: a few hundred cover a session). */
const MATCHED_LIMIT = 256;

interface Running {
  cancel: CancelRun;
  fail: EventFail;
}

export const createEventGate = (
  engine: Engine,
  switches: { readonly enabled: boolean; readonly registry: HookRegistry },
  /** While policies are active an answer is not final: the policy gate reports it (`answered`) once joined. */
  policies: { readonly active: boolean },
): EventGate => {
  const running = new Set<Running>();
  let closed = false;
  // Observers see the events no hook ran for too (a hook that silently never fires shows there); `answered` is
  // present only while someone watches, so the fast path reads one property and calls nothing otherwise.
  const trace = engine.trace;

  // The event's field guard and fast path are looked up once per name, and the planner is not asked again while
  // the planner and registry that had no hook for the event stay in force.
  const makeAnswerer = (event: EventName): Answerer => {
    const pass = eventFieldsGuard(event);
    const fastPath = fastPathFor(event);
    // Whether the event has a hook at all, as `knownPlanner` said at the registry's generation `knownAt`: while
    // both hold, an event without one is answered from its fast path (no matcher, condition or dedup to consult).
    let knownPlanner: HookPlanner | undefined;
    let knownAt = -1;
    let hooked = true;
    // Likewise per match target (a tool name): whether some hook's matcher lets it through. A target no hook
    // matches is answered from the fast path too (dedup never empties a plan, and conditions only remove hooks).
    // The last target asked is kept beside the map: a stream of one tool's calls skips the lookup.
    const matched = new Map<string, boolean>();
    let lastTarget: string | undefined;
    let lastKnown = true;
    const forget = (): void => {
      matched.clear();
      lastTarget = undefined;
    };
    /** Whether some hook's matcher lets `target` through, remembered (the rare branch of `matches`). */
    const lookUp = (planner: HookPlanner, target: string): boolean => {
      let known = matched.get(target);
      if (known === undefined) {
        try {
          known = planner.hasHooks(event, target);
        } catch {
          return true; // a matcher that throws: planning fails the event as usual (`planEvent`)
        }
        if (matched.size >= MATCHED_LIMIT) matched.clear();
        matched.set(target, known);
      }
      lastTarget = target;
      lastKnown = known;
      return known;
    };
    /** Whether a hook's matcher may let the event's target through (true when the event gives no target). */
    const matches = (planner: HookPlanner, fields: Record<string, unknown>): boolean => {
      const target = matchTargetOf(event, fields);
      if (target === undefined) return true;
      return target === lastTarget ? lastKnown : lookUp(planner, target);
    };
    /** Asks the planner again: it or the registry changed since it was last asked. */
    const relearn = (planner: HookPlanner, generation: number): void => {
      hooked = planner.hasHooks(event);
      forget();
      knownPlanner = planner;
      knownAt = generation;
    };
    /** Whether the event may run a hook, by what the planner and registry in force say. */
    const mayRun = (fields: Record<string, unknown>): boolean => {
      const planner = engine.planning.planner;
      const generation = switches.registry.generation;
      if (planner !== knownPlanner || generation !== knownAt) relearn(planner, generation);
      return hooked && matches(planner, fields);
    };
    // Kept small, its rare branches in the helpers above: it is inlined into the caller's loop (`decide()` answers
    // each value of a stream through it), and V8 stops inlining once the inlined code passes a budget.
    return (fields) => {
      if (closed) throw new HookSystemDisposedError();
      if (!pass(fields)) checkEventFields(event, fields);
      const planned =
        switches.enabled && mayRun(fields) ? planEvent(engine, event, fields, fastPath) : fastPath(fields);
      const answered = trace?.answered;
      if (answered !== undefined && !isPlan(planned) && !policies.active) answered(event, fields, planned);
      return planned;
    };
  };

  // Callers resolve names first (`resolveEvent`), so this holds at most one answerer per canonical event.
  const answerers = new Map<EventName, Answerer>();
  const answerer = (event: EventName): Answerer => {
    let answerOne = answerers.get(event);
    if (answerOne === undefined) {
      answerOne = makeAnswerer(event);
      answerers.set(event, answerOne);
    }
    return answerOne;
  };
  const answer = (event: EventName, fields: Record<string, unknown>): HookPlan | HookResult => answerer(event)(fields);

  const run = (
    plan: HookPlan,
    fields: Record<string, unknown>,
    done: ResultDone,
    fail: EventFail,
    finish?: (result: HookResult) => HookResult,
  ) => {
    const entry: Running = { cancel: noCancel, fail };
    const cancel = runEvent(
      engine,
      plan,
      fields,
      (result) => {
        running.delete(entry);
        done(result);
      },
      finish,
    );
    if (cancel === undefined) return undefined;
    entry.cancel = cancel;
    running.add(entry);
    return () => {
      running.delete(entry);
      cancel();
    };
  };

  return {
    answer,
    answerer,
    run,
    answered: (event, fields, result) => {
      trace?.answered?.(event, fields, result);
    },
    get closed() {
      return closed;
    },
    close: () => {
      closed = true;
      const events = [...running];
      running.clear();
      for (const event of events) {
        event.cancel();
        event.fail(new HookSystemDisposedError());
      }
    },
  };
};
