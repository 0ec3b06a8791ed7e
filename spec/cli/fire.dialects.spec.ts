/**
 * The hooks people already have (issue 12), through a real `hookstream fire`: Claude Code's and Gemini CLI's own
 * files, a Claude plugin and a Gemini extension, written as their agents ship them — no `tools.enableHooks`, no
 * hand edits — with fixture scripts that behave as the documented hooks do (spec/fixtures/dialects/).
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, CliWorld } from './cliHarness.js';

const world = new CliWorld();
const FIXTURES = fileURLToPath(new URL('../fixtures/dialects/', import.meta.url));

afterAll(() => world.finish());

/** Copies a fixture script into `dir` (as a plugin or extension installs it). */
const install = (script: string, dir: string): void => {
  mkdirSync(dir, { recursive: true });
  copyFileSync(path.join(FIXTURES, script), path.join(dir, script));
};

const claudeHook = (command: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command, ...extra });

describe('hookstream fire --dialect', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('names an unknown agent or event of that agent as a usage error', async () => {
    const where = world.setUpCase('dialect-usage');
    const agent = await world.fire(where, 'Stop', {}, ['--dialect', 'claud']);
    expect(agent.run.code).toBe(1);
    expect(agent.run.stderr).toContain('unknown dialect "claud"; did you mean claude?');
    const event = await world.fire(where, 'BeforeTool', {}, ['--dialect', 'claude']);
    expect(event.run.code).toBe(1);
    expect(event.run.stderr).toContain('unknown Claude Code event "BeforeTool"');
  });
});

