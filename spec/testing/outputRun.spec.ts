/**
 * A policy's run record is the same in the kit and in the real executor: `fakeExecutor`/`runFromOutput`
 * use `runOfOutput`, the rule the function executor uses. Issue #9 reproduced the kit ignoring BeforeTool's
 * `permissionDecision`, so a compatibility-only deny passed in a marble test and blocked in production.
 */
import { map, type Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { HookEntry, HookOutput, HookRun } from '../../lib/index.js';
import type { EventName } from '../../lib/events/names.js';
import { runOfOutput } from '../../lib/protocol/outputRun.js';
import {
  addContext,
  allow,
  ask,
  beforeTool,
  block,
  combine,
  createTestScheduler,
  decideWith,
  deny,
  entry,
  fakeExecutor,
  functionHook,
  functionHookExecutor,
  inputOf,
  modifyToolInput,
  runFromOutput,
  stop,
  summarize,
} from '../../lib/testing/index.js';

const permission = (permissionDecision: 'deny' | 'block' | 'allow' | 'ask', reason?: string): HookOutput => ({
  hookSpecificOutput: {
    hookEventName: 'BeforeTool',
    permissionDecision,
    ...(reason !== undefined ? { permissionDecisionReason: reason } : {}),
  },
});

const OUTPUTS: Record<string, HookOutput> = {
  empty: {},
  allow: allow(),
  'allow with reason': allow('fine'),
  deny: deny('no'),
  block: block('stop there'),
  ask: ask('sure?'),
  'deny without reason': { decision: 'deny' },
  'permissionDecision deny': permission('deny', 'not here'),
  'permissionDecision block': permission('block'),
  'permissionDecision allow': permission('allow'),
  'permissionDecision ask': permission('ask'),
  'decision allow over permissionDecision deny': { decision: 'allow', ...permission('deny') },
  'decision null, permissionDecision deny': { decision: null, ...permission('deny') },
  stop: stop('done'),
  'modified tool input': modifyToolInput({ path: 'b.txt' }),
  'deny with context': combine(deny('x'), addContext('see docs')),
};
const CASES = Object.entries(OUTPUTS);
const EVENTS: EventName[] = ['BeforeTool', 'AfterTool'];

const inputFor = (event: EventName) =>
  event === 'BeforeTool'
    ? beforeTool('write_file', { path: 'a.txt' })
    : inputOf('AfterTool', { tool_name: 'write_file', tool_input: { path: 'a.txt' }, tool_response: {} });

const createScheduler = (): TestScheduler =>
  createTestScheduler((actual, expected) => {
    expect(actual).toEqual(expected);
  });

/** The one record an executor emits, run in virtual time (durationMs 0 for an answer in the same frame). */
const recordOf = (run: (scheduler: TestScheduler) => Observable<HookRun>): HookRun => {
  const scheduler = createScheduler();
  const runs: HookRun[] = [];
  scheduler.run(() => {
    run(scheduler).subscribe((record) => runs.push(record));
  });
  expect(runs).toHaveLength(1);
  return runs[0] as HookRun;
};

describe('runOfOutput', () => {
  const hook: HookEntry = entry('BeforeTool', 'guard.sh', { source: 'project' });

  it('blocks on a BeforeTool permissionDecision deny, with the generic message when there is no reason', () => {
    expect(runOfOutput(hook, permission('deny'), 4)).toEqual({
      name: 'guard.sh',
      source: 'project',
      outcome: 'blocked',
      durationMs: 4,
      output: permission('deny'),
      message: 'Blocked by hook "guard.sh"',
    });
  });

  it('ignores permissionDecision on other events, and sets message only on a block', () => {
    const afterTool = entry('AfterTool', 'guard.sh');
    const run = runOfOutput(afterTool, permission('deny'), 0);
    expect(run.outcome).toBe('success');
    expect('message' in run).toBe(false);
    expect(runOfOutput(hook, deny('no'), 0).message).toBe('no');
  });

  it('records output warnings only when there are some', () => {
    expect('outputWarnings' in runOfOutput(hook, allow(), 0, [])).toBe(false);
    expect(runOfOutput(hook, allow(), 0, ['field "x": dropped']).outputWarnings).toEqual(['field "x": dropped']);
  });
});

describe('the kit’s run record', () => {
  it('blocks a permissionDecision deny, as the real executor does (issue #9)', () => {
    const guard = entry('BeforeTool', 'guard');
    const run = recordOf(() =>
      fakeExecutor({ guard: permission('deny', 'not here') })(guard, beforeTool('write_file')),
    );
    expect(run).toMatchObject({ outcome: 'blocked', message: 'Blocked by hook "guard"' });

    const scheduler = createScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const executor = fakeExecutor({ guard: permission('deny', 'not here') });
      const event$ = cold('a|', { a: beforeTool('write_file') });
      expectObservable(
        event$.pipe(
          decideWith([guard], { executor, scheduler }),
          map((result) => summarize(result)),
        ),
      ).toBe('a|', {
        a: { event: 'BeforeTool', blocked: true, decision: 'deny', reason: 'not here', outcomes: ['guard:blocked'] },
      });
    });
  });

  it.each(EVENTS)('agrees with runOfOutput for every output (%s)', (event) => {
    for (const [name, output] of CASES) {
      const hook = entry(event, name);
      const expected = runOfOutput(hook, output, 0);
      expect(
        recordOf(() => fakeExecutor({ [name]: output })(hook, inputFor(event))),
        name,
      ).toEqual(expected);
      expect(runFromOutput(hook, output, 3), name).toEqual(runOfOutput(hook, output, 3));
    }
  });

  it.each(EVENTS)('agrees with the real function executor for every output (%s)', (event) => {
    for (const [name, output] of CASES) {
      const policy = entry(
        event,
        functionHook(name, () => output),
      );
      const real = recordOf((scheduler) => functionHookExecutor({ scheduler })(policy, inputFor(event)));
      const kit = recordOf(() => fakeExecutor({ [name]: output })(policy, inputFor(event)));
      expect(kit, name).toEqual(real);
    }
  });
});
