import { asapScheduler, of, type OperatorFunction, type SchedulerLike } from 'rxjs';
import { fastPathResult } from '../aggregate/fastPath.js';
import type { HookInput } from '../events/inputs.js';
import type { HookPlanner } from '../plan/planner.js';
import type { HookExecutor, HookResult } from '../core/types.js';
import { mergeMapOrdered } from '../engine/orderedMerge.js';
import { aggregate } from './aggregate.js';
import { runPlanned } from '../engine/runPlan.js';

export interface DecideOptions {
  planner: HookPlanner;
  executor: HookExecutor;
  /** Hooks of one event running at once in parallel mode (default: all). */
  concurrency?: number;
  toolSelection?: 'union' | 'intersection';
  scheduler?: SchedulerLike;
}

/**
 * The whole engine as one operator: plan each event, run its hooks (in parallel, or sequentially
 * when the plan says so), and reduce them into one `HookResult` per event, in source order.
 *
 * <span class="informal">`selectHooks` → `runParallel` | `runSequential` → `aggregate`, in one `mergeMap`.</span>
 *
 * An event nothing matches gets its result without any hook subscription. Unsubscribing cancels the
 * hooks still running.
 *
 * @example
 * ```ts
 * toolCall$.pipe(decide({ planner, executor })).subscribe((r) => (r.blocked ? refuse(r.reason) : run(r.toolInput)));
 * ```
 * @see {@link selectHooks}
 * @see {@link aggregate}
 * @param options Planner, executor, concurrency, tool-selection strategy and clock.
 * @return A function that returns an Observable of one HookResult per input event.
 */
export const decide = (options: DecideOptions): OperatorFunction<HookInput, HookResult> => {
  const scheduler = options.scheduler ?? asapScheduler;
  const { planner, executor } = options;
  const toResult = aggregate({ scheduler, ...(options.toolSelection ? { toolSelection: options.toolSelection } : {}) });
  return mergeMapOrdered((input: HookInput) => {
    const startedAt = scheduler.now();
    const plan = planner.createExecutionPlan(input.hook_event_name, input);
    // Nothing matched: the precomputed result, as the facade's fast path answers.
    if (plan.hooks.length === 0) return of(fastPathResult(plan.event, input));
    return runPlanned(executor, { input, plan, startedAt }, options.concurrency ?? Infinity).pipe(toResult);
  });
};
