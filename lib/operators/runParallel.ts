import type { OperatorFunction } from 'rxjs';
import type { HookExecutor } from '../model/types.js';
import { mergeMapOrdered } from '../engine/orderedMerge.js';
import { runPlanParallel } from '../engine/runPlan.js';
import { runStage } from '../engine/slices.js';
import type { PlannedEvent, RanEvent } from '../engine/types.js';

/**
 * Runs each planned event's hooks in parallel and emits the event with one run record per hook, in
 * plan order (never completion order).
 *
 * <span class="informal">`mergeMap` over the plan's hooks with a concurrency limit; events are emitted in source order.</span>
 *
 * Unsubscribing cancels every hook still running (for command hooks: SIGTERM, then SIGKILL). A failing
 * hook is a record with a failure outcome, never an error on the stream; an event `selectHooks` decided
 * while planning (a matcher threw) runs nothing and is passed on with its result.
 *
 * @example
 * ```ts
 * planned$.pipe(runParallel(executor, { hookConcurrency: 4 }), aggregate()).subscribe(console.log);
 * ```
 * @see {@link runHooks}, which follows each plan's own mode — use this one only to force parallel runs.
 * @see {@link runSequential}
 * @param executor Runs one hook: a cold Observable of one run record.
 * @param options.hookConcurrency Hooks of one event running at once (default: all).
 * @return A function that returns an Observable of events with their runs.
 */
export const runParallel = (
  executor: HookExecutor,
  options: { hookConcurrency?: number } = {},
): OperatorFunction<PlannedEvent, RanEvent> =>
  mergeMapOrdered((planned: PlannedEvent) =>
    runStage(planned, (next) => runPlanParallel(executor, next, options.hookConcurrency ?? Infinity)),
  );
