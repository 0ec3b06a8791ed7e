/**
 * Runs real function hooks inside a TestScheduler: hookstream's function executor on the test's clock.
 * A synchronous answer arrives in the frame the hook ran in, observables keep their virtual timing, and
 * logical timeouts (`timeout` of the hook) run on the scheduler. Promises still resolve in real time.
 */
import { of, type SchedulerLike } from 'rxjs';
import { createFunctionExecutor } from '../executors/functionExecutor.js';
import type { HookExecutor } from '../core/types.js';

export interface FunctionHookExecutorOptions {
  /** Clock for `durationMs` and hook timeouts: the TestScheduler. */
  scheduler?: SchedulerLike;
  /** Runs the other hooks of the plan (command hooks), e.g. a `fakeExecutor`. */
  fallback?: HookExecutor;
}

/**
 * Creates an executor that runs function hooks through hookstream's own function executor, in virtual
 * time; other hooks go to `fallback` (or get a `failed` run).
 *
 * @example
 * ```ts
 * const executor = functionHookExecutor({ scheduler, fallback: fakeExecutor({ 'audit.sh': cold('--a|', { a: allow() }) }) });
 * event$.pipe(decide({ planner, executor, scheduler }));
 * ```
 */
export const functionHookExecutor = (options: FunctionHookExecutorOptions = {}): HookExecutor => {
  const run = createFunctionExecutor(options.scheduler ? { scheduler: options.scheduler } : {});
  return (hook, input) => {
    if (hook.definition.type === 'function') return run(hook, input);
    if (options.fallback) return options.fallback(hook, input);
    return of({
      name: hook.name,
      source: hook.origin.source,
      outcome: 'failed' as const,
      durationMs: 0,
      message: `functionHookExecutor cannot run command hook "${hook.name}" without a fallback executor`,
    });
  };
};
