/**
 * `if` conditions on a plan (lib/plan/conditions.ts): tested per event after matching, before any spawn; plans
 * with no conditional hook are returned as they are (no copy), as every plan of hookstream's own files.
 */
import { describe, expect, it } from 'vitest';
import type { HookCondition, HookEntry, HookPlan } from '../../lib/model/types.js';
import { createEntry, withId } from '../../lib/plan/createEntry.js';
import { anyHookRuns, applyConditions } from '../../lib/plan/conditions.js';

const onlyEnv: HookCondition = {
  rule: 'Write(.env*)',
  test: (input) => String((input['tool_input'] as { file_path?: string } | undefined)?.file_path).includes('.env'),
};

const entry = (command: string, options: { condition?: HookCondition; sequential?: boolean } = {}): HookEntry =>
  withId(createEntry('BeforeTool', { type: 'command', command }, options).entry, 1);

const planOf = (hooks: HookEntry[]): HookPlan =>
  Object.freeze({
    event: 'BeforeTool',
    hooks: Object.freeze(hooks),
    sequential: hooks.some((hook) => hook.sequential),
  });

const write = (file_path: string) => ({ tool_name: 'Write', tool_input: { file_path } });

describe('applyConditions', () => {
  it('returns a plan without conditions as it is', () => {
    const plan = planOf([entry('a.sh'), entry('b.sh')]);
    expect(applyConditions(plan, write('src/a.ts'))).toBe(plan);
  });

  it('keeps a conditional hook whose condition holds, and the plan itself when every condition holds', () => {
    const plan = planOf([entry('a.sh'), entry('guard.sh', { condition: onlyEnv })]);
    expect(applyConditions(plan, write('.env.local'))).toBe(plan);
  });

  it('drops a hook whose condition does not hold, and recomputes the mode from the hooks left', () => {
    const plan = planOf([entry('a.sh'), entry('guard.sh', { condition: onlyEnv, sequential: true })]);
    expect(plan.sequential).toBe(true);
    const applied = applyConditions(plan, write('src/a.ts'));
    expect(applied.hooks.map((hook) => hook.name)).toEqual(['a.sh']);
    expect(applied.sequential).toBe(false);
    expect(Object.isFrozen(applied)).toBe(true);
    expect(plan.hooks).toHaveLength(2);
  });

  it('tests a condition the hooks of one group share once per event, for each hook and for hasHooks', () => {
    let tests = 0;
    const counted: HookCondition = { rule: onlyEnv.rule, test: (input) => (tests++, onlyEnv.test(input)) };
    const plan = planOf([entry('a.sh', { condition: counted }), entry('b.sh', { condition: counted })]);
    expect(applyConditions(plan, write('.env')).hooks).toHaveLength(2);
    expect(tests).toBe(1);
    expect(applyConditions(plan, write('src/a.ts')).hooks).toHaveLength(0);
    expect(tests).toBe(2);
    expect(anyHookRuns(plan, write('src/a.ts'))).toBe(false);
    expect(tests).toBe(3);
    expect(anyHookRuns(planOf([...plan.hooks, entry('c.sh')]), write('src/a.ts'))).toBe(true);
    expect(tests).toBe(4);
  });

  it('carries the condition through createEntry and withId', () => {
    expect(entry('guard.sh', { condition: onlyEnv }).condition).toBe(onlyEnv);
    expect('condition' in entry('a.sh')).toBe(false);
  });
});
