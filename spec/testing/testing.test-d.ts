/** Type tests for hookstream/testing's public types: builders narrow, executors accept outputs or runs, runners return what they say. */
import type { Observable, OperatorFunction } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  FunctionHook,
  HookEntry,
  HookExecutor,
  HookInput,
  HookInputOf,
  HookOutput,
  HookResult,
  HookRun,
} from '../../lib/index.js';
import type { PlannedEvent } from '../../lib/entry/compose.js';
import {
  afterAgent,
  afterModel,
  afterTool,
  beforeAgent,
  beforeModel,
  beforeTool,
  beforeToolSelection,
  block,
  createTestScheduler,
  decideWith,
  entry,
  fakeExecutor,
  functionHook,
  inputOf,
  notification,
  planFor,
  postCompress,
  preCompress,
  restrictTools,
  runHookScript,
  runPolicy,
  sessionEnd,
  sessionStart,
  subagentStart,
  subagentStop,
  summarize,
  turnComplete,
  type FakeExecutor,
  type ResultSummary,
} from '../../lib/testing/index.js';

declare const cold$: Observable<HookOutput>;
declare const run$: Observable<HookRun>;
declare const run: HookRun;

describe('input builders', () => {
  it('narrow to the event’s HookInputOf', () => {
    expectTypeOf(beforeTool('write_file', { file_path: 'a' })).toEqualTypeOf<HookInputOf<'BeforeTool'>>();
    expectTypeOf(afterTool('t', {}, {})).toEqualTypeOf<HookInputOf<'AfterTool'>>();
    expectTypeOf(beforeModel({})).toEqualTypeOf<HookInputOf<'BeforeModel'>>();
    expectTypeOf(afterModel({}, {})).toEqualTypeOf<HookInputOf<'AfterModel'>>();
    expectTypeOf(beforeToolSelection({})).toEqualTypeOf<HookInputOf<'BeforeToolSelection'>>();
    expectTypeOf(beforeAgent('p')).toEqualTypeOf<HookInputOf<'BeforeAgent'>>();
    expectTypeOf(afterAgent('p', 'r', true)).toEqualTypeOf<HookInputOf<'AfterAgent'>>();
    expectTypeOf(sessionStart()).toEqualTypeOf<HookInputOf<'SessionStart'>>();
    expectTypeOf(sessionEnd('exit')).toEqualTypeOf<HookInputOf<'SessionEnd'>>();
    expectTypeOf(preCompress()).toEqualTypeOf<HookInputOf<'PreCompress'>>();
    expectTypeOf(postCompress()).toEqualTypeOf<HookInputOf<'PostCompress'>>();
    expectTypeOf(notification('t', 'm')).toEqualTypeOf<HookInputOf<'Notification'>>();
    expectTypeOf(subagentStart('a')).toEqualTypeOf<HookInputOf<'SubagentStart'>>();
    expectTypeOf(subagentStop('a')).toEqualTypeOf<HookInputOf<'SubagentStop'>>();
    expectTypeOf(turnComplete()).toEqualTypeOf<HookInputOf<'TurnComplete'>>();
    expectTypeOf(inputOf('TurnComplete', { turn: 1 })).toEqualTypeOf<HookInputOf<'TurnComplete'>>();
    expectTypeOf(beforeTool('x')).toExtend<HookInput>();
    expectTypeOf(beforeTool('x').hook_event_name).toEqualTypeOf<'BeforeTool'>();
  });

  it('reject wrong fields and values', () => {
    // @ts-expect-error not a SessionStart source
    sessionStart('reboot');
    // @ts-expect-error not a SessionEnd reason
    sessionEnd('crash');
    // @ts-expect-error TurnComplete's turn is a number
    inputOf('TurnComplete', { turn: 'one' });
    // @ts-expect-error overrides are typed per event
    beforeTool('x', {}, { turn: 3 });
  });
});

describe('hooks, entries and executors', () => {
  it('functionHook infers the hook’s input type from its run parameter', () => {
    const hook = functionHook('h', (input: HookInputOf<'BeforeTool'>) => block(input.tool_name));
    expectTypeOf(hook).toEqualTypeOf<FunctionHook<HookInputOf<'BeforeTool'>>>();
    expectTypeOf(entry('BeforeTool', hook)).toEqualTypeOf<HookEntry>();
    expectTypeOf(entry('BeforeTool', 'audit.sh')).toEqualTypeOf<HookEntry>();
    expectTypeOf(planFor(beforeTool('x'), [])).toEqualTypeOf<PlannedEvent<HookInputOf<'BeforeTool'>>>();
  });

  it('fakeExecutor accepts outputs, runs, observables of either, and functions returning them', () => {
    const executor = fakeExecutor({
      a: block('x'),
      b: run,
      c: cold$,
      d: run$,
      e: (input) => (input.hook_event_name === 'BeforeTool' ? restrictTools([]) : run),
    });
    expectTypeOf(executor).toEqualTypeOf<FakeExecutor>();
    expectTypeOf(executor).toExtend<HookExecutor>();
    expectTypeOf(executor.calls).toEqualTypeOf<readonly { hook: string; input: HookInput }[]>();
    // @ts-expect-error a string is neither an output nor a run
    fakeExecutor({ a: 'allow' });
  });
});

describe('runners', () => {
  it('runPolicy returns Promise<HookResult>; runHookScript returns Promise<HookRun>', () => {
    const hook = functionHook('h', (input: HookInputOf<'BeforeTool'>) => block(input.tool_name));
    expectTypeOf(runPolicy(hook, beforeTool('x'))).toEqualTypeOf<Promise<HookResult>>();
    expectTypeOf(runPolicy([hook, { type: 'command', command: 'true' }], beforeTool('x'))).toEqualTypeOf<
      Promise<HookResult>
    >();
    expectTypeOf(runHookScript('hook.sh', beforeTool('x'), { args: ['a'], timeoutMs: 100 })).toEqualTypeOf<
      Promise<HookRun>
    >();
  });

  it('createTestScheduler, decideWith and summarize have the shapes a marble test needs', () => {
    expectTypeOf(createTestScheduler(() => undefined)).toEqualTypeOf<TestScheduler>();
    expectTypeOf(decideWith([])).toEqualTypeOf<OperatorFunction<HookInput, HookResult>>();
    expectTypeOf(summarize).returns.toEqualTypeOf<ResultSummary>();
  });
});
