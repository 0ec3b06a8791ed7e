import { describe, expect, it } from 'vitest';
import type { HookInput } from '../../lib/events/inputs.js';
import { runSequential } from '../../lib/operators/runSequential.js';
import type { PlannedEvent, RanEvent } from '../../lib/engine/types.js';
import type { HookRun } from '../../lib/model/types.js';
import {
  beforeAgent,
  beforeModel,
  beforeTool,
  blockedRun,
  commandEntry,
  createTestScheduler,
  fakeExecutor,
  internalRun,
  type FakeExecutor,
  okRun,
  plannedOf,
  runOf,
  warningRun,
} from '../helpers/marbles.js';

const [hookA, hookB, hookC] = [commandEntry('a'), commandEntry('b'), commandEntry('c')];
const hookD = commandEntry('d');

const sequentially = (input: HookInput, hooks = [hookA, hookB, hookC]) => plannedOf(input, hooks, { sequential: true });

const ran = (planned: PlannedEvent, finalInput: HookInput, ...records: HookRun[]): RanEvent => ({
  ...planned,
  runs: records,
  finalInput,
});

const skipped = (name: string): HookRun =>
  runOf(name, 'skipped', { message: `Hook "${name}" skipped: an earlier hook in the chain blocked` });

const toolInputOf = (input: HookInput) => (input.hook_event_name === 'BeforeTool' ? input.tool_input : undefined);

