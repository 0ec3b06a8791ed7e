/**
 * The in-process executor: runs function hooks (`{ type: 'function', run(input, { signal }) }`).
 * A return value, a Promise or an Observable (its last value counts) is decoded like a command hook's
 * stdout JSON; a throw, a rejection or an error notification fails open unless the hook is strict.
 * Unsubscribing aborts `signal`.
 */
import { asapScheduler, defer, from, isObservable, Observable, of, timeout, TimeoutError, type SchedulerLike } from 'rxjs';
import { catchError, defaultIfEmpty, last, map } from 'rxjs/operators';
import { decodeHookOutput, isRecord, type HookOutput } from '../events/outputs.js';
import type { HookInput } from '../events/inputs.js';
import type { FunctionHook, HookEntry, HookExecutor, HookRun } from '../types.js';
import { applyFailurePolicy } from './failurePolicy.js';

export interface FunctionExecutorOptions {
  /** Clock and timer for `durationMs` and logical timeouts; a TestScheduler in marble tests. */
  scheduler?: SchedulerLike;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

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
  const decision = output.decision ?? (entry.event === 'BeforeTool' ? output.hookSpecificOutput?.permissionDecision : undefined);
  const blocked = decision === 'block' || decision === 'deny';
  return {
    ...base,
    outcome: blocked ? 'blocked' : 'success',
    output,
    ...(blocked ? { message: output.reason ?? `Blocked by hook "${entry.name}"` } : {}),
    ...(warnings.length > 0 ? { outputWarnings: warnings } : {}),
  };
};

const invoke = (hook: FunctionHook, input: HookInput, signal: AbortSignal): Observable<unknown> =>
  defer(() => {
    const returned = hook.run(input, { signal });
    if (isObservable(returned)) return returned.pipe(last(undefined, undefined as unknown));
    return from(Promise.resolve(returned));
  });

/** Creates the executor for function hooks. */
export const createFunctionExecutor =
  (options: FunctionExecutorOptions = {}): HookExecutor =>
  (entry, input) =>
    new Observable<HookRun>((subscriber) => {
      const definition = entry.definition;
      const scheduler = options.scheduler ?? asapScheduler;
      const started = scheduler.now();
      const elapsed = (): number => scheduler.now() - started;
      if (definition.type !== 'function') {
        subscriber.next({ name: entry.name, source: entry.origin.source, durationMs: 0, outcome: 'failed', message: `Hook "${entry.name}" is not a function hook` });
        subscriber.complete();
        return;
      }
      const controller = new AbortController();
      const deadline = definition.timeout;
      const result$ = invoke(definition, input, controller.signal).pipe(
        deadline !== undefined ? timeout({ first: deadline, scheduler }) : (source) => source,
        defaultIfEmpty(undefined),
        map((value) => toRun(entry, value as HookOutput | undefined, elapsed())),
        catchError((error: unknown) => {
          const timedOut = error instanceof TimeoutError;
          const run: HookRun = {
            name: entry.name,
            source: entry.origin.source,
            durationMs: elapsed(),
            outcome: timedOut ? 'timeout' : 'failed',
            message: timedOut
              ? `Hook "${entry.name}" timed out after ${deadline}ms`
              : `Hook "${entry.name}" failed: ${errorText(error)}`,
          };
          if (timedOut) controller.abort(error);
          return of(run);
        }),
        map((run) => applyFailurePolicy(run, definition.strict === true)),
      );
      let finished = false;
      const subscription = result$.subscribe({
        next: (run) => subscriber.next(run),
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          finished = true;
          subscriber.complete();
        },
      });
      return () => {
        subscription.unsubscribe();
        // Only a run cancelled before it finished aborts the hook's signal.
        if (!finished) controller.abort();
      };
    });
