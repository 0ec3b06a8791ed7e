/**
 * `hasHooks(event, target?)`: whether any hook would run — asked by hosts before building an expensive input.
 * It must agree with the plan the event would really get (proved by a property over random registries), follow
 * matchers, aliases, `hooksConfig.disabled`, the enable switch and unregistering, and reject unknown events.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookSystem, UnknownEventError, type FunctionHook, type HookSystem } from '../../lib/index.js';

const systems: HookSystem[] = [];
const system = (options: Parameters<typeof createHookSystem>[0] = {}): HookSystem => {
  const created = createHookSystem({ projectDir: '/tmp', sessionId: 'spec', ...options });
  systems.push(created);
  return created;
};
afterEach(async () => {
  await Promise.all(systems.splice(0).map((s) => s.dispose()));
});

const noop = (name: string): FunctionHook => ({ type: 'function', name, run: () => undefined });

describe('hasHooks', () => {
  it('is false for every event of a system without hooks', () => {
    const hooks = system();
    expect(hooks.hasHooks('BeforeTool')).toBe(false);
    expect(hooks.hasHooks('BeforeTool', 'write_file')).toBe(false);
    expect(hooks.hasHooks('BeforeModel')).toBe(false);
  });

  it('follows the matcher for a target, and counts a matcher for "some target" when none is given', () => {
    const hooks = system();
    hooks.register('BeforeTool', noop('writes'), { matcher: '^(write_file|replace)$' });
    expect(hooks.hasHooks('BeforeTool')).toBe(true);
    expect(hooks.hasHooks('BeforeTool', 'write_file')).toBe(true);
    expect(hooks.hasHooks('BeforeTool', 'read_file')).toBe(false);
    expect(hooks.hasHooks('AfterTool', 'write_file')).toBe(false);
    expect(hooks.hasHooks('PreToolUse', 'replace')).toBe(true); // aliases resolve
  });

  it('ignores the target of an event that has no match target', () => {
    const hooks = system();
    hooks.register('BeforeModel', noop('model'));
    expect(hooks.hasHooks('BeforeModel')).toBe(true);
    expect(hooks.hasHooks('BeforeModel', 'anything')).toBe(true);
  });

  it('matches SessionStart sources like tool names', () => {
    const hooks = system();
    hooks.register('SessionStart', noop('on-resume'), { matcher: 'resume' });
    expect(hooks.hasHooks('SessionStart', 'resume')).toBe(true);
    expect(hooks.hasHooks('SessionStart', 'startup')).toBe(false);
  });

  it('leaves out hooks named in hooksConfig.disabled, and is false while hooks are disabled', () => {
    const settings = {
      tools: { enableHooks: true },
      hooksConfig: { disabled: ['audit'] },
      hooks: { BeforeAgent: [{ hooks: [{ type: 'command', command: 'audit.sh', name: 'audit' }] }] },
    };
    expect(system({ settings, trust: false }).hasHooks('BeforeAgent')).toBe(false);
    const enabled = system({ settings: { ...settings, hooksConfig: {} }, trust: false });
    expect(enabled.hasHooks('BeforeAgent')).toBe(true);
    const off = system({ settings: { ...settings, hooksConfig: {} }, trust: false, enabled: false });
    expect(off.hasHooks('BeforeAgent')).toBe(false);
  });

  it('changes with register and unregister', () => {
    const hooks = system();
    const registration = hooks.register('AfterAgent', noop('stop-guard'));
    expect(hooks.hasHooks('AfterAgent')).toBe(true);
    registration.unregister();
    expect(hooks.hasHooks('AfterAgent')).toBe(false);
  });

  it('throws UnknownEventError for an unknown event, like fire', () => {
    expect(() => system().hasHooks('BeforeTol')).toThrow(UnknownEventError);
  });

  it('agrees with the plan the event would get, for any hooks and any tool name', () => {
    const tools = ['read_file', 'write_file', 'replace', 'run_shell_command'];
    const matcher = fc.option(fc.constantFrom('^write_file$', 'file', 'replace|run', '^$', '(', 'shell'), {
      nil: undefined,
    });
    fc.assert(
      fc.property(
        fc.array(matcher, { maxLength: 5 }),
        fc.option(fc.constantFrom(...tools), { nil: undefined }),
        (matchers, tool) => {
          const hooks = createHookSystem({ projectDir: '/tmp' });
          matchers.forEach((pattern, index) => {
            hooks.register('BeforeTool', noop(`h${index}`), pattern === undefined ? {} : { matcher: pattern });
          });
          const planned = (name: string) =>
            hooks.plan('BeforeTool', { tool_name: name, tool_input: {} }).hooks.length > 0;
          // Without a tool: some target gets a plan — each pattern above matches one of these names.
          const expected = tool === undefined ? [...tools, '', '('].some(planned) : planned(tool);
          expect(hooks.hasHooks('BeforeTool', tool)).toBe(expected);
          void hooks.dispose();
        },
      ),
    );
  });
});
