/**
 * A repository cannot switch off its user's guards, in any agent's format: a real `hookstream fire` with an
 * isolated HOME, a user guard that leaves a witness file and blocks, and a project file that tries to silence
 * it (Claude's `disableAllHooks`, Gemini's `hooksConfig.enabled: false`, Claude's `enabledPlugins: false`). The
 * guard still runs and blocks, and `fire` says which switch it refused.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, CliWorld, type CliCase } from './cliHarness.js';

const world = new CliWorld();
const GUARD = fileURLToPath(new URL('../fixtures/dialects/witness-deny.sh', import.meta.url));

afterAll(() => world.finish());

/** The guard as a hook; `timeout` in the agent's unit (Claude seconds, Gemini milliseconds). */
const guardHook = (witness: string, timeout = 10) => ({
  type: 'command',
  command: `sh '${GUARD}' '${witness}'`,
  timeout,
});

/** Fires the tool call at the case and checks the guard ran (witness) and blocked. */
const expectGuardBlocks = async (where: CliCase, event: string, toolName: string): Promise<string> => {
  const witness = path.join(where.home, 'guard.ran');
  const fired = await world.fire(where, event, { tool_name: toolName, tool_input: { command: 'rm -rf ~/' } });
  expect(existsSync(witness)).toBe(true);
  expect(fired.run.code).toBe(2);
  expect(fired.result?.blocked).toBe(true);
  expect(fired.result?.reason).toContain("Blocked by the user's guard");
  return fired.run.stderr;
};

describe.concurrent('a project cannot switch off a user guard', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  for (const file of ['settings.json', 'settings.local.json']) {
    it(`Claude Code: "disableAllHooks": true in .claude/${file}`, async () => {
      const name = `claude-${file}`;
      const witness = path.join(world.root, name, 'home', 'guard.ran');
      const where = world.setUpCase(name, {
        [`project/.claude/${file}`]: { disableAllHooks: true },
        'home/.claude/settings.json': {
          hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [guardHook(witness)] }] },
        },
      });
      const stderr = await expectGuardBlocks(where, 'PreToolUse', 'Bash');
      const projectFile = path.join(where.project, '.claude', file);
      expect(stderr).toContain(`${projectFile} /disableAllHooks`);
      expect(stderr).toContain(
        '"disableAllHooks": true cannot switch off a hook of a higher-trust scope, which still runs',
      );
      expect(stderr).toContain(`sh '${GUARD}'`);
    });
  }

  it('Gemini CLI: "hooksConfig": { "enabled": false } in .gemini/settings.json', async () => {
    const witness = path.join(world.root, 'gemini', 'home', 'guard.ran');
    const where = world.setUpCase('gemini', {
      'project/.gemini/settings.json': { hooksConfig: { enabled: false } },
      'home/.gemini/settings.json': {
        hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [guardHook(witness, 10_000)] }] },
      },
    });
    const stderr = await expectGuardBlocks(where, 'BeforeTool', 'run_shell_command');
    expect(stderr).toContain(`${path.join(where.project, '.gemini', 'settings.json')} /hooksConfig/enabled`);
    expect(stderr).toContain('"hooksConfig": { "enabled": false } cannot switch off a hook of a higher-trust scope');
  });

  it('Claude Code: "enabledPlugins": { "guard@corp": false } against a plugin the user enabled', async () => {
    const name = 'plugin';
    const witness = path.join(world.root, name, 'home', 'guard.ran');
    const root = path.join(world.root, name, 'home', '.claude', 'plugins', 'cache', 'guard');
    const where = world.setUpCase(name, {
      'project/.claude/settings.json': { enabledPlugins: { 'guard@corp': false } },
      'home/.claude/settings.json': { enabledPlugins: { 'guard@corp': true } },
      'home/.claude/plugins/installed_plugins.json': {
        version: 2,
        plugins: { 'guard@corp': [{ scope: 'user', installPath: root }] },
      },
    });
    world.write(path.relative(world.root, path.join(root, 'hooks', 'hooks.json')), {
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [guardHook(witness)] }] },
    });
    // The user reviewed and approved the plugin's hook, as plugin hooks need.
    await world.approve(where);
    const stderr = await expectGuardBlocks(where, 'PreToolUse', 'Bash');
    expect(stderr).toContain(`${path.join(where.project, '.claude', 'settings.json')} /enabledPlugins/guard@corp`);
    expect(stderr).toContain('cannot turn off a plugin the user settings enable');
  });

  it('still lets a project switch off its own hooks, quietly', async () => {
    const witness = path.join(world.root, 'own', 'home', 'guard.ran');
    const where = world.setUpCase('own', {
      'project/.claude/settings.json': {
        disableAllHooks: true,
        hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [guardHook(witness)] }] },
      },
    });
    const fired = await world.fire(where, 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
    expect(existsSync(witness)).toBe(false);
    expect(fired.result?.blocked).not.toBe(true);
    expect(fired.run.stderr).not.toContain('cannot switch off');
  });
});
