/**
 * The model behind the runner oracle (runPlan.oracle.spec.ts):
 * - fake hooks whose behaviour is plain data, so fast-check can generate and shrink it;
 * - an executor that plays those behaviours in virtual time and logs what the runner does to each hook
 *   (called with which input, subscribed, unsubscribed, still open after answering);
 * - the REFERENCE runner: the rxjs chain that `lib/engine/runPlan.ts` replaces for speed (its header and
 *   DESIGN §1/§5: `mergeMap(run, n)` / `concatMap` with chaining). Its semantics are the contract.
 * Spec-only; nothing here is imported by lib/.
 */
import {
  Observable,
  Subscription,
  catchError,
  concatMap,
  defaultIfEmpty,
  defer,
  from,
  map,
  mergeMap,
  of,
  take,
  tap,
  toArray,
  type SchedulerLike,
} from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { errorText } from '../../lib/core/guards.js';
import { internalFailureRun, startable, type StartRun } from '../../lib/executors/startRun.js';
import type { HookEntry, HookExecutor, HookOutcome, HookRun } from '../../lib/model/types.js';
import type { PlannedEvent, RanEvent } from '../../lib/engine/types.js';
import type { HookInput } from '../../lib/events/inputs.js';
import type { HookOutput } from '../../lib/events/outputs.js';
import { isBlockingRun } from '../../lib/rules/blocking.js';
import { applyHookOutputToInput } from '../../lib/rules/chainInput.js';
import { entry } from '../../lib/testing/entries.js';
import { beforeTool } from '../../lib/testing/inputs.js';

// ------------------------------------------------------------------------------------------- behaviours

/** A thrown or signalled error: an `Error` (its message is the text) or any other value (its `String`). */
export interface ErrorSpec {
  readonly text: string;
  readonly asError: boolean;
}

/** The record a hook answers with (name and source are the hook's own). */
export interface AnswerSpec {
  readonly outcome: Extract<HookOutcome, 'success' | 'blocked' | 'warning'>;
  readonly output?: HookOutput;
}

/** What one fake hook does once subscribed. A `delay` is in frames; 0 means synchronously, inside subscribe. */
export type HookBehaviour =
  /** Answers, then completes, answers a second time, or stays open — whichever it still can. */
  | { readonly kind: 'answer'; readonly delay: number; readonly answer: AnswerSpec; readonly then: AnswerThen }
  | { readonly kind: 'error'; readonly delay: number; readonly error: ErrorSpec }
  /** The executor call itself throws: there is no observable to subscribe. */
  | { readonly kind: 'throwOnCall'; readonly error: ErrorSpec }
  /** The observable's subscribe function throws. */
  | { readonly kind: 'throwOnSubscribe'; readonly error: ErrorSpec }
  | { readonly kind: 'empty'; readonly delay: number }
  | { readonly kind: 'never' };

export type AnswerThen = 'complete' | 'again' | 'stay';

/** A random plan: the hooks' behaviours (plan order), how to run them, and when the host gives up. */
export interface Scenario {
  /**
   * How the executor is offered: `observable`, a plain `HookExecutor` (the engine adapts it with
   * `startOf`); `callback`, also in the callback form hookstream's own executors have (`startable`).
   */
  readonly form: 'observable' | 'callback';
  readonly behaviours: readonly HookBehaviour[];
  /** Parallel concurrency (ignored by the sequential runner). */
  readonly concurrency: number;
  /** Frame at which the runner's subscriber unsubscribes; absent: never. */
  readonly unsubscribeAt?: number | undefined;
  /** The event's original `tool_input`. */
  readonly toolInput: Readonly<Record<string, unknown>>;
}

// ---------------------------------------------------------------------------------------------- traces

/** What happened to one hook, at which virtual frame. Logged by the fake, in the order it happened. */
export interface LogEntry {
  readonly frame: number;
  readonly hook: string;
  /** `open-after-answer`: the hook's subscriber was still open right after it delivered its record. */
  readonly what: 'call' | 'subscribe' | 'unsubscribe' | 'open-after-answer';
}

