/** functionHookExecutor: real function hooks in virtual time — sync answers in-frame, timeouts on the scheduler, cancellation. */
import { map, timer } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { HookInputOf } from '../../lib/index.js';
import {
  allow,
  beforeTool,
  createTestScheduler,
  decideWith,
  deny,
  entry,
  fakeExecutor,
  functionHook,
  functionHookExecutor,
  summarize,
} from '../../lib/testing/index.js';

const scheduler = () =>
  createTestScheduler((actual, expected) => {
    expect(actual).toEqual(expected);
  });
const write = beforeTool('write_file', { file_path: 'a.txt' });

describe('functionHookExecutor', () => {
  it('emits a synchronous answer in the frame the hook ran, decoded like the real executor', () => {
    const testScheduler = scheduler();
    testScheduler.run(({ expectObservable }) => {
      const hook = functionHook('no-writes', (input: HookInputOf<'BeforeTool'>) => deny(`no ${input.tool_name}`));
      const executor = functionHookExecutor({ scheduler: testScheduler });
      expectObservable(executor(entry('BeforeTool', hook), write)).toBe('(a|)', {
        a: {
          name: 'no-writes',
          source: 'runtime',
          outcome: 'blocked',
          durationMs: 0,
          output: deny('no write_file'),
          message: 'no write_file',
        },
      });
    });
  });

  it('keeps an observable answer’s virtual timing and times it out on the scheduler, aborting the signal', () => {
    const testScheduler = scheduler();
    const signals: AbortSignal[] = [];
    testScheduler.run(({ expectObservable }) => {
      const slow = functionHook(
        'slow',
        (_input, { signal }) => {
          signals.push(signal);
          return timer(10).pipe(map(() => allow()));
        },
        { timeoutMs: 4 },
      );
      const quick = functionHook('quick', () => timer(3).pipe(map(() => allow())));
      const executor = functionHookExecutor({ scheduler: testScheduler });
      expectObservable(
        executor(entry('BeforeTool', quick), write).pipe(map((run) => [run.outcome, run.durationMs])),
      ).toBe('---(a|)', {
        a: ['success', 3],
      });
      expectObservable(executor(entry('BeforeTool', slow), write).pipe(map((run) => [run.outcome, run.message]))).toBe(
        '----(a|)',
        {
          a: ['timeout', 'Hook "slow" timed out after 4ms'],
        },
      );
    });
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
  });

  it('aborts a running hook’s signal when the run is unsubscribed, and not after it finished', () => {
    const testScheduler = scheduler();
    const signals: AbortSignal[] = [];
    testScheduler.run(({ expectObservable }) => {
      const hook = functionHook('watch', (_input, { signal }) => {
        signals.push(signal);
        return timer(5).pipe(map(() => allow()));
      });
      const executor = functionHookExecutor({ scheduler: testScheduler });
      expectObservable(executor(entry('BeforeTool', hook), write), '--!').toBe('');
      expectObservable(executor(entry('BeforeTool', hook), write).pipe(map((run) => run.outcome))).toBe('-----(a|)', {
        a: 'success',
      });
    });
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
  });

  it('turns a throwing hook into a failed run, and sends command hooks to the fallback', () => {
    const testScheduler = scheduler();
    testScheduler.run(({ cold, expectObservable }) => {
      const broken = functionHook('broken', () => {
        throw new Error('boom');
      });
      const fallback = fakeExecutor({ 'audit.sh': cold('--a|', { a: allow() }) });
      const executor = functionHookExecutor({ scheduler: testScheduler, fallback });
      const entries = [entry('BeforeTool', broken), entry('BeforeTool', 'audit.sh')];
      const result$ = cold('a|', { a: write }).pipe(
        decideWith(entries, { executor, scheduler: testScheduler }),
        map((r) => summarize(r)),
      );
      expectObservable(result$).toBe('--(a|)', {
        a: {
          event: 'BeforeTool',
          blocked: false,
          decision: 'allow',
          warnings: ['Hook "broken" failed: boom'],
          outcomes: ['broken:failed', 'audit.sh:success'],
        },
      });
      const alone = functionHookExecutor();
      expectObservable(alone(entry('BeforeTool', 'x.sh'), write).pipe(map((run) => run.outcome))).toBe('(a|)', {
        a: 'failed',
      });
    });
  });
});
