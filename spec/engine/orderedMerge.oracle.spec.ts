/**
 * The oracle for the ordered merge: `orderedMerge` (callback form) and `mergeMapOrdered` (Observable form)
 * against a reference made of plain rxjs — `mergeMap(project, n)` with each inner gathered by `toArray`
 * and tagged with its index, then a reorder buffer releasing the arrays in index order.
 *
 * Random source streams (values at random frames, then complete / error / never) whose values act after
 * random delays (0 = synchronously, inside the start), answer / error / throw / never end, push a value
 * into the source while starting (re-entrancy from upstream) or when their result is received (from
 * downstream), with random concurrency and an early unsubscribe, run through both sides in virtual time.
 * The traces must be identical: every notification with its frame, every start with its frame and
 * index, every cancellation of unfinished work, and the source's subscription.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { map, mergeMap, Observable, Subject, toArray, type OperatorFunction, type Subscription } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { mergeMapOrdered, orderedMerge, type StartOne } from '../../lib/engine/orderedMerge.js';
import { createTestScheduler } from '../helpers/marbles.js';

const NUM_RUNS = 400;

interface Behaviour {
  /** Frames until the work acts; 0 = synchronously, inside its start. */
  delay: number;
  /** Callback form, synchronous answer: returned from the start (the fast path) or through `done`. */
  answer: 'returns' | 'done';
  /** Observable form: values emitted before the end. */
  values: number;
  end: 'complete' | 'error' | 'never' | 'throw';
  /** Pushes `id + 100` into the source while starting, before or after acting; `end` completes the source first. */
  feed: 'no' | 'before' | 'after' | 'end';
  /** The subscriber pushes `id + 200` into the source when it receives this value's (first) result. */
  feedOnReceive: boolean;
}

interface Scenario {
  form: 'callbacks' | 'observables';
  concurrent: number;
  /** Frames before each source value (0 = same frame). */
  gaps: number[];
  end: 'complete' | 'error' | 'never';
  endGap: number;
  behaviours: Behaviour[];
  unsubscribeAt: number | undefined;
}

const behaviourArb: fc.Arbitrary<Behaviour> = fc.record({
  delay: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 4 })),
  answer: fc.constantFrom('returns', 'done'),
  values: fc.integer({ min: 0, max: 2 }),
  end: fc.constantFrom('complete', 'complete', 'complete', 'error', 'never', 'throw'),
  feed: fc.constantFrom('no', 'no', 'no', 'before', 'after', 'end'),
  feedOnReceive: fc.boolean(),
});

const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  form: fc.constantFrom('callbacks', 'observables'),
  concurrent: fc.constantFrom(1, 2, 3, Infinity, Infinity),
  gaps: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 6 }),
  end: fc.constantFrom('complete', 'complete', 'error', 'never'),
  endGap: fc.integer({ min: 0, max: 3 }),
  behaviours: fc.array(behaviourArb, { minLength: 1, maxLength: 6 }),
  unsubscribeAt: fc.option(fc.integer({ min: 0, max: 14 }), { nil: undefined }),
});

interface Trace {
  out: string[];
  starts: string[];
  stops: string[];
  source: string[];
}

type Result = { id: number };
type Merge = 'subject' | 'reference';

/** The reference: `mergeMap` with index tagging, then a reorder buffer (safe against re-entrant emission). */
const referenceOrdered =
  <T, R>(project: (value: T, index: number) => Observable<R>, concurrent: number): OperatorFunction<T, R> =>
  (source) =>
    new Observable<R>((subscriber) => {
      const ready = new Map<number, R[]>();
      let next = 0;
      let releasing = false;
      const release = (): void => {
        if (releasing) return;
        releasing = true;
        for (let values = ready.get(next); values !== undefined; values = ready.get(next)) {
          ready.delete(next++);
          for (const value of values) subscriber.next(value);
        }
        releasing = false;
      };
      return source
        .pipe(
          mergeMap(
            (value, index) =>
              project(value, index).pipe(
                toArray(),
                map((values) => [index, values] as const),
              ),
            concurrent,
          ),
        )
        .subscribe({
          next: ([index, values]) => {
            ready.set(index, values);
            release();
          },
          error: (error: unknown) => {
            subscriber.error(error);
          },
          complete: () => {
            subscriber.complete();
          },
        });
    });

