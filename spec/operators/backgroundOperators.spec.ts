/**
 * The public operators with background hooks (issue 14): `decideHooks` and `runHooks` start a plan's
 * background hooks in the event's frame and never wait for them — the result (or the ran event) carries the
 * foreground runs only, and the background hook's subscription outlives it. With no collector, their records
 * are dropped; the executor's own `dispose()` ends them.
 */
import { map } from 'rxjs';
import { describe, it } from 'vitest';
import type { HookInput } from '../../lib/events/inputs.js';
import { decideHooks } from '../../lib/operators/decideHooks.js';
import { runHooks } from '../../lib/operators/runHooks.js';
import { selectHooks } from '../../lib/operators/selectHooks.js';
import type { RanEvent } from '../../lib/engine/types.js';
import { createEntry } from '../../lib/plan/createEntry.js';
import { allow, block } from '../../lib/testing/index.js';
import {
  allowedBrief,
  beforeTool,
  brief,
  commandDraft,
  createTestScheduler,
  fakeExecutor,
  plannerOf,
} from '../helpers/marbles.js';

const planner = plannerOf([
  commandDraft('guard'),
  createEntry('BeforeTool', { type: 'command', command: 'indexer', async: true }, { source: 'project' }).entry,
]);

const inputs = { w: beforeTool('write_file', { path: 'a.txt' }) } satisfies Record<string, HookInput>;

const ranBrief = (ran: RanEvent) => ran.runs.map((run) => `${run.name}:${run.outcome}`);

describe('operators with a background hook', () => {
  it('decideHooks emits when the foreground settles; the background hook runs on, and its block decides nothing', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const guard = cold('   -(G|)      ', { G: allow() });
      const indexer = cold(' ----(B|)   ', { B: block('stale index') });
      const event$ = hot('   -w------|  ', inputs);
      const guardSubs = '    -^!        ';
      const indexerSubs = '  -^---!     ';
      const expected = '     --R-----|  ';
      const { executor } = fakeExecutor({ guard, indexer });
      expectObservable(event$.pipe(decideHooks({ planner, executor, scheduler }), map(brief))).toBe(expected, {
        R: allowedBrief(['guard:success'], 1),
      });
      expectSubscriptions(guard.subscriptions).toBe(guardSubs);
      expectSubscriptions(indexer.subscriptions).toBe(indexerSubs);
    });
  });

  it('runHooks reports the foreground runs only; the background hook is subscribed in the same frame', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const guard = cold('   --(G|)    ', { G: allow() });
      const indexer = cold(' -----(A|) ', { A: allow() });
      const event$ = hot('   -w-----|  ', inputs);
      const guardSubs = '    -^-!      ';
      const indexerSubs = '  -^----!   ';
      const expected = '     ---R---|  ';
      const { executor } = fakeExecutor({ guard, indexer });
      expectObservable(event$.pipe(selectHooks(planner, { scheduler }), runHooks(executor), map(ranBrief))).toBe(
        expected,
        { R: ['guard:success'] },
      );
      expectSubscriptions(guard.subscriptions).toBe(guardSubs);
      expectSubscriptions(indexer.subscriptions).toBe(indexerSubs);
    });
  });
});