/** A notification of the runner's output, with the normalised value. */
export interface Note {
  readonly frame: number;
  readonly kind: 'next' | 'error' | 'complete';
  readonly value?: unknown;
}

/** What the fake executor and the subscriber record while one side runs. */
interface Recording {
  readonly notes: Note[];
  readonly log: LogEntry[];
  /** The input each executor call received, in call order. */
  readonly inputs: { readonly hook: string; readonly input: HookInput }[];
}

/** Everything one side (engine or reference) did over one scenario. */
export interface Trace extends Recording {
  /** The original input before and after the run, to check it was never mutated. */
  readonly inputBefore: HookInput;
  readonly inputAfter: HookInput;
}

/** Per hook, its subscriptions as `subscribed-unsubscribed` frames (`3-` while still subscribed): `expectSubscriptions` data. */
export const subscriptionsOf = (trace: Trace, hooks: readonly HookEntry[]): Record<string, string[]> => {
  const spans: Record<string, { from: number; to?: number }[]> = {};
  for (const hook of hooks) spans[hook.name] = [];
  for (const { frame, hook, what } of trace.log) {
    const log = spans[hook]!;
    if (what === 'subscribe') log.push({ from: frame });
    if (what === 'unsubscribe') log[log.length - 1]!.to = frame;
  }
  return Object.fromEntries(
    Object.entries(spans).map(([hook, log]) => [hook, log.map(({ from, to }) => `${from}-${to ?? ''}`)]),
  );
};

// -------------------------------------------------------------------------------------------- the fake

const noter =
  (scheduler: SchedulerLike, trace: Recording) =>
  (hook: HookEntry, what: LogEntry['what']): void => {
    trace.log.push({ frame: scheduler.now(), hook: hook.name, what });
  };

const behaviourOf = (hooks: readonly HookEntry[], behaviours: readonly HookBehaviour[], hook: HookEntry) => {
  const behaviour = behaviours[hooks.indexOf(hook)];
  if (!behaviour) throw new Error(`oracle: unplanned hook "${hook.name}"`);
  return behaviour;
};

const thrown = (spec: ErrorSpec): unknown => (spec.asError ? new Error(spec.text) : spec.text);

const recordOf = (hook: HookEntry, answer: AnswerSpec): HookRun => ({
  name: hook.name,
  source: hook.origin.source,
  outcome: answer.outcome,
  durationMs: 0,
  ...(answer.output ? { output: answer.output } : {}),
});

/**
 * An executor playing `behaviours[i]` for `hooks[i]` on `scheduler`, logging into `trace`. Every call
 * builds a fresh cold observable, so the engine and the reference never share an instance.
 */
const observableForm = (
  hooks: readonly HookEntry[],
  behaviours: readonly HookBehaviour[],
  scheduler: SchedulerLike,
  trace: Recording,
): HookExecutor => {
  const note = noter(scheduler, trace);
  return (hook, input) => {
    const behaviour = behaviourOf(hooks, behaviours, hook);
    note(hook, 'call');
    trace.inputs.push({ hook: hook.name, input });
    if (behaviour.kind === 'throwOnCall') throw thrown(behaviour.error);
    return new Observable<HookRun>((subscriber) => {
      note(hook, 'subscribe');
      // Registered first so that every way of ending (answer, error, throw, unsubscribe) is logged.
      subscriber.add(() => {
        note(hook, 'unsubscribe');
      });
      const after = (delay: number, work: () => void): void => {
        if (delay === 0) work();
        else subscriber.add(scheduler.schedule(work, delay));
      };
      switch (behaviour.kind) {
        case 'throwOnSubscribe':
          throw thrown(behaviour.error);
        case 'never':
          return;
        case 'empty':
          after(behaviour.delay, () => {
            subscriber.complete();
          });
          return;
        case 'error':
          after(behaviour.delay, () => {
            subscriber.error(thrown(behaviour.error));
          });
          return;
        case 'answer':
          after(behaviour.delay, () => {
            subscriber.next(recordOf(hook, behaviour.answer));
            // `take(1)` closes the subscriber inside that `next`: anything after it is visible only to a runner that does not.
            if (subscriber.closed) return;
            note(hook, 'open-after-answer');
            if (behaviour.then === 'complete') subscriber.complete();
            if (behaviour.then === 'again') subscriber.next(recordOf(hook, { outcome: 'warning' }));
          });
      }
    });
  };
};

