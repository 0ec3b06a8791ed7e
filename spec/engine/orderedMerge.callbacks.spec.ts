import { describe, expect, it } from 'vitest';
import { map, Subject, type Observable } from 'rxjs';
import { createTestScheduler } from '../helpers/marbles.js';
import type { HookResult } from '../../lib/model/types.js';
import { orderedMerge, type StartOne } from '../../lib/engine/orderedMerge.js';

type DecideOne<T> = StartOne<T, HookResult>;

/** A stand-in result: only `event` matters here, it carries the decided value's name. */
const resultOf = (name: string): HookResult => ({ event: name }) as unknown as HookResult;
const nameOf = map((result: HookResult) => result.event as string);

/**
 * A decider driven by a table of cold observables: value `x` is decided when `table[x]` emits (its
 * first value's name is the result); a value missing from the table is decided synchronously.
 */
const decideFrom =
  (
    table: Record<string, Observable<string>>,
    synchronous: 'calls done' | 'returns' = 'calls done',
  ): DecideOne<string> =>
  (value, done) => {
    const answer = table[value];
    if (answer === undefined) {
      // The two ways a decision known at once may arrive: through `done`, or returned (the fast path).
      if (synchronous === 'returns') return resultOf(value.toUpperCase());
      done(resultOf(value.toUpperCase()));
      return undefined;
    }
    const subscription = answer.subscribe((name) => {
      done(resultOf(name));
    });
    return () => {
      subscription.unsubscribe();
    };
  };

describe('orderedMerge (callback form)', () => {
  it('emits a result returned at once inline, in the frame of its source value', () => {
    // The fast path returns its result instead of calling `done`: no queue entry, straight out.
    createTestScheduler().run(({ hot, expectObservable }) => {
      const source = hot('  -a-b-|');
      const expected = '    -A-B-|';
      expectObservable(source.pipe(orderedMerge(decideFrom({}, 'returns')), nameOf)).toBe(expected);
    });
  });

  it('holds a result returned at once behind a slower earlier decision', () => {
    createTestScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('   ----(S|)');
      const source = hot('  -bc------|');
      const slowSubs = '    -^---!';
      const expected = '    -----(SC)|';
      expectObservable(source.pipe(orderedMerge(decideFrom({ b: slow }, 'returns')), nameOf)).toBe(expected);
      expectSubscriptions(slow.subscriptions).toBe(slowSubs);
    });
  });

  it('emits synchronous decisions inline, in the frame of their source value', () => {
    createTestScheduler().run(({ hot, expectObservable, expectSubscriptions }) => {
      const source = hot('  -a-b-c-|');
      const sourceSubs = '  ^------!';
      const expected = '    -A-B-C-|';
      expectObservable(source.pipe(orderedMerge(decideFrom({})), nameOf)).toBe(expected);
      expectSubscriptions(source.subscriptions).toBe(sourceSubs);
    });
  });

  it('holds a fast decision behind a slower earlier one, then emits both in source order', () => {
    createTestScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('   ----(S|)');
      const source = hot('  -a-b------|');
      const slowSubs = '    -^---!';
      const expected = '    -----(SB)-|';
      expectObservable(source.pipe(orderedMerge(decideFrom({ a: slow })), nameOf)).toBe(expected);
      expectSubscriptions(slow.subscriptions).toBe(slowSubs);
    });
  });

  it('runs decisions concurrently: a later one that settles first waits for its turn', () => {
    createTestScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const first = cold('  ----(F|)');
      const second = cold(' -(S|)');
      const source = hot('  -ab--------|');
      const firstSubs = '   -^---!';
      const secondSubs = '  --^!';
      const expected = '    -----(FS)--|';
      expectObservable(source.pipe(orderedMerge(decideFrom({ a: first, b: second })), nameOf)).toBe(expected);
      expectSubscriptions(first.subscriptions).toBe(firstSubs);
      expectSubscriptions(second.subscriptions).toBe(secondSubs);
    });
  });

  it('completes only after the last pending decision is emitted', () => {
    createTestScheduler().run(({ hot, cold, expectObservable }) => {
      const slow = cold('  ---(S|)');
      const source = hot(' -a|');
      const expected = '   ----(S|)';
      expectObservable(source.pipe(orderedMerge(decideFrom({ a: slow })), nameOf)).toBe(expected);
    });
  });

  it('mirrors an empty source', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('|');
      expectObservable(source.pipe(orderedMerge(decideFrom({})), nameOf)).toBe('|');
      expectSubscriptions(source.subscriptions).toBe('(^!)');
    });
  });

  it('mirrors a never-emitting source', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('-');
      expectObservable(source.pipe(orderedMerge(decideFrom({})), nameOf)).toBe('-');
      expectSubscriptions(source.subscriptions).toBe('^');
    });
  });

  it('keeps deciding a never-ending source', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const source = hot(' -a-b-c-');
      expectObservable(source.pipe(orderedMerge(decideFrom({})), nameOf)).toBe('-A-B-C-');
    });
  });

  it('forwards a source error at once and cancels the decisions still running', () => {
    createTestScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('  -----(S|)');
      const source = hot(' -a-#');
      const slowSubs = '   -^-!';
      expectObservable(source.pipe(orderedMerge(decideFrom({ a: slow })), nameOf)).toBe('---#');
      expectSubscriptions(slow.subscriptions).toBe(slowSubs);
    });
  });

  it('cancels the decisions still running on early unsubscribe', () => {
    createTestScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('   -----(S|)');
      const source = hot('  -ab-----|');
      const unsub = '       ---!';
      const slowSubs = ['   -^-!', '--^!'];
      expectObservable(source.pipe(orderedMerge(decideFrom({ a: slow, b: slow })), nameOf), unsub).toBe('---');
      expectSubscriptions(slow.subscriptions).toBe(slowSubs);
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
  });

  it('errors when the decider throws (a host mistake) and cancels the other decisions', () => {
    createTestScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('  -----(S|)');
      const source = hot(' -ab--|');
      const throwing: DecideOne<string> = (value, done, fail, index) => {
        if (value === 'b') throw new Error('invalid input');
        return decideFrom({ a: slow })(value, done, fail, index);
      };
      expectObservable(source.pipe(orderedMerge(throwing), nameOf)).toBe('--#', undefined, new Error('invalid input'));
      expectSubscriptions(slow.subscriptions).toBe('-^!');
    });
  });

  it('ends the output with the error a decision reports through `fail` (a disposed system)', () => {
    createTestScheduler().run(({ hot, expectObservable }) => {
      const source = hot(' -a-b-|');
      const failing: DecideOne<string> = (value, done, fail) => {
        if (value === 'b') {
          fail(new Error('disposed'));
          return undefined;
        }
        done(resultOf('A'));
        return undefined;
      };
      expectObservable(source.pipe(orderedMerge(failing), nameOf)).toBe('-A-#', undefined, new Error('disposed'));
    });
  });
});