/** The callback form as the Observable the reference's `mergeMap` subscribes. */
const asObservable =
  <T, R>(start: StartOne<T, R>) =>
  (value: T, index: number): Observable<R> =>
    new Observable<R>((subscriber) => {
      const got = start(
        value,
        (result) => {
          subscriber.next(result);
          subscriber.complete();
        },
        (error) => {
          subscriber.error(error);
        },
        index,
      );
      if (got === undefined) return undefined;
      if (typeof got === 'function') return got as () => void;
      subscriber.next(got);
      subscriber.complete();
      return undefined;
    });

const run = (scenario: Scenario, side: Merge): Trace => {
  const trace: Trace = { out: [], starts: [], stops: [], source: [] };
  const scheduler = new TestScheduler(() => undefined);
  scheduler.run(() => {
    const now = () => scheduler.now();
    const behaviour = (id: number) => scenario.behaviours[id % scenario.behaviours.length] as Behaviour;
    const subject = new Subject<number>();
    const source = new Observable<number>((subscriber) => {
      trace.source.push(`${now()}:subscribed`);
      const subscription = subject.subscribe(subscriber);
      return () => {
        trace.source.push(`${now()}:unsubscribed`);
        subscription.unsubscribe();
      };
    });
    const feed = (id: number, end = false): void => {
      if (end) subject.complete();
      else subject.next(id);
    };

    /** One value's work, in callback form; the Observable form below is the same work as an inner. */
    const start: StartOne<number, Result> = (id, done, fail, index) => {
      trace.starts.push(`${now()}:${id}#${index}`);
      const b = behaviour(id);
      if ((b.feed === 'before' || b.feed === 'end') && id < 100) feed(id + 100, b.feed === 'end');
      if (b.end === 'throw') throw new Error(`start ${id} threw`);
      let finished = false;
      let returned: Result | undefined;
      const act = (): void => {
        if (b.end === 'never') return;
        finished = true;
        if (b.end === 'complete') done({ id });
        else fail(new Error(`work ${id} failed`));
      };
      let timer: Subscription | undefined;
      if (b.delay > 0) timer = scheduler.schedule(act, b.delay);
      else if (b.end === 'complete' && b.answer === 'returns') {
        finished = true;
        returned = { id };
      } else act();
      if (b.feed === 'after' && id < 100) feed(id + 100);
      if (returned !== undefined) return returned;
      if (finished) return undefined;
      return () => {
        if (finished) return;
        finished = true;
        timer?.unsubscribe();
        trace.stops.push(`${now()}:${id}`);
      };
    };

    const project = (id: number, index: number): Observable<string> => {
      const b = behaviour(id);
      if (b.end === 'throw') {
        trace.starts.push(`${now()}:${id}#${index}`);
        throw new Error(`project ${id} threw`);
      }
      return new Observable<string>((subscriber) => {
        trace.starts.push(`${now()}:${id}#${index}`);
        if ((b.feed === 'before' || b.feed === 'end') && id < 100) feed(id + 100, b.feed === 'end');
        let finished = false;
        const act = (): void => {
          for (let k = 0; k < b.values; k++) subscriber.next(`${id}.${k}`);
          if (b.end === 'never') return;
          finished = true;
          if (b.end === 'complete') subscriber.complete();
          else subscriber.error(new Error(`inner ${id} failed`));
        };
        const timer = b.delay > 0 ? scheduler.schedule(act, b.delay) : (act(), undefined);
        if (b.feed === 'after' && id < 100) feed(id + 100);
        return () => {
          timer?.unsubscribe();
          if (!finished) trace.stops.push(`${now()}:${id}`);
          finished = true;
        };
      });
    };

    const output: Observable<unknown> =
      scenario.form === 'callbacks'
        ? source.pipe(
            side === 'subject'
              ? orderedMerge(start, scenario.concurrent)
              : referenceOrdered(asObservable(start), scenario.concurrent),
          )
        : source.pipe(
            side === 'subject'
              ? mergeMapOrdered(project, scenario.concurrent)
              : referenceOrdered(project, scenario.concurrent),
          );
    const subscription = output.subscribe({
      next: (value) => {
        const id = typeof value === 'string' ? Number(value.split('.')[0]) : (value as Result).id;
        trace.out.push(`${now()}:next:${typeof value === 'string' ? value : id}`);
        const first = typeof value !== 'string' || value.endsWith('.0');
        if (first && id < 100 && behaviour(id).feedOnReceive) feed(id + 200);
      },
      error: (error: unknown) => trace.out.push(`${now()}:error:${(error as Error).message}`),
      complete: () => trace.out.push(`${now()}:complete`),
    });
    let frame = 0;
    scenario.gaps.forEach((gap, id) => {
      frame += gap;
      scheduler.schedule(() => {
        subject.next(id);
      }, frame);
    });
    frame += scenario.endGap;
    if (scenario.end !== 'never') {
      scheduler.schedule(() => {
        if (scenario.end === 'complete') subject.complete();
        else subject.error(new Error('source failed'));
      }, frame);
    }
    if (scenario.unsubscribeAt !== undefined) {
      scheduler.schedule(() => {
        subscription.unsubscribe();
      }, scenario.unsubscribeAt);
    }
  });
  // Cancellations in one frame may come in either order (as the TestScheduler's subscription logs see them).
  trace.stops.sort();
  return trace;
};

