/**
 * `settings: 'standard'`: the API reads the files the CLI reads — the project's, the user's (under HOME) and the
 * system's — and only when asked; without `settings` no file is read at all.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHookSystem, standardSettingsFiles, type HookSystem } from '../../lib/index.js';

const root = mkdtempSync(path.join(tmpdir(), 'hookstream-standard-'));
const project = path.join(root, 'project');
const home = path.join(root, 'home');
const savedHome = process.env.HOME;

/** Writes `<dir>/.hookstream/settings.json` with one BeforeAgent hook named `name`. */
const settingsIn = (dir: string, name: string): void => {
  mkdirSync(path.join(dir, '.hookstream'), { recursive: true });
  writeFileSync(
    path.join(dir, '.hookstream', 'settings.json'),
    JSON.stringify({
      tools: { enableHooks: true },
      hooks: { BeforeAgent: [{ hooks: [{ type: 'command', command: `${name}.sh`, name }] }] },
    }),
  );
};

beforeAll(() => {
  settingsIn(project, 'from-project');
  settingsIn(home, 'from-home');
  process.env.HOME = home; // homedir() reads it: the user's settings of this spec, not of the machine
});
afterAll(() => {
  process.env.HOME = savedHome;
  rmSync(root, { recursive: true, force: true });
});

const systems: HookSystem[] = [];
afterEach(async () => {
  await Promise.all(systems.splice(0).map((system) => system.dispose()));
});
const planned = (options: Parameters<typeof createHookSystem>[0]): { names: string[]; system: HookSystem } => {
  const system = createHookSystem(options);
  systems.push(system);
  return { names: system.plan('BeforeAgent', { prompt: 'hi' }).hooks.map((hook) => hook.name), system };
};

describe("settings: 'standard'", () => {
  it("reads the project's and the user's files, as the CLI does", () => {
    const { names, system } = planned({ settings: 'standard', projectDir: project });
    expect(names).toEqual(['from-project', 'from-home']);
    expect(system.plan('BeforeAgent', { prompt: 'hi' }).hooks.map((hook) => hook.origin.source)).toEqual([
      'project',
      'user',
    ]);
    expect(planned({ settings: standardSettingsFiles(project), projectDir: project }).names).toEqual(names);
  });

  it('is read again by reload, which also accepts it', async () => {
    const { system } = planned({ projectDir: project });
    expect(system.hasHooks('BeforeAgent')).toBe(false);
    expect(await system.reload('standard')).toEqual([]);
    expect(system.plan('BeforeAgent', { prompt: 'hi' }).hooks.map((hook) => hook.name)).toEqual([
      'from-project',
      'from-home',
    ]);
  });

  it('without settings, no file is read: the hooks come from register', () => {
    const { names, system } = planned({ projectDir: project });
    expect(names).toEqual([]);
    expect(system.enabled).toBe(true);
  });
});
