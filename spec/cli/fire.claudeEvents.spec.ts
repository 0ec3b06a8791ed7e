/**
 * Claude Code's own events (issue 12 "The full event surface") through a real `hookstream fire`: hooks under
 * PermissionRequest, PostToolUseFailure and FileChanged in `.claude/settings.json` run as Claude runs them, and a
 * PreToolUse `updatedInput` replaces the tool input (a key it leaves out is gone) where hookstream's own
 * `tool_input` merges. Fixture scripts in spec/fixtures/dialects/ behave as Claude's hooks reference documents.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, CliWorld, type CliCase } from './cliHarness.js';

const world = new CliWorld();
const FIXTURES = fileURLToPath(new URL('../fixtures/dialects/', import.meta.url));

afterAll(() => world.finish());

/** A project whose `.claude/settings.json` holds `hooks`, approved as its user would after review. */
const claudeProject = async (name: string, hooks: Record<string, unknown>): Promise<CliCase> => {
  const where = world.setUpCase(name, { 'project/.claude/settings.json': { hooks } });
  await world.approve(where);
  return where;
};

/** `hookstream fire --json` for the case: no error output, and a result. */
const fire = async (where: CliCase, event: string, input: Record<string, unknown>, extra: string[] = []) => {
  const { run, result } = await world.fire(where, event, input, extra);
  expect(run.stderr).toBe('');
  if (result === undefined) throw new Error(`hookstream fire printed no result (exit ${String(run.code)})`);
  return { run, result };
};

const hook = (script: string) => ({ type: 'command', command: `sh ${FIXTURES}${script}` });

describe.concurrent('hookstream fire: Claude Code events', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('PreToolUse updatedInput replaces the input: the key it leaves out is gone', async () => {
    const where = await claudeProject('replace', {
      PreToolUse: [{ matcher: 'Bash', hooks: [hook('rewrite-input.sh')] }],
    });
    const { result } = await fire(where, 'PreToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'git status', description: 'Show the working tree' },
    });
    expect(result.decision).toBe('allow');
    expect(result.toolInput).toEqual({ command: 'rtk git status' });
  });

  it("hookstream's own tool_input merges: the other keys stay", async () => {
    const where = world.setUpCase('merge', {
      'project/.hookstream/settings.json': {
        tools: { enableHooks: true },
        hooks: {
          BeforeTool: [
            {
              hooks: [
                {
                  type: 'command',
                  command: `echo '{"hookSpecificOutput":{"tool_input":{"command":"rtk git status"}}}'`,
                },
              ],
            },
          ],
        },
      },
    });
    await world.approve(where);
    const { result } = await fire(where, 'BeforeTool', {
      tool_name: 'Bash',
      tool_input: { command: 'git status', description: 'Show the working tree' },
    });
    expect(result.toolInput).toEqual({ command: 'rtk git status', description: 'Show the working tree' });
  });

  it('PermissionRequest: an allow answers the dialog with a rewritten input and a permission rule', async () => {
    const where = await claudeProject('permission', {
      PermissionRequest: [{ matcher: 'Bash', hooks: [hook('permission-allow.sh')] }],
    });
    const { run, result } = await fire(where, 'PermissionRequest', {
      tool_name: 'Bash',
      tool_input: { command: 'npm test', timeout: 1000 },
    });
    expect(run.code).toBe(0);
    expect(result).toMatchObject({ event: 'PermissionRequest', decision: 'allow', blocked: false });
    expect(result.toolInput).toEqual({ command: 'npm run lint' });
    expect(result.updatedPermissions).toEqual([
      {
        type: 'addRules',
        rules: [{ toolName: 'Bash', ruleContent: 'npm run lint' }],
        behavior: 'allow',
        destination: 'session',
      },
    ]);
    // The matcher is an exact name in Claude: another tool's request goes to the dialog untouched.
    const other = await fire(where, 'PermissionRequest', { tool_name: 'BashOutput', tool_input: {} });
    expect(other.result.hooks).toEqual([]);
    expect(other.result.decision).toBeUndefined();
  });

  it('PermissionRequest: a deny with interrupt refuses and stops, the message as the reason', async () => {
    const where = await claudeProject('permission-deny', {
      PermissionRequest: [{ hooks: [hook('permission-deny.sh')] }],
    });
    const { run, result } = await fire(where, 'permission_request', { tool_name: 'WebFetch', tool_input: {} });
    expect(run.code).toBe(2);
    expect(result).toMatchObject({
      decision: 'deny',
      blocked: true,
      reason: 'no network tools here',
      stopped: true,
      stopReason: 'no network tools here',
    });
  });

  it("PostToolUseFailure: Claude's payload reaches the hook, whose context names the error", async () => {
    const where = await claudeProject('failure', {
      PostToolUseFailure: [{ matcher: 'Bash', hooks: [hook('failure-context.sh')] }],
    });
    const native = {
      session_id: 's1',
      transcript_path: '/t.jsonl',
      cwd: where.project,
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      tool_input: { command: 'npm test' },
      tool_use_id: 'toolu_9',
      error: 'Command exited with non-zero status code 1',
      is_interrupt: false,
    };
    const { run, result } = await fire(where, 'PostToolUseFailure', native, ['--dialect', 'claude']);
    expect(run.code).toBe(0);
    expect(result.hooks[0]?.outcome).toBe('success');
    expect(result.additionalContext).toBe('Command exited with non-zero status code 1: run npm ci first');
  });

  it('FileChanged: ".envrc|.env" is matched against the file name, not the path', async () => {
    const where = await claudeProject('file-changed', {
      FileChanged: [{ matcher: '.envrc|.env', hooks: [hook('file-changed.sh')] }],
    });
    const envrc = await fire(where, 'FileChanged', { file_path: '/repo/.envrc', event: 'change' });
    expect(envrc.result.systemMessage).toBe('reloaded /repo/.envrc');
    expect(envrc.result.watchPaths).toEqual(['/repo/.envrc']);
    // A path that merely contains the name, and a longer name, do not match.
    const nested = await fire(where, 'FileChanged', { file_path: '/repo/.envrc.d/local', event: 'add' });
    expect(nested.result.hooks).toEqual([]);
    const longer = await fire(where, 'FileChanged', { file_path: '/repo/.env.local', event: 'change' });
    expect(longer.result.hooks).toEqual([]);
  });

  it('an unknown event name still says which events exist, the new ones included', async () => {
    const where = world.setUpCase('unknown');
    const run = await world.run(['fire', 'PostToolUseFailed', '--input', '{}', '--project-dir', where.project], {
      env: where.env,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('did you mean PostToolUseFailure?');
  });
});
