/**
 * The in-process executor: runs function hooks (`{ type: 'function', run(input, { signal }) }`).
 * A return value, a Promise or an Observable (its last value counts) is decoded like a command hook's
 * stdout JSON; a throw, a rejection or an error notification fails open unless the hook is strict.
 * Unsubscribing before the run finished aborts `signal`.
 *
 * Written as one `new Observable` rather than an operator chain: it sits on the hot path of every
 * in-process hook, and this shape costs a few microseconds instead of tens.
 */
import { asapScheduler, isObservable, Observable, type SchedulerLike, type Subscription } from 'rxjs';
import { isRecord } from '../core/guards.js';
import { isBlockingOutput } from '../rules/blocking.js';
import { decodeHookOutput } from '../events/outputs.js';
import type { HookEntry, HookExecutor, HookRun } from '../core/types.js';
import { applyFailurePolicy } from './failurePolicy.js';
import { errorText } from '../core/guards.js';

export interface FunctionExecutorOptions {
  /** Clock and timer for `durationMs` and logical timeouts; a TestScheduler in marble tests. */
  scheduler?: SchedulerLike;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';

/** Interprets what a function hook produced as a run record. */
const toRun = (entry: HookEntry, value: unknown, durationMs: number): HookRun => {
  const base = { name: entry.name, source: entry.origin.source, durationMs };
  if (value === undefined || value === null) return { ...base, outcome: 'success' };
  if (!isRecord(value)) {
    return {
      ...base,
      outcome: 'failed',
      message: `Hook "${entry.name}" returned ${JSON.stringify(value)}; expected an output object`,
    };
  }
  const { output, warnings } = decodeHookOutput(value, entry.event);
  const blocked = isBlockingOutput(entry.event, output);
  return {
    ...base,
    outcome: blocked ? 'blocked' : 'success',
    output,
    ...(blocked ? { message: output.reason ?? `Blocked by hook "${entry.name}"` } : {}),
    ...(warnings.length > 0 ? { outputWarnings: warnings } : {}),
  };
};

const notAFunctionHook = (entry: HookEntry): HookRun => ({
  name: entry.name,
  source: entry.origin.source,
  durationMs: 0,
  outcome: 'failed',
  message: `Hook "${entry.name}" is not a function hook`,
});

/** Creates the executor for function hooks. */
export const createFunctionExecutor =
  (options: FunctionExecutorOptions = {}): HookExecutor =>
  (entry, input) =>
    new Observable<HookRun>((subscriber) => {
      const definition = entry.definition;
      if (definition.type !== 'function') {
        subscriber.next(notAFunctionHook(entry));
        subscriber.complete();
        return;
      }
      const scheduler = options.scheduler ?? asapScheduler;
      const started = scheduler.now();
      // Created on first use: most hooks never look at their signal, and an AbortSignal costs microseconds.
      // A signal first read after the run was cancelled is born aborted.
      let controller: AbortController | undefined;
      let abortedWith: { reason: unknown } | undefined;
      const abort = (reason?: unknown): void => {
        if (abortedWith) return;
        abortedWith = { reason };
        controller?.abort(reason);
      };
      const context = {
        get signal(): AbortSignal {
          if (!controller) {
            controller = new AbortController();
            if (abortedWith) controller.abort(abortedWith.reason);
          }
          return controller.signal;
        },
      };
      let finished = false;
      let inner: Subscription | undefined;
      let timer: Subscription | undefined;

      // Settles the run exactly once: later values, errors or timer ticks are ignored.
      const settle = (run: HookRun): void => {
        if (finished) return;
        finished = true;
        timer?.unsubscribe();
        subscriber.next(applyFailurePolicy(run, definition.strict === true));
        subscriber.complete();
      };
      const succeed = (value: unknown): void => {
        settle(toRun(entry, value, scheduler.now() - started));
      };
      const fail = (error: unknown): void => {
        settle({
          name: entry.name,
          source: entry.origin.source,
          durationMs: scheduler.now() - started,
          outcome: 'failed',
          message: `Hook "${entry.name}" failed: ${errorText(error)}`,
        });
      };

      if (definition.timeout !== undefined) {
        const deadline = definition.timeout;
        timer = scheduler.schedule(() => {
          settle({
            name: entry.name,
            source: entry.origin.source,
            durationMs: scheduler.now() - started,
            outcome: 'timeout',
            message: `Hook "${entry.name}" timed out after ${deadline}ms`,
          });
          abort(new Error(`timed out after ${deadline}ms`));
        }, deadline);
      }

      try {
        const returned = definition.run(input, context);
        if (isObservable(returned)) {
          let lastValue: unknown;
          inner = returned.subscribe({
            next: (value) => (lastValue = value),
            error: fail,
            complete: () => {
              succeed(lastValue);
            },
          });
        } else if (isThenable(returned)) {
          returned.then(succeed, fail);
        } else {
          succeed(returned);
        }
      } catch (error) {
        fail(error);
      }

      return () => {
        timer?.unsubscribe();
        inner?.unsubscribe();
        // Only a run cancelled before it finished aborts the hook's signal.
        if (!finished) {
          finished = true;
          abort();
        }
      };
    });
