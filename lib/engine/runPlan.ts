/**
 * The engine behind `runParallel` and `runSequential`: run one event's plan through an executor and
 * emit the event with one run record per hook, in plan order.
 *
 * Written as one `new Observable` rather than an operator chain (`from → mergeMap → take → catchError →
 * toArray`): it runs for every event that has hooks, and this shape allocates a handful of objects
 * instead of a dozen subscribers. The semantics are those of that chain: at most `concurrency` hooks
 * subscribed at once, each unsubscribed as soon as it answers, all unsubscribed on teardown.
 */
import { Observable, type Subscription } from 'rxjs';
import { isBlockingRun } from '../rules/blocking.js';
import type { HookInput } from '../events/inputs.js';

import { applyHookOutputToInput } from '../rules/chainInput.js';
import type { HookEntry, HookExecutor, HookRun } from '../core/types.js';
import type { PlannedEvent, RanEvent } from './types.js';
import { errorText } from '../core/guards.js';

const failedRun = (hook: HookEntry, message: string): HookRun => ({
  name: hook.name,
  source: hook.origin.source,
  outcome: 'failed',
  durationMs: 0,
  message,
});

const skippedRun = (hook: HookEntry): HookRun => ({
  name: hook.name,
  source: hook.origin.source,
  outcome: 'skipped',
  durationMs: 0,
  message: `Hook "${hook.name}" skipped: an earlier hook in the chain blocked`,
});

/**
 * Subscribes to one hook run and reports exactly one record, whatever the executor does: its first
 * value (then unsubscribes), a `failed` record for an error, a throw or completion without a value.
 */
const subscribeGuarded = (
  executor: HookExecutor,
  hook: HookEntry,
  input: HookInput,
  onRun: (run: HookRun) => void,
): Subscription | undefined => {
  let settled = false;
  let subscription: Subscription | undefined;
  const settle = (run: HookRun): void => {
    if (settled) return;
    settled = true;
    subscription?.unsubscribe();
    onRun(run);
  };
  try {
    subscription = executor(hook, input).subscribe({
      next: settle,
      error: (error: unknown) => {
        settle(failedRun(hook, `Hook "${hook.name}" failed: ${errorText(error)}`));
      },
      complete: () => {
        settle(failedRun(hook, `Hook "${hook.name}" produced no run record`));
      },
    });
  } catch (error) {
    settle(failedRun(hook, `Hook "${hook.name}" failed: ${errorText(error)}`));
  }
  // A synchronous answer settled before `subscription` was assigned: release it now.
  if (settled) subscription?.unsubscribe();
  return subscription;
};

/**
 * Runs the plan's hooks, at most `concurrency` at once. With `chain`, each successful output is merged
 * into the next hook's input and a blocking run marks every later hook `skipped` (use concurrency 1).
 */
const runPlan = (executor: HookExecutor, planned: PlannedEvent, concurrency: number, chain: boolean) =>
  new Observable<RanEvent>((subscriber) => {
    const hooks = planned.plan.hooks;
    const runs = new Array<HookRun>(hooks.length);
    const live = new Map<number, Subscription>();
    let current = planned.input;
    let blocked = false;
    let started = 0;
    let finished = 0;
    let active = 0;
    let settled = false;

    const record = (index: number, run: HookRun): void => {
      runs[index] = run;
      finished += 1;
      if (chain) {
        if (isBlockingRun(planned.plan.event, run)) blocked = true;
        else if (run.outcome === 'success') current = applyHookOutputToInput(current, run.output);
      }
    };
    const pump = (): void => {
      while (!settled && active < concurrency && started < hooks.length) {
        const index = started++;
        const hook = hooks[index] as HookEntry;
        if (blocked) {
          record(index, skippedRun(hook));
          continue;
        }
        active += 1;
        const subscription = subscribeGuarded(executor, hook, chain ? current : planned.input, (run) => {
          active -= 1;
          live.delete(index);
          record(index, run);
          pump();
        });
        if (subscription && !subscription.closed) live.set(index, subscription);
      }
      if (!settled && finished === hooks.length) {
        settled = true;
        subscriber.next({ ...planned, runs, finalInput: current });
        subscriber.complete();
      }
    };
    pump();
    return () => {
      settled = true;
      for (const subscription of live.values()) subscription.unsubscribe();
      live.clear();
    };
  });

/** All hooks of the plan at once (up to `concurrency`); records come back in plan order. */
export const runPlanParallel = (
  executor: HookExecutor,
  planned: PlannedEvent,
  concurrency: number,
): Observable<RanEvent> => runPlan(executor, planned, concurrency, false);

/** One hook after another; each successful output is chained into the next input; a block ends the chain. */
export const runPlanSequential = (executor: HookExecutor, planned: PlannedEvent): Observable<RanEvent> =>
  runPlan(executor, planned, 1, true);

/** The plan's own mode: sequential when it says so, else parallel up to `concurrency`. */
export const runPlanned = (executor: HookExecutor, planned: PlannedEvent, concurrency: number): Observable<RanEvent> =>
  planned.plan.sequential ? runPlanSequential(executor, planned) : runPlanParallel(executor, planned, concurrency);
