import type { OperatorFunction } from 'rxjs';
import type { HookExecutor } from '../model/types.js';
import { mergeMapOrdered } from '../engine/orderedMerge.js';
import { runPlanned } from '../engine/runPlan.js';
import { runStage } from '../engine/slices.js';
import type { PlannedEvent, RanEvent } from '../engine/types.js';

/**
 * Runs each planned event's hooks the way its plan says: in parallel (up to `hookConcurrency`), or —
 * when any matching group is `sequential: true` — one after another, each successful output chained into
 * the next hook's input and a blocking hook ending the chain. Emits the event with one run record per
 * hook, in plan order, and events in source order.
 *
 * <span class="informal">`mergeMap(run, n)` or `concatMap` with chaining, chosen per event by its plan.</span>
 *
 * Unsubscribing cancels every hook still running (for command hooks: SIGTERM, then SIGKILL). A failing
 * hook is a record with a failure outcome, never an error on the stream; an event `selectHooks` decided
 * while planning (a matcher threw) runs nothing and is passed on with its result.
 *
 * @example
 * ```ts
 * event$.pipe(selectHooks(planner), runHooks(executor), aggregate()).subscribe(applyDecision);
 * ```
 * @see {@link selectHooks}
 * @see {@link runParallel} and {@link runSequential} to force one mode.
 * @param executor Runs one hook: a cold Observable of one run record.
 * @param options.hookConcurrency Hooks of one event running at once in parallel mode (default: all).
 * @return A function that returns an Observable of events with their runs.
 */
export const runHooks = (
  executor: HookExecutor,
  options: { hookConcurrency?: number } = {},
): OperatorFunction<PlannedEvent, RanEvent> =>
  mergeMapOrdered((planned: PlannedEvent) =>
    runStage(planned, (next) => runPlanned(executor, next, options.hookConcurrency ?? Infinity)),
  );
