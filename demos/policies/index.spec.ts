/** The suite installed on a real hook system: every policy answers its own events, none interferes with another. */
import { afterEach, describe, expect, it } from 'vitest';
import { createHookSystem, type HookSystem } from '../../lib/index.js';
import { beforeTool, runHookScript } from '../../lib/testing/index.js';
import { HOOK_SCRIPT, registerPolicySuite } from './index.js';
import { makeProjectDir } from './testSupport.js';

let system: HookSystem | undefined;
let project: ReturnType<typeof makeProjectDir> | undefined;
afterEach(async () => {
  await system?.dispose();
  project?.remove();
});

describe('registerPolicySuite', () => {
  it('registers all six policies where they belong', async () => {
    project = makeProjectDir();
    system = createHookSystem({ projectDir: project.dir, sessionId: 'suite' });
    const registrations = registerPolicySuite(system, { readOnly: { isReadOnly: () => true, tools: ['read_file'] } });
    expect(registrations.map((r) => r.event)).toEqual([
      'BeforeTool',
      'BeforeTool',
      'AfterTool',
      'BeforeModel',
      'AfterModel',
      'BeforeToolSelection',
      'AfterAgent',
      'SessionStart',
    ]);
    const write = await system.fire('BeforeTool', {
      tool_name: 'write_file',
      tool_input: { file_path: '/etc/passwd' },
    });
    expect(write.hooks.map((run) => `${run.name}:${run.outcome}`)).toEqual(['protect-paths:blocked']);
    const shell = await system.fire('BeforeTool', {
      tool_name: 'run_shell_command',
      tool_input: { command: 'rm -rf ./build' },
    });
    expect(shell).toMatchObject({ blocked: false, hooks: [{ name: 'dangerous-commands', outcome: 'success' }] });
    const tools = await system.fire('BeforeToolSelection', { llm_request: { model: 'm' } });
    expect(tools.toolConfig).toEqual({ mode: 'AUTO', allowedFunctionNames: ['read_file'] });
    const stop = await system.fire('AfterAgent', { prompt: 'p', prompt_response: 'done', stop_hook_active: false });
    expect(stop.blocked).toBe(true);
    for (const registration of registrations) expect(registration.unregister()).toBe(true);
    expect(system.plan('BeforeTool', { tool_name: 'write_file' }).hooks).toEqual([]);
  });
});

describe('bin/hook.mjs', () => {
  it('fails open (exit 1, a warning) on an unknown policy or broken options', async () => {
    project = makeProjectDir();
    const event = beforeTool('run_shell_command', { command: 'rm -rf /' });
    const unknown = await runHookScript(HOOK_SCRIPT, event, { args: ['no-such-policy'], projectDir: project.dir });
    expect(unknown).toMatchObject({ outcome: 'warning', exitCode: 1 });
    expect(unknown.stderr).toMatch(/unknown policy "no-such-policy"; one of: protect-paths, dangerous-commands/);
    const broken = await runHookScript(HOOK_SCRIPT, event, {
      args: ['dangerous-commands', '{not json'],
      projectDir: project.dir,
    });
    expect(broken).toMatchObject({ outcome: 'warning', exitCode: 1 });
  });
});