describe('ordered merge: oracle against mergeMap + reorder buffer', () => {
  it('emits, errors, completes, starts and cancels exactly as the reference', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        expect(run(scenario, 'subject')).toEqual(run(scenario, 'reference'));
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('agrees on every behaviour with the source values pushed in one burst', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const burst = { ...scenario, gaps: scenario.gaps.map(() => 0) };
        expect(run(burst, 'subject')).toEqual(run(burst, 'reference'));
      }),
      { numRuns: NUM_RUNS / 2 },
    );
  });
});

describe('ordered merge: edge cases in marbles, implementation and reference alike', () => {
  const sides = [
    ['mergeMapOrdered', mergeMapOrdered],
    ['reference', referenceOrdered],
  ] as const;

  it.each(sides)('%s: an inner pushing into its source synchronously is emitted after it', (_, ordered) => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const source = new Subject<string>();
      const slow = cold('--(s|)');
      const project = (value: string) => {
        if (value === 'a') source.next('b');
        return value === 'a' ? slow : cold('(x|)');
      };
      hot('-a-----|').subscribe(source);
      expectObservable(source.pipe(ordered(project, Infinity))).toBe('---(sx)|');
      expectSubscriptions(slow.subscriptions).toBe('-^-!');
    });
  });

  it.each(sides)('%s: an error in the middle cancels the inners in flight', (_, ordered) => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const x = cold('----(a|)');
      const y = cold('-#');
      const source = hot('xy---|', { x, y });
      expectObservable(source.pipe(ordered((inner: typeof x) => inner, Infinity))).toBe('--#');
      expectSubscriptions(x.subscriptions).toBe('^-!');
      expectSubscriptions(source.subscriptions).toBe('^-!');
    });
  });

  it.each(sides)('%s: unsubscribing mid-flight cancels the running and never starts the waiting', (_, ordered) => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const x = cold('----(a|)');
      const y = cold('(b|)');
      const source = hot('xy---|', { x, y });
      expectObservable(source.pipe(ordered((inner: typeof x) => inner, 1)), '--!').toBe('---');
      expectSubscriptions(x.subscriptions).toBe('^-!');
      expectSubscriptions(y.subscriptions).toBe([]);
    });
  });

  it.each(sides)('%s: an empty source completes at once', (_, ordered) => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('|');
      expectObservable(source.pipe(ordered((value: string) => cold(value), Infinity))).toBe('|');
      expectSubscriptions(source.subscriptions).toBe('(^!)');
    });
  });
});
