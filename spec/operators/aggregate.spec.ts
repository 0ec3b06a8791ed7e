import { describe, it } from 'vitest';
import { map } from 'rxjs';
import { aggregate } from '../../lib/operators/aggregate.js';
import { runParallel } from '../../lib/operators/runParallel.js';
import { runSequential } from '../../lib/operators/runSequential.js';
import { selectHooks } from '../../lib/operators/selectHooks.js';
import type { RanEvent } from '../../lib/engine/types.js';
import type { HookInput } from '../../lib/events/inputs.js';
import type { HookRun } from '../../lib/model/types.js';
import {
  beforeModel,
  beforeTool,
  beforeToolSelection,
  blockedRun,
  brief,
  commandDraft,
  commandEntry,
  createTestScheduler,
  fakeExecutor,
  okRun,
  plannedOf,
  plannerOf,
  warningRun,
} from '../helpers/marbles.js';

const [hookA, hookB] = [commandEntry('a'), commandEntry('b')];

const ranOf = (input: HookInput, runs: HookRun[], startedAt = 0): RanEvent => ({
  ...plannedOf(input, [hookA, hookB].slice(0, runs.length), { startedAt }),
  runs,
  finalInput: input,
});

const ranEvents = {
  x: ranOf(beforeTool(), [okRun('a'), blockedRun('b', 'Policy violation')]),
  y: ranOf(beforeTool(), [okRun('a'), warningRun('b')], 2),
  z: ranOf(beforeTool(), []),
} satisfies Record<string, RanEvent>;

