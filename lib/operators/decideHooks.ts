import { asapScheduler, type OperatorFunction, type SchedulerLike } from 'rxjs';
import type { HookExecutor, HookResult } from '../model/types.js';
import { decideEvent, type Engine } from '../engine/decideEvent.js';
import { orderedMerge } from '../engine/orderedMerge.js';
import { checkEventFields } from '../events/decodeInput.js';
import type { HookInput } from '../events/inputs.js';
import { startOf, type InternalFailurePolicy } from '../executors/startRun.js';
import type { HookPlanner } from '../plan/planner.js';

export interface DecideHooksOptions {
  planner: HookPlanner;
  executor: HookExecutor;
  /** Hooks of one event running at once in parallel mode (default: all). */
  hookConcurrency?: number;
  toolSelection?: 'union' | 'intersection';
  /** A broken executor or a throwing matcher blocks the event (`block`, default) or fails open (`allow`). */
  internalFailurePolicy?: InternalFailurePolicy;
  /** Clock for `durationMs` (a TestScheduler in marble tests). */
  scheduler?: SchedulerLike;
}

/**
 * The whole engine as one operator: plans each event, runs its hooks (in parallel, or as a chain when
 * the plan says sequential), and folds them into one `HookResult` per event, in source order — the same
 * per-event pipeline as the facade's `fire` and `decide`.
 *
 * <span class="informal">`selectHooks` → `runHooks` → `aggregate`, with the fast path inline.</span>
 *
 * Each input is validated against its event's schema (an invalid one errors the stream: a host bug). An
 * event nothing matches is emitted inline, without any inner subscription. Unsubscribing cancels the
 * hooks still running. A failure of hookstream itself (a broken executor, a throwing matcher) blocks
 * the event unless `internalFailurePolicy: 'allow'`.
 *
 * @example
 * ```ts
 * toolCall$.pipe(decideHooks({ planner, executor })).subscribe((r) => (r.blocked ? refuse(r.reason) : run(r.toolInput)));
 * ```
 * @see {@link selectHooks}
 * @see {@link runHooks}
 * @param options Planner, executor, concurrency, tool-selection strategy, internal failure policy and clock.
 * @return A function that returns an Observable of one HookResult per input event.
 */
export const decideHooks = (options: DecideHooksOptions): OperatorFunction<HookInput, HookResult> => {
  const scheduler = options.scheduler ?? asapScheduler;
  const internalFailurePolicy = options.internalFailurePolicy ?? 'block';
  const engine: Engine = {
    planning: { planner: options.planner },
    start: startOf(options.executor, internalFailurePolicy),
    hookConcurrency: options.hookConcurrency ?? Infinity,
    toolSelection: options.toolSelection ?? 'union',
    now: () => scheduler.now(),
    internalFailurePolicy,
    // The inputs are complete hook inputs already.
    inputOf: (_event, fields) => fields as HookInput,
  };
  return orderedMerge<HookInput, HookResult>((input, done) => {
    checkEventFields(input.hook_event_name, input);
    return decideEvent(engine, input.hook_event_name, input, done);
  });
};
