/**
 * Another agent's hooks through the host API (issue 12): a project's `.claude/settings.json`, loaded by
 * `createHookSystem` with the standard files, run by `executeToolWithHooks` with real fixture scripts — its
 * PreToolUse blocker's exit 2 keeps the tool from running, its PostToolUse replaces the result the model sees.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { standardSettingsFiles } from '../../lib/config/index.js';
import { executeToolWithHooks } from '../../lib/host/toolHooks.js';
import { createHookSystem } from '../../lib/system/createHookSystem.js';
import type { HookSystem } from '../../lib/system/hookSystem.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/dialects/', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'hookstream-dialect-host-'));
const project = join(root, 'project');
const home = join(root, 'home');
mkdirSync(join(project, '.claude'), { recursive: true });
mkdirSync(home, { recursive: true });
writeFileSync(
  join(project, '.claude', 'settings.json'),
  JSON.stringify({
    hooks: {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `sh ${FIXTURES}block-dangerous.sh` }] }],
      PostToolUse: [
        {
          matcher: 'mcp__vault__.*',
          hooks: [{ type: 'command', command: `sh ${FIXTURES}redact-output.sh`, timeout: 10 }],
        },
      ],
    },
  }),
);

let hooks: HookSystem | undefined;
afterEach(async () => {
  await hooks?.dispose();
  hooks = undefined;
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const system = (): HookSystem =>
  (hooks = createHookSystem({
    settings: standardSettingsFiles(project, home, { variables: {} }),
    projectDir: project,
    trust: false,
  }));

describe('executeToolWithHooks with Claude Code hooks from .claude/settings.json', () => {
  it('loads them with no enable switch, and an exit-2 blocker keeps rm -rf ~/ from running', async () => {
    const hookSystem = system();
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
      system(),
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
