import { describe, it } from 'vitest';
import { map } from 'rxjs';
import type { HookInput } from '../../lib/events/inputs.js';
import { decideHooks } from '../../lib/operators/decideHooks.js';
import type { HookRun, Matcher } from '../../lib/model/types.js';
import {
  allowedBrief,
  beforeAgent,
  beforeModel,
  beforeTool,
  beforeToolSelection,
  blockedRun,
  brief,
  commandDraft,
  createTestScheduler,
  fakeExecutor,
  okRun,
  plannerOf,
} from '../helpers/marbles.js';

const planner = plannerOf([
  commandDraft('guard', { matcher: '^write_file$' }),
  commandDraft('audit', { matcher: 'file' }),
  commandDraft('seq-a', { event: 'BeforeModel', sequential: true }),
  commandDraft('seq-b', { event: 'BeforeModel' }),
  commandDraft('pick-a', { event: 'BeforeToolSelection' }),
  commandDraft('pick-b', { event: 'BeforeToolSelection' }),
]);

const inputs = {
  w: beforeTool('write_file', { path: 'a.txt' }),
  r: beforeTool('read_file', { path: 'r.txt' }),
  p: beforeAgent('hello'),
  m: beforeModel({ model: 'm-1' }),
  s: beforeToolSelection(),
} satisfies Record<string, HookInput>;

const runs = {
  G: okRun('guard', { decision: 'allow' }),
  X: blockedRun('guard', 'Policy violation'),
  A: okRun('audit', { systemMessage: 'audited' }),
  S: okRun('seq-a'),
  D: okRun('seq-a', { decision: 'deny', reason: 'model not allowed' }),
  T: okRun('seq-b'),
} satisfies Record<string, HookRun>;

