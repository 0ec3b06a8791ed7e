/**
 * The in-process executor: runs function hooks (`{ type: 'function', run(input, { signal }) }`).
 * A return value, a Promise or an Observable (its last value counts) is read like a command hook's
 * stdout JSON; a throw, a rejection or an error notification is the hook's failure (`failed`, failing
 * open unless its failure policy — applied by the decorator above — says block). Cancelling a run that
 * has not finished aborts `signal`.
 *
 * Written in callback form (StartRun): a hook that returns synchronously settles in the same tick, and a
 * run allocates its context and nothing else (no closures, timers or subscriptions unless it goes async).
 */
import { asapScheduler, isObservable, type SchedulerLike, type Subscription } from 'rxjs';
import { errorText, isRecord } from '../core/guards.js';
import type { FunctionHook, FunctionHookContext, HookEntry, HookRun } from '../model/types.js';
import { isKind } from '../kinds/table.js';
import { decodeHookOutput } from '../events/outputs.js';
import { bareRun, runOfOutput } from '../protocol/outputRun.js';
import { startable, type StartableExecutor, type StartRun } from './startRun.js';

export interface FunctionExecutorOptions {
  /** Clock and timer for `durationMs` and logical timeouts; a TestScheduler in marble tests. */
  scheduler?: SchedulerLike;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';

/** Interprets what a function hook produced as a run record (the same rule as the testing kit's). */
const toRun = (hook: HookEntry, value: unknown, durationMs: number): HookRun => {
  if (value === undefined || value === null) return bareRun(hook, 'success', durationMs);
  if (!isRecord(value)) {
    return bareRun(
      hook,
      'failed',
      durationMs,
      `Hook "${hook.name}" returned ${JSON.stringify(value)}; expected an output object`,
    );
  }
  const { output, warnings, invalid } = decodeHookOutput(value, hook.event);
  if (invalid !== undefined) {
    return bareRun(hook, 'failed', durationMs, `Hook "${hook.name}" output was not used: ${invalid}`);
  }
  return runOfOutput(hook, output, durationMs, warnings);
};

/**
 * The `context` a hook receives. Its AbortSignal is created on first read: most hooks never look at
 * it and an AbortController costs microseconds; a signal first read after a cancel is born aborted.
 */
class RunContext implements FunctionHookContext {
  private controller: AbortController | undefined;
  private abortedWith: { reason: unknown } | undefined;

  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.abortedWith !== undefined) this.controller.abort(this.abortedWith.reason);
    }
    return this.controller.signal;
  }

  abort(reason?: unknown): void {
    if (this.abortedWith !== undefined) return;
    this.abortedWith = { reason };
    this.controller?.abort(reason);
  }
}

/** Follows a hook that answered asynchronously (Promise or Observable) until it settles, times out or is cancelled. */
const awaitAnswer = (
  hook: HookEntry,
  definition: FunctionHook,
  returned: PromiseLike<unknown> | import('rxjs').Observable<unknown>,
  context: RunContext,
  scheduler: SchedulerLike,
  started: number,
  done: (run: HookRun) => void,
): (() => void) => {
  let finished = false;
  let inner: Subscription | undefined;
  let timer: Subscription | undefined;
  const settle = (run: HookRun): void => {
    if (finished) return;
    finished = true;
    timer?.unsubscribe();
    done(run);
  };
  const succeed = (value: unknown): void => {
    settle(toRun(hook, value, scheduler.now() - started));
  };
  const fail = (error: unknown): void => {
    settle(bareRun(hook, 'failed', scheduler.now() - started, `Hook "${hook.name}" failed: ${errorText(error)}`));
  };
  const deadline = definition.timeoutMs;
  if (deadline !== undefined) {
    timer = scheduler.schedule(() => {
      settle(bareRun(hook, 'timeout', scheduler.now() - started, `Hook "${hook.name}" timed out after ${deadline}ms`));
      inner?.unsubscribe();
      context.abort(new Error(`timed out after ${deadline}ms`));
    }, deadline);
  }
  if (isObservable(returned)) {
    let lastValue: unknown;
    inner = returned.subscribe({
      next: (value) => (lastValue = value),
      error: fail,
      complete: () => {
        succeed(lastValue);
      },
    });
  } else {
    returned.then(succeed, fail);
  }
  return () => {
    timer?.unsubscribe();
    inner?.unsubscribe();
    // Only a run cancelled before it finished aborts the hook's signal.
    if (!finished) {
      finished = true;
      context.abort();
    }
  };
};

/** The function executor in callback form. */
export const createFunctionStart = (options: FunctionExecutorOptions = {}): StartRun => {
  const scheduler = options.scheduler ?? asapScheduler;
  return (hook, input, done) => {
    const definition = hook.definition;
    if (!isKind(definition, 'function')) {
      done(bareRun(hook, 'failed', 0, `Hook "${hook.name}" is not a function hook`));
      return undefined;
    }
    const started = scheduler.now();
    const context = new RunContext();
    let returned: unknown;
    try {
      returned = definition.run(input, context);
    } catch (error) {
      done(bareRun(hook, 'failed', scheduler.now() - started, `Hook "${hook.name}" failed: ${errorText(error)}`));
      return undefined;
    }
    if (isObservable(returned) || isThenable(returned)) {
      return awaitAnswer(hook, definition, returned, context, scheduler, started, done);
    }
    done(toRun(hook, returned, scheduler.now() - started));
    return undefined;
  };
};

/** Creates the executor for function hooks (both the Observable and the callback form). */
export const createFunctionExecutor = (options: FunctionExecutorOptions = {}): StartableExecutor =>
  startable(createFunctionStart(options));
