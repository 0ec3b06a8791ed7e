/**
 * The plan runner: runs one event's planned hooks and reports one run record per hook, in plan order.
 *
 * Plain callbacks, not an operator chain: it runs for every event that has hooks, and a chain
 * (`from → mergeMap → take → catchError → toArray`) costs a dozen subscribers per event. The semantics
 * are that chain's — parallel is `mergeMap(run, concurrency)`, sequential is `concatMap` with chaining —
 * and spec/engine/runPlan.oracle.spec.ts checks them against it as a reference: at most `concurrency`
 * hooks running at once, each released as soon as it answers, every running hook cancelled on teardown.
 */
import { bareRun } from '../protocol/outputRun.js';
import { Observable } from 'rxjs';
import type { HookEntry, HookExecutor, HookRun } from '../model/types.js';
import type { HookInput } from '../events/inputs.js';
import type { EventName } from '../events/names.js';
import {
  internalFailureRun,
  startOf,
  type CancelRun,
  type InternalFailurePolicy,
  type StartRun,
} from '../executors/startRun.js';
import { isBlockingRun } from '../rules/blocking.js';
import { applyHookOutputToInput } from '../rules/chainInput.js';
import { startDetached } from './background.js';
import { dialectById } from '../dialects/registry.js';
import type { PlannedEvent, RanEvent } from './types.js';

/** Called once with the records (plan order) and the input after chaining (the original when parallel). */
export type PlanDone = (runs: HookRun[], finalInput: HookInput) => void;

/** How a hook skipped because an earlier one in its chain blocked, or stopped the chain, ends its message. */
const CHAIN_ENDED = {
  blocked: 'skipped: an earlier hook in the chain blocked',
  stopped: 'skipped: an earlier hook in the chain said "continue": false',
} as const;

/** Whether `run` was skipped because an earlier hook of its sequential chain ended it (not by the host). */
export const isChainSkip = (run: Pick<HookRun, 'outcome' | 'message'>): boolean =>
  run.outcome === 'skipped' &&
  run.message !== undefined &&
  (run.message.endsWith(CHAIN_ENDED.blocked) || run.message.endsWith(CHAIN_ENDED.stopped));

const skippedRun = (hook: HookEntry, ended: keyof typeof CHAIN_ENDED): HookRun =>
  bareRun(hook, 'skipped', 0, `Hook "${hook.name}" ${CHAIN_ENDED[ended]}`);

/**
 * Whether `run` of `hook` stops its chain without blocking: `"continue": false` where the hook's agent ends its
 * hook loop on it (OLLM checks the flag after each hook); elsewhere the flag stops the agent, not the chain.
 */
const stopsChain = (hook: HookEntry, run: HookRun): boolean => {
  if (run.output?.continue !== false) return false;
  const dialect = hook.origin.dialect;
  return dialect !== undefined && dialectById(dialect).continueEndsChain === true;
};

/**
 * Starts the hooks of a plan, at most `concurrency` at once. With `chain`, hooks run one at a time, each
 * successful output is merged into the next hook's input and a blocking run (or one that stops the chain, see
 * `stopsChain`) marks every later hook `skipped`. Returns the cancel function, or `undefined` when everything settled synchronously.
 */
export const startPlan = (
  start: StartRun,
  event: EventName,
  hooks: readonly HookEntry[],
  input: HookInput,
  concurrency: number,
  chain: boolean,
  eventId: number,
  internalFailurePolicy: InternalFailurePolicy,
  done: PlanDone,
): CancelRun | undefined => {
  const count = hooks.length;
  const limit = chain ? 1 : concurrency;
  const runs = new Array<HookRun>(count);
  // Cancel functions of the runs in flight, by plan index (sparse; most events have one or two hooks).
  let live: (CancelRun | undefined)[] | undefined;
  let current = input;
  // Why the chain ended, if it did: a block, or a `"continue": false` that ends it.
  let ended: keyof typeof CHAIN_ENDED | undefined;
  let started = 0;
  let finished = 0;
  let active = 0;
  let settled = false;
  let pumping = false;

  const record = (index: number, run: HookRun): void => {
    runs[index] = run;
    finished += 1;
    if (chain) {
      if (isBlockingRun(event, run)) ended = 'blocked';
      else if (stopsChain(hooks[index] as HookEntry, run)) ended = 'stopped';
      else if (run.outcome === 'success') current = applyHookOutputToInput(current, run.output);
    }
  };
  const pump = (): void => {
    pumping = true;
    while (!settled && active < limit && started < count) {
      const index = started++;
      const hook = hooks[index] as HookEntry;
      if (ended !== undefined) {
        record(index, skippedRun(hook, ended));
        continue;
      }
      active += 1;
      let answered = false;
      const answer = (run: HookRun): void => {
        if (answered || settled) return;
        answered = true;
        active -= 1;
        if (live !== undefined) live[index] = undefined;
        record(index, run);
        // Settled synchronously inside `start`: the loop below goes on; settled later: pump again.
        if (!pumping) pump();
      };
      let cancel: CancelRun | undefined;
      try {
        cancel = start(hook, chain ? current : input, answer, eventId);
      } catch (error) {
        // A throwing executor stack is hookstream's failure, not the hook's: a record, never a stream error.
        answer(internalFailureRun(hook, error, internalFailurePolicy));
      }
      if (!answered && cancel !== undefined) (live ??= [])[index] = cancel;
    }
    pumping = false;
    if (!settled && finished === count) {
      settled = true;
      done(runs, current);
    }
  };
  pump();
  if (settled) return undefined;
  return () => {
    if (settled) return;
    settled = true;
    if (live === undefined) return;
    for (const cancel of live) cancel?.();
    live = undefined;
  };
};

/**
 * The operators' runner. Background hooks of the plan are started beside the others and left to finish (the
 * executor's `dispose()` ends them); `runs` holds the foreground hooks only. A hook system collects them instead.
 */
const runPlan = (executor: HookExecutor, planned: PlannedEvent, concurrency: number, chain: boolean) =>
  new Observable<RanEvent>((subscriber) => {
    const start = startOf(executor);
    const cancel = startPlan(
      start,
      planned.plan.event,
      planned.plan.hooks,
      planned.input,
      concurrency,
      chain,
      0,
      'block',
      (runs, finalInput) => {
        subscriber.next({ input: planned.input, plan: planned.plan, startedAt: planned.startedAt, runs, finalInput });
        subscriber.complete();
      },
    );
    const background = planned.plan.background;
    if (background !== undefined) startDetached(start, background, planned.input, 0);
    return cancel;
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
  runPlan(executor, planned, concurrency, planned.plan.sequential);
