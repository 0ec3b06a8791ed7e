/**
 * Another agent's hooks through the host API (issue 12): a project's `.claude/settings.json`, loaded by
 * `createHookSystem` with the standard files, run by `executeToolWithHooks` with real fixture scripts — its
 * PreToolUse blocker's exit 2 keeps the tool from running, its PostToolUse replaces the result the model sees.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { executeToolWithHooks } from '../../lib/host/toolHooks.js';
import { useAgentProject } from '../helpers/agentProject.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/dialects/', import.meta.url));
const world = useAgentProject('hookstream-dialect-host-');
world.write('.claude/settings.json', {
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `sh ${FIXTURES}block-dangerous.sh` }] }],
    PostToolUse: [
      {
        matcher: 'mcp__vault__.*',
        hooks: [{ type: 'command', command: `sh ${FIXTURES}redact-output.sh`, timeout: 10 }],
      },
    ],
  },
});

describe('executeToolWithHooks with Claude Code hooks from .claude/settings.json', () => {
  it('loads them with no enable switch, and an exit-2 blocker keeps rm -rf ~/ from running', async () => {
    const hookSystem = world.system();
    expect(hookSystem.problems).toEqual([]);
    const ran: unknown[] = [];
    const outcome = await executeToolWithHooks(hookSystem, 'Bash', { command: 'rm -rf ~/' }, (input) => {
      ran.push(input);
      return { llmContent: 'deleted', display: 'deleted' };
    });
    expect(ran).toEqual([]);
    expect(outcome.blocked?.reason).toContain('Blocked: rm -rf on the home directory');
  });

  it("replaces an MCP tool's result with updatedMCPToolOutput, and its context still reaches the model", async () => {
    const outcome = await executeToolWithHooks(
      world.system(),
      'mcp__vault__read',
      { key: 'db' },
      () => ({ llmContent: 'password=hunter2', display: 'password=hunter2' }),
      { toolCallId: 'call-1' },
    );
    expect(outcome.warnings).toEqual([]);
    expect(outcome.replaced).toBe(true);
    expect(outcome.llmContent).toContain('[redacted]');
    expect(outcome.llmContent).not.toContain('hunter2');
    expect(outcome.llmContent).toContain('secrets were removed');
  });
});