describe('orderedMerge (callback form): re-entrant source values', () => {
  /**
   * A decider that, while deciding `from`, pushes `to` into `source` (a hook feeding the stream it is
   * decided on), `before` or `after` it answers; every value is otherwise decided by `decideFrom(table)`.
   */
  const feeding =
    (
      source: Subject<string>,
      from: string,
      to: string,
      when: 'before' | 'after',
      table: Record<string, Observable<string>> = {},
      synchronous: 'calls done' | 'returns' = 'calls done',
    ): DecideOne<string> =>
    (value, done, fail, index) => {
      if (value === from && when === 'before') source.next(to);
      const decided = decideFrom(table, synchronous)(value, done, fail, index);
      if (value === from && when === 'after') source.next(to);
      return decided;
    };

  it('queues a value pushed before the pushing decision returns its result, behind that result', () => {
    // The fast path returns its result instead of calling `done`: the re-entrant value still waits its turn.
    createTestScheduler().run(({ hot, expectObservable }) => {
      const source = hot('  -a---c-|');
      const expected = '    -(AB)C-|';
      expectObservable(source.pipe(orderedMerge(feeding(source, 'a', 'b', 'before', {}, 'returns')), nameOf)).toBe(
        expected,
      );
    });
  });

  it('decides a value the subscriber pushes while receiving a result, after that result', () => {
    // Re-entrancy from downstream: the pushed value is decided inline, once the result that caused it is out.
    const source = new Subject<string>();
    const seen: string[] = [];
    let completed = false;
    source.pipe(orderedMerge(decideFrom({})), nameOf).subscribe({
      next: (name) => {
        seen.push(name);
        if (name === 'A') source.next('b');
      },
      complete: () => {
        completed = true;
      },
    });
    source.next('a');
    source.next('c');
    source.complete();
    expect(seen).toEqual(['A', 'B', 'C']);
    expect(completed).toBe(true);
  });

  it('emits a pushed value whose own decision is asynchronous after the value that pushed it', () => {
    // The re-entrant value takes the queued lane: it waits for its turn, nothing is lost.
    createTestScheduler().run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const slowB = cold('  --(T|)');
      const source = hot('  -a---c-|');
      const slowBSubs = '   -^-!';
      const expected = '    -A-T-C-|';
      expectObservable(source.pipe(orderedMerge(feeding(source, 'a', 'b', 'before', { b: slowB })), nameOf)).toBe(
        expected,
      );
      expectSubscriptions(slowB.subscriptions).toBe(slowBSubs);
    });
  });

  it('emits a value a synchronous decision pushes before answering, in source order', () => {
    // Found by this spec: the pushed value was decided and queued with its result but never flushed (the
    // inline result was emitted directly), so it, every later value and the completion were lost.
    createTestScheduler().run(({ hot, expectObservable }) => {
      const source = hot('  -a---c-|');
      const expected = '    -(AB)C-|';
      expectObservable(source.pipe(orderedMerge(feeding(source, 'a', 'b', 'before')), nameOf)).toBe(expected);
    });
  });

  it('emits a value a synchronous decision pushes after answering, in source order', () => {
    // The same lost flush, when the decision answers first and then pushes.
    createTestScheduler().run(({ hot, expectObservable }) => {
      const source = hot('  -a---c-|');
      const expected = '    -(AB)C-|';
      expectObservable(source.pipe(orderedMerge(feeding(source, 'a', 'b', 'after')), nameOf)).toBe(expected);
    });
  });

  it('emits a value pushed by an asynchronous decision after that decision, in source order', () => {
    // Found by this spec: the pushing event's slot was queued behind the pushed value's (order inverted),
    // and the head never being flushed, neither result came out.
    createTestScheduler().run(({ hot, cold, expectObservable }) => {
      const slowA = cold('  ---(S|)');
      const source = hot('  -a------|');
      const expected = '    ----(SB)|';
      expectObservable(source.pipe(orderedMerge(feeding(source, 'a', 'b', 'before', { a: slowA })), nameOf)).toBe(
        expected,
      );
    });
  });
});
