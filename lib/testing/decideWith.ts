/**
 * The whole engine as one operator over hand-built entries: the shortest way to marble-test policies.
 */
import type { OperatorFunction, SchedulerLike } from 'rxjs';
import type { HookInput } from '../events/inputs.js';
import { decideHooks } from '../operators/decideHooks.js';
import type { HookEntry, HookExecutor, HookResult } from '../model/types.js';
import { plannerFor } from './entries.js';
import { functionHookExecutor } from './functionHookExecutor.js';

export interface DecideWithOptions {
  /** The TestScheduler: stamps `durationMs` and runs function hooks in virtual time. */
  scheduler?: SchedulerLike;
  /** Runs every hook instead of the default (function hooks in virtual time). */
  executor?: HookExecutor;
  /** With the default executor: runs the command hooks, e.g. a `fakeExecutor`. */
  fallback?: HookExecutor;
  /** BeforeToolSelection: `union` (default) or `intersection`. */
  toolSelection?: 'union' | 'intersection';
  /** Hooks of one event running at once in parallel mode (default: all). */
  hookConcurrency?: number;
  /** Hook names to skip. */
  disabled?: readonly string[];
}

/**
 * Plans, runs and aggregates each event against `entries`: one HookResult per event, in source order.
 *
 * @example
 * ```ts
 * scheduler.run(({ cold, expectObservable }) => {
 *   const event$ = cold('-a-b|', { a: beforeTool('write_file', { file_path: '/etc/x' }), b: beforeTool('read_file') });
 *   expectObservable(event$.pipe(decideWith([entry('BeforeTool', protectPathsHook())], { scheduler }), map(summarize)))
 *     .toBe('-A-B|', { A: { ... }, B: { ... } });
 * });
 * ```
 */
export const decideWith = (
  entries: readonly HookEntry[],
  options: DecideWithOptions = {},
): OperatorFunction<HookInput, HookResult> =>
  decideHooks({
    planner: plannerFor(entries, options.disabled),
    executor:
      options.executor ??
      functionHookExecutor({
        ...(options.scheduler ? { scheduler: options.scheduler } : {}),
        ...(options.fallback ? { fallback: options.fallback } : {}),
      }),
    ...(options.scheduler ? { scheduler: options.scheduler } : {}),
    ...(options.toolSelection ? { toolSelection: options.toolSelection } : {}),
    ...(options.hookConcurrency !== undefined ? { hookConcurrency: options.hookConcurrency } : {}),
  });
