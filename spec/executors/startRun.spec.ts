/**
 * The two adapters between the executor seam's forms: `startable` (callbacks → a cold Observable whose
 * unsubscribe cancels) and `startOf` (any HookExecutor → callbacks, taking the first record and releasing
 * the executor at once, and turning a broken contract — an error, a throw, no record — into an internal
 * failure record that blocks under policy `block` and is `failed` under `allow`).
 */
import { Observable, type Subscription } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createTestScheduler } from '../helpers/marbles.js';
import type { HookExecutor, HookRun } from '../../lib/model/types.js';
import { startable, startOf, type RunDone, type StartRun } from '../../lib/executors/startRun.js';
import { beforeTool, block, entry } from '../../lib/testing/index.js';

const HOOK = entry('BeforeTool', 'guard', { source: 'project' });
const INPUT = beforeTool('write_file', { path: 'a.txt' });

/** Run records by marble letter. */
const RUNS = {
  a: { name: 'guard', source: 'project', outcome: 'success', durationMs: 1 },
  b: { name: 'guard', source: 'project', outcome: 'blocked', durationMs: 2, message: 'no' },
} satisfies Record<string, HookRun>;

/** The record of a run hookstream could not carry out, as each policy makes it. */
const internalRecord = (detail: string, policy: 'block' | 'allow'): HookRun => {
  const message = `Hook "guard" could not run: hookstream internal error: ${detail}`;
  const failed: HookRun = {
    name: 'guard',
    source: 'project',
    outcome: 'failed',
    durationMs: 0,
    message,
    internal: true,
  };
  return policy === 'allow'
    ? failed
    : { ...failed, outcome: 'blocked', output: block(message), strictFailure: 'failed' };
};

/** A callback executor answering from an observable (its first value), cancelled by unsubscribing it. */
const startFrom =
  (answer: Observable<HookRun>): StartRun =>
  (_hook, _input, done) => {
    const subscription: Subscription = answer.subscribe((run) => {
      done(run);
    });
    return () => {
      subscription.unsubscribe();
    };
  };

/** `startOf(executor)` driven as an Observable again, so marbles can watch it. */
const adapted = (executor: HookExecutor, policy: 'block' | 'allow' = 'block'): Observable<HookRun> =>
  startable(startOf(executor, policy))(HOOK, INPUT);

describe('startable', () => {
  it('emits the one record of a run and completes in the frame it answered, then releases the run', () => {
    // The Observable form of a callback run: exactly one value, then complete.
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const answer = cold('  ---a-', RUNS);
      const answerSubs = '   ^--!';
      const expected = '     ---(a|)';
      expectObservable(startable(startFrom(answer))(HOOK, INPUT)).toBe(expected, RUNS);
      expectSubscriptions(answer.subscriptions).toBe(answerSubs);
    });
  });

  it('cancels the run on unsubscribe and emits nothing', () => {
    // Unsubscribing is cancellation: the run's cancel function is the teardown.
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const answer = cold('  -----a', RUNS);
      const unsub = '        --!';
      const answerSubs = '   ^-!';
      expectObservable(startable(startFrom(answer))(HOOK, INPUT), unsub).toBe('--', RUNS);
      expectSubscriptions(answer.subscriptions).toBe(answerSubs);
    });
  });

  it('emits a synchronous answer in the subscription frame', () => {
    // A run that settles inside `start` returns no cancel function; the value still arrives.
    createTestScheduler().run(({ expectObservable }) => {
      const sync: StartRun = (_hook, _input, done) => {
        done(RUNS.a);
        return undefined;
      };
      expectObservable(startable(sync)(HOOK, INPUT)).toBe('(a|)', RUNS);
    });
  });

  it('mirrors a run that never answers, and starts one run per subscription', () => {
    // Cold: every subscriber starts its own run; a run that never answers keeps the Observable open.
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const never = cold<HookRun>('-');
      const run$ = startable(startFrom(never))(HOOK, INPUT);
      expectObservable(run$).toBe('-');
      expectObservable(run$, '--!').toBe('--');
      expectSubscriptions(never.subscriptions).toBe(['^', '^-!']);
    });
  });

  it('keeps its callback form: the same start, called with event id 0 when subscribed on its own', () => {
    // Engines call `start` directly; a lone subscription belongs to no event.
    const eventIds: number[] = [];
    const start: StartRun = (_hook, _input, done, eventId) => {
      eventIds.push(eventId);
      done(RUNS.a);
      return undefined;
    };
    const executor = startable(start);
    expect(executor.start).toBe(start);
    executor(HOOK, INPUT).subscribe();
    expect(eventIds).toEqual([0]);
  });
});

