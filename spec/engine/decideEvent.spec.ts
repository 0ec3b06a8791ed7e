/**
 * The one per-event pipeline behind `fire`, `fire$`, `decide` and the operators: `planEvent` answers an
 * event nothing matches from the fast path without touching an executor, `runEvent` times the event with
 * the engine's clock, turns hookstream's own failures (building the input, folding the runs, a throwing
 * matcher) into an internal failure result, and takes a sequential plan's arguments from the chain.
 */
import { map, Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createTestScheduler, engineInputOf, engineOf } from '../helpers/marbles.js';
import { fastPathResult } from '../../lib/aggregate/fastPath.js';
import { HookstreamInternalError } from '../../lib/core/errors.js';
import type { HookPlan, HookResult, HookRun, Matcher } from '../../lib/model/types.js';
import { decideEvent, isDecided, isPlan, planEvent, runEvent, type Engine } from '../../lib/engine/decideEvent.js';
import type { HookInputOf } from '../../lib/events/inputs.js';
import type { HookOutput } from '../../lib/events/outputs.js';
import { startOf, type StartRun } from '../../lib/executors/startRun.js';
import { allow, deny, entry, fakeExecutor, modifyToolInput, type FakeHook } from '../../lib/testing/index.js';

const WRITE_FILE = Object.freeze({ tool_name: 'write_file', tool_input: Object.freeze({ path: 'a.txt' }) });

const GUARD = entry('BeforeTool', 'guard', { matcher: '^write_file$' });
const SHELL_ONLY = entry('BeforeTool', 'shell-only', { matcher: '^run_shell$' });

/** A StartRun that counts its calls and answers from a fake executor table. */
const countingStart = (table: Readonly<Record<string, FakeHook>> = {}) => {
  const executor = fakeExecutor(table);
  const inner = startOf(executor);
  const state = { starts: 0, calls: executor.calls };
  const start: StartRun = (hook, input, done, eventId) => {
    state.starts += 1;
    return inner(hook, input, done, eventId);
  };
  return Object.assign(state, { start });
};

/** The plan `planEvent` gives (fails the test when it answers with a result). */
const planOf = (engine: Engine, fields: Readonly<Record<string, unknown>> = WRITE_FILE): HookPlan => {
  const planned = planEvent(engine, 'BeforeTool', fields);
  if (!isPlan(planned)) throw new Error('expected a plan');
  return planned;
};

/** `runEvent` as a cold Observable: one result, then complete; unsubscribing cancels. */
const run$ = (
  engine: Engine,
  plan: HookPlan,
  fields: Readonly<Record<string, unknown>> = WRITE_FILE,
): Observable<HookResult> =>
  new Observable<HookResult>((subscriber) =>
    runEvent(engine, plan, fields, (result) => {
      subscriber.next(result);
      subscriber.complete();
    }),
  );

/** Runs an event whose hooks all answer synchronously; fails the test if it does not settle at once. */
const decideNow = (engine: Engine, fields: Readonly<Record<string, unknown>> = WRITE_FILE): HookResult => {
  let result: HookResult | undefined;
  const decided = decideEvent(engine, 'BeforeTool', fields, (settled) => {
    result = settled;
  });
  // Either answered at once (no hook ran) or settled through `done` before returning.
  if (isDecided(decided)) return decided;
  expect(decided).toBeUndefined();
  if (result === undefined) throw new Error('expected a synchronous result');
  return result;
};

