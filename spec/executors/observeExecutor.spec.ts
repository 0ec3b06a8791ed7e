/**
 * The observe decorator: a start and a finish record per run on `results$` — built only while someone
 * subscribes, a cancelled run included (outcome `canceled`) — and one log line per kind of trouble:
 * `warn` for a hook that failed open, `error` with the cause for a failure of hookstream itself, `debug`
 * per start and finish only when debug logging is on.
 */
import { map, Subject, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createTestScheduler } from '../helpers/marbles.js';
import type { HookActivity, HookRun } from '../../lib/model/types.js';
import { withObserver } from '../../lib/executors/observeExecutor.js';
import { internalFailureRun, startable, type CancelRun, type StartRun } from '../../lib/executors/startRun.js';
import { allow, beforeTool, entry } from '../../lib/testing/index.js';
import { recordingLogger, type LogLine } from '../process/processHarness.js';

const HOOK = entry('BeforeTool', 'guard', { source: 'project' });
const INPUT = beforeTool('write_file', { path: 'a.txt' });
const EVENT_ID = 3;

const RUNS = {
  ok: { name: 'guard', source: 'project', outcome: 'success', durationMs: 2, output: allow() },
  failed: { name: 'guard', source: 'project', outcome: 'failed', durationMs: 1, message: 'Hook "guard" crashed' },
  canceled: {
    name: 'guard',
    source: 'project',
    outcome: 'canceled',
    durationMs: 0,
    message: 'Hook "guard" was canceled',
  },
} satisfies Record<string, HookRun>;

/** A `results$` Subject that counts what it was given. */
class CountingSubject extends Subject<HookActivity> {
  nexts = 0;
  override next(value: HookActivity): void {
    this.nexts += 1;
    super.next(value);
  }
}

/** A run answering from an observable's first value; `cancels` counts cancellations. */
const startFrom = (answer: Observable<HookRun>) => {
  const state = { cancels: 0 };
  const start: StartRun = (_hook, _input, done) => {
    const subscription = answer.subscribe((run) => {
      done(run);
    });
    return () => {
      state.cancels += 1;
      subscription.unsubscribe();
    };
  };
  return Object.assign(state, { start });
};

/** A run that answers `run` synchronously. */
const answering =
  (run: HookRun): StartRun =>
  (_hook, _input, done) => {
    done(run);
    return undefined;
  };

/** An activity record without its wall-clock `at`, for marble values. */
const timeless = (record: HookActivity): Omit<HookActivity, 'at'> => {
  const copy: Partial<HookActivity> = { ...record };
  delete copy.at;
  return copy as Omit<HookActivity, 'at'>;
};

/** An activity record as one word: `start` or `finish:<outcome>`. */
const activityOf = (record: HookActivity): string =>
  record.type === 'start' ? 'start' : `finish:${record.run.outcome}`;

const START = { type: 'start', event: 'BeforeTool', eventId: EVENT_ID, hook: 'guard', source: 'project' } as const;
const finishOf = (run: HookRun) => ({ ...START, type: 'finish' as const, run });

