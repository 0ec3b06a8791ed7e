/**
 * prompt, agent and mcp_tool hooks from a project's `.claude/settings.json`, through `createHookSystem` and the
 * tool wrapper (issue 14): the demo's scripted model judges as `evaluatePrompt` — its `{ ok: false }` keeps a
 * write of `.env` from running —, an `mcp_tool` hook gets its input resolved, and without callbacks the file's
 * command hook still loads and runs while the others are skipped and said once.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../../demos/agent-loop/scriptedModel.js';
import type { EvaluatePrompt, JudgeAnswer, McpToolCall } from '../../lib/executors/callbackTypes.js';
import { executeToolWithHooks } from '../../lib/host/toolHooks.js';
import type { HookSystem } from '../../lib/system/hookSystem.js';
import { useAgentProject } from '../helpers/agentProject.js';

const world = useAgentProject('hookstream-callback-hooks-', {
  afterDispose: () => {
    rmSync(marker, { force: true });
  },
});
const marker = join(world.project, 'command-hook-ran.txt');
world.write('.claude/settings.json', {
  hooks: {
    PreToolUse: [
      {
        matcher: 'Write',
        hooks: [
          { type: 'prompt', prompt: 'Does this call write secrets? Answer as JSON. $ARGUMENTS', timeout: 20 },
          { type: 'mcp_tool', server: 'semgrep', tool: 'scan_file', input: { path: '${tool_input.file_path}' } },
          { type: 'command', command: 'echo ran >> "$CLAUDE_PROJECT_DIR/command-hook-ran.txt"' },
        ],
      },
    ],
    Stop: [{ hooks: [{ type: 'agent', prompt: 'Check that the tests pass. $ARGUMENTS' }] }],
  },
});

/** The demo's scripted model as a judge: the prompt as a user turn, a JSON answer asked for. */
const scriptedJudge = (): EvaluatePrompt => {
  const model = createScriptedModel();
  return async ({ prompt }) => {
    const response = await model.generateContent({
      model: 'scripted-judge',
      contents: [{ role: 'user', parts: [{ text: prompt }] }],
      config: { responseMimeType: 'application/json' },
    });
    return JSON.parse(response.candidates?.[0]?.content?.parts?.[0]?.text ?? 'null') as JudgeAnswer;
  };
};

const write = (hookSystem: HookSystem, file_path: string, ran: string[]) =>
  executeToolWithHooks(hookSystem, 'Write', { file_path, content: 'x' }, (input) => {
    ran.push(String(input.file_path));
    return 'written';
  });

describe('prompt, agent and mcp_tool hooks from .claude/settings.json', () => {
  it("the scripted model's ok: false blocks a write of .env with its reason; other writes run", async () => {
    const calls: McpToolCall[] = [];
    const hookSystem = world.system({
      evaluatePrompt: scriptedJudge(),
      callMcpTool: (call) => {
        calls.push(call);
        return { content: [{ type: 'text', text: '{}' }] };
      },
    });
    expect(hookSystem.problems).toEqual([]);
    const ran: string[] = [];
    const blocked = await write(hookSystem, '.env', ran);
    const allowed = await write(hookSystem, 'config/greeting.json', ran);
    expect(ran).toEqual(['config/greeting.json']);
    expect(blocked.blocked?.reason).toBe('.env holds secrets; configuration goes in config/ instead');
    expect(allowed.warnings).toEqual([]);
    expect(allowed.hookResults.before.hooks.map((run) => run.outcome)).toEqual(['success', 'success', 'success']);
    // Parallel hooks: the command hook ran for both writes; the MCP tool got each call's file path.
    expect(readFileSync(marker, 'utf8')).toBe('ran\nran\n');
    expect(calls.map((call) => [call.server, call.tool, call.arguments])).toEqual([
      ['semgrep', 'scan_file', { path: '.env' }],
      ['semgrep', 'scan_file', { path: 'config/greeting.json' }],
    ]);
  });

  it("an agent hook's ok: false on Stop blocks the stop with its reason (the agent keeps working)", async () => {
    const hookSystem = world.system({
      runAgentHook: ({ input }) =>
        input.hook_event_name === 'Stop' ? { ok: false, reason: 'two tests fail' } : { ok: true },
    });
    const result = await hookSystem.fire('AfterAgent', {
      prompt: 'p',
      prompt_response: 'done',
      stop_hook_active: false,
    });
    expect(result.blocked).toBe(true);
    expect(result.reason).toBe('two tests fail');
  });

  it('without callbacks: the command hook loads and runs, the others are skipped and said once', async () => {
    const hookSystem = world.system();
    expect(hookSystem.problems).toEqual([]);
    const ran: string[] = [];
    const first = await write(hookSystem, '.env', ran);
    const second = await write(hookSystem, '.env', ran);
    expect(ran).toEqual(['.env', '.env']);
    expect(existsSync(marker)).toBe(true);
    expect(first.hookResults.before.hooks.map((run) => run.outcome)).toEqual(['skipped', 'skipped', 'success']);
    expect(first.warnings).toEqual([
      expect.stringContaining(
        'skipped: prompt hooks need a host callback, createHookSystem({ evaluatePrompt }) (said once)',
      ),
      expect.stringContaining(
        'skipped: mcp_tool hooks need a host callback, createHookSystem({ callMcpTool }) (said once)',
      ),
    ]);
    expect(second.warnings).toEqual([]);
  });
});
