import { map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { HookInput } from '../../lib/events/inputs.js';
import { selectHooks } from '../../lib/operators/selectHooks.js';
import type { PlannedEvent } from '../../lib/engine/types.js';
import type { HookPlanner } from '../../lib/plan/planner.js';
import type { Matcher } from '../../lib/model/types.js';
import {
  beforeAgent,
  beforeTool,
  commandDraft,
  createTestScheduler,
  plannerOf,
  sessionStart,
} from '../helpers/marbles.js';

const planner = plannerOf([
  commandDraft('guard-writes', { matcher: '^write_file$' }),
  commandDraft('audit'),
  commandDraft('on-resume', { event: 'SessionStart', matcher: 'resume' }),
]);

const inputs = {
  w: beforeTool('write_file'),
  r: beforeTool('read_file'),
  a: beforeAgent('hello'),
  s: sessionStart('resume'),
} satisfies Record<string, HookInput>;

/** The expected planned event of input `key` stamped at `frame`. */
const plannedAt = (key: keyof typeof inputs, frame: number, using: HookPlanner = planner): PlannedEvent => ({
  input: inputs[key],
  plan: using.createExecutionPlan(inputs[key].hook_event_name, inputs[key]),
  startedAt: frame,
});

const hookNames = (planned: PlannedEvent) => planned.plan.hooks.map((hook) => hook.name);

describe('selectHooks', () => {
  it('plans each event and stamps startedAt with the scheduler clock', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const event$ = hot(' -w--r-a-s-|', inputs);
      const eventSubs = '  ^---------!';
      const expected = '   -W--R-A-S-|';
      expectObservable(event$.pipe(selectHooks(planner, { scheduler }))).toBe(expected, {
        W: plannedAt('w', 1),
        R: plannedAt('r', 4),
        A: plannedAt('a', 6),
        S: plannedAt('s', 8),
      });
      expectSubscriptions(event$.subscriptions).toBe(eventSubs);
    });
  });

  it('applies the matcher per event: names of the planned hooks', () => {
    expect(hookNames(plannedAt('w', 0))).toEqual(['guard-writes', 'audit']);
    expect(hookNames(plannedAt('r', 0))).toEqual(['audit']);
    expect(hookNames(plannedAt('a', 0))).toEqual([]);
    expect(hookNames(plannedAt('s', 0))).toEqual(['on-resume']);
  });

  it('gives an event nothing matches an empty plan, not a missing value', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const event$ = cold('--a|', inputs);
      expectObservable(event$.pipe(selectHooks(planner, { scheduler }))).toBe('--A|', {
        A: { input: inputs.a, plan: { event: 'BeforeAgent', hooks: [], sequential: false }, startedAt: 2 },
      });
      expectSubscriptions(event$.subscriptions).toBe('^--!');
    });
  });

  it('mirrors an empty source', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const event$ = cold<HookInput>('|');
      expectObservable(event$.pipe(selectHooks(planner, { scheduler }))).toBe('|');
      expectSubscriptions(event$.subscriptions).toBe('(^!)');
    });
  });

  it('mirrors a never-emitting source', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const event$ = cold<HookInput>('-');
      expectObservable(event$.pipe(selectHooks(planner, { scheduler }))).toBe('-');
      expectSubscriptions(event$.subscriptions).toBe('^');
    });
  });

  it('keeps planning a never-ending source', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const event$ = hot('-w--w-', inputs);
      expectObservable(event$.pipe(selectHooks(planner, { scheduler }))).toBe('-W--X-', {
        W: plannedAt('w', 1),
        X: plannedAt('w', 4),
      });
      expectSubscriptions(event$.subscriptions).toBe('^');
    });
  });

  it('forwards a source error', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const event$ = cold('-w-#', inputs, new Error('host failed'));
      const subs = '       ^--!';
      expectObservable(event$.pipe(selectHooks(planner, { scheduler }))).toBe(
        '-W-#',
        { W: plannedAt('w', 1) },
        new Error('host failed'),
      );
      expectSubscriptions(event$.subscriptions).toBe(subs);
    });
  });

  it('unsubscribes from the source on early unsubscribe', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const event$ = hot('-w--r--|', inputs);
      const unsub = '     ---!';
      const subs = '      ^--!';
      expectObservable(event$.pipe(selectHooks(planner, { scheduler })), unsub).toBe('-W-', {
        W: plannedAt('w', 1),
      });
      expectSubscriptions(event$.subscriptions).toBe(subs);
    });
  });

  it('fails closed when a matcher throws: an empty plan carrying the blocked result, and planning goes on', () => {
    const broken: Matcher = {
      pattern: 'broken',
      test: (target) => {
        if (target === 'read_file') throw new Error('matcher threw');
        return true;
      },
    };
    const throwing = plannerOf([commandDraft('guard', { matcher: broken })]);
    const scheduler = createTestScheduler();
    scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const event$ = hot('-w--r--w-|', inputs);
      const subs = '      ^--------!';
      const expected = '  -W--R--X-|';
      expectObservable(
        event$.pipe(
          selectHooks(throwing, { scheduler }),
          map((planned) => [hookNames(planned), planned.decided?.blocked, planned.decided?.reason]),
        ),
      ).toBe(expected, {
        W: [['guard'], undefined, undefined],
        R: [[], true, 'hookstream failed while planning BeforeTool: matcher threw'],
        X: [['guard'], undefined, undefined],
      });
      expectSubscriptions(event$.subscriptions).toBe(subs);
    });
  });

  it('validates each input as decideHooks does: one without tool_input errors the stream', () => {
    const { tool_input: _dropped, ...missing } = inputs.w;
    const scheduler = createTestScheduler();
    scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const event$ = hot('-w--m--w-|', { w: inputs.w, m: missing as unknown as HookInput });
      const subs = '      ^---!';
      expectObservable(event$.pipe(selectHooks(planner, { scheduler }))).toBe(
        '-W--#',
        { W: plannedAt('w', 1) },
        expect.objectContaining({
          name: 'InvalidEventInputError',
          message: expect.stringMatching(/tool_input/) as unknown,
        }),
      );
      expectSubscriptions(event$.subscriptions).toBe(subs);
    });
  });
});