describe('withObserver: records', () => {
  it('records a start when the run starts and a finish with its record when it answers', () => {
    // The dashboard contract: one pair per run, the finish carrying the very record the engine gets.
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const answer = cold('  ---a-', { a: RUNS.ok });
      const answerSubs = '   ^--!';
      const recorded = '     s--f';
      const records = new Subject<HookActivity>();
      const observed = withObserver(startFrom(answer).start, { records, logger: recordingLogger().logger });
      expectObservable(records.pipe(map(timeless))).toBe(recorded, { s: START, f: finishOf(RUNS.ok) });
      expectObservable(startable((hook, input, done) => observed(hook, input, done, EVENT_ID))(HOOK, INPUT)).toBe(
        '---(a|)',
        { a: RUNS.ok },
      );
      expectSubscriptions(answer.subscriptions).toBe(answerSubs);
    });
  });

  it('stamps each record with the wall-clock time', () => {
    // `at` is for dashboards: real milliseconds, not the engine's clock.
    const records = new Subject<HookActivity>();
    const seen: HookActivity[] = [];
    records.subscribe((record) => seen.push(record));
    const before = Date.now();
    withObserver(answering(RUNS.ok), { records, logger: recordingLogger().logger })(HOOK, INPUT, () => undefined, 1);
    expect(seen.map((record) => record.type)).toEqual(['start', 'finish']);
    for (const record of seen) expect(record.at).toBeGreaterThanOrEqual(before);
  });

  it('builds no record and adds no cancel wrapper while nobody subscribes', () => {
    // Issue #9: records were built per run whether or not results$ had a subscriber.
    const records = new CountingSubject();
    const inner: CancelRun = () => undefined;
    const start: StartRun = () => inner;
    const cancel = withObserver(start, { records, logger: recordingLogger().logger })(HOOK, INPUT, () => undefined, 1);
    expect(records.nexts).toBe(0);
    expect(cancel).toBe(inner);
  });

  it('keeps pairs whole: a subscriber that arrives mid-run or leaves mid-run gets no half pair', () => {
    // A finish is recorded only for a run whose start was recorded, and only while someone listens.
    const records = new CountingSubject();
    const pending = new Subject<HookRun>();
    const late = withObserver(startFrom(pending).start, { records, logger: recordingLogger().logger });
    late(HOOK, INPUT, () => undefined, 1);
    const seen: string[] = [];
    const subscription = records.subscribe((record) => seen.push(`${record.type}:${record.eventId}`));
    pending.next(RUNS.ok);
    const leaving = new Subject<HookRun>();
    const early = withObserver(startFrom(leaving).start, { records, logger: recordingLogger().logger });
    early(HOOK, INPUT, () => undefined, 2);
    subscription.unsubscribe();
    leaving.next(RUNS.ok);
    expect(seen).toEqual(['start:2']);
    expect(records.nexts).toBe(1);
  });

  it('records a run cancelled before it answered as finished with outcome canceled', () => {
    // A cancelled event must not leave a run that looks forever running.
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const answer = cold('  -----a', { a: RUNS.ok });
      const unsub = '        --!';
      const answerSubs = '   ^-!';
      const recorded = '     s-f';
      const records = new Subject<HookActivity>();
      const observed = withObserver(startFrom(answer).start, { records, logger: recordingLogger().logger });
      expectObservable(records.pipe(map(timeless))).toBe(recorded, { s: START, f: finishOf(RUNS.canceled) });
      expectObservable(
        startable((hook, input, done) => observed(hook, input, done, EVENT_ID))(HOOK, INPUT),
        unsub,
      ).toBe('--');
      expectSubscriptions(answer.subscriptions).toBe(answerSubs);
    });
  });

  it('records one finish only: cancelling after the answer adds nothing', () => {
    // The cancel of a settled run is a no-op, for the record as for the run.
    const records = new Subject<HookActivity>();
    const seen: string[] = [];
    records.subscribe((record) => seen.push(activityOf(record)));
    const answer = new Subject<HookRun>();
    const inner = startFrom(answer);
    const cancel = withObserver(inner.start, { records, logger: recordingLogger().logger })(
      HOOK,
      INPUT,
      () => undefined,
      1,
    );
    answer.next(RUNS.ok);
    cancel?.();
    expect(seen).toEqual(['start', 'finish:success']);
    expect(inner.cancels).toBe(1);
  });
});

describe('withObserver: logging', () => {
  const run = (answer: HookRun, debug = false): LogLine[] => {
    const { logger, lines } = recordingLogger(debug);
    withObserver(answering(answer), { records: new Subject(), logger })(HOOK, INPUT, () => undefined, 1);
    return lines;
  };

  it('logs a hook that failed open at warn, and nothing for a success or a cancellation', () => {
    // `warn` is for fail-open failures; a cancellation is the host's own doing.
    expect(run(RUNS.failed)).toEqual([
      { level: 'warn', message: RUNS.failed.message, meta: { event: 'BeforeTool', hook: 'guard' } },
    ]);
    expect(run(RUNS.ok)).toEqual([]);
    expect(run(RUNS.canceled)).toEqual([]);
  });

  it('logs a failure of hookstream itself at error, with its cause', () => {
    // The cause (the stack) reaches the host's logger, though the record keeps it off its JSON.
    const cause = new Error('executor broke');
    const internal = internalFailureRun(HOOK, cause, 'block');
    expect(run(internal)).toEqual([
      { level: 'error', message: internal.message, meta: { event: 'BeforeTool', hook: 'guard', cause } },
    ]);
  });

  it('logs start and finish at debug only when debug logging is on', () => {
    // A silent logger costs microseconds per call: the hot path builds no debug metadata for it.
    expect(run(RUNS.ok, false).filter((line) => line.level === 'debug')).toEqual([]);
    const lines = run(RUNS.ok, true);
    expect(lines.map((line) => `${line.level}:${line.message}`)).toEqual(['debug:hook start', 'debug:hook finish']);
    expect(lines[0]?.meta).toEqual({ event: 'BeforeTool', hook: 'guard', input: INPUT });
    expect(lines[1]?.meta).toMatchObject({ hook: 'guard', outcome: 'success', durationMs: RUNS.ok.durationMs });
  });
});
