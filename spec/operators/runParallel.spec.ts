import { describe, expect, it } from 'vitest';
import { EMPTY } from 'rxjs';
import { runParallel } from '../../lib/operators/runParallel.js';
import type { PlannedEvent, RanEvent } from '../../lib/engine/types.js';
import type { HookRun } from '../../lib/model/types.js';
import {
  beforeTool,
  blockedRun,
  commandEntry,
  createTestScheduler,
  fakeExecutor,
  internalRun,
  okRun,
  plannedOf,
} from '../helpers/marbles.js';

const hookA = commandEntry('a');
const hookB = commandEntry('b');
const hookC = commandEntry('c');
const hookD = commandEntry('d');

const runs = {
  A: okRun('a', { systemMessage: 'from a' }),
  B: okRun('b', { hookSpecificOutput: { tool_input: { path: 'b.txt' } } }),
  C: blockedRun('c', 'no'),
  D: okRun('d'),
} satisfies Record<string, HookRun>;

const writeInput = beforeTool('write_file', { path: 'a.txt' });
const readInput = beforeTool('read_file', { path: 'r.txt' });

const events = {
  e: plannedOf(writeInput, [hookA, hookB, hookC]),
  f: plannedOf(readInput, [hookD]),
  n: plannedOf(readInput, []),
} satisfies Record<string, PlannedEvent>;

const ran = (planned: PlannedEvent, ...records: HookRun[]): RanEvent => ({
  ...planned,
  runs: records,
  finalInput: planned.input,
});