describe('runSequential', () => {
  describe('chaining', () => {
    it('shallow-merges BeforeTool tool_input into the next hook input, hook after hook', () => {
      const input = beforeTool('write_file', { path: 'a.txt', content: 'x' });
      const runs = {
        A: okRun('a', { hookSpecificOutput: { tool_input: { path: 'b.txt' } } }),
        B: okRun('b', { hookSpecificOutput: { tool_input: { content: 'y' } } }),
        C: okRun('c'),
        U: okRun('b', { systemMessage: 'b saw the original input' }),
      } satisfies Record<string, HookRun>;
      const planned = sequentially(input);
      createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
        const a = cold('         --(A|)        ', runs);
        const bChained = cold('  ---(B|)       ', runs);
        const bUnchained = cold('(U|)          ', runs);
        const c = cold('         -(C|)         ', runs);
        const event$ = hot('     e--------|    ', { e: planned });
        const aSubs = '          ^-!           ';
        const bSubs = '          --^--!        ';
        const cSubs = '          -----^!       ';
        const expected = '       ------R--|    ';
        const { executor } = fakeExecutor({
          a,
          // The second hook's answer depends on what it received: proof that the chain reached it.
          b: (received) => (toolInputOf(received)?.path === 'b.txt' ? bChained : bUnchained),
          c,
        });
        expectObservable(event$.pipe(runSequential(executor))).toBe(expected, {
          R: ran(planned, beforeTool('write_file', { path: 'b.txt', content: 'y' }), runs.A, runs.B, runs.C),
        });
        expectSubscriptions(a.subscriptions).toBe(aSubs);
        expectSubscriptions(bChained.subscriptions).toBe(bSubs);
        expectSubscriptions(bUnchained.subscriptions).toBe([]);
        expectSubscriptions(c.subscriptions).toBe(cSubs);
      });
    });

    it('records the input each hook received and never mutates the original', () => {
      const input = beforeTool('write_file', { path: 'a.txt', content: 'x' });
      let calls: FakeExecutor['calls'] = [];
      const table = {
        a: okRun('a', { hookSpecificOutput: { tool_input: { path: 'b.txt' } } }),
        b: okRun('b', { hookSpecificOutput: { tool_input: { content: 'y' } } }),
        c: okRun('c'),
      };
      createTestScheduler().run(({ cold, expectObservable }) => {
        const recording = fakeExecutor({ a: cold('-(a|)', table), b: cold('-(b|)', table), c: cold('-(c|)', table) });
        expectObservable(cold('e|', { e: sequentially(input) }).pipe(runSequential(recording.executor))).toBe(
          '---(R|)',
          {
            R: ran(
              sequentially(input),
              beforeTool('write_file', { path: 'b.txt', content: 'y' }),
              table.a,
              table.b,
              table.c,
            ),
          },
        );
        calls = recording.calls;
      });
      expect(calls.map((call) => [call.hook, toolInputOf(call.input)])).toEqual([
        ['a', { path: 'a.txt', content: 'x' }],
        ['b', { path: 'b.txt', content: 'x' }],
        ['c', { path: 'b.txt', content: 'y' }],
      ]);
      expect(input.tool_input).toEqual({ path: 'a.txt', content: 'x' });
    });

    it('shallow-merges BeforeModel llm_request, one level deeper for config', () => {
      const input = beforeModel({ model: 'm-1', config: { temperature: 0.5, topP: 1 } });
      const runs = {
        A: okRun('a', { hookSpecificOutput: { llm_request: { config: { temperature: 0 } } } }),
        B: okRun('b', { hookSpecificOutput: { llm_request: { model: 'm-2' } } }),
      } satisfies Record<string, HookRun>;
      const planned = sequentially(input, [hookA, hookB]);
      let calls: FakeExecutor['calls'] = [];
      createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
        const a = cold('     -(A|)  ', runs);
        const b = cold('     -(B|)  ', runs);
        const event$ = hot(' e----| ', { e: planned });
        const aSubs = '      ^!     ';
        const bSubs = '      -^!    ';
        const expected = '   --R--| ';
        const recording = fakeExecutor({ a, b });
        expectObservable(event$.pipe(runSequential(recording.executor))).toBe(expected, {
          R: ran(planned, beforeModel({ model: 'm-2', config: { temperature: 0, topP: 1 } }), runs.A, runs.B),
        });
        expectSubscriptions(a.subscriptions).toBe(aSubs);
        expectSubscriptions(b.subscriptions).toBe(bSubs);
        calls = recording.calls;
      });
      const requestOf = (received: HookInput) =>
        received.hook_event_name === 'BeforeModel' ? received.llm_request : undefined;
      expect(calls.map((call) => requestOf(call.input))).toEqual([
        { model: 'm-1', config: { temperature: 0.5, topP: 1 } },
        { model: 'm-1', config: { temperature: 0, topP: 1 } },
      ]);
    });

    it('appends BeforeAgent additionalContext to the prompt', () => {
      const input = beforeAgent('fix the bug');
      const runs = {
        A: okRun('a', { hookSpecificOutput: { additionalContext: 'context from a' } }),
        B: okRun('b', { hookSpecificOutput: { additionalContext: 'context from b' } }),
      } satisfies Record<string, HookRun>;
      const planned = sequentially(input, [hookA, hookB]);
      let calls: FakeExecutor['calls'] = [];
      createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
        const a = cold('     --(A|) ', runs);
        const b = cold('     -(B|)  ', runs);
        const event$ = hot(' e----| ', { e: planned });
        const expected = '   ---R-| ';
        const recording = fakeExecutor({ a, b });
        expectObservable(event$.pipe(runSequential(recording.executor))).toBe(expected, {
          R: ran(planned, beforeAgent('fix the bug\n\ncontext from a\n\ncontext from b'), runs.A, runs.B),
        });
        expectSubscriptions(a.subscriptions).toBe('^-!');
        expectSubscriptions(b.subscriptions).toBe('--^!');
        calls = recording.calls;
      });
      const promptOf = (received: HookInput) =>
        received.hook_event_name === 'BeforeAgent' ? received.prompt : undefined;
      expect(calls.map((call) => promptOf(call.input))).toEqual(['fix the bug', 'fix the bug\n\ncontext from a']);
    });

    it('does not chain the output of a failing hook (outcome warning), and the chain goes on', () => {
      const input = beforeTool('write_file', { path: 'a.txt' });
      const runs = {
        A: runOf('a', 'warning', {
          exitCode: 1,
          message: 'Hook "a" exited with code 1',
          output: { hookSpecificOutput: { tool_input: { path: 'evil.txt' } } },
        }),
        B: okRun('b'),
      } satisfies Record<string, HookRun>;
      const planned = sequentially(input, [hookA, hookB]);
      createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
        const a = cold('     -(A|) ', runs);
        const bChained = cold('-(B|)', runs);
        const bOriginal = cold('-(B|)', runs);
        const event$ = hot(' e---| ', { e: planned });
        const { executor } = fakeExecutor({
          a,
          b: (received) => (toolInputOf(received)?.path === 'a.txt' ? bOriginal : bChained),
        });
        expectObservable(event$.pipe(runSequential(executor))).toBe('--R-|', {
          R: ran(planned, input, runs.A, runs.B),
        });
        expectSubscriptions(a.subscriptions).toBe('^!');
        expectSubscriptions(bOriginal.subscriptions).toBe('-^!');
        expectSubscriptions(bChained.subscriptions).toBe([]);
      });
    });
  });

  describe('blocking', () => {
    it('ends the chain at an exit-2 block: later hooks are skipped and never subscribed', () => {
      const input = beforeTool();
      const runs = { A: okRun('a'), B: blockedRun('b', 'Policy violation'), C: okRun('c') } satisfies Record<
        string,
        HookRun
      >;
      const planned = sequentially(input);
      createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
        const a = cold('     -(A|)   ', runs);
        const b = cold('     --(B|)  ', runs);
        const c = cold('     -(C|)   ', runs);
        const event$ = hot(' e-----| ', { e: planned });
        const aSubs = '      ^!      ';
        const bSubs = '      -^-!    ';
        const expected = '   ---R--| ';
        const { executor } = fakeExecutor({ a, b, c });
        expectObservable(event$.pipe(runSequential(executor))).toBe(expected, {
          R: ran(planned, input, runs.A, runs.B, skipped('c')),
        });
        expectSubscriptions(a.subscriptions).toBe(aSubs);
        expectSubscriptions(b.subscriptions).toBe(bSubs);
        expectSubscriptions(c.subscriptions).toBe([]);
      });
    });

    it('ends the chain at a decision deny given at exit 0, and at the compatibility permissionDecision', () => {
      const input = beforeTool();
      const runs = {
        D: okRun('a', { decision: 'deny', reason: 'no' }),
        P: okRun('a', { hookSpecificOutput: { permissionDecision: 'block' } }),
        B: okRun('b'),
      } satisfies Record<string, HookRun>;
      for (const key of ['D', 'P'] as const) {
        const planned = sequentially(input, [hookA, hookB]);
        let calls: FakeExecutor['calls'] = [];
        createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
          const a = cold('     -(X|)', { X: runs[key] });
          const b = cold('     -(B|)', runs);
          const event$ = hot(' e--| ', { e: planned });
          const recording = fakeExecutor({ a, b });
          expectObservable(event$.pipe(runSequential(recording.executor))).toBe('-R-|', {
            R: ran(planned, input, runs[key], skipped('b')),
          });
          expectSubscriptions(a.subscriptions).toBe('^!');
          expectSubscriptions(b.subscriptions).toBe([]);
          calls = recording.calls;
        });
        expect(calls.map((call) => call.hook)).toEqual(['a']);
      }
    });
  });

  it('mirrors an empty source', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const a = cold('-(A|)', { A: okRun('a') });
      const event$ = cold<PlannedEvent>('|');
      expectObservable(event$.pipe(runSequential(fakeExecutor({ a }).executor))).toBe('|');
      expectSubscriptions(event$.subscriptions).toBe('(^!)');
      expectSubscriptions(a.subscriptions).toBe([]);
    });
  });

  it('mirrors a never-emitting source', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const a = cold('-(A|)', { A: okRun('a') });
      const event$ = cold<PlannedEvent>('-');
      expectObservable(event$.pipe(runSequential(fakeExecutor({ a }).executor))).toBe('-');
      expectSubscriptions(event$.subscriptions).toBe('^');
      expectSubscriptions(a.subscriptions).toBe([]);
    });
  });

  it('runs many events concurrently but emits them in source order', () => {
    const first = sequentially(beforeTool('write_file'), [hookA, hookB]);
    const second = sequentially(beforeTool('read_file'), [hookD]);
    const runs = { A: okRun('a'), B: okRun('b'), D: okRun('d') } satisfies Record<string, HookRun>;
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const a = cold('     --(A|)    ', runs);
      const b = cold('     --(B|)    ', runs);
      const d = cold('     (D|)      ', runs);
      const event$ = hot(' ef------| ', { e: first, f: second });
      const aSubs = '      ^-!       ';
      const bSubs = '      --^-!     ';
      const dSubs = '      -(^!)     ';
      const expected = '   ----(EF)|';
      const { executor } = fakeExecutor({ a, b, d });
      expectObservable(event$.pipe(runSequential(executor))).toBe(expected, {
        E: ran(first, first.input, runs.A, runs.B),
        F: ran(second, second.input, runs.D),
      });
      expectSubscriptions(a.subscriptions).toBe(aSubs);
      expectSubscriptions(b.subscriptions).toBe(bSubs);
      expectSubscriptions(d.subscriptions).toBe(dSubs);
    });
  });

  it('keeps running a never-ending source without completing', () => {
    const planned = sequentially(beforeTool(), [hookD]);
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const d = cold('     -(D|)  ', { D: okRun('d') });
      const event$ = hot(' e--e-  ', { e: planned });
      const expected = '   -R--R  ';
      expectObservable(event$.pipe(runSequential(fakeExecutor({ d }).executor))).toBe(expected, {
        R: ran(planned, planned.input, okRun('d')),
      });
      expectSubscriptions(d.subscriptions).toBe(['^!', '---^!']);
    });
  });

  it('forwards a source error and cancels the running hook; later hooks are never subscribed', () => {
    const planned = sequentially(beforeTool());
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const a = cold('     -(A|)     ', { A: okRun('a') });
      const b = cold('     -----(B|) ', { B: okRun('b') });
      const c = cold('     -(C|)     ', { C: okRun('c') });
      const event$ = hot(' e--#      ', { e: planned }, new Error('host failed'));
      const aSubs = '      ^!        ';
      const bSubs = '      -^-!      ';
      const { executor } = fakeExecutor({ a, b, c });
      expectObservable(event$.pipe(runSequential(executor))).toBe('---#', undefined, new Error('host failed'));
      expectSubscriptions(a.subscriptions).toBe(aSubs);
      expectSubscriptions(b.subscriptions).toBe(bSubs);
      expectSubscriptions(c.subscriptions).toBe([]);
    });
  });

  it('cancels the running hook on early unsubscribe; later hooks are never subscribed', () => {
    const planned = sequentially(beforeTool());
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const a = cold('     --(A|)     ', { A: okRun('a') });
      const b = cold('     ------(B|) ', { B: okRun('b') });
      const c = cold('     -(C|)      ', { C: okRun('c') });
      const event$ = hot(' e--------| ', { e: planned });
      const unsub = '      ----!      ';
      const aSubs = '      ^-!        ';
      const bSubs = '      --^-!      ';
      const { executor } = fakeExecutor({ a, b, c });
      expectObservable(event$.pipe(runSequential(executor)), unsub).toBe('-----');
      expectSubscriptions(a.subscriptions).toBe(aSubs);
      expectSubscriptions(b.subscriptions).toBe(bSubs);
      expectSubscriptions(c.subscriptions).toBe([]);
    });
  });

  it('turns an executor that throws into an internal failure that blocks (fail closed): the chain ends there', () => {
    const input = beforeTool('write_file', { path: 'a.txt' });
    const planned = sequentially(input);
    const runs = { A: okRun('a', { hookSpecificOutput: { tool_input: { path: 'b.txt' } } }), C: okRun('c') };
    let calls: FakeExecutor['calls'] = [];
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const a = cold('     -(A|) ', runs);
      const c = cold('     -(C|) ', runs);
      const event$ = hot(' e---| ', { e: planned });
      const recording = fakeExecutor({
        a,
        b: () => {
          throw new Error('executor threw');
        },
        c,
      });
      expectObservable(event$.pipe(runSequential(recording.executor))).toBe('-R--|', {
        R: ran(
          planned,
          beforeTool('write_file', { path: 'b.txt' }),
          runs.A,
          internalRun('b', 'executor threw'),
          runOf('c', 'skipped', { message: 'Hook "c" skipped: an earlier hook in the chain blocked' }),
        ),
      });
      expectSubscriptions(a.subscriptions).toBe('^!');
      expectSubscriptions(c.subscriptions).toBe([]);
      calls = recording.calls;
    });
    expect(calls.map((call) => [call.hook, toolInputOf(call.input)])).toEqual([
      ['a', { path: 'a.txt' }],
      ['b', { path: 'b.txt' }],
    ]);
  });

  it('treats a failing hook as non-blocking: a warning does not end the chain', () => {
    const planned = sequentially(beforeTool(), [hookA, hookB]);
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const a = cold('     -(W|)', { W: warningRun('a') });
      const b = cold('     -(B|)', { B: okRun('b') });
      const event$ = hot(' e---|', { e: planned });
      expectObservable(event$.pipe(runSequential(fakeExecutor({ a, b }).executor))).toBe('--R-|', {
        R: ran(planned, planned.input, warningRun('a'), okRun('b')),
      });
      expectSubscriptions(b.subscriptions).toBe('-^!');
    });
  });
});
