/**
 * The callback form of the executor seam. `HookExecutor` (a cold Observable of one run record) is the
 * public contract; inside the engine every run goes through `StartRun`, plain callbacks, so that a
 * synchronous function hook settles in the same tick and an event costs no Subscriber per hook
 * (per-event rxjs plumbing was the largest cost of a function-hook event).
 *
 * Executors built by hookstream carry both forms (`startable`); any other `HookExecutor` is adapted by
 * `startOf`, which subscribes to it and turns a broken contract (an error, a throw, no record) into an
 * internal failure record.
 */
import { Observable, take, type Subscription } from 'rxjs';
import { errorText } from '../core/guards.js';
import type { HookEntry, HookExecutor, HookRun } from '../model/types.js';
import type { HookInput } from '../events/inputs.js';

/** Receives the one run record of a run. */
export type RunDone = (run: HookRun) => void;

/** Stops a run that has not settled yet (kills its process, aborts its signal); a no-op afterwards. */
export type CancelRun = () => void;

/**
 * Starts one hook run and calls `done` exactly once, unless cancelled first. Returns the cancel function,
 * or `undefined` when the run settled synchronously. `eventId` ties the runs of one event together.
 */
export type StartRun = (hook: HookEntry, input: HookInput, done: RunDone, eventId: number) => CancelRun | undefined;

/** A `HookExecutor` that also offers its callback form. */
export interface StartableExecutor extends HookExecutor {
  readonly start: StartRun;
}

/** What becomes of a failure of hookstream itself: `block` (fail closed, the default) or `allow`. */
export type InternalFailurePolicy = 'block' | 'allow';

/** An internal failure record made to block (fail closed); its message already says what failed. */
export const failClosed = (run: HookRun): HookRun => {
  if (run.internal !== true || run.outcome !== 'failed') return run;
  const blocked: HookRun = Object.assign({}, run);
  blocked.outcome = 'blocked';
  blocked.output = { decision: 'block', reason: run.message ?? `Hook "${run.name}": hookstream internal error` };
  blocked.strictFailure = 'failed';
  if ('cause' in run) Object.defineProperty(blocked, 'cause', { value: run.cause, enumerable: false });
  return blocked;
};

/** The record of hookstream's own failure (not the hook's): `failed`, made to block under policy `block`. */
export const internalRun = (
  name: string,
  source: HookRun['source'],
  message: string,
  cause: unknown,
  policy: InternalFailurePolicy,
): HookRun => {
  const run: HookRun = { name, source, outcome: 'failed', durationMs: 0, message };
  run.internal = true;
  // Kept off JSON (`--json`, the message bus): an Error serialises to `{}` and a stack is not a result.
  Object.defineProperty(run, 'cause', { value: cause, enumerable: false });
  return policy === 'block' ? failClosed(run) : run;
};

/** The record of a run that hookstream itself could not carry out; blocks unless the policy allows. */
export const internalFailureRun = (hook: HookEntry, error: unknown, policy: InternalFailurePolicy): HookRun =>
  internalRun(
    hook.name,
    hook.origin.source,
    `Hook "${hook.name}" could not run: hookstream internal error: ${errorText(error)}`,
    error,
    policy,
  );

/** The Observable form of a callback executor: each subscription starts one run; unsubscribing cancels it. */
export const startable = (start: StartRun): StartableExecutor => {
  const execute = (hook: HookEntry, input: HookInput): Observable<HookRun> =>
    new Observable<HookRun>((subscriber) => {
      const cancel = start(
        hook,
        input,
        (run) => {
          subscriber.next(run);
          subscriber.complete();
        },
        // A run subscribed on its own belongs to no event of the engine.
        0,
      );
      return cancel;
    });
  return Object.assign(execute, { start });
};

const isStartable = (executor: HookExecutor): executor is StartableExecutor =>
  typeof (executor as Partial<StartableExecutor>).start === 'function';

/**
 * The callback form of any executor. A foreign executor is subscribed: its first value is the record
 * (then it is unsubscribed); an error notification, a synchronous throw or completion without a value is
 * a failure of the executor — hookstream's side of the seam — so it becomes an internal failure record.
 */
export const startOf = (executor: HookExecutor, policy: InternalFailurePolicy = 'block'): StartRun => {
  if (isStartable(executor)) return executor.start;
  return (hook, input, done) => {
    let settled = false;
    let subscription: Subscription | undefined;
    const settle = (run: HookRun): void => {
      if (settled) return;
      settled = true;
      subscription?.unsubscribe();
      done(run);
    };
    try {
      // `take(1)` releases a synchronous answer at once (an executor that keeps emitting is not drained).
      subscription = executor(hook, input)
        .pipe(take(1))
        .subscribe({
          next: settle,
          error: (error: unknown) => {
            settle(internalFailureRun(hook, error, policy));
          },
          complete: () => {
            settle(internalFailureRun(hook, new Error('the executor completed without a run record'), policy));
          },
        });
    } catch (error) {
      settle(internalFailureRun(hook, error, policy));
    }
    // A synchronous answer settled before `subscription` was assigned: release it now.
    if (settled) {
      subscription?.unsubscribe();
      return undefined;
    }
    return () => {
      settled = true;
      subscription?.unsubscribe();
    };
  };
};
