/**
 * Runs real function hooks inside a TestScheduler: hookstream's function executor on the test's clock,
 * under the real failure policy (a `failurePolicy: 'block'` hook's failure blocks, as in the engine).
 * A synchronous answer arrives in the frame the hook ran in, observables keep their virtual timing, and
 * logical timeouts (`timeoutMs` of the hook) run on the scheduler. Promises still resolve in real time.
 */
import type { SchedulerLike } from 'rxjs';
import type { HookExecutor } from '../model/types.js';
import { withFailurePolicy } from '../executors/failurePolicy.js';
import { createFunctionStart } from '../executors/functionExecutor.js';
import { startable, startOf, type StartableExecutor, type StartRun } from '../executors/startRun.js';
import { bareRun } from '../protocol/outputRun.js';
import { isKind } from '../kinds/table.js';

export interface FunctionHookExecutorOptions {
  /** Clock for `durationMs` and hook timeouts: the TestScheduler. */
  scheduler?: SchedulerLike;
  /** Runs the other hooks of the plan (command hooks), e.g. a `fakeExecutor`. */
  fallback?: HookExecutor;
}

/** The answer for a command hook when no fallback was given: a failed run that names the mistake. */
const noFallback: StartRun = (hook, _input, done) => {
  done(
    bareRun(
      hook,
      'failed',
      0,
      `functionHookExecutor cannot run command hook "${hook.name}" without a fallback executor`,
    ),
  );
  return undefined;
};

/**
 * Creates an executor that runs function hooks through hookstream's own function executor, in virtual
 * time; other hooks go to `fallback` (or get a `failed` run).
 *
 * @example
 * ```ts
 * const executor = functionHookExecutor({ scheduler, fallback: fakeExecutor({ 'audit.sh': cold('--a|', { a: allow() }) }) });
 * event$.pipe(decideHooks({ planner, executor, scheduler }));
 * ```
 */
export const functionHookExecutor = (options: FunctionHookExecutorOptions = {}): StartableExecutor => {
  const runFunction = createFunctionStart(options.scheduler ? { scheduler: options.scheduler } : {});
  const runOther = options.fallback ? startOf(options.fallback, 'allow') : noFallback;
  const leaf: StartRun = (hook, input, done, eventId) =>
    (isKind(hook.definition, 'function') ? runFunction : runOther)(hook, input, done, eventId);
  return startable(withFailurePolicy(leaf, 'block'));
};
