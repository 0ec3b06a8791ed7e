/**
 * A plugin registry or extension manifest that cannot be used is loud (issue 12): Claude Code's
 * `installed_plugins.json` that is not valid JSON, or a Gemini CLI `gemini-extension.json` that is not, is an
 * error naming the file with line:column in `hookstream validate` (exit 1) and `list`, and in `loadSettings`
 * problems for the API; the project's own hooks still load, and a registry no enabled plugin needs is not read.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettingsSync, standardSettingsFiles } from '../../lib/config/index.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld } from './cliHarness.js';

const world = new CliWorld();

afterAll(() => {
  expect(world.leftovers()).toEqual([]);
  world.cleanup();
});

const PROJECT_HOOKS = {
  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo ok' }] }] },
};

/** A project with one Claude hook, a home with the given files (relative to it); returns both directories. */
const setUp = (name: string, homeFiles: Record<string, unknown>) => {
  const project = world.dir(`${name}/project`);
  const home = world.dir(`${name}/home`);
  world.write(`${name}/project/.claude/settings.json`, PROJECT_HOOKS);
  for (const [file, content] of Object.entries(homeFiles)) world.write(`${name}/home/${file}`, content);
  return { project, home };
};

// A member without the comma before it, as a hand edit leaves it: line 3, column 3.
const BROKEN_REGISTRY = '{\n  "version": 2\n  "plugins": { "guard@market": [{ "installPath": "/p" }] }\n}\n';

describe.concurrent('discovery problems', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('validate: a malformed installed_plugins.json is an error with its line, other hooks still load', async () => {
    const { project, home } = setUp('registry', {
      '.claude/settings.json': { enabledPlugins: { 'guard@market': true } },
      '.claude/plugins/installed_plugins.json': BROKEN_REGISTRY,
    });
    const registry = path.join(home, '.claude', 'plugins', 'installed_plugins.json');
    const run = await world.run(['validate', '--project-dir', project], { env: { HOME: home } });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      new RegExp(
        `^error: ${registry.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:3: invalid JSON: expected ',' or '}'.*plugins Claude Code settings enable are not loaded$`,
        'm',
      ),
    );
    expect(run.stdout).toMatch(/: 1 hook, 1 error/);
  });

  it('list: the same error on stderr, and the project hook is listed', async () => {
    const { project, home } = setUp('registry-list', {
      '.claude/settings.json': { enabledPlugins: { 'guard@market': true } },
      '.claude/plugins/installed_plugins.json': BROKEN_REGISTRY,
    });
    const run = await world.run(['list', '--project-dir', project], { env: { HOME: home } });
    expect(run.stderr).toContain('installed_plugins.json:3:3: invalid JSON');
    expect(run.stdout).toContain('echo ok');
  });

  it('fire: the error and what it costs on stderr, exit 1, and the other hooks still run', async () => {
    // A user hook: trusted without an approval (the project's is reported untrusted).
    const userHooks = { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo user' }] }] };
    const { project, home } = setUp('registry-fire', {
      '.claude/settings.json': { enabledPlugins: { 'guard@market': true }, hooks: userHooks },
      '.claude/plugins/installed_plugins.json': BROKEN_REGISTRY,
    });
    const input = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' } });
    const run = await world.run(['fire', 'PreToolUse', '--input', input, '--project-dir', project, '--json'], {
      env: { HOME: home },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('installed_plugins.json:3:3: invalid JSON');
    expect(run.stderr).toMatch(/plugin or extension hooks are not active: .*installed_plugins\.json could not be used/);
    const result = JSON.parse(run.stdout) as { hooks: { name: string; outcome: string }[] };
    expect(result.hooks.map((hook) => [hook.name, hook.outcome])).toContainEqual(['echo user', 'success']);
  });

  it('validate: a registry whose plugins entry is not an object names the pointer', async () => {
    const { project, home } = setUp('registry-shape', {
      '.claude/settings.json': { enabledPlugins: { 'guard@market': true } },
      '.claude/plugins/installed_plugins.json': '{\n  "plugins": []\n}\n',
    });
    const run = await world.run(['validate', '--project-dir', project], { env: { HOME: home } });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /installed_plugins\.json:2:14 \/plugins: not a plugin registry; .* \(expected an object of plugin ids, received \[\]\)/,
    );
  });

  it('validate: a malformed gemini-extension.json is an error, and that extension’s hooks are not loaded', async () => {
    const { project, home } = setUp('manifest', {
      '.gemini/extensions/broken/gemini-extension.json': '{ "name": "broken", }x',
      '.gemini/extensions/broken/hooks/hooks.json': {
        hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'echo from-broken' }] }] },
      },
    });
    const run = await world.run(['validate', '--project-dir', project], { env: { HOME: home } });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^error: .*broken\/gemini-extension\.json:1:22: invalid JSON: .*Gemini CLI skips this extension, so its hooks are not loaded$/m,
    );
    expect(run.stdout).toMatch(/: 1 hook, 1 error/);
  });

  it('a broken registry no enabled plugin needs is not read: no problem', async () => {
    const { project, home } = setUp('registry-unused', {
      '.claude/plugins/installed_plugins.json': BROKEN_REGISTRY,
    });
    const run = await world.run(['validate', '--project-dir', project], { env: { HOME: home } });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('installed_plugins.json');
  });
});

describe('loadSettings with the standard files', () => {
  it('reports the registry problem with its position, and loads the other hooks', () => {
    const { project, home } = setUp('registry-api', {
      '.claude/settings.json': { enabledPlugins: { 'guard@market': true } },
      '.claude/plugins/installed_plugins.json': BROKEN_REGISTRY,
    });
    const loaded = loadSettingsSync(standardSettingsFiles(project, home, { variables: {} }));
    expect(loaded.entries.map((entry) => entry.name)).toEqual(['echo ok']);
    expect(loaded.problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: path.join(home, '.claude', 'plugins', 'installed_plugins.json'),
        line: 3,
        column: 3,
        fileInactive: true,
      }),
    ]);
  });
});
