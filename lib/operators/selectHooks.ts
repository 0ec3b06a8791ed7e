import { asapScheduler, type OperatorFunction, type SchedulerLike, map } from 'rxjs';
import type { HookInput } from '../events/inputs.js';
import type { HookPlanner } from '../plan/planner.js';
import type { PlannedEvent } from '../engine/types.js';
import { planStage } from '../engine/slices.js';

/**
 * Plans every event: which hooks run (matcher filter, disabled names, priority order, dedup by
 * command) and whether they run sequentially.
 *
 * <span class="informal">`map` from an input to `{ input, plan }`; an event nothing matches gets an empty plan.</span>
 *
 * The planning stage of the engine that `decideHooks` and `fire` run: each input is validated against its
 * event's schema (an invalid one errors the stream, as with `decideHooks`), and a matcher that throws is
 * hookstream's failure — the event is planned with no hook and carries its result (`decided`: blocked, the
 * cause in its reason), which `runHooks` passes on and `aggregate` emits.
 *
 * @example
 * ```ts
 * event$.pipe(selectHooks(planner), runHooks(executor), aggregate()).subscribe(applyDecision);
 * ```
 * @see {@link runHooks}
 * @see {@link runSequential}
 * @param planner The planner over the hook registry.
 * @param options.scheduler Clock used to stamp `startedAt` (a TestScheduler in marble tests).
 * @return A function that returns an Observable of planned events, one per input.
 */
export const selectHooks = (
  planner: HookPlanner,
  options: { scheduler?: SchedulerLike } = {},
): OperatorFunction<HookInput, PlannedEvent> => {
  const scheduler = options.scheduler ?? asapScheduler;
  return map((input) => planStage(planner, input, scheduler.now()));
};