describe('runParallel', () => {
  it('subscribes every hook at once and emits the runs in plan order, not completion order', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const a = cold('     ----(A|)', runs);
      const b = cold('     --(B|)  ', runs);
      const c = cold('     (C|)    ', runs);
      const event$ = hot(' -e-|    ', events);
      const aSubs = '      -^---!  ';
      const bSubs = '      -^-!    ';
      const cSubs = '      -(^!)   ';
      const expected = '   -----(R|)';
      const { executor } = fakeExecutor({ a, b, c });
      expectObservable(event$.pipe(runParallel(executor))).toBe(expected, { R: ran(events.e, runs.A, runs.B, runs.C) });
      expectSubscriptions(a.subscriptions).toBe(aSubs);
      expectSubscriptions(b.subscriptions).toBe(bSubs);
      expectSubscriptions(c.subscriptions).toBe(cSubs);
    });
  });

  it('with { hookConcurrency: 1 } subscribes the hooks one after another', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const a = cold('     --(A|)     ', runs);
      const b = cold('     --(B|)     ', runs);
      const c = cold('     --(C|)     ', runs);
      const event$ = hot(' e--------| ', events);
      const aSubs = '      ^-!        ';
      const bSubs = '      --^-!      ';
      const cSubs = '      ----^-!    ';
      const expected = '   ------R--| ';
      const { executor } = fakeExecutor({ a, b, c });
      expectObservable(event$.pipe(runParallel(executor, { hookConcurrency: 1 }))).toBe(expected, {
        R: ran(events.e, runs.A, runs.B, runs.C),
      });
      expectSubscriptions(a.subscriptions).toBe(aSubs);
      expectSubscriptions(b.subscriptions).toBe(bSubs);
      expectSubscriptions(c.subscriptions).toBe(cSubs);
    });
  });

  it('with { hookConcurrency: 2 } starts the third hook when the first one finishes', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const a = cold('     ---(A|)  ', runs);
      const b = cold('     -----(B|)', runs);
      const c = cold('     --(C|)   ', runs);
      const event$ = hot(' e-------|', events);
      const aSubs = '      ^--!     ';
      const bSubs = '      ^----!   ';
      const cSubs = '      ---^-!   ';
      const expected = '   -----R--|';
      const { executor } = fakeExecutor({ a, b, c });
      expectObservable(event$.pipe(runParallel(executor, { hookConcurrency: 2 }))).toBe(expected, {
        R: ran(events.e, runs.A, runs.B, runs.C),
      });
      expectSubscriptions(a.subscriptions).toBe(aSubs);
      expectSubscriptions(b.subscriptions).toBe(bSubs);
      expectSubscriptions(c.subscriptions).toBe(cSubs);
    });
  });

  it('emits many events in source order even when a later event finishes first', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const a = cold('     -----(A|)  ', runs);
      const b = cold('     -----(B|)  ', runs);
      const c = cold('     -----(C|)  ', runs);
      const d = cold('     -(D|)      ', runs);
      const event$ = hot(' e-f-------|', events);
      const abcSubs = '    ^----!     ';
      const dSubs = '      --^!       ';
      const expected = '   -----(EF)-|';
      const { executor } = fakeExecutor({ a, b, c, d });
      expectObservable(event$.pipe(runParallel(executor))).toBe(expected, {
        E: ran(events.e, runs.A, runs.B, runs.C),
        F: ran(events.f, runs.D),
      });
      for (const hook of [a, b, c]) expectSubscriptions(hook.subscriptions).toBe(abcSubs);
      expectSubscriptions(d.subscriptions).toBe(dSubs);
    });
  });

  it('emits an event with an empty plan at once, with no runs', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const d = cold('     -(D|)', runs);
      const event$ = hot(' -n-|', events);
      const { executor, calls } = fakeExecutor({ d });
      expectObservable(event$.pipe(runParallel(executor))).toBe('-N-|', { N: ran(events.n) });
      expectSubscriptions(d.subscriptions).toBe([]);
      expect(calls).toEqual([]);
    });
  });

  it('mirrors an empty source', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const d = cold('-(D|)', runs);
      const event$ = cold<PlannedEvent>('|');
      expectObservable(event$.pipe(runParallel(fakeExecutor({ d }).executor))).toBe('|');
      expectSubscriptions(event$.subscriptions).toBe('(^!)');
      expectSubscriptions(d.subscriptions).toBe([]);
    });
  });

  it('mirrors a never-emitting source', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const d = cold('-(D|)', runs);
      const event$ = cold<PlannedEvent>('-');
      expectObservable(event$.pipe(runParallel(fakeExecutor({ d }).executor))).toBe('-');
      expectSubscriptions(event$.subscriptions).toBe('^');
      expectSubscriptions(d.subscriptions).toBe([]);
    });
  });

  it('keeps running events of a never-ending source and does not complete', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const d = cold('     --(D|) ', runs);
      const event$ = hot(' -f--f- ', events);
      const dSubs = ['     -^-!   ', '----^-!'];
      const expected = '   ---F--F';
      const F = ran(events.f, runs.D);
      expectObservable(event$.pipe(runParallel(fakeExecutor({ d }).executor))).toBe(expected, { F });
      expectSubscriptions(d.subscriptions).toBe(dSubs);
    });
  });

  it('forwards a source error and cancels the hooks still running', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const a = cold('     -----(A|)', runs);
      const b = cold('     -----(B|)', runs);
      const c = cold('     -(C|)    ', runs);
      const event$ = hot(' -e-#     ', events, new Error('host failed'));
      const abSubs = '     -^-!     ';
      const cSubs = '      -^!      ';
      const expected = '   ---#     ';
      const { executor } = fakeExecutor({ a, b, c });
      expectObservable(event$.pipe(runParallel(executor))).toBe(expected, undefined, new Error('host failed'));
      expectSubscriptions(a.subscriptions).toBe(abSubs);
      expectSubscriptions(b.subscriptions).toBe(abSubs);
      expectSubscriptions(c.subscriptions).toBe(cSubs);
    });
  });

  it('cancels every running hook on early unsubscribe', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const a = cold('     ------(A|)', runs);
      const b = cold('     ------(B|)', runs);
      const c = cold('     ------(C|)', runs);
      const event$ = hot(' -e-------|', events);
      const unsub = '      ----!     ';
      const hookSubs = '   -^--!     ';
      const eventSubs = '  ^---!     ';
      const { executor } = fakeExecutor({ a, b, c });
      expectObservable(event$.pipe(runParallel(executor)), unsub).toBe('-----');
      for (const hook of [a, b, c]) expectSubscriptions(hook.subscriptions).toBe(hookSubs);
      expectSubscriptions(event$.subscriptions).toBe(eventSubs);
    });
  });

  it('turns an executor that throws synchronously into an internal failure that blocks, and still runs the others', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const a = cold('     --(A|)', runs);
      const c = cold('     -(C|) ', runs);
      const event$ = hot(' e---| ', events);
      const aSubs = '      ^-!   ';
      const cSubs = '      ^!    ';
      const expected = '   --R-| ';
      const { executor } = fakeExecutor({
        a,
        b: () => {
          throw new Error('executor threw');
        },
        c,
      });
      expectObservable(event$.pipe(runParallel(executor))).toBe(expected, {
        R: ran(events.e, runs.A, internalRun('b', 'executor threw'), runs.C),
      });
      expectSubscriptions(a.subscriptions).toBe(aSubs);
      expectSubscriptions(c.subscriptions).toBe(cSubs);
    });
  });

  it('turns an error notification or an empty run into an internal failure record (fail closed), never a stream error', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const a = cold<HookRun>('     --#', undefined, new Error('crashed'));
      const b = cold<HookRun>('     -|  ');
      const c = cold('     (C|)', runs);
      const event$ = hot(' e---|', events);
      const aSubs = '      ^-!  ';
      const bSubs = '      ^!   ';
      const expected = '   --R-|';
      const { executor } = fakeExecutor({ a, b, c });
      expectObservable(event$.pipe(runParallel(executor))).toBe(expected, {
        R: ran(
          events.e,
          internalRun('a', 'crashed'),
          internalRun('b', 'the executor completed without a run record'),
          runs.C,
        ),
      });
      expectSubscriptions(a.subscriptions).toBe(aSubs);
      expectSubscriptions(b.subscriptions).toBe(bSubs);
    });
  });

  it('takes only the first record of an executor that emits more, and unsubscribes it', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const d = cold('     -D-D-|', runs);
      const event$ = hot(' f---| ', events);
      const dSubs = '      ^!    ';
      expectObservable(event$.pipe(runParallel(fakeExecutor({ d }).executor))).toBe('-F--|', {
        F: ran(events.f, runs.D),
      });
      expectSubscriptions(d.subscriptions).toBe(dSubs);
    });
  });

  it('gives every hook the original input', () => {
    const { executor, calls } = fakeExecutor({ a: EMPTY, b: EMPTY, c: EMPTY });
    createTestScheduler().run(({ cold, expectObservable }) => {
      expectObservable(cold('e|', events).pipe(runParallel(executor))).toBe('R|', {
        R: ran(
          events.e,
          ...['a', 'b', 'c'].map((name) => internalRun(name, 'the executor completed without a run record')),
        ),
      });
    });
    expect(calls.map((call) => [call.hook, call.input])).toEqual([
      ['a', writeInput],
      ['b', writeInput],
      ['c', writeInput],
    ]);
  });
});
