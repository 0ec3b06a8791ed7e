/**
 * `HookPlanner.hasHooks(event, fields)`: given the event's fields, `if` conditions count — the answer is exactly
 * whether `createExecutionPlan` plans a hook (a property over random hooks, conditions, duplicates and tool
 * calls), so a host that asks before a tool call gets false when every hook's condition fails.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CommandHookConfig, HookCondition } from '../../lib/model/types.js';
import { createEntry } from '../../lib/plan/createEntry.js';
import { compileIfCondition } from '../../lib/plan/ifCondition.js';
import { HookPlanner } from '../../lib/plan/planner.js';
import { HookRegistry } from '../../lib/plan/registry.js';

/** A condition as the Claude reader builds it from an `if` rule (lib/config/readDialectHook.ts). */
const condition = (rule: string): HookCondition => {
  const { condition: compiled } = compileIfCondition(rule);
  return {
    rule,
    test: (input) =>
      compiled.test({
        toolName: typeof input['tool_name'] === 'string' ? input['tool_name'] : '',
        toolInput: (input['tool_input'] ?? {}) as Record<string, unknown>,
        cwd: '/repo',
        projectDir: '/repo',
        home: '/home/ada',
      }),
  };
};

const command = (text: string): CommandHookConfig => ({ type: 'command', command: text });

const planner = (hooks: { command: string; matcher?: string; rule?: string }[]): HookPlanner => {
  const registry = new HookRegistry();
  registry.setConfigured(
    hooks.map((hook) => {
      const options: Parameters<typeof createEntry>[2] = { source: 'project' };
      if (hook.matcher !== undefined) options.matcher = hook.matcher;
      if (hook.rule !== undefined) options.condition = condition(hook.rule);
      return createEntry('BeforeTool', command(hook.command), options).entry;
    }),
  );
  return new HookPlanner(registry);
};

const call = (tool_name: string, tool_input: Record<string, unknown>) => ({ tool_name, tool_input });

describe('HookPlanner.hasHooks with the event fields', () => {
  it('is false when every matching hook has a condition that fails for the call', () => {
    const plan = planner([
      { command: 'guard-env.sh', matcher: 'Write|Edit', rule: 'Write(.env*)' },
      { command: 'guard-push.sh', matcher: 'Bash', rule: 'Bash(git push *)' },
    ]);
    expect(plan.hasHooks('BeforeTool', 'Write')).toBe(true); // a target alone cannot see conditions
    expect(plan.hasHooks('BeforeTool', call('Write', { file_path: 'src/a.ts', content: '' }))).toBe(false);
    expect(plan.hasHooks('BeforeTool', call('Write', { file_path: '.env.local', content: '' }))).toBe(true);
    expect(plan.hasHooks('BeforeTool', call('Bash', { command: 'npm test' }))).toBe(false);
    expect(plan.hasHooks('BeforeTool', call('Bash', { command: 'npm test && git push origin' }))).toBe(true);
  });

  it('counts a hook without a condition, and follows the matcher of the call', () => {
    const plan = planner([
      { command: 'audit.sh', matcher: 'Bash' },
      { command: 'guard-env.sh', rule: 'Write(.env*)' },
    ]);
    expect(plan.hasHooks('BeforeTool', call('Bash', { command: 'ls' }))).toBe(true);
    expect(plan.hasHooks('BeforeTool', call('Read', { file_path: 'a' }))).toBe(false);
  });

  it('is false with no hook for the event at all', () => {
    expect(planner([]).hasHooks('BeforeTool', call('Bash', { command: 'ls' }))).toBe(false);
  });

  it('agrees with the plan for any hooks, conditions, duplicate commands and tool calls', () => {
    const rules = ['Write(.env*)', 'Bash(git push *)', 'Bash', 'Edit(src/**)', 'Read', 'not a rule ('];
    const hook = fc.record(
      {
        command: fc.constantFrom('a.sh', 'b.sh', 'c.sh'),
        matcher: fc.constantFrom('Bash', 'Write|Edit', '.*', 'Read'),
        rule: fc.constantFrom(...rules),
      },
      { requiredKeys: ['command'] },
    );
    const toolCall = fc.oneof(
      fc.record({
        tool_name: fc.constant('Bash'),
        tool_input: fc.record({ command: fc.constantFrom('ls', 'git push', 'echo $(git push x)', 'a && git push y') }),
      }),
      fc.record({
        tool_name: fc.constantFrom('Write', 'Edit', 'Read'),
        tool_input: fc.record({ file_path: fc.constantFrom('.env', 'src/a.ts', '/repo/src/x/y.ts', 'README.md') }),
      }),
    );
    fc.assert(
      fc.property(fc.array(hook, { maxLength: 5 }), toolCall, (hooks, fields) => {
        const built = planner(hooks);
        expect(built.hasHooks('BeforeTool', fields)).toBe(
          built.createExecutionPlan('BeforeTool', fields).hooks.length > 0,
        );
      }),
    );
  });
});
