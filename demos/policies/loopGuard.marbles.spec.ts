/** Policy 5 (loop guard) in virtual time: stateful decisions follow event order, per session, even beside slow hooks. */
import { map } from 'rxjs';
import { describe, it } from 'vitest';
import {
  afterAgent,
  allow,
  decideWith,
  entry,
  fakeExecutor,
  type ResultSummary,
  summarize,
} from '../../lib/testing/index.js';
import { loopGuardHook } from './loopGuard.js';
import { testScheduler } from './testSupport.js';

const short = (summary: ResultSummary): string =>
  summary.blocked
    ? `block:${/extra turn (\d+)/.exec(summary.reason ?? '')?.[1]}`
    : summary.systemMessage
      ? 'gave-up'
      : 'pass';

const values = {
  a: afterAgent('fix it', 'changed code', false, { session_id: 'A' }),
  A: afterAgent('fix it', 'changed code', true, { session_id: 'A' }),
  b: afterAgent('port it', 'ported', false, { session_id: 'B' }),
  B: afterAgent('port it', 'ported', true, { session_id: 'B' }),
  p: afterAgent('fix it', 'all tests pass', true, { session_id: 'A' }),
  n: afterAgent('next task', 'started', false, { session_id: 'A' }),
};

describe('loop guard (marbles)', () => {
  it('counts each session’s continuations in event order and gives up after N', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const guard = entry('AfterAgent', loopGuardHook({ maxContinuations: 2 }));
      const events = cold('aAbABAn|', values);
      const expected = '   abcdefg|';
      expectObservable(
        events.pipe(
          decideWith([guard], { scheduler }),
          map((r) => short(summarize(r))),
        ),
      ).toBe(expected, {
        a: 'block:1',
        b: 'block:2',
        c: 'block:1',
        d: 'gave-up',
        e: 'block:2',
        f: 'pass',
        g: 'block:1',
      });
    });
  });

  it('keeps event order when a slow Stop hook runs beside it: results wait, state does not reorder', () => {
    const scheduler = testScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const slow = cold('---a|', { a: allow() });
      const entries = [entry('AfterAgent', loopGuardHook()), entry('AfterAgent', 'notify.sh', { source: 'user' })];
      const events = cold('aAp|', values);
      const results = events.pipe(decideWith(entries, { scheduler, fallback: fakeExecutor({ 'notify.sh': slow }) }));
      expectObservable(results.pipe(map((r) => short(summarize(r))))).toBe('---ab(c|)', {
        a: 'block:1',
        b: 'block:2',
        c: 'pass',
      });
    });
  });
});
