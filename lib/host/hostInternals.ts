/**
 * Shared engine of the host wrappers: firing an event so that an AbortSignal cancels it (unsubscribing kills
 * the event's hook processes), turning an abortable async job into a cold Observable, and the cheap
 * "is any hook planned" check that keeps translation off the fast path.
 */
import { Observable } from 'rxjs';
import type { EventName } from '../events/names.js';
import type { HookSystem } from '../system/createHookSystem.js';
import type { HookResult } from '../model/types.js';
import { asError } from '../core/guards.js';
import { withCallContext, type HookCallContext } from './callContext.js';

const abortReason = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error('The operation was aborted', { cause: signal.reason });

/**
 * `hooks.fire`, but aborting `signal` unsubscribes the event (its hook processes are killed) and rejects; a call
 * context sets this call's base fields (`session_id`, …).
 */
export function fireHook(
  hooks: HookSystem,
  event: EventName,
  eventFields: Record<string, unknown>,
  signal?: AbortSignal,
  context?: HookCallContext,
): Promise<HookResult> {
  const fields = withCallContext(eventFields, context);
  if (signal === undefined) return hooks.fire(event, fields);
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<HookResult>((resolve, reject) => {
    let settled = false;
    const onAbort = () => {
      subscription.unsubscribe();
      reject(abortReason(signal));
    };
    const settle = () => {
      settled = true;
      signal.removeEventListener('abort', onAbort);
    };
    const subscription = hooks.fire$(event, fields).subscribe({
      next: (result) => {
        settle();
        resolve(result);
      },
      error: (error: unknown) => {
        settle();
        reject(asError(error));
      },
    });
    // A fast-path result settles during subscribe: then there is nothing left to abort.
    if (!settled) signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A cold Observable of one async job; unsubscribing aborts the job's signal (and so its hooks). */
export const fromAbortable = <T>(job: (signal: AbortSignal) => Promise<T>): Observable<T> =>
  new Observable<T>((subscriber) => {
    const controller = new AbortController();
    job(controller.signal).then(
      (value) => {
        subscriber.next(value);
        subscriber.complete();
      },
      (error: unknown) => {
        if (!controller.signal.aborted) subscriber.error(error);
      },
    );
    return () => {
      controller.abort();
    };
  });

/** True when firing `event` would run at least one hook (the facade's `hasHooks`): it guards every translation. */
export const hasPlannedHooks = (hooks: HookSystem, event: EventName): boolean => hooks.hasHooks(event);

/** The system message of a result as a list entry (zero or one line). */
export const systemMessagesOf = (...results: Array<HookResult | undefined>): string[] =>
  results.flatMap((result) => (result?.systemMessage === undefined ? [] : [result.systemMessage]));

export const warningsOf = (...results: Array<HookResult | undefined>): string[] =>
  results.flatMap((result) => result?.warnings ?? []);