describe.concurrent(
  'hookstream fire: Claude Code and Gemini CLI files as their agents ship them',
  { timeout: CLI_TEST_TIMEOUT_MS },
  () => {
    it('a plugin-installed blocker with ${CLAUDE_PLUGIN_ROOT} blocks rm -rf ~/ (and a hostile install path runs nothing)', async () => {
      const where = world.setUpCase('plugin');
      // The install path holds shell syntax: a textual substitution would run it.
      const root = path.join(where.home, '.claude', 'plugins', 'cache', 'safety $(touch PWNED)');
      install('block-dangerous.sh', path.join(root, 'scripts'));
      world.write('plugin/home/.claude/plugins/installed_plugins.json', {
        version: 2,
        plugins: { 'safety@market': [{ scope: 'user', installPath: root }] },
      });
      world.write('plugin/home/.claude/settings.json', { enabledPlugins: { 'safety@market': true } });
      world.write(path.relative(world.root, path.join(root, 'hooks', 'hooks.json')), {
        description: 'Blocks dangerous shell commands',
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [claudeHook('sh "${CLAUDE_PLUGIN_ROOT}/scripts/block-dangerous.sh"', { timeout: 5 })],
            },
          ],
        },
      });
      await world.approve(where);
      const attack = await world.fire(where, 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf ~/' } });
      expect(attack.run.stderr).toBe('');
      expect(attack.run.code).toBe(2);
      expect(attack.result?.blocked).toBe(true);
      expect(attack.result?.reason).toContain('Blocked: rm -rf on the home directory');
      expect(attack.result?.reason).toContain(root);
      const harmless = await world.fire(where, 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
      expect(harmless.run.code).toBe(0);
      expect(harmless.result?.blocked).toBe(false);
      expect(existsSync(path.join(world.root, 'plugin', 'PWNED'))).toBe(false);
      expect(existsSync(path.join(world.root, 'PWNED'))).toBe(false);
    });

    it('Claude matchers are exact names: "Bash" does not fire for BashOutput', async () => {
      const where = world.setUpCase('matcher', {
        'project/.claude/settings.json': {
          hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [claudeHook(`sh ${FIXTURES}block-dangerous.sh`)] }] },
        },
      });
      await world.approve(where);
      const other = await world.fire(where, 'PreToolUse', {
        tool_name: 'BashOutput',
        tool_input: { command: 'rm -rf ~/' },
      });
      expect(other.result?.blocked).toBe(false);
      const bash = await world.fire(where, 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf ~/' } });
      expect(bash.result?.blocked).toBe(true);
    });

    it('an AGENTS.md loader with "timeout": 30 (seconds) in .claude/settings.json finishes, and its stdout is context', async () => {
      const where = world.setUpCase('loader', {
        'project/.claude/settings.json': {
          hooks: { SessionStart: [{ hooks: [claudeHook(`sh ${FIXTURES}agents-loader.sh`, { timeout: 30 })] }] },
        },
      });
      await world.approve(where);
      const { run, result } = await world.fire(where, 'SessionStart', { source: 'startup' });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(result?.hooks[0]?.outcome).toBe('success');
      expect(result?.additionalContext).toContain('AGENTS.md: run npm test before committing');
      expect(result?.systemMessage).toBeUndefined();
    });

    it('an "if"-guarded deny stops writes to .env files only, not every Write', async () => {
      const where = world.setUpCase('if', {
        'project/.claude/settings.json': {
          hooks: {
            PreToolUse: [
              {
                matcher: 'Write|Edit',
                hooks: [
                  claudeHook(`sh ${FIXTURES}deny-env-write.sh`, { if: 'Write(.env*)', statusMessage: 'guarding' }),
                ],
              },
            ],
          },
        },
      });
      await world.approve(where);
      const env = await world.fire(where, 'PreToolUse', {
        tool_name: 'Write',
        tool_input: { file_path: path.join(where.project, '.env.local'), content: 'x' },
        cwd: where.project,
      });
      expect(env.run.stderr).toBe('');
      expect(env.result?.blocked).toBe(true);
      expect(env.result?.reason).toContain('no writes to .env files');
      const source = await world.fire(where, 'PreToolUse', {
        tool_name: 'Write',
        tool_input: { file_path: path.join(where.project, 'src', 'a.ts'), content: 'x' },
        cwd: where.project,
      });
      expect(source.result?.blocked).toBe(false);
      expect(source.result?.hooks).toEqual([]);
    });

    it('a UserPromptSubmit hook receives UserPromptSubmit and CLAUDE_PROJECT_DIR; a disableAllHooks file says so', async () => {
      const where = world.setUpCase('event-name', {
        'project/.claude/settings.json': {
          hooks: { UserPromptSubmit: [{ hooks: [claudeHook(`sh ${FIXTURES}echo-event.sh`)] }] },
        },
      });
      await world.approve(where);
      const { result } = await world.fire(where, 'UserPromptSubmit', { prompt: 'hi' });
      expect(result?.additionalContext).toContain(`event=UserPromptSubmit project=${where.project}`);
      world.write('event-name/project/.claude/settings.local.json', { disableAllHooks: true });
      const off = await world.fire(where, 'UserPromptSubmit', { prompt: 'hi' });
      expect(off.result?.hooks).toEqual([]);
      expect(off.run.stderr).toContain('"disableAllHooks": true');
      expect(off.run.stderr).toContain('settings.local.json');
    });

    it('prompt hooks are skipped with one warning; the command hooks of the same file still run', async () => {
      const where = world.setUpCase('types', {
        'project/.claude/settings.json': {
          permissions: { allow: ['Bash(npm test)'] },
          hooks: {
            PreToolUse: [
              {
                matcher: 'Bash',
                hooks: [
                  { type: 'prompt', prompt: 'Is this safe? $ARGUMENTS' },
                  { type: 'prompt', prompt: 'Again?' },
                  claudeHook(`sh ${FIXTURES}block-dangerous.sh`),
                ],
              },
            ],
          },
        },
      });
      await world.approve(where);
      const { run, result } = await world.fire(where, 'PreToolUse', {
        tool_name: 'Bash',
        tool_input: { command: 'rm -rf ~/' },
      });
      expect(result?.blocked).toBe(true);
      // Without a host callback (the CLI has none) they are skipped, said once for the type.
      expect(result?.warnings.filter((line) => line.includes('prompt hooks need a host callback'))).toHaveLength(1);
      expect(run.stderr).not.toContain('permissions');
    });

    it("a Stop loop gets Claude's Stop fields and blocks the stop with its reason", async () => {
      const where = world.setUpCase('stop', {
        'project/.claude/settings.json': { hooks: { Stop: [{ hooks: [claudeHook(`sh ${FIXTURES}ralph-stop.sh`)] }] } },
      });
      await world.approve(where);
      const { run, result } = await world.fire(where, 'Stop', {
        prompt: 'fix it',
        prompt_response: 'half done',
        stop_hook_active: false,
      });
      expect(run.stderr).toBe('');
      expect(result?.hooks[0]?.outcome).toBe('blocked');
      expect(result?.reason).toBe('not done yet after: half done');
      // Claude Code's own Stop payload (no prompt), as `--dialect claude` reads it; the loop ends once active.
      const native = { stop_hook_active: false, last_assistant_message: 'all done', session_id: 's' };
      const asClaude = await world.fire(where, 'Stop', native, ['--dialect', 'claude']);
      expect(asClaude.run.stderr).toBe('');
      expect(asClaude.result?.reason).toBe('not done yet after: all done');
      const again = await world.fire(where, 'Stop', { ...native, stop_hook_active: true }, ['--dialect', 'claude']);
      expect(again.result?.blocked).toBe(false);
      expect(again.result?.hooks[0]?.outcome).toBe('success');
    });

    it('SessionStart gets CLAUDE_ENV_FILE and source "compact"; its exit 2 is a warning, never a block', async () => {
      const where = world.setUpCase('session-env', {
        'project/.claude/settings.json': {
          hooks: { SessionStart: [{ hooks: [claudeHook(`sh ${FIXTURES}session-env.sh`)] }] },
        },
      });
      await world.approve(where);
      const compact = await world.fire(where, 'SessionStart', { source: 'compress' });
      expect(compact.run.stderr).toBe('');
      expect(compact.result?.additionalContext).toContain('resumed after compaction');
      const startup = await world.fire(where, 'SessionStart', { source: 'startup' });
      expect(startup.run.code).toBe(0);
      expect(startup.result?.blocked).toBe(false);
      expect(startup.result?.hooks[0]?.outcome).toBe('warning');
      expect(startup.result?.hooks[0]?.message).toContain('cannot be blocked: source not compact');
    });

    it('a Claude file with no hooks and no switch: no "switched off" note, nothing blamed on tools.enableHooks', async () => {
      const where = world.setUpCase('quiet', {
        'project/.claude/settings.json': { permissions: { allow: ['Bash(ls)'] }, model: 'x' },
      });
      const { run, result } = await world.fire(where, 'PreToolUse', {
        tool_name: 'Bash',
        tool_input: { command: 'ls' },
      });
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('');
      expect(result?.hooks).toEqual([]);
    });

    it('list shows whose hook each one is, the event it was written under and its condition', async () => {
      const where = world.setUpCase('list', {
        'project/.claude/settings.json': {
          hooks: { PreToolUse: [{ matcher: 'Write', hooks: [claudeHook('guard.sh', { if: 'Write(.env*)' })] }] },
        },
      });
      const run = await world.run(['list', '--json', '--project-dir', where.project], { env: where.env });
      expect(run.code).toBe(0);
      const listed = JSON.parse(run.stdout) as { events: { event: string; hooks: Record<string, unknown>[] }[] };
      expect(listed.events[0]?.event).toBe('BeforeTool');
      expect(listed.events[0]?.hooks[0]).toMatchObject({
        name: 'guard.sh',
        dialect: 'claude',
        nativeEvent: 'PreToolUse',
        condition: 'Write(.env*)',
        timeoutMs: 600_000,
      });
      const table = await world.run(['list', '--project-dir', where.project], { env: where.env });
      expect(table.stdout).toContain('claude PreToolUse if Write(.env*)');
    });

    it("validate reads the same files: names each one's agent, and a prompt hook is a hook like any other", async () => {
      const where = world.setUpCase('validate', {
        'project/.claude/settings.json': {
          hooks: {
            Stop: [{ hooks: [{ type: 'prompt', prompt: 'done?' }, claudeHook(`sh ${FIXTURES}ralph-stop.sh`)] }],
          },
        },
      });
      const run = await world.run(['validate', '--project-dir', where.project], { env: where.env });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(
        `${path.join(where.project, '.claude', 'settings.json')} (Claude Code): 2 hooks, no problems`,
      );
      // --dialect narrows the files: Gemini's only, and there are none here.
      const gemini = await world.run(['validate', '--dialect', 'gemini', '--project-dir', where.project], {
        env: where.env,
      });
      expect(gemini.stdout).toContain(
        `no settings files found (looked for ${path.join(where.project, '.gemini', 'settings.json')}`,
      );
      expect(gemini.stdout).not.toContain('.claude');
    });

    it('.gemini/settings.json and an extension with ${extensionPath} run without tools.enableHooks', async () => {
      const where = world.setUpCase('gemini', {
        'project/.gemini/settings.json': {
          hooks: {
            SessionStart: [
              { matcher: 'startup', hooks: [{ type: 'command', command: `sh ${FIXTURES}echo-event.sh` }] },
            ],
          },
        },
      });
      const extension = path.join(where.home, '.gemini', 'extensions', 'guard');
      install('gemini-deny.sh', path.join(extension, 'hooks'));
      world.write(path.relative(world.root, path.join(extension, 'gemini-extension.json')), {
        name: 'guard',
        version: '1.0.0',
      });
      world.write(path.relative(world.root, path.join(extension, 'hooks', 'hooks.json')), {
        hooks: {
          BeforeTool: [
            {
              matcher: 'write_.*',
              hooks: [
                {
                  type: 'command',
                  name: 'guard',
                  command: 'sh ${extensionPath}${/}hooks${/}gemini-deny.sh ${extensionPath}',
                },
              ],
            },
          ],
        },
      });
      await world.approve(where);
      const start = await world.fire(where, 'SessionStart', {
        source: 'startup',
        session_id: 'g-1',
        cwd: where.project,
      });
      expect(start.run.stderr).toBe('');
      expect(start.result?.systemMessage).toContain(
        `event=SessionStart project=${where.project} gemini_session=g-1 gemini_cwd=${where.project}`,
      );
      const write = await world.fire(where, 'BeforeTool', {
        tool_name: 'write_file',
        tool_input: { path: 'a.txt', content: 'x' },
        session_id: 'g-2',
      });
      expect(write.run.stderr).toBe('');
      expect(write.result?.blocked).toBe(true);
      expect(write.result?.reason).toBe('extension guard refuses (session g-2)');
    });
  },
);