/**
 * The same behaviours in the callback form hookstream's own executors offer (`startable`): the engine
 * calls `start` directly, the reference subscribes to the Observable form `startable` derives from it.
 * A callback run has no error or empty completion; it can only throw. Here `unsubscribe` logs the end
 * of a run: its answer, its throw, or a cancel while it is still running.
 */
const callbackForm = (
  hooks: readonly HookEntry[],
  behaviours: readonly HookBehaviour[],
  scheduler: SchedulerLike,
  trace: Recording,
): HookExecutor => {
  const note = noter(scheduler, trace);
  const start: StartRun = (hook, input, done) => {
    const behaviour = behaviourOf(hooks, behaviours, hook);
    note(hook, 'call');
    trace.inputs.push({ hook: hook.name, input });
    note(hook, 'subscribe');
    let running = true;
    const end = (): boolean => {
      if (!running) return false;
      running = false;
      note(hook, 'unsubscribe');
      return true;
    };
    switch (behaviour.kind) {
      case 'throwOnCall':
      case 'throwOnSubscribe':
        end();
        throw thrown(behaviour.error);
      case 'never':
        return end;
      case 'answer': {
        const answer = (): void => {
          end();
          done(recordOf(hook, behaviour.answer));
          // A second `done` breaks the contract; both sides must ignore it.
          if (behaviour.then === 'again') done(recordOf(hook, { outcome: 'warning' }));
        };
        if (behaviour.delay === 0) {
          answer();
          return undefined;
        }
        const action = scheduler.schedule(answer, behaviour.delay);
        return () => {
          if (end()) action.unsubscribe();
        };
      }
      case 'error':
      case 'empty':
        throw new Error(`oracle: "${behaviour.kind}" has no callback form`);
    }
  };
  return startable(start);
};

/** The scenario's fake executor, in the scenario's form. */
export const playHooks = (
  scenario: Scenario,
  hooks: readonly HookEntry[],
  scheduler: SchedulerLike,
  trace: Recording,
): HookExecutor =>
  (scenario.form === 'callback' ? callbackForm : observableForm)(hooks, scenario.behaviours, scheduler, trace);

// ---------------------------------------------------------------------------------------- the reference

const skippedRun = (hook: HookEntry): HookRun => ({
  name: hook.name,
  source: hook.origin.source,
  outcome: 'skipped',
  durationMs: 0,
  message: `Hook "${hook.name}" skipped: an earlier hook in the chain blocked`,
});

/** The text of the failure of an executor that completed without a record (lib/executors/startRun.ts). */
export const NO_RECORD = 'the executor completed without a run record';

/**
 * One hook run that always yields exactly one record: the first value (and `take(1)` unsubscribes right
 * then), else — the executor broke its contract — an internal failure record: for completion without a
 * value, an error notification, or a throw from the executor call (`defer` turns it into an error) or from
 * subscribe (rxjs turns it into an error). The record itself is built by the one rule that builds it,
 * `internalFailureRun` (fail closed, the engine's default policy): the oracle checks the runner, not that
 * rule, but the error handed to it must be the same on both sides (the message carries its text).
 */
const guarded = (executor: HookExecutor, hook: HookEntry, input: HookInput): Observable<HookRun> =>
  defer(() => executor(hook, input)).pipe(
    take(1),
    defaultIfEmpty(internalFailureRun(hook, new Error(NO_RECORD), 'block')),
    catchError((error: unknown) => of(internalFailureRun(hook, error, 'block'))),
  );

/** Reference for `runPlanParallel`: `mergeMap(run, concurrency)`, records put back in plan order. */
export const referenceParallel = (
  executor: HookExecutor,
  planned: PlannedEvent,
  concurrency: number,
): Observable<RanEvent> =>
  from(planned.plan.hooks.map((hook, index) => [hook, index] as const)).pipe(
    mergeMap(
      ([hook, index]) => guarded(executor, hook, planned.input).pipe(map((run) => [index, run] as const)),
      concurrency,
    ),
    toArray(),
    map((pairs) => ({
      ...planned,
      runs: [...pairs].sort(([a], [b]) => a - b).map(([, run]) => run),
      finalInput: planned.input,
    })),
  );

