/** fakeExecutor, entry/planFor and decideWith in marble tests: timing, plan order, cancellation, failures as values. */
import { map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { runParallel } from '../../lib/operators/runParallel.js';
import { runSequential } from '../../lib/operators/runSequential.js';
import type { HookRun } from '../../lib/index.js';
import {
  allow,
  beforeTool,
  block,
  createTestScheduler,
  decideWith,
  deny,
  entry,
  fakeExecutor,
  modifyToolInput,
  planFor,
  plannerFor,
  summarize,
} from '../../lib/testing/index.js';

const scheduler = () =>
  createTestScheduler((actual, expected) => {
    expect(actual).toEqual(expected);
  });
const write = beforeTool('write_file', { file_path: 'a.txt' });
const outcomes = (runs: readonly HookRun[]) => runs.map((run) => `${run.name}:${run.outcome}`);

describe('fakeExecutor', () => {
  it('wraps plain outputs into runs: success, or blocked with the reason as message', () => {
    const testScheduler = scheduler();
    testScheduler.run(({ expectObservable }) => {
      const executor = fakeExecutor({ ok: allow(), no: deny('nope') });
      expectObservable(executor(entry('BeforeTool', 'ok'), write)).toBe('(a|)', {
        a: { name: 'ok', source: 'runtime', outcome: 'success', durationMs: 0, output: { decision: 'allow' } },
      });
      expectObservable(executor(entry('BeforeTool', 'no', { source: 'project' }), write)).toBe('(a|)', {
        a: { name: 'no', source: 'project', outcome: 'blocked', durationMs: 0, output: deny('nope'), message: 'nope' },
      });
    });
  });

  it('passes run records through and keeps a cold observable’s timing, measured on the scheduler', () => {
    const testScheduler = scheduler();
    testScheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const record: HookRun = { name: 'x', source: 'user', outcome: 'timeout', durationMs: 60_000, message: 'slow' };
      const slow = cold('---a|', { a: block('late') });
      const executor = fakeExecutor({ slow, given: record }, { scheduler: testScheduler });
      expectObservable(executor(entry('BeforeTool', 'given'), write)).toBe('(a|)', { a: record });
      expectObservable(
        executor(entry('BeforeTool', 'slow'), write).pipe(map((run) => [run.outcome, run.durationMs])),
      ).toBe('---a|', { a: ['blocked', 3] });
      // The engine takes one record per run; the fake itself stays cold and unsubscribed after its answer.
      expectSubscriptions(slow.subscriptions).toBe('^---!');
    });
  });

  it('answers an unknown hook with a failed run naming it, and records every call', () => {
    const testScheduler = scheduler();
    testScheduler.run(({ expectObservable }) => {
      const executor = fakeExecutor({ known: (input) => allow(input.hook_event_name) });
      expectObservable(
        executor(entry('BeforeTool', 'mystery.sh'), write).pipe(map((run) => [run.outcome, run.message])),
      ).toBe('(a|)', { a: ['failed', 'fakeExecutor has no answer for hook "mystery.sh"'] });
      expectObservable(executor(entry('BeforeTool', 'known'), write).pipe(map((run) => run.output))).toBe('(a|)', {
        a: allow('BeforeTool'),
      });
      // `toString` is on every object's prototype, not in the table.
      expectObservable(executor(entry('BeforeTool', 'toString'), write).pipe(map((run) => run.outcome))).toBe('(a|)', {
        a: 'failed',
      });
    });
    const executor = fakeExecutor({});
    executor(entry('BeforeTool', 'a'), write).subscribe();
    expect(executor.calls).toEqual([{ hook: 'a', input: write }]);
  });
});

