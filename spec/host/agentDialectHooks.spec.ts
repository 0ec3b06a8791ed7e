/**
 * Cursor's, Copilot's and Codex's hooks through the host API (issue 14): project files at their real locations,
 * loaded by `createHookSystem` with the standard files and run by `executeToolWithHooks` with fixture scripts
 * that speak their agent's protocol — a deny keeps the tool from running, `modifiedArgs` is what the tool gets.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { executeToolWithHooks } from '../../lib/host/toolHooks.js';
import { useAgentProject } from '../helpers/agentProject.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/dialects/', import.meta.url));
const world = useAgentProject('hookstream-agent-host-');
world.write('.cursor/hooks.json', {
  version: 1,
  hooks: { beforeShellExecution: [{ command: `sh ${FIXTURES}cursor-shell-guard.sh`, timeout: 10 }] },
});
world.write('.github/hooks/policy.json', {
  version: 1,
  hooks: { preToolUse: [{ type: 'command', bash: `sh ${FIXTURES}copilot-policy.sh`, matcher: 'bash' }] },
});
world.write('.codex/hooks.json', {
  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `sh ${FIXTURES}codex-guard.sh` }] }] },
});

const ran: unknown[] = [];
const execute = (input: Record<string, unknown>) => {
  ran.push(input);
  return { llmContent: 'ok', display: 'ok' };
};

describe('executeToolWithHooks with Cursor, Copilot and Codex hook files', () => {
  it('loads all three with no enable switch; Cursor’s permission deny keeps a shell rm -rf from running', async () => {
    const hookSystem = world.system();
    expect(hookSystem.problems).toEqual([]);
    ran.length = 0;
    const outcome = await executeToolWithHooks(hookSystem, 'Shell', { command: 'rm -rf build' }, execute);
    expect(ran).toEqual([]);
    expect(outcome.blocked?.reason).toBe(`rm -rf is not allowed in ${world.project}`);
  });

  it('Copilot’s modifiedArgs is what the tool receives', async () => {
    ran.length = 0;
    const outcome = await executeToolWithHooks(
      world.system(),
      'bash',
      { command: 'git push --force', cwd: '.' },
      execute,
    );
    expect(outcome.blocked).toBeUndefined();
    expect(ran).toEqual([{ command: 'git push --force-with-lease' }]);
  });

  it('Codex’s permissionDecision deny blocks, with its reason for the model', async () => {
    ran.length = 0;
    const outcome = await executeToolWithHooks(world.system(), 'Bash', { command: 'git reset --hard' }, execute, {
      toolCallId: 'call-7',
    });
    expect(ran).toEqual([]);
    expect(outcome.llmContent).toContain('git reset --hard discards uncommitted work');
  });
});