describe('startOf', () => {
  it('returns the callback form of a startable executor as it is', () => {
    // No adapter (no subscription per run) for the executors hookstream builds.
    const start: StartRun = () => undefined;
    expect(startOf(startable(start))).toBe(start);
  });

  it('takes the first record and releases the executor at once', () => {
    // A foreign executor that keeps emitting is unsubscribed after its first value, not drained.
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const executor = cold('  --a--b-|', RUNS);
      const executorSubs = '   ^-!';
      const expected = '       --(a|)';
      expectObservable(adapted(() => executor)).toBe(expected, RUNS);
      expectSubscriptions(executor.subscriptions).toBe(executorSubs);
    });
  });

  it('takes the first of two synchronous records and unsubscribes in the same frame', () => {
    // A synchronous answer settles before `subscribe` returns: the subscription must still be released at once.
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const executor = cold('  (ab)', RUNS);
      const executorSubs = '   (^!)';
      expectObservable(adapted(() => executor)).toBe('(a|)', RUNS);
      expectSubscriptions(executor.subscriptions).toBe(executorSubs);
    });
  });

  it('calls done once for an executor that emits twice synchronously without honouring unsubscribe', () => {
    // A hand-written Observable that ignores `closed`: the second record never reaches the engine.
    const answers: HookRun[] = [];
    let tornDown = false;
    const stubborn: HookExecutor = () =>
      new Observable<HookRun>((subscriber) => {
        subscriber.next(RUNS.a);
        subscriber.next(RUNS.b);
        return () => {
          tornDown = true;
        };
      });
    const cancel = startOf(stubborn)(HOOK, INPUT, (run) => answers.push(run), 0);
    expect(answers).toEqual([RUNS.a]);
    expect(cancel).toBeUndefined();
    expect(tornDown).toBe(true);
  });

  it('cancels a foreign run on unsubscribe', () => {
    // The cancel function of the callback form unsubscribes from the executor.
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const executor = cold('  -----a', RUNS);
      const unsub = '          ---!';
      const executorSubs = '   ^--!';
      expectObservable(
        adapted(() => executor),
        unsub,
      ).toBe('---');
      expectSubscriptions(executor.subscriptions).toBe(executorSubs);
    });
  });

  describe.each(['block', 'allow'] as const)('a broken executor under policy %s', (policy) => {
    const broken = new Error('executor broke');
    const ERRORED = internalRecord('executor broke', policy);
    const EMPTIED = internalRecord('the executor completed without a run record', policy);

    it('turns an error notification into an internal record', () => {
      // An executor must report failures as records: an error is hookstream's side of the seam failing.
      createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
        const executor = cold<HookRun>('  --#', undefined, broken);
        const executorSubs = '            ^-!';
        expectObservable(adapted(() => executor, policy)).toBe('--(r|)', { r: ERRORED });
        expectSubscriptions(executor.subscriptions).toBe(executorSubs);
      });
    });

    it('turns completion without a record into an internal record', () => {
      // An empty executor would otherwise leave the event waiting forever.
      createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
        const executor = cold<HookRun>('  ---|');
        const executorSubs = '            ^--!';
        expectObservable(adapted(() => executor, policy)).toBe('---(r|)', { r: EMPTIED });
        expectSubscriptions(executor.subscriptions).toBe(executorSubs);
      });
    });

    it('turns a synchronous throw into an internal record in the same frame', () => {
      // A throwing executor function never becomes a stream error of the engine.
      createTestScheduler().run(({ expectObservable }) => {
        const throwing: HookExecutor = () => {
          throw broken;
        };
        expectObservable(adapted(throwing, policy)).toBe('(r|)', { r: ERRORED });
      });
    });

    it('keeps the cause on the record, off its JSON', () => {
      // The stack of the failure is kept for the log, never serialised into a result.
      let recorded: HookRun | undefined;
      const done: RunDone = (run) => {
        recorded = run;
      };
      startOf(() => {
        throw broken;
      }, policy)(HOOK, INPUT, done, 0);
      expect(recorded).toEqual(ERRORED);
      expect(Object.getOwnPropertyDescriptor(recorded, 'cause')).toMatchObject({ value: broken, enumerable: false });
      expect(JSON.stringify(recorded)).not.toContain('cause');
      expect(recorded?.outcome).toBe(policy === 'block' ? 'blocked' : 'failed');
    });
  });
});
