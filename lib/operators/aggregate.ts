import { asapScheduler, type OperatorFunction, type SchedulerLike, map } from 'rxjs';
import { assembleHookResult } from '../aggregate/hookResult.js';
import type { HookResult } from '../core/types.js';
import type { RanEvent } from '../engine/types.js';

export interface AggregateOptions {
  /** How BeforeToolSelection combines `allowedFunctionNames`: `union` (seed) or `intersection`. */
  toolSelection?: 'union' | 'intersection';
  /** Clock for `durationMs` (a TestScheduler in marble tests). */
  scheduler?: SchedulerLike;
}

/**
 * Reduces each event's run records into its one `HookResult` with the event's strategy monoid,
 * folding in plan order so that parallel runs give the same result every time.
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
  return map((ran) =>
    assembleHookResult(ran.plan.event, ran.input, ran.runs, {
      durationMs: scheduler.now() - ran.startedAt,
      toolSelection: options.toolSelection ?? 'union',
      // A chain's `tool_input`/`llm_request` is the runner's result, not merged a second time here.
      chainedInput: ran.plan.sequential ? ran.finalInput : undefined,
    }),
  );
};
