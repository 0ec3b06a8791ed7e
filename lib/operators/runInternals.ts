/**
 * The engines behind `runParallel` and `runSequential`: run one event's plan through an executor.
 * Every hook run is guarded so that a broken executor yields a `failed` record, never a stream error.
 */
import { defer, from, of, type Observable } from 'rxjs';
import { catchError, concatMap, defaultIfEmpty, map, mergeMap, take, tap, toArray } from 'rxjs/operators';
import { effectiveDecision } from '../aggregate/summarize.js';
import type { HookInput } from '../events/inputs.js';
import { applyHookOutputToInput } from '../run/chainInput.js';
import type { HookEntry, HookExecutor, HookRun } from '../types.js';
import type { PlannedEvent, RanEvent } from './types.js';

const failedRun = (hook: HookEntry, message: string): HookRun => ({
  name: hook.name,
  source: hook.origin.source,
  outcome: 'failed',
  durationMs: 0,
  message,
});

/** One guarded hook run: exactly one record, whatever the executor does. */
export const guardedRun = (executor: HookExecutor, hook: HookEntry, input: HookInput): Observable<HookRun> =>
  defer(() => executor(hook, input)).pipe(
    take(1),
    defaultIfEmpty(failedRun(hook, `Hook "${hook.name}" produced no run record`)),
    catchError((error: unknown) =>
      of(failedRun(hook, `Hook "${hook.name}" failed: ${error instanceof Error ? error.message : String(error)}`)),
    ),
  );

/** Whether a run ends a sequential chain (DESIGN §3: a blocking hook ends the chain). */
export const isBlockingRun = (event: HookInput['hook_event_name'], run: HookRun): boolean => {
  if (run.outcome === 'blocked') return true;
  const decision = effectiveDecision(event, run.output);
  return decision === 'block' || decision === 'deny';
};

/** All hooks of the plan at once (up to `concurrency`); records come back in plan order. */
export const runPlanParallel = (executor: HookExecutor, planned: PlannedEvent, concurrency: number): Observable<RanEvent> =>
  from(planned.plan.hooks).pipe(
    mergeMap((hook, index) => guardedRun(executor, hook, planned.input).pipe(map((run) => [index, run] as const)), concurrency),
    toArray(),
    map((indexed) => {
      const runs: HookRun[] = new Array<HookRun>(indexed.length);
      for (const [index, run] of indexed) runs[index] = run;
      return { ...planned, runs, finalInput: planned.input };
    }),
  );

const skippedRun = (hook: HookEntry): HookRun => ({
  name: hook.name,
  source: hook.origin.source,
  outcome: 'skipped',
  durationMs: 0,
  message: `Hook "${hook.name}" skipped: an earlier hook in the chain blocked`,
});

/** One hook after another; each successful output is chained into the next input; a block ends the chain. */
export const runPlanSequential = (executor: HookExecutor, planned: PlannedEvent): Observable<RanEvent> =>
  defer(() => {
    let current = planned.input;
    let blocked = false;
    return from(planned.plan.hooks).pipe(
      concatMap((hook) =>
        blocked
          ? of(skippedRun(hook))
          : guardedRun(executor, hook, current).pipe(
              tap((run) => {
                if (isBlockingRun(planned.plan.event, run)) blocked = true;
                else if (run.outcome === 'success') current = applyHookOutputToInput(current, run.output);
              }),
            ),
      ),
      toArray(),
      map((runs) => ({ ...planned, runs, finalInput: current })),
    );
  });
