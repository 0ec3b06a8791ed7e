/**
 * The API side of "guards a repository cannot switch off" and "configuration that fails loudly": a hook
 * system over real settings files at system, user and project scope, with real command hooks leaving witness
 * files. Project switches reach only project hooks; a system lockdown runs only system hooks; a broken file
 * is an `error` problem marked `fileInactive`, and the other files still load.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHookSystem, type HookSystem } from '../../lib/index.js';
import type { SettingsFile } from '../../lib/config/loadSettings.js';
import { markedProcesses, MARKER_VARIABLE } from '../process/processHarness.js';

const root = mkdtempSync(path.join(tmpdir(), 'hookstream-guards-'));
const marker = `guards-${process.pid}`;
const systems: HookSystem[] = [];
afterEach(async () => {
  await Promise.all(systems.splice(0).map((system) => system.dispose()));
});
afterAll(() => {
  expect(markedProcesses(marker)).toEqual([]);
  rmSync(root, { recursive: true, force: true });
});

/**
 * A settings file at `scope` in directory `name`: `settings` plus one BeforeTool hook that leaves a witness, or
 * the text `settings.raw` as it is.
 */
const file = (name: string, scope: SettingsFile['scope'], settings: Record<string, unknown>): SettingsFile => {
  mkdirSync(path.join(root, name), { recursive: true });
  const filePath = path.join(root, name, `${scope}.json`);
  const witness = path.join(root, name, `${scope}.ran`);
  const hook = { name: `${scope}-hook`, command: `touch '${witness}'`, env: { [MARKER_VARIABLE]: marker } };
  const content = { ...settings, hooks: { BeforeTool: [{ hooks: [hook] }] } };
  writeFileSync(filePath, typeof settings['raw'] === 'string' ? settings['raw'] : JSON.stringify(content));
  return { scope, path: filePath };
};
const ran = (name: string, scope: string): boolean => existsSync(path.join(root, name, `${scope}.ran`));

const systemOver = (name: string, files: SettingsFile[]): HookSystem => {
  const dir = path.join(root, name);
  const system = createHookSystem({
    settings: files,
    projectDir: dir,
    trust: { store: path.join(dir, 'trusted-hooks.json') },
  });
  systems.push(system);
  return system;
};

const fields = { tool_name: 'write_file', tool_input: { path: 'a.txt' } };

describe('hook settings over real files', () => {
  it('lets a project switch off only its own hooks', async () => {
    const name = 'project-off';
    const files = [
      file(name, 'project', {
        tools: { enableHooks: false },
        hooksConfig: { enabled: false, disabled: ['user-hook'] },
      }),
      file(name, 'user', { tools: { enableHooks: true } }),
      file(name, 'system', {}),
    ];
    const system = systemOver(name, files);
    expect(system.enabled).toBe(true);
    const result = await system.fire('BeforeTool', fields);
    expect(result.hooks.map((hook) => [hook.name, hook.outcome])).toEqual([
      ['user-hook', 'success'],
      ['system-hook', 'success'],
    ]);
    expect([ran(name, 'project'), ran(name, 'user'), ran(name, 'system')]).toEqual([false, true, true]);
  });

  it('runs only system hooks under allowManagedHooksOnly, whatever user and project settings say', async () => {
    const name = 'lockdown';
    const files = [
      file(name, 'project', { tools: { enableHooks: true } }),
      file(name, 'user', { tools: { enableHooks: false }, hooksConfig: { disabled: ['system-hook'] } }),
      file(name, 'system', { hooksConfig: { allowManagedHooksOnly: true } }),
    ];
    const system = systemOver(name, files);
    const result = await system.fire('BeforeTool', fields);
    expect(result.hooks.map((hook) => [hook.name, hook.source, hook.outcome])).toEqual([
      ['system-hook', 'system', 'success'],
    ]);
    expect([ran(name, 'project'), ran(name, 'user'), ran(name, 'system')]).toEqual([false, false, true]);
    expect(system.problems).toEqual([]);
  });

  it('reports a broken file as an error marked fileInactive; the other files still run', async () => {
    const name = 'broken';
    const broken = file(name, 'project', { raw: '{ "tools": { "enableHooks": true }, "hooks": { ] }' });
    const files = [broken, file(name, 'user', { tools: { enableHooks: true } })];
    const system = systemOver(name, files);
    expect(system.problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: broken.path,
        line: 1,
        column: 48,
        fileInactive: true,
      }),
    ]);
    expect(system.problems[0]?.message).toMatch(/^invalid JSON: .*; no hook from this file is active$/);
    const result = await system.fire('BeforeTool', fields);
    expect(result.hooks.map((hook) => hook.name)).toEqual(['user-hook']);
    expect(ran(name, 'user')).toBe(true);
  });

  it('keeps the settings in force when reload() meets a half-written file, until it can be read again', async () => {
    const name = 'half-written';
    const user = file(name, 'user', { tools: { enableHooks: true } });
    const system = systemOver(name, [user]);
    const complete = readFileSync(user.path, 'utf8');
    writeFileSync(user.path, complete.slice(0, complete.length / 2));
    const problems = await system.reload();
    expect(problems.map((problem) => [problem.severity, problem.fileInactive, problem.message])).toEqual([
      ['error', true, expect.stringMatching(/^invalid JSON: .*; no hook from this file is active$/)],
      ['warning', undefined, 'the settings in force before this reload are kept until this file can be used again'],
    ]);
    expect(system.problems).toEqual(problems);
    expect((await system.fire('BeforeTool', fields)).hooks.map((hook) => hook.name)).toEqual(['user-hook']);
    expect(ran(name, 'user')).toBe(true);
    // Written in full again: the next reload applies it (here: no hook any more).
    writeFileSync(user.path, JSON.stringify({ tools: { enableHooks: true } }));
    expect(await system.reload()).toEqual([]);
    expect((await system.fire('BeforeTool', fields)).hooks).toEqual([]);
  });
});