describe('decideHooks', () => {
  it('emits the result of an event nothing matches at once, without subscribing to any hook', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const guard = cold(' -(G|)', runs);
      const audit = cold(' -(A|)', runs);
      const event$ = hot(' -p-| ', inputs);
      const expected = '   -P-| ';
      const { executor } = fakeExecutor({ guard, audit });
      expectObservable(event$.pipe(decideHooks({ planner, executor, scheduler }), map(brief))).toBe(expected, {
        P: { event: 'BeforeAgent', blocked: false, outcomes: [], durationMs: 0 },
      });
      expectSubscriptions(guard.subscriptions).toBe([]);
      expectSubscriptions(audit.subscriptions).toBe([]);
    });
  });

  it('runs a parallel plan with every hook subscribed at once; durationMs is virtual time', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const guard = cold(' ---(X|)  ', runs);
      const audit = cold(' -(A|)    ', runs);
      const event$ = hot(' -w--|    ', inputs);
      const guardSubs = '  -^--!    ';
      const auditSubs = '  -^!      ';
      const expected = '   ----(R|) ';
      const { executor } = fakeExecutor({ guard, audit });
      expectObservable(event$.pipe(decideHooks({ planner, executor, scheduler }), map(brief))).toBe(expected, {
        R: {
          event: 'BeforeTool',
          blocked: true,
          decision: 'block',
          reason: 'Policy violation',
          outcomes: ['guard:blocked', 'audit:success'],
          durationMs: 3,
        },
      });
      expectSubscriptions(guard.subscriptions).toBe(guardSubs);
      expectSubscriptions(audit.subscriptions).toBe(auditSubs);
    });
  });

  it('limits a parallel plan to { hookConcurrency: 1 }', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const guard = cold(' --(G|)   ', runs);
      const audit = cold(' -(A|)    ', runs);
      const event$ = hot(' w-----|  ', inputs);
      const guardSubs = '  ^-!      ';
      const auditSubs = '  --^!     ';
      const expected = '   ---R--|  ';
      const { executor } = fakeExecutor({ guard, audit });
      expectObservable(event$.pipe(decideHooks({ planner, executor, scheduler, hookConcurrency: 1 }), map(brief))).toBe(
        expected,
        {
          R: allowedBrief(['guard:success', 'audit:success'], 3),
        },
      );
      expectSubscriptions(guard.subscriptions).toBe(guardSubs);
      expectSubscriptions(audit.subscriptions).toBe(auditSubs);
    });
  });

  it('runs a sequential plan back to back and stops at a block: the later hook is never subscribed', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const seqAllow = cold('--(S|)', runs);
      const seqDeny = cold(' --(D|)', runs);
      const seqB = cold('    -(T|) ', runs);
      const event$ = hot('   m----m---|', inputs);
      const allowSubs = '    ^-!       ';
      const bSubs = '        --^!      ';
      const denySubs = '     -----^-!  ';
      const expected = '     ---R---Q-|';
      let calls = 0;
      const { executor } = fakeExecutor({ 'seq-a': () => (calls++ === 0 ? seqAllow : seqDeny), 'seq-b': seqB });
      expectObservable(event$.pipe(decideHooks({ planner, executor, scheduler }), map(brief))).toBe(expected, {
        R: { event: 'BeforeModel', blocked: false, outcomes: ['seq-a:success', 'seq-b:success'], durationMs: 3 },
        Q: {
          event: 'BeforeModel',
          blocked: true,
          decision: 'deny',
          reason: 'model not allowed',
          outcomes: ['seq-a:success', 'seq-b:skipped'],
          durationMs: 2,
        },
      });
      expectSubscriptions(seqAllow.subscriptions).toBe(allowSubs);
      expectSubscriptions(seqDeny.subscriptions).toBe(denySubs);
      expectSubscriptions(seqB.subscriptions).toBe(bSubs);
    });
  });

  it('emits many events in source order; a held event keeps its own durationMs', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const guard = cold(' -----(G|)   ', runs);
      const audit = cold(' -(A|)       ', runs);
      const event$ = hot(' wrp-------| ', inputs);
      const guardSubs = '  ^----!      ';
      const auditSubs = [' ^!          ', '-^!'];
      const expected = '   -----(WRP)|';
      const { executor } = fakeExecutor({ guard, audit });
      expectObservable(event$.pipe(decideHooks({ planner, executor, scheduler }), map(brief))).toBe(expected, {
        W: allowedBrief(['guard:success', 'audit:success'], 5),
        R: { event: 'BeforeTool', blocked: false, outcomes: ['audit:success'], durationMs: 1 },
        P: { event: 'BeforeAgent', blocked: false, outcomes: [], durationMs: 0 },
      });
      expectSubscriptions(guard.subscriptions).toBe(guardSubs);
      expectSubscriptions(audit.subscriptions).toBe(auditSubs);
    });
  });

  it('passes the tool-selection strategy on', () => {
    const pick = (names: string[]) =>
      okRun('x', { hookSpecificOutput: { toolConfig: { mode: 'ANY', allowedFunctionNames: names } } });
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const { executor } = fakeExecutor({
        'pick-a': cold('(a|)', { a: pick(['read', 'write']) }),
        'pick-b': cold('(b|)', { b: pick(['write']) }),
      });
      const names = (toolSelection: 'union' | 'intersection') =>
        cold('s|', inputs).pipe(
          decideHooks({ planner, executor, scheduler, toolSelection }),
          map((result) => result.toolConfig?.allowedFunctionNames),
        );
      expectObservable(names('union')).toBe('u|', { u: ['read', 'write'] });
      expectObservable(names('intersection')).toBe('i|', { i: ['write'] });
    });
  });

  it('mirrors an empty source', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const guard = cold('-(G|)', runs);
      const event$ = cold<HookInput>('|');
      expectObservable(
        event$.pipe(decideHooks({ planner, executor: fakeExecutor({ guard }).executor, scheduler })),
      ).toBe('|');
      expectSubscriptions(event$.subscriptions).toBe('(^!)');
      expectSubscriptions(guard.subscriptions).toBe([]);
    });
  });

  it('mirrors a never-emitting source', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const guard = cold('-(G|)', runs);
      const event$ = cold<HookInput>('-');
      expectObservable(
        event$.pipe(decideHooks({ planner, executor: fakeExecutor({ guard }).executor, scheduler })),
      ).toBe('-');
      expectSubscriptions(event$.subscriptions).toBe('^');
      expectSubscriptions(guard.subscriptions).toBe([]);
    });
  });

  it('keeps deciding a never-ending source', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const audit = cold(' -(A|)   ', runs);
      const event$ = hot(' r--r--  ', inputs);
      const expected = '   -a--a-  ';
      const { executor } = fakeExecutor({ audit });
      expectObservable(
        event$.pipe(
          decideHooks({ planner, executor, scheduler }),
          map((r) => r.systemMessage),
        ),
      ).toBe(expected, { a: 'audited' });
      expectSubscriptions(audit.subscriptions).toBe(['^!', '---^!']);
    });
  });

  it('forwards a source error and cancels the hooks still running', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const guard = cold(' -----(G|)', runs);
      const audit = cold(' -----(A|)', runs);
      const event$ = hot(' -w-#     ', inputs, new Error('host failed'));
      const subs = '       -^-!     ';
      const { executor } = fakeExecutor({ guard, audit });
      expectObservable(event$.pipe(decideHooks({ planner, executor, scheduler }))).toBe(
        '---#',
        undefined,
        new Error('host failed'),
      );
      expectSubscriptions(guard.subscriptions).toBe(subs);
      expectSubscriptions(audit.subscriptions).toBe(subs);
    });
  });

  it('cancels the running hooks on early unsubscribe', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const guard = cold(' -----(G|)', runs);
      const audit = cold(' -----(A|)', runs);
      const event$ = hot(' -w------|', inputs);
      const unsub = '      ---!     ';
      const hookSubs = '   -^-!     ';
      const eventSubs = '  ^--!     ';
      const { executor } = fakeExecutor({ guard, audit });
      expectObservable(event$.pipe(decideHooks({ planner, executor, scheduler })), unsub).toBe('----');
      expectSubscriptions(guard.subscriptions).toBe(hookSubs);
      expectSubscriptions(audit.subscriptions).toBe(hookSubs);
      expectSubscriptions(event$.subscriptions).toBe(eventSubs);
    });
  });

  it('blocks an event whose planning throws (a matcher that throws): an internal failure, in order, the stream goes on', () => {
    const broken: Matcher = {
      pattern: 'broken',
      test: (target) => {
        if (target === 'read_file') throw new Error('matcher threw');
        return target === 'write_file';
      },
    };
    const throwing = plannerOf([commandDraft('guard', { matcher: broken })]);
    const reason = 'hookstream failed while planning BeforeTool: matcher threw';
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const guard = cold(' -----(G|)    ', runs);
      const event$ = hot(' w-r--------| ', inputs);
      const guardSubs = '  ^----!       ';
      const expected = '   -----(WR)--| ';
      const { executor } = fakeExecutor({ guard });
      expectObservable(
        event$.pipe(
          decideHooks({ planner: throwing, executor, scheduler }),
          map((result) => ({ ...brief(result), internal: result.internal })),
        ),
      ).toBe(expected, {
        W: {
          event: 'BeforeTool',
          blocked: false,
          decision: 'allow',
          outcomes: ['guard:success'],
          durationMs: 5,
          internal: undefined,
        },
        R: {
          event: 'BeforeTool',
          blocked: true,
          decision: 'block',
          reason,
          outcomes: ['hookstream:blocked'],
          durationMs: 0,
          internal: true,
        },
      });
      expectSubscriptions(guard.subscriptions).toBe(guardSubs);
    });
  });

  it('fails open on an internal failure only when asked: internalFailurePolicy allow', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, hot, expectObservable }) => {
      const audit = cold(' -(A|)', runs);
      const event$ = hot(' w--| ', inputs);
      const { executor } = fakeExecutor({
        guard: () => {
          throw new Error('executor threw');
        },
        audit,
      });
      expectObservable(
        event$.pipe(
          decideHooks({ planner, executor, scheduler, internalFailurePolicy: 'allow' }),
          map((result) => ({ ...brief(result), warnings: result.warnings, internal: result.internal })),
        ),
      ).toBe('-R-|', {
        R: {
          event: 'BeforeTool',
          blocked: false,
          outcomes: ['guard:failed', 'audit:success'],
          durationMs: 1,
          warnings: ['Hook "guard" could not run: hookstream internal error: executor threw'],
          internal: true,
        },
      });
    });
  });

  it('blocks when the executor throws (fail closed by default), saying hookstream failed', () => {
    const scheduler = createTestScheduler();
    scheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const audit = cold(' -(A|)', runs);
      const event$ = hot(' w--| ', inputs);
      const { executor } = fakeExecutor({
        guard: () => {
          throw new Error('executor threw');
        },
        audit,
      });
      const reason = 'Hook "guard" could not run: hookstream internal error: executor threw';
      expectObservable(
        event$.pipe(
          decideHooks({ planner, executor, scheduler }),
          map((result) => ({ ...brief(result), success: result.success, internal: result.internal })),
        ),
      ).toBe('-R-|', {
        R: {
          event: 'BeforeTool',
          blocked: true,
          decision: 'block',
          reason,
          outcomes: ['guard:blocked', 'audit:success'],
          durationMs: 1,
          success: false,
          internal: true,
        },
      });
      expectSubscriptions(audit.subscriptions).toBe('^!');
    });
  });
});