describe('entry, plannerFor and planFor', () => {
  it('plan like the engine: matchers filter, runtime before project, an equal copy runs once as the most trusted', () => {
    const entries = [
      entry('BeforeTool', 'audit.sh', { source: 'project' }),
      entry('BeforeTool', 'shell-only', { matcher: '^run_shell_command$' }),
      entry('BeforeTool', 'first'),
      entry('BeforeTool', 'audit.sh', { source: 'user' }),
    ];
    const planned = planFor(write, entries, 5);
    expect(planned.plan.hooks.map((hook) => `${hook.name}@${hook.origin.source}`)).toEqual([
      'first@runtime',
      'audit.sh@user',
    ]);
    expect(planned.startedAt).toBe(5);
    expect(
      plannerFor(entries, ['first'])
        .createExecutionPlan('BeforeTool', write)
        .hooks.map((h) => h.name),
    ).toEqual(['audit.sh']);
  });

  it('drive runParallel: runs come back in plan order although the second hook finishes first', () => {
    const testScheduler = scheduler();
    testScheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('----a|', { a: allow() });
      const fast = cold('-a|', { a: deny('fast no') });
      const executor = fakeExecutor({ slow, fast });
      const planned = planFor(write, [entry('BeforeTool', 'slow'), entry('BeforeTool', 'fast')]);
      const ran$ = cold('a|', { a: planned }).pipe(
        runParallel(executor),
        map((ran) => outcomes(ran.runs)),
      );
      expectObservable(ran$).toBe('----(a|)', { a: ['slow:success', 'fast:blocked'] });
      // One record per run: each hook is unsubscribed as soon as it answered.
      expectSubscriptions(slow.subscriptions).toBe('^---!');
      expectSubscriptions(fast.subscriptions).toBe('^!');
    });
  });

  it('drive runSequential: the second hook starts when the first ends and sees its tool_input patch', () => {
    const testScheduler = scheduler();
    let executor = fakeExecutor({});
    testScheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const one = cold('--a|', { a: modifyToolInput({ content: 'safe' }) });
      const two = cold('--a|', { a: allow() });
      executor = fakeExecutor({ one, two });
      const planned = planFor(write, [entry('BeforeTool', 'one', { sequential: true }), entry('BeforeTool', 'two')]);
      const ran$ = cold('a|', { a: planned }).pipe(
        runSequential(executor),
        map((ran) => ran.finalInput),
      );
      expectObservable(ran$).toBe('----(a|)', { a: { ...write, tool_input: { file_path: 'a.txt', content: 'safe' } } });
      expectSubscriptions(one.subscriptions).toBe('^-!');
      expectSubscriptions(two.subscriptions).toBe('--^-!');
    });
    expect(executor.calls.map((call) => call.input.hook_event_name === 'BeforeTool' && call.input.tool_input)).toEqual([
      { file_path: 'a.txt' },
      { file_path: 'a.txt', content: 'safe' },
    ]);
  });
});

describe('decideWith', () => {
  it('gives one summarized result per event, in source order, and cancels running hooks on unsubscribe', () => {
    const testScheduler = scheduler();
    testScheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const slow = cold('-----a|', { a: allow() });
      const executor = fakeExecutor({ 'slow.sh': slow, 'deny.sh': deny('no writes') }, { scheduler: testScheduler });
      const entries = [entry('BeforeTool', 'slow.sh'), entry('BeforeTool', 'deny.sh', { matcher: 'write_file' })];
      const events = hot('-a-b', { a: write, b: beforeTool('read_file') });
      const unsub = '     -------!';
      const results$ = events.pipe(
        decideWith(entries, { executor, scheduler: testScheduler }),
        map((r) => summarize(r, { timing: true })),
      );
      expectObservable(results$, unsub).toBe('------a', {
        a: {
          event: 'BeforeTool',
          blocked: true,
          decision: 'deny',
          reason: 'no writes',
          outcomes: ['slow.sh:success', 'deny.sh:blocked'],
          durationMs: 5,
        },
      });
      // Event a's hook answers at frame 6; event b's (subscribed at frame 3) is cancelled by the unsubscription.
      expectSubscriptions(slow.subscriptions).toBe(['-^----!', '---^---!']);
    });
  });
});
