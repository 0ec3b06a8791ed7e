import { asapScheduler, type OperatorFunction, type SchedulerLike, map } from 'rxjs';
import type { HookResult } from '../model/types.js';
import { foldStage } from '../engine/slices.js';
import type { RanEvent } from '../engine/types.js';

export interface AggregateOptions {
  /** How BeforeToolSelection combines `allowedFunctionNames`: `union` (seed) or `intersection`. */
  toolSelection?: 'union' | 'intersection';
  /** Clock for `durationMs` (a TestScheduler in marble tests). */
  scheduler?: SchedulerLike;
}

/**
 * Reduces each event's run records into its one `HookResult` with the event's strategy monoid,
 * folding in plan order so that parallel runs give the same result every time. An event decided while it
 * was planned (a matcher threw) is emitted with that result; a fold that throws gives the internal failure
 * result (blocked), as in `decideHooks`.
 *
 * <span class="informal">A per-event `reduce` with OR-decision, field replacement or tool-selection union.</span>
 *
 * @example
 * ```ts
 * ran$.pipe(aggregate()).subscribe((result) => result.blocked && console.log(result.reason));
 * ```
 * @see {@link decideHooks}
 * @param options Tool-selection strategy and clock.
 * @return A function that returns an Observable of one HookResult per event.
 */
export const aggregate = (options: AggregateOptions = {}): OperatorFunction<RanEvent, HookResult> => {
  const scheduler = options.scheduler ?? asapScheduler;
  const toolSelection = options.toolSelection ?? 'union';
  return map((ran) => foldStage(ran, scheduler.now() - ran.startedAt, toolSelection));
};
