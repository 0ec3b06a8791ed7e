import { describe, expect, it } from 'vitest';
import { firstValueFrom, NEVER, Subject, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import type { HookInput } from '../../lib/events/inputs.js';
import type { HookOutput } from '../../lib/events/outputs.js';
import { runParallel } from '../../lib/operators/runParallel.js';
import { withFailurePolicy } from '../../lib/executors/failurePolicy.js';
import { createFunctionExecutor, createFunctionStart } from '../../lib/executors/functionExecutor.js';
import { startable } from '../../lib/executors/startRun.js';
import type {
  FunctionHook,
  FunctionHookContext,
  FunctionHookReturn,
  HookOutcome,
  HookRun,
} from '../../lib/model/types.js';
import { beforeTool, commandEntry, createTestScheduler, functionEntry, plannedOf, runOf } from '../helpers/marbles.js';

const input = beforeTool('write_file', { path: 'a.txt' });

/** A function hook entry named `h` whose `run` is `run`. */
const hookOf = (run: FunctionHook['run'], extra: Partial<FunctionHook> = {}) =>
  functionEntry({ type: 'function', name: 'h', run, ...extra });

const failed = (message: string, durationMs = 0): HookRun =>
  runOf('h', 'failed', { durationMs, message: `Hook "h" ${message}` });

/** The function executor under the failure-policy decorator, as the engine composes them. */
const policed = (options: { scheduler?: TestScheduler } = {}) =>
  startable(withFailurePolicy(createFunctionStart(options), 'block'));

const strictBlock = (detail: string, strictFailure: HookOutcome, durationMs = 0): HookRun => {
  const reason = `Hook "h" failed (strict): ${detail}`;
  return runOf('h', 'blocked', { durationMs, message: reason, output: { decision: 'block', reason }, strictFailure });
};

describe('createFunctionExecutor', () => {
  describe('in virtual time', () => {
    it('runs a plain return value synchronously: success with the decoded output', () => {
      const scheduler = createTestScheduler();
      scheduler.run(({ expectObservable }) => {
        const execute = createFunctionExecutor({ scheduler });
        const hook = hookOf(() => ({ decision: 'allow', systemMessage: 'ok' }));
        expectObservable(execute(hook, input)).toBe('(r|)', {
          r: runOf('h', 'success', { output: { decision: 'allow', systemMessage: 'ok' } }),
        });
      });
    });

    it('treats undefined as success without output', () => {
      const scheduler = createTestScheduler();
      scheduler.run(({ expectObservable }) => {
        const execute = createFunctionExecutor({ scheduler });
        expectObservable(
          execute(
            hookOf(() => undefined),
            input,
          ),
        ).toBe('(r|)', { r: runOf('h') });
      });
    });

    it('counts the last value of an Observable; durationMs is virtual time', () => {
      const scheduler = createTestScheduler();
      scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
        const output$ = cold<HookOutput>('-a--b|', { a: { systemMessage: 'first' }, b: { systemMessage: 'last' } });
        const subs = '                     ^----!';
        const execute = createFunctionExecutor({ scheduler });
        expectObservable(
          execute(
            hookOf(() => output$),
            input,
          ),
        ).toBe('-----(r|)', {
          r: runOf('h', 'success', { durationMs: 5, output: { systemMessage: 'last' } }),
        });
        expectSubscriptions(output$.subscriptions).toBe(subs);
      });
    });

    it('treats an empty Observable as success without output', () => {
      const scheduler = createTestScheduler();
      scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
        const output$ = cold<HookOutput>('--|');
        const execute = createFunctionExecutor({ scheduler });
        expectObservable(
          execute(
            hookOf(() => output$),
            input,
          ),
        ).toBe('--(r|)', { r: runOf('h', 'success', { durationMs: 2 }) });
        expectSubscriptions(output$.subscriptions).toBe('^-!');
      });
    });

    it('fails open on an error notification', () => {
      const scheduler = createTestScheduler();
      scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
        const output$ = cold<HookOutput>('--#', undefined, new Error('boom'));
        const execute = createFunctionExecutor({ scheduler });
        expectObservable(
          execute(
            hookOf(() => output$),
            input,
          ),
        ).toBe('--(r|)', { r: failed('failed: boom', 2) });
        expectSubscriptions(output$.subscriptions).toBe('^-!');
      });
    });

    it('fails open when run throws synchronously; under the failure policy a strict hook blocks', () => {
      const scheduler = createTestScheduler();
      scheduler.run(({ expectObservable }) => {
        const execute = policed({ scheduler });
        const throwing = () => {
          throw new Error('boom');
        };
        expectObservable(execute(hookOf(throwing), input)).toBe('(r|)', { r: failed('failed: boom') });
        expectObservable(execute(hookOf(throwing, { failurePolicy: 'block' }), input)).toBe('(r|)', {
          r: strictBlock('failed: boom', 'failed'),
        });
      });
    });

    it('fails when the hook returns something that is not an output object', () => {
      const scheduler = createTestScheduler();
      scheduler.run(({ expectObservable }) => {
        const execute = createFunctionExecutor({ scheduler });
        const returning = (value: unknown) => hookOf(() => value as FunctionHookReturn);
        expectObservable(execute(returning(42), input)).toBe('(r|)', {
          r: failed('returned 42; expected an output object'),
        });
        expectObservable(execute(returning(['allow']), input)).toBe('(r|)', {
          r: failed('returned ["allow"]; expected an output object'),
        });
      });
    });

    it('marks a blocking decision as blocked, including the BeforeTool permissionDecision', () => {
      const scheduler = createTestScheduler();
      scheduler.run(({ expectObservable }) => {
        const execute = createFunctionExecutor({ scheduler });
        const block: HookOutput = { decision: 'block', reason: 'Policy violation' };
        const deny: HookOutput = { hookSpecificOutput: { permissionDecision: 'deny' } };
        expectObservable(
          execute(
            hookOf(() => block),
            input,
          ),
        ).toBe('(r|)', {
          r: runOf('h', 'blocked', { output: block, message: 'Policy violation' }),
        });
        expectObservable(
          execute(
            hookOf(() => deny),
            input,
          ),
        ).toBe('(r|)', {
          r: runOf('h', 'blocked', { output: deny, message: 'Blocked by hook "h"' }),
        });
      });
    });

    it('drops a field of the wrong type with a warning and keeps the rest', () => {
      const scheduler = createTestScheduler();
      scheduler.run(({ expectObservable }) => {
        const execute = createFunctionExecutor({ scheduler });
        const hook = hookOf(() => ({ continue: 'yes', systemMessage: 'kept' }) as unknown as HookOutput);
        expectObservable(execute(hook, input)).toBe('(r|)', {
          r: runOf('h', 'success', {
            output: { systemMessage: 'kept' },
            outputWarnings: ['field "continue": expected boolean, received "yes"; ignored'],
          }),
        });
      });
    });

    it('times out in virtual time: outcome timeout, the hook unsubscribed and its signal aborted', () => {
      const scheduler = createTestScheduler();
      const contexts: FunctionHookContext[] = [];
      scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
        const output$ = cold<HookOutput>('------(a|)', { a: {} });
        const subs = '                     ^--!';
        const execute = createFunctionExecutor({ scheduler });
        const hook = hookOf(
          (_input, context) => {
            contexts.push(context);
            return output$;
          },
          { timeoutMs: 3 },
        );
        expectObservable(execute(hook, input)).toBe('---(r|)', {
          r: runOf('h', 'timeout', { durationMs: 3, message: 'Hook "h" timed out after 3ms' }),
        });
        expectSubscriptions(output$.subscriptions).toBe(subs);
      });
      expect(contexts.map((context) => context.signal.aborted)).toEqual([true]);
    });

    it("times out a hook; under the failure policy a strict hook's timeout blocks", () => {
      const scheduler = createTestScheduler();
      scheduler.run(({ expectObservable }) => {
        const execute = policed({ scheduler });
        const hook = hookOf(() => NEVER, { timeoutMs: 4, failurePolicy: 'block' });
        expectObservable(execute(hook, input)).toBe('----(r|)', {
          r: strictBlock('timed out after 4ms', 'timeout', 4),
        });
      });
    });

    it('does not time out a hook that answers before its deadline', () => {
      const scheduler = createTestScheduler();
      scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
        const output$ = cold<HookOutput>('-(a|)', { a: { systemMessage: 'in time' } });
        const execute = createFunctionExecutor({ scheduler });
        expectObservable(
          execute(
            hookOf(() => output$, { timeoutMs: 3 }),
            input,
          ),
        ).toBe('-(r|)', {
          r: runOf('h', 'success', { durationMs: 1, output: { systemMessage: 'in time' } }),
        });
        expectSubscriptions(output$.subscriptions).toBe('^!');
      });
    });

    it('waits forever for a hook that never answers and has no timeout', () => {
      const scheduler = createTestScheduler();
      scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
        const output$ = cold<HookOutput>('-');
        const execute = createFunctionExecutor({ scheduler });
        expectObservable(
          execute(
            hookOf(() => output$),
            input,
          ),
        ).toBe('-');
        expectSubscriptions(output$.subscriptions).toBe('^');
      });
    });

    it('aborts the signal and unsubscribes the hook when the run is unsubscribed early', () => {
      const scheduler = createTestScheduler();
      const contexts: FunctionHookContext[] = [];
      scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
        const output$ = cold<HookOutput>('-----(a|)', { a: {} });
        const unsub = '                     --!';
        const subs = '                      ^-!';
        const execute = createFunctionExecutor({ scheduler });
        const hook = hookOf((_input, context) => {
          contexts.push(context);
          return output$;
        });
        expectObservable(execute(hook, input), unsub).toBe('---');
        expectSubscriptions(output$.subscriptions).toBe(subs);
      });
      expect(contexts).toHaveLength(1);
      expect(contexts[0]?.signal.aborted).toBe(true);
    });

    it('does not abort the signal when the run completes, even when the engine takes only the first record', () => {
      const scheduler = createTestScheduler();
      const contexts: FunctionHookContext[] = [];
      scheduler.run(({ cold, expectObservable }) => {
        const output$ = cold<HookOutput>('--(a|)', { a: { systemMessage: 'done' } });
        const execute = createFunctionExecutor({ scheduler });
        const hook = hookOf((_input, context) => {
          contexts.push(context);
          return output$;
        });
        expectObservable(execute(hook, input)).toBe('--(r|)', {
          r: runOf('h', 'success', { durationMs: 2, output: { systemMessage: 'done' } }),
        });
        const planned = plannedOf(input, [hook]);
        expectObservable(cold('p|', { p: planned }).pipe(runParallel(execute))).toBe('--(e|)', {
          e: {
            ...planned,
            runs: [runOf('h', 'success', { durationMs: 2, output: { systemMessage: 'done' } })],
            finalInput: input,
          },
        });
      });
      expect(contexts.map((context) => context.signal.aborted)).toEqual([false, false]);
    });

    it('passes the input to the hook', () => {
      const seen: HookInput[] = [];
      const scheduler = createTestScheduler();
      scheduler.run(({ expectObservable }) => {
        const execute = createFunctionExecutor({ scheduler });
        expectObservable(
          execute(
            hookOf((received) => void seen.push(received)),
            input,
          ),
        ).toBe('(r|)', { r: runOf('h') });
      });
      expect(seen).toEqual([input]);
    });

    it('fails a hook that is not a function hook', () => {
      const scheduler = createTestScheduler();
      scheduler.run(({ expectObservable }) => {
        const execute = createFunctionExecutor({ scheduler });
        expectObservable(execute(commandEntry('echo hi'), input)).toBe('(r|)', {
          r: runOf('echo hi', 'failed', { message: 'Hook "echo hi" is not a function hook' }),
        });
      });
    });
  });

  describe('with Promises', () => {
    // A TestScheduler that never flushes is a clock standing still: durationMs is 0 on every path.
    const clock = new TestScheduler(() => undefined);
    const execute = createFunctionExecutor({ scheduler: clock });

    it('uses the resolved value', async () => {
      const run = await firstValueFrom(
        execute(
          hookOf(() => Promise.resolve({ systemMessage: 'resolved' })),
          input,
        ),
      );
      expect(run).toEqual(runOf('h', 'success', { output: { systemMessage: 'resolved' } }));
    });

    it('fails open on a rejection; under the failure policy a strict hook blocks', async () => {
      const rejecting = () => Promise.reject(new Error('nope'));
      expect(await firstValueFrom(execute(hookOf(rejecting), input))).toEqual(failed('failed: nope'));
      expect(await firstValueFrom(policed()(hookOf(rejecting, { failurePolicy: 'block' }), input))).toEqual(
        strictBlock('failed: nope', 'failed'),
      );
    });

    it('fails open on a rejection with a non-Error reason', async () => {
      const run = await firstValueFrom(
        execute(
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a hook may reject with anything
          hookOf(() => Promise.reject('plain reason')),
          input,
        ),
      );
      expect(run).toEqual(failed('failed: plain reason'));
    });

    it('aborts the signal of a pending Promise on unsubscribe and ignores its late answer', async () => {
      let resolve: (output: HookOutput) => void = () => undefined;
      let signal: AbortSignal | undefined;
      const hook = hookOf((_input, context) => {
        signal = context.signal;
        return new Promise<HookOutput>((settle) => (resolve = settle));
      });
      const received: HookRun[] = [];
      const subscription = execute(hook, input).subscribe((run) => received.push(run));
      expect(signal?.aborted).toBe(false);
      subscription.unsubscribe();
      expect(signal?.aborted).toBe(true);
      resolve({ systemMessage: 'too late' });
      await Promise.resolve();
      expect(received).toEqual([]);
    });

    it('does not abort the signal of a Promise that resolved', async () => {
      let signal: AbortSignal | undefined;
      const hook = hookOf((_input, context) => {
        signal = context.signal;
        return Promise.resolve(undefined);
      });
      await firstValueFrom(execute(hook, input));
      expect(signal?.aborted).toBe(false);
    });
  });

  it('each subscription runs the hook again (cold)', () => {
    let runs = 0;
    const gate = new Subject<HookOutput>();
    const execute = createFunctionExecutor();
    const run$: Observable<HookRun> = execute(
      hookOf(() => {
        runs += 1;
        return gate;
      }),
      input,
    );
    expect(runs).toBe(0);
    const first = run$.subscribe();
    const second = run$.subscribe();
    expect(runs).toBe(2);
    first.unsubscribe();
    second.unsubscribe();
  });
});