describe('aggregate', () => {
  it('reduces each ran event to one HookResult, with durationMs in scheduler time', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const ran$ = hot('   ---x-y-z-|', ranEvents);
      const subs = '       ^--------!';
      const expected = '   ---X-Y-Z-|';
      expectObservable(ran$.pipe(aggregate({ scheduler }), map(brief))).toBe(expected, {
        X: {
          event: 'BeforeTool',
          blocked: true,
          decision: 'block',
          reason: 'Policy violation',
          outcomes: ['a:success', 'b:blocked'],
          durationMs: 3,
        },
        Y: { event: 'BeforeTool', blocked: false, outcomes: ['a:success', 'b:warning'], durationMs: 3 },
        Z: { event: 'BeforeTool', blocked: false, outcomes: [], durationMs: 7 },
      });
      expectSubscriptions(ran$.subscriptions).toBe(subs);
    });
  });

  it('applies the intersection option to BeforeToolSelection', () => {
    const selecting = (names: string[]) =>
      okRun('x', { hookSpecificOutput: { toolConfig: { mode: 'ANY', allowedFunctionNames: names } } });
    const ran = ranOf(beforeToolSelection(), [selecting(['read', 'write']), selecting(['write', 'shell'])]);
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const toolConfig = (strategy: 'union' | 'intersection') =>
        cold('r|', { r: ran }).pipe(
          aggregate({ scheduler, toolSelection: strategy }),
          map((result) => result.toolConfig),
        );
      expectObservable(toolConfig('union')).toBe('U|', {
        U: { mode: 'ANY', allowedFunctionNames: ['read', 'shell', 'write'] },
      });
      expectObservable(toolConfig('intersection')).toBe('I|', { I: { mode: 'ANY', allowedFunctionNames: ['write'] } });
    });
  });

  it('mirrors an empty source', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const ran$ = cold<RanEvent>('|');
      expectObservable(ran$.pipe(aggregate({ scheduler }))).toBe('|');
      expectSubscriptions(ran$.subscriptions).toBe('(^!)');
    });
  });

  it('mirrors a never-emitting source', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const ran$ = cold<RanEvent>('-');
      expectObservable(ran$.pipe(aggregate({ scheduler }))).toBe('-');
      expectSubscriptions(ran$.subscriptions).toBe('^');
    });
  });

  it('keeps reducing a never-ending source', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const ran$ = hot('-z--z-', ranEvents);
      expectObservable(
        ran$.pipe(
          aggregate({ scheduler }),
          map((result) => result.durationMs),
        ),
      ).toBe('-a--b-', {
        a: 1,
        b: 4,
      });
      expectSubscriptions(ran$.subscriptions).toBe('^');
    });
  });

  it('forwards a source error', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const ran$ = cold('  -x-#', ranEvents, new Error('upstream failed'));
      const subs = '       ^--!';
      expectObservable(
        ran$.pipe(
          aggregate({ scheduler }),
          map((result) => result.blocked),
        ),
      ).toBe('-t-#', { t: true }, new Error('upstream failed'));
      expectSubscriptions(ran$.subscriptions).toBe(subs);
    });
  });

  it('unsubscribes from the source on early unsubscribe', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const ran$ = hot('   -x---y-|', ranEvents);
      const unsub = '      ---!    ';
      const subs = '       ^--!    ';
      expectObservable(
        ran$.pipe(
          aggregate({ scheduler }),
          map((result) => result.blocked),
        ),
        unsub,
      ).toBe('-t-', {
        t: true,
      });
      expectSubscriptions(ran$.subscriptions).toBe(subs);
    });
  });

  it('fails closed when reading a run record throws: the internal failure result, as decideHooks gives', () => {
    const broken: HookRun = { ...okRun('a') };
    Object.defineProperty(broken, 'output', {
      enumerable: true,
      get: () => {
        throw new Error('broken record');
      },
    });
    const scheduler = createTestScheduler();
    scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const ran$ = hot('   -z-b-z-|', { ...ranEvents, b: ranOf(beforeTool(), [broken]) });
      const subs = '       ^------!';
      expectObservable(
        ran$.pipe(
          aggregate({ scheduler }),
          map((result) => [result.blocked, result.reason]),
        ),
      ).toBe('-f-b-f-|', {
        f: [false, undefined],
        b: [true, 'hookstream failed while aggregating BeforeTool: broken record'],
      });
      expectSubscriptions(ran$.subscriptions).toBe(subs);
    });
  });

  describe('in the pipeline selectHooks → run → aggregate', () => {
    const planner = plannerOf([
      commandDraft('a', { event: 'BeforeModel' }),
      commandDraft('b', { event: 'BeforeModel' }),
    ]);
    const input = beforeModel({ model: 'm-1', config: { temperature: 0.5 } });
    const runs = {
      A: okRun('a', { hookSpecificOutput: { llm_request: { config: { temperature: 0 } } } }),
      B: okRun('b', { hookSpecificOutput: { llm_request: { config: { temperature: 1 } } } }),
    } satisfies Record<string, HookRun>;

    it('parallel: B wins the temperature in plan order although A finishes last; durationMs spans the hooks', () => {
      const scheduler = createTestScheduler();
      scheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
        const a = cold('     ----(A|)  ', runs);
        const b = cold('     -(B|)     ', runs);
        const event$ = hot(' -e----|   ', { e: input });
        const aSubs = '      -^---!    ';
        const bSubs = '      -^!       ';
        const expected = '   -----R|   ';
        const { executor } = fakeExecutor({ a, b });
        const result$ = event$.pipe(
          selectHooks(planner, { scheduler }),
          runParallel(executor),
          aggregate({ scheduler }),
          map((result) => ({ request: result.llmRequest, durationMs: result.durationMs })),
        );
        expectObservable(result$).toBe(expected, {
          R: { request: { model: 'm-1', config: { temperature: 1 } }, durationMs: 4 },
        });
        expectSubscriptions(a.subscriptions).toBe(aSubs);
        expectSubscriptions(b.subscriptions).toBe(bSubs);
      });
    });

    it('sequential: the hooks run back to back and durationMs is their sum', () => {
      const scheduler = createTestScheduler();
      scheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
        const a = cold('     --(A|)    ', runs);
        const b = cold('     -(B|)     ', runs);
        const event$ = hot(' -e----|   ', { e: input });
        const aSubs = '      -^-!      ';
        const bSubs = '      ---^!     ';
        const expected = '   ----R-|   ';
        const { executor } = fakeExecutor({ a, b });
        const result$ = event$.pipe(
          selectHooks(planner, { scheduler }),
          runSequential(executor),
          aggregate({ scheduler }),
          map((result) => ({ request: result.llmRequest, durationMs: result.durationMs })),
        );
        expectObservable(result$).toBe(expected, {
          R: { request: { model: 'm-1', config: { temperature: 1 } }, durationMs: 3 },
        });
        expectSubscriptions(a.subscriptions).toBe(aSubs);
        expectSubscriptions(b.subscriptions).toBe(bSubs);
      });
    });
  });
});
