/**
 * Runs real function hooks inside a TestScheduler. hookstream's function executor awaits whatever a
 * hook returns, so even a synchronous answer lands a microtask later — outside the virtual frame a
 * marble test is looking at. This executor hands the same executor an observable instead: a synchronous
 * answer arrives in the frame the hook ran in, observables keep their virtual timing, and logical
 * timeouts (`timeout` of the hook) run on the scheduler. Promises still resolve in real time.
 */
import { isObservable, of, type Observable, type SchedulerLike } from 'rxjs';
import type { HookOutput } from '../events/outputs.js';
import { createFunctionExecutor } from '../run/functionExecutor.js';
import type { FunctionHook, HookExecutor } from '../types.js';

export interface FunctionHookExecutorOptions {
  /** Clock for `durationMs` and hook timeouts: the TestScheduler. */
  scheduler?: SchedulerLike;
  /** Runs the other hooks of the plan (command hooks), e.g. a `fakeExecutor`. */
  fallback?: HookExecutor;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

const synchronous = (hook: FunctionHook): FunctionHook => ({
  ...hook,
  run: (input, context) => {
    const returned = hook.run(input, context);
    if (isObservable(returned) || isThenable(returned)) return returned;
    return of(returned) as Observable<HookOutput>;
  },
});

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
    if (hook.definition.type === 'function') return run({ ...hook, definition: synchronous(hook.definition) }, input);
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
