import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claudePlugins, enabledPluginIds, geminiExtensions, pluginDataDir } from '../../lib/config/bundles.js';

let home: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};

beforeEach(() => {
  home = mkdtempSync(path.join(tmpdir(), 'hookstream-bundles-'));
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

describe('enabledPluginIds', () => {
  it('takes each id from the highest-trust settings that mention it, the first among equals', () => {
    const { enabled, problems } = enabledPluginIds([
      { scope: 'local', settings: { enabledPlugins: { 'a@m': false, 'd@m': true } } },
      { scope: 'project', settings: { enabledPlugins: { 'a@m': true, 'b@m': true, 'c@m': 'yes', 'd@m': false } } },
      { scope: 'user', settings: 'not settings' },
    ]);
    expect([...enabled]).toEqual([
      ['d@m', 'local'],
      ['b@m', 'project'],
    ]);
    expect(problems).toEqual([]);
  });

  it('never lets a project turn off a plugin the user or the administrator enables, and says so', () => {
    const { enabled, problems } = enabledPluginIds([
      { scope: 'project', settings: { enabledPlugins: { 'guard@corp': false, 'lint@corp': false } }, file: '/p.json' },
      { scope: 'user', settings: { enabledPlugins: { 'guard@corp': true } }, file: '/u.json' },
      { scope: 'user', settings: { enabledPlugins: { 'lint@corp': true, 'x@m': true } }, file: '/u2.json' },
      { scope: 'managed', settings: { enabledPlugins: { 'x@m': false, 'lint@corp': true } }, file: '/m.json' },
    ]);
    expect([...enabled]).toEqual([
      ['guard@corp', 'user'],
      ['lint@corp', 'managed'],
    ]);
    expect(problems.map((problem) => [problem.severity, problem.file, problem.pointer])).toEqual([
      ['warning', '/p.json', '/enabledPlugins/guard@corp'],
      ['warning', '/p.json', '/enabledPlugins/lint@corp'],
    ]);
    expect(problems[0]?.message).toContain('cannot turn off a plugin the user settings enable');
  });
});

describe('claudePlugins', () => {
  const registry = (plugins: unknown) => {
    write(path.join(home, '.claude', 'plugins', 'installed_plugins.json'), JSON.stringify({ version: 2, plugins }));
  };

  it('lists the enabled installed plugins with their hooks file and data directory', () => {
    registry({
      'guard@market': [{ scope: 'user', installPath: '/plugins/guard/1.0.0' }],
      'off@market': [{ scope: 'user', installPath: '/plugins/off' }],
      'local@market': [{ scope: 'project', installPath: '/plugins/local', projectPath: '/other' }],
    });
    const found = claudePlugins({ projectDir: '/repo', home }, new Set(['guard@market', 'local@market']));
    expect(found.problems).toEqual([]);
    expect(found.bundles).toEqual([
      {
        dialect: 'claude',
        kind: 'plugin',
        id: 'guard@market',
        root: '/plugins/guard/1.0.0',
        hooksFile: '/plugins/guard/1.0.0/hooks/hooks.json',
        dataDir: path.join(home, '.claude', 'plugins', 'data', 'guard-market'),
      },
    ]);
  });

  it('takes a project-scoped install in its own project', () => {
    registry({ 'local@market': [{ scope: 'project', installPath: '/plugins/local', projectPath: '/repo' }] });
    expect(
      claudePlugins({ projectDir: '/repo/', home }, new Set(['local@market'])).bundles.map((bundle) => bundle.root),
    ).toEqual(['/plugins/local']);
  });

  it('finds nothing without a registry, and says so when the registry is unreadable', () => {
    expect(claudePlugins({ projectDir: '/repo', home }, new Set(['x@m']))).toEqual({ bundles: [], problems: [] });
    write(path.join(home, '.claude', 'plugins', 'installed_plugins.json'), '{ not json');
    const found = claudePlugins({ projectDir: '/repo', home }, new Set(['x@m']));
    expect(found.bundles).toEqual([]);
    expect(found.problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: path.join(home, '.claude', 'plugins', 'installed_plugins.json'),
        line: 1,
      }),
    ]);
    expect(found.problems[0]?.message).toMatch(
      /^invalid JSON: .*; the hooks of the plugins Claude Code settings enable are not loaded$/,
    );
  });

  it('keeps plugin data directories to file-name characters', () => {
    expect(pluginDataDir('/c', 'a b/c@d')).toBe(path.join('/c', 'plugins', 'data', 'a-b-c-d'));
  });
});

describe('geminiExtensions', () => {
  it('lists extension directories that hold a gemini-extension.json, in name order', () => {
    const extensions = path.join(home, '.gemini', 'extensions');
    write(path.join(extensions, 'zeta', 'gemini-extension.json'), '{}');
    write(path.join(extensions, 'alpha', 'gemini-extension.json'), '{}');
    write(path.join(extensions, 'stray', 'README.md'), '');
    const found = geminiExtensions({ projectDir: '/repo', home });
    expect(found.bundles.map((bundle) => [bundle.id, bundle.hooksFile])).toEqual([
      ['alpha', path.join(extensions, 'alpha', 'hooks', 'hooks.json')],
      ['zeta', path.join(extensions, 'zeta', 'hooks', 'hooks.json')],
    ]);
  });

  it('finds nothing when there is no extensions directory', () => {
    expect(geminiExtensions({ projectDir: '/repo', home })).toEqual({ bundles: [], problems: [] });
  });
});
