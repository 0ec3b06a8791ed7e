/**
 * Cursor plugins (issue 20): discovered where Cursor installs them (`~/.cursor/plugins/local/<name>/`, with a
 * `.cursor-plugin/plugin.json` manifest naming `hooks/hooks-cursor.json`), through the real `hookstream`:
 * `list` shows the plugin's hook, it is untrusted until approved, then its `${CURSOR_PLUGIN_ROOT}` guard denies
 * `rm -rf`; a broken hooks file or manifest is reported with its file and position.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, CliWorld } from './cliHarness.js';

const world = new CliWorld();
const FIXTURES = fileURLToPath(new URL('../fixtures/dialects/', import.meta.url));

afterAll(() => world.finish());

/** A local Cursor plugin `guard` in the case's HOME, its manifest naming `hooks/hooks-cursor.json`. */
const installGuard = (name: string, hooksFile: unknown, manifest: string | Record<string, unknown> = {}) => {
  const where = world.setUpCase(name);
  const root = path.join(where.home, '.cursor', 'plugins', 'local', 'guard');
  mkdirSync(path.join(root, 'scripts'), { recursive: true });
  copyFileSync(path.join(FIXTURES, 'cursor-shell-guard.sh'), path.join(root, 'scripts', 'guard.sh'));
  const at = (file: string) => path.relative(world.root, path.join(root, file));
  world.write(
    at('.cursor-plugin/plugin.json'),
    typeof manifest === 'string' ? manifest : { name: 'guard', hooks: './hooks/hooks-cursor.json', ...manifest },
  );
  const hooks = world.write(at('hooks/hooks-cursor.json'), hooksFile);
  return { where, root, hooks, manifest: path.join(root, '.cursor-plugin', 'plugin.json') };
};

const GUARD = {
  version: 1,
  hooks: { beforeShellExecution: [{ command: 'sh "${CURSOR_PLUGIN_ROOT}/scripts/guard.sh"', timeout: 10 }] },
};

describe.concurrent('Cursor plugins', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('a local plugin with hooks/hooks-cursor.json is listed, needs approval, then denies rm -rf', async () => {
    const { where, hooks } = installGuard('guard', GUARD);
    const listed = await world.run(['list', '--json', '--project-dir', where.project], { env: where.env });
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toContain(hooks);
    expect(listed.stdout).toContain('CURSOR_PLUGIN_ROOT');

    const input = { command: 'rm -rf build', cwd: where.project, conversation_id: 'c1', workspace_roots: [] };
    const before = await world.fire(where, 'beforeShellExecution', input, ['--dialect', 'cursor']);
    expect(before.result?.blocked).not.toBe(true);
    expect(before.result?.hooks.some((hook) => hook.outcome === 'success')).toBe(false);

    await world.approve(where);
    const attack = await world.fire(where, 'beforeShellExecution', input, ['--dialect', 'cursor']);
    expect(attack.run.stderr).toBe('');
    expect(attack.run.code).toBe(2);
    expect(attack.result?.decision).toBe('deny');
    expect(attack.result?.reason).toBe(`rm -rf is not allowed in ${where.project}`);
    const harmless = await world.fire(where, 'beforeShellExecution', { ...input, command: 'ls' }, [
      '--dialect',
      'cursor',
    ]);
    expect(harmless.run.code).toBe(0);
    expect(harmless.result?.blocked).toBe(false);
  });

  it('a broken hooks-cursor.json is an error with its file, line and column', async () => {
    const { where, hooks } = installGuard('broken-hooks', '{\n  "version": 1\n  "hooks": {}\n}\n');
    const run = await world.run(['validate', '--project-dir', where.project], { env: where.env });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`${hooks}:3:3: invalid JSON`);
  });

  it('a broken manifest, or one naming a hooks file outside the plugin, is an error with its file', async () => {
    const broken = installGuard('broken-manifest', GUARD, '{\n  "name": "guard"\n  "hooks": "x"\n}\n');
    const run = await world.run(['validate', '--project-dir', broken.where.project], { env: broken.where.env });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`${broken.manifest}:3:3: invalid JSON`);
    expect(run.stdout).toContain('the hooks of this Cursor plugin are not loaded');

    const outside = installGuard('outside', GUARD, { hooks: '../../../../.cursor/hooks.json' });
    const escape = await world.run(['validate', '--project-dir', outside.where.project], { env: outside.where.env });
    expect(escape.code).toBe(1);
    expect(escape.stdout).toMatch(/plugin\.json:\d+:\d+ \/hooks: the hooks file must be inside the plugin/);
  });

  it('a plugin without a hooks file is not an error', async () => {
    const where = world.setUpCase('no-hooks');
    world.write('no-hooks/home/.cursor/plugins/local/rules-only/.cursor-plugin/plugin.json', { name: 'rules-only' });
    const run = await world.run(['validate', '--project-dir', where.project], { env: where.env });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).not.toContain('error');
  });
});