describe('planEvent', () => {
  it('answers an event nothing matches from the fast path, without calling the executor', () => {
    // The fast path allocates no callback and starts nothing: no executor call for a missed matcher.
    const counted = countingStart();
    const engine = engineOf([SHELL_ONLY], { start: counted.start });
    const planned = planEvent(engine, 'BeforeTool', WRITE_FILE);
    expect(isPlan(planned)).toBe(false);
    expect(planned).toEqual(fastPathResult('BeforeTool', WRITE_FILE));
    expect((planned as HookResult).toolInput).toBe(WRITE_FILE.tool_input);
    expect(decideNow(engine)).toEqual(planned);
    expect(counted.starts).toBe(0);
  });

  it('answers an event without any hook from the fast path too', () => {
    // No candidate at all: the same result, no plan.
    const counted = countingStart();
    const engine = engineOf([], { start: counted.start });
    expect(planEvent(engine, 'BeforeTool', WRITE_FILE)).toEqual(fastPathResult('BeforeTool', WRITE_FILE));
    expect(counted.starts).toBe(0);
  });

  it('returns the frozen plan when a hook matches', () => {
    // A plan is what `runEvent` takes; `isPlan` tells it from a result.
    const plan = planOf(engineOf([GUARD, SHELL_ONLY]));
    expect(plan.hooks.map((hook) => hook.name)).toEqual(['guard']);
    expect(Object.isFrozen(plan)).toBe(true);
  });

  it('turns a throwing matcher into an internal failure result that blocks, reported with its cause', () => {
    // Planning is hookstream's side: a throw there must fail closed, not escape as an exception.
    const thrown = new Error('matcher threw');
    const broken: Matcher = {
      pattern: 'x',
      test: () => {
        throw thrown;
      },
    };
    const reported: HookstreamInternalError[] = [];
    const engine = engineOf([entry('BeforeTool', 'guard', { matcher: broken })], {
      onInternalError: (error) => reported.push(error),
    });
    const result = planEvent(engine, 'BeforeTool', WRITE_FILE) as HookResult;
    expect(result).toMatchObject({ blocked: true, internal: true });
    expect(result.reason).toMatch(/while planning BeforeTool: matcher threw/);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toBeInstanceOf(HookstreamInternalError);
    expect(reported[0]?.cause).toBe(thrown);
  });
});