/**
 * Reference for `runPlanSequential`: `concatMap` over the hooks with the chain's state per subscription.
 * A successful run's output is chained into the next input; after a blocking run every later hook is
 * `skipped` without being called.
 */
export const referenceSequential = (executor: HookExecutor, planned: PlannedEvent): Observable<RanEvent> =>
  defer(() => {
    let current = planned.input;
    let blocked = false;
    return from(planned.plan.hooks).pipe(
      concatMap((hook) =>
        blocked
          ? of(skippedRun(hook))
          : guarded(executor, hook, current).pipe(
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

// ---------------------------------------------------------------------------------------- the normaliser

/**
 * The run-record fields the reference models (`cause`, the thrown value itself, is not compared: each side
 * threw its own instance). Any field the engine adds beyond these is ignored on purpose.
 */
const RUN_FIELDS = [
  'name',
  'command',
  'source',
  'outcome',
  'exitCode',
  'signal',
  'durationMs',
  'output',
  'stdout',
  'stderr',
  'message',
  'outputWarnings',
  'strictFailure',
  'internal',
] as const satisfies readonly (keyof HookRun)[];

const normaliseRun = (run: HookRun): Partial<HookRun> => {
  const picked: Record<string, unknown> = {};
  for (const field of RUN_FIELDS) if (run[field] !== undefined) picked[field] = run[field];
  return picked;
};

/** A RanEvent reduced to what the reference models. */
export const normalise = (ran: RanEvent) => ({
  input: ran.input,
  plan: ran.plan,
  startedAt: ran.startedAt,
  runs: ran.runs.map(normaliseRun),
  finalInput: ran.finalInput,
});

// ---------------------------------------------------------------------------------------------- driving

/** A runner under comparison: the engine or the reference, with the scenario's mode already chosen. */
export type Runner = (executor: HookExecutor, planned: PlannedEvent) => Observable<RanEvent>;

/** The scenario's hooks (`h0`, `h1`, …) and its planned BeforeTool event; shared by both sides. */
export const planOf = (scenario: Scenario, sequential: boolean) => {
  const hooks = scenario.behaviours.map((_, index) => entry('BeforeTool', `h${index}`, { sequential }));
  const planned: PlannedEvent = {
    input: beforeTool('write_file', { ...scenario.toolInput }),
    plan: { event: 'BeforeTool', hooks, sequential },
    startedAt: 0,
  };
  return { hooks, planned };
};

/**
 * Runs one side in its own TestScheduler (virtual time): subscribes at frame 0, unsubscribes at
 * `scenario.unsubscribeAt` (scheduled first, so it precedes whatever the hooks do in that frame), and
 * returns what it emitted and what it did to the hooks.
 */
export const traceOf = (
  runner: Runner,
  scenario: Scenario,
  hooks: readonly HookEntry[],
  planned: PlannedEvent,
): Trace => {
  const scheduler = new TestScheduler(() => undefined);
  const trace: Recording = { notes: [], log: [], inputs: [] };
  const inputBefore = structuredClone(planned.input);
  scheduler.run(() => {
    const executor = playHooks(scenario, hooks, scheduler, trace);
    const subscription = new Subscription();
    if (scenario.unsubscribeAt !== undefined) {
      scheduler.schedule(() => {
        subscription.unsubscribe();
      }, scenario.unsubscribeAt);
    }
    const push = (kind: Note['kind'], value?: unknown): void => {
      trace.notes.push({ frame: scheduler.now(), kind, ...(value !== undefined ? { value } : {}) });
    };
    subscription.add(
      runner(executor, planned).subscribe({
        next: (ran) => {
          push('next', normalise(ran));
        },
        error: (error: unknown) => {
          push('error', errorText(error));
        },
        complete: () => {
          push('complete');
        },
      }),
    );
  });
  return { ...trace, inputBefore, inputAfter: structuredClone(planned.input) };
};
