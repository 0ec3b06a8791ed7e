/**
 * Cursor, GitHub Copilot and Codex hooks as their agents ship them (issue 14), through the real `hookstream`
 * command: files at their own locations (`.cursor/hooks.json`, `.github/hooks/*.json`, `.codex/hooks.json`, user
 * files under an isolated HOME, Copilot's policy directory pointed at a test location), no hand edits, and
 * fixture scripts that read their agent's payload and answer in its fields (spec/fixtures/dialects/).
 */
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, CliWorld, type CliCase } from './cliHarness.js';

const world = new CliWorld();
const FIXTURES = fileURLToPath(new URL('../fixtures/dialects/', import.meta.url));

afterAll(() => world.finish());

/** A fresh project, home and (empty, root-owned) Copilot policy directory for one case. */
const setUp = (name: string, files: Record<string, unknown>) => {
  const policy = world.dir(`${name}/policy.d`);
  chmodSync(policy, 0o755);
  return Object.assign(world.setUpCase(name, files, { HOOKSTREAM_COPILOT_POLICY_DIR: policy }), { policy });
};

/** Approves the project's hooks, as their user would after reviewing them. */
const approve = async (where: CliCase): Promise<void> => {
  expect((await world.approve(where)).stderr).toBe('');
};

const sh = (script: string, ...args: string[]) => [`sh ${FIXTURES}${script}`, ...args].join(' ');