describe('runEvent', () => {
  it("times the event with the engine's clock, read at the start and at the answer", () => {
    // Not Date.now: a marble test's virtual time, or a host's clock, is the event's time.
    const readings = [1000, 1042];
    const starts: number[] = [];
    const engine = engineOf([GUARD], {
      start: countingStart({ guard: allow() }).start,
      now: () => readings.shift() ?? -1,
      inputOf: (event, fields, now) => {
        starts.push(now);
        return engineInputOf(event, fields, now);
      },
    });
    expect(decideNow(engine).durationMs).toBe(42);
    expect(starts).toEqual([1000]);
  });

  it('settles in virtual time when the engine reads the TestScheduler, and cancels on unsubscribe', () => {
    // The clock and the cancellation path of an asynchronous hook, frame by frame.
    const testScheduler = createTestScheduler();
    testScheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('  -----(a|)', { a: allow() });
      const answered = '   -----(a|)';
      const slowSubs = ['  ^----!', '^--!'];
      const unsub = '      ---!';
      const engine = engineOf([GUARD], {
        start: startOf(fakeExecutor({ guard: slow }, { scheduler: testScheduler })),
        now: () => testScheduler.now(),
      });
      const plan = planOf(engine);
      const timing = (result: HookResult) => ({ durationMs: result.durationMs, decision: result.decision });
      expectObservable(run$(engine, plan).pipe(map(timing))).toBe(answered, {
        a: { durationMs: 5, decision: 'allow' },
      });
      expectObservable(run$(engine, plan), unsub).toBe('---');
      expectSubscriptions(slow.subscriptions).toBe(slowSubs);
    });
  });

  it('turns a throwing inputOf into an internal failure result, running no hook', () => {
    // Building the input is hookstream's work: its failure blocks the event and is reported with its cause.
    const thrown = new Error('clock broke');
    const counted = countingStart({ guard: allow() });
    const reported: unknown[] = [];
    const engine = engineOf([GUARD], {
      start: counted.start,
      inputOf: () => {
        throw thrown;
      },
      onInternalError: (error) => reported.push(error.cause),
    });
    const result = decideNow(engine);
    expect(result).toMatchObject({ event: 'BeforeTool', blocked: true, decision: 'block', internal: true });
    expect(result.reason).toMatch(/hookstream failed while building the input of BeforeTool: clock broke/);
    expect(result.hooks).toEqual([expect.objectContaining({ name: 'hookstream', outcome: 'blocked', internal: true })]);
    expect(result.hooks[0]?.cause).toBe(thrown);
    expect(result.toolInput).toBe(WRITE_FILE.tool_input);
    expect(counted.starts).toBe(0);
    expect(reported).toEqual([thrown]);
  });

  it("lets internalFailurePolicy 'allow' pass the event with a warning, still marked internal", () => {
    // The host's explicit choice to fail open on hookstream's own failures.
    const engine = engineOf([GUARD], {
      internalFailurePolicy: 'allow',
      inputOf: () => {
        throw new Error('clock broke');
      },
    });
    const result = decideNow(engine);
    expect(result).toMatchObject({ blocked: false, internal: true });
    expect(result.warnings).toEqual([expect.stringContaining('clock broke')]);
  });

  it('turns a fold that throws into an internal failure result', () => {
    // A run record that cannot be read (here: a throwing output) must not become an exception.
    const poisoned = {
      get decision(): never {
        throw new Error('unreadable output');
      },
    } as unknown as HookOutput;
    const poisonedRun: HookRun = {
      name: 'guard',
      source: 'runtime',
      outcome: 'success',
      durationMs: 0,
      output: poisoned,
    };
    const engine = engineOf([GUARD], { start: countingStart({ guard: poisonedRun }).start });
    const result = decideNow(engine);
    expect(result).toMatchObject({ blocked: true, internal: true });
    expect(result.reason).toMatch(/while aggregating BeforeTool: unreadable output/);
  });

  it("takes a sequential plan's tool input from the chain, not from a second merge of the patches", () => {
    // RanEvent.finalInput was computed and never read; aggregation merged every patch again — including
    // one the chain never applied (a run that failed open), so the host ran a tool input no hook saw.
    const first = entry('BeforeTool', 'rename', { sequential: true });
    const failing = entry('BeforeTool', 'failing');
    const last = entry('BeforeTool', 'read-only');
    const failedWithPatch: HookRun = {
      name: 'failing',
      source: 'runtime',
      outcome: 'warning',
      durationMs: 0,
      message: 'Hook "failing" exited with code 1',
      output: modifyToolInput({ path: 'evil.txt' }),
    };
    const counted = countingStart({
      rename: modifyToolInput({ path: 'b.txt' }),
      failing: failedWithPatch,
      'read-only': modifyToolInput({ mode: 'ro' }),
    });
    const engine = engineOf([first, failing, last], { start: counted.start });
    expect(planOf(engine).sequential).toBe(true);
    const result = decideNow(engine);
    expect(counted.calls.map((call) => [call.hook, (call.input as HookInputOf<'BeforeTool'>).tool_input])).toEqual([
      ['rename', { path: 'a.txt' }],
      ['failing', { path: 'b.txt' }],
      ['read-only', { path: 'b.txt' }],
    ]);
    expect(result.toolInput).toEqual({ path: 'b.txt', mode: 'ro' });
    expect(result.warnings).toEqual(['Hook "failing" exited with code 1']);
  });

  it('keeps the input before the block as the tool input when a chain is blocked', () => {
    // A block ends the chain: later hooks are skipped and their patches never apply.
    const engine = engineOf(
      [entry('BeforeTool', 'rename', { sequential: true }), entry('BeforeTool', 'deny'), entry('BeforeTool', 'late')],
      {
        start: countingStart({
          rename: modifyToolInput({ path: 'b.txt' }),
          deny: deny('no'),
          late: modifyToolInput({ path: 'late.txt' }),
        }).start,
      },
    );
    const result = decideNow(engine);
    expect(result).toMatchObject({ blocked: true, decision: 'deny', reason: 'no', toolInput: { path: 'b.txt' } });
    expect(result.hooks.map((hook) => hook.outcome)).toEqual(['success', 'blocked', 'skipped']);
  });

  it('tells the trace about the plan and the result under one event id', () => {
    // Debug tracing ties a plan to its result; the id is the one the executors get.
    const traced: string[] = [];
    const eventIds = new Set<number>();
    const engine = engineOf([GUARD], {
      start: (hook, input, done, eventId) => {
        eventIds.add(eventId);
        return countingStart({ guard: allow() }).start(hook, input, done, eventId);
      },
      trace: {
        planned: (eventId, plan) => {
          eventIds.add(eventId);
          traced.push(`planned:${plan.hooks.length}`);
        },
        decided: (eventId, result) => {
          eventIds.add(eventId);
          traced.push(`decided:${String(result.decision)}`);
        },
      },
    });
    decideNow(engine);
    expect(traced).toEqual(['planned:1', 'decided:allow']);
    expect(eventIds.size).toBe(1);
  });
});