describe.concurrent('hookstream fire: Cursor, Copilot and Codex files', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('Cursor: a beforeShellExecution guard in .cursor/hooks.json denies rm -rf, with its agent message as the reason', async () => {
    const where = setUp('cursor', {
      'project/.cursor/hooks.json': {
        version: 1,
        hooks: { beforeShellExecution: [{ command: sh('cursor-shell-guard.sh'), timeout: 10 }] },
      },
    });
    await approve(where);
    const attack = await world.fire(where, 'BeforeTool', {
      tool_name: 'Shell',
      tool_input: { command: 'rm -rf build' },
    });
    expect(attack.run.stderr).toBe('');
    expect(attack.run.code).toBe(2);
    expect(attack.result?.decision).toBe('deny');
    expect(attack.result?.reason).toBe(`rm -rf is not allowed in ${where.project}`);
    expect(attack.result?.systemMessage).toBe('Blocked rm -rf');
    // Not a shell tool: beforeShellExecution hooks do not run.
    const read = await world.fire(where, 'BeforeTool', { tool_name: 'Read', tool_input: { file_path: 'x' } });
    expect(read.result?.hooks).toEqual([]);
    // As Cursor itself would fire it: its event name and payload.
    const native = await world.fire(
      where,
      'beforeShellExecution',
      { command: 'ls', cwd: where.project, conversation_id: 'c1', workspace_roots: [where.project] },
      ['--dialect', 'cursor'],
    );
    expect(native.run.code).toBe(0);
    expect(native.result?.hooks[0]?.outcome).toBe('success');
    expect(native.result?.blocked).toBe(false);
  });

  it('Cursor: ~/.cursor/hooks.json runs from ~/.cursor and its additional_context reaches the session', async () => {
    const where = setUp('cursor-user', {});
    const cursorDir = path.join(where.home, '.cursor');
    mkdirSync(path.join(cursorDir, 'hooks'), { recursive: true });
    copyFileSync(path.join(FIXTURES, 'cursor-session-context.sh'), path.join(cursorDir, 'hooks', 'start.sh'));
    writeFileSync(path.join(cursorDir, 'rules.txt'), 'Use pnpm, never npm.');
    writeFileSync(
      path.join(cursorDir, 'hooks.json'),
      JSON.stringify({ version: 1, hooks: { sessionStart: [{ command: 'sh ./hooks/start.sh' }] } }),
    );
    const { run, result } = await world.fire(where, 'SessionStart', { source: 'startup' });
    expect(run.stderr).toBe('');
    expect(result?.hooks[0]?.outcome).toBe('success');
    expect(result?.additionalContext).toBe('Use pnpm, never npm.');
  });

  it('one hook shipped for both Claude Code and Cursor runs once', async () => {
    const where = setUp('both', {});
    const count = path.join(where.project, 'runs.txt');
    const command = sh('count-run.sh', count);
    world.write('both/project/.claude/settings.json', {
      hooks: { SessionStart: [{ hooks: [{ type: 'command', command }] }] },
    });
    world.write('both/project/.cursor/hooks.json', { version: 1, hooks: { sessionStart: [{ command }] } });
    await approve(where);
    const { result } = await world.fire(where, 'SessionStart', { source: 'startup' });
    expect(result?.hooks).toHaveLength(1);
    expect(readFileSync(count, 'utf8')).toBe('run\n');
  });

  it('Copilot: .github/hooks/policy.json reads the camelCase payload, denies rm -rf and rewrites a force push', async () => {
    const where = setUp('copilot', {
      'project/.github/hooks/policy.json': {
        version: 1,
        hooks: {
          preToolUse: [
            {
              type: 'command',
              bash: sh('copilot-policy.sh'),
              powershell: 'policy.ps1',
              timeoutSec: 10,
              matcher: 'bash',
            },
          ],
        },
      },
    });
    await approve(where);
    const denied = await world.fire(where, 'BeforeTool', { tool_name: 'bash', tool_input: { command: 'rm -rf /' } });
    expect(denied.run.stderr).toBe('');
    expect(denied.result?.blocked).toBe(true);
    expect(denied.result?.reason).toBe('Destructive commands need review');
    const rewritten = await world.fire(where, 'BeforeTool', {
      tool_name: 'bash',
      tool_input: { command: 'git push --force', cwd: '.' },
    });
    expect(rewritten.result?.blocked).toBe(false);
    // modifiedArgs replaces the arguments: `cwd` is gone.
    expect(rewritten.result?.toolInput).toEqual({ command: 'git push --force-with-lease' });
    // Anchored: `bash` does not match `bash_background`.
    const other = await world.fire(where, 'BeforeTool', {
      tool_name: 'bash_background',
      tool_input: { command: 'rm -rf /' },
    });
    expect(other.result?.hooks).toEqual([]);
  });

  it('Copilot: a root-owned policy file runs with no approval; a group-writable one is refused by validate and fire', async () => {
    const where = setUp('copilot-policy', {});
    const policy = where.policy;
    const hooks = { version: 1, hooks: { preToolUse: [{ type: 'command', bash: sh('copilot-policy.sh') }] } };
    writeFileSync(path.join(policy, '10-policy.json'), JSON.stringify(hooks));
    chmodSync(path.join(policy, '10-policy.json'), 0o644);
    const denied = await world.fire(where, 'BeforeTool', { tool_name: 'bash', tool_input: { command: 'rm -rf /' } });
    expect(denied.run.stderr).toBe('');
    expect(denied.result?.reason).toBe('Destructive commands need review');
    expect(denied.result?.hooks[0]?.source).toBe('system');
    chmodSync(path.join(policy, '10-policy.json'), 0o664);
    const validate = await world.run(['validate', '--project-dir', where.project], { env: where.env });
    expect(validate.code).not.toBe(0);
    expect(validate.stdout + validate.stderr).toContain(
      'policy hooks files must be owned by root and not writable by group or others, but it is writable by group or others (mode 0664)',
    );
    const refused = await world.fire(where, 'BeforeTool', { tool_name: 'bash', tool_input: { command: 'rm -rf /' } });
    expect(refused.run.code).not.toBe(0);
    expect(refused.run.stderr).toContain('10-policy.json');
  });

  it('Codex: a project PreToolUse guard and a user Stop hook under $HOME/.codex, both in Claude Code’s protocol', async () => {
    const where = setUp('codex', {
      'project/.codex/hooks.json': {
        hooks: {
          PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: sh('codex-guard.sh'), timeout: 10 }] }],
        },
      },
      'home/.codex/hooks.json': { hooks: { Stop: [{ hooks: [{ type: 'command', command: sh('codex-stop.sh') }] }] } },
    });
    await approve(where);
    const reset = await world.fire(where, 'BeforeTool', {
      tool_name: 'Bash',
      tool_input: { command: 'git reset --hard' },
      tool_call_id: 'call-1',
    });
    expect(reset.run.stderr).toBe('');
    expect(reset.result?.blocked).toBe(true);
    expect(reset.result?.reason).toBe('git reset --hard discards uncommitted work');
    const stop = await world.fire(where, 'AfterAgent', {
      prompt: 'p',
      prompt_response: 'done',
      stop_hook_active: false,
    });
    expect(stop.result?.decision).toBe('block');
    expect(stop.result?.reason).toBe('Run the test suite before finishing.');
    const again = await world.fire(where, 'Stop', { stop_hook_active: true, last_assistant_message: 'done' }, [
      '--dialect',
      'codex',
    ]);
    expect(again.result?.blocked).toBe(false);
  });

  it('list shows each agent’s hooks; an event hookstream lacks is a usage error', async () => {
    const where = setUp('list', {
      'project/.cursor/hooks.json': { version: 1, hooks: { stop: [{ command: 'cursor-stop.sh' }] } },
      'project/.github/hooks/a.json': {
        version: 1,
        hooks: { sessionEnd: [{ type: 'command', bash: 'copilot-end.sh' }] },
      },
      'project/.codex/hooks.json': {
        hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'codex-start.sh' }] }] },
      },
    });
    const run = await world.run(['list', '--project-dir', where.project], { env: where.env });
    expect(run.stderr).toBe('');
    for (const text of [
      'cursor-stop.sh',
      'copilot-end.sh',
      'codex-start.sh',
      '.cursor/hooks.json',
      '.github/hooks/a.json',
    ]) {
      expect(run.stdout).toContain(text);
    }
    const unsupported = await world.fire(where, 'afterAgentThought', {}, ['--dialect', 'cursor']);
    expect(unsupported.run.code).toBe(1);
    expect(unsupported.run.stderr).toContain('Cursor event afterAgentThought has no hookstream event; nothing to fire');
  });
});
