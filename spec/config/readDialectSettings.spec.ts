/**
 * Other agents' files through the one loader (issue 12): discovery of every dialect's files and bundles, each
 * hook keeping its dialect, native event and bundle; enablement per dialect; timeouts in the dialect's unit;
 * matcher and `if` semantics; keys of the agents' other features accepted quietly, every dropped hook reported.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettingsSync, standardSettingsFiles } from '../../lib/config/loadSettings.js';
import type { SettingsFile } from '../../lib/config/loadSettings.js';
import { dedupEntries } from '../../lib/plan/dedup.js';
import { CLAUDE, GEMINI, XCODE } from '../../lib/dialects/index.js';
import { createProblemSink } from '../../lib/diagnostics/problemSink.js';
import type { ConfigProblem } from '../../lib/diagnostics/problems.js';
import { readDialectSettings } from '../../lib/config/readDialectSettings.js';

const scratch = mkdtempSync(join(tmpdir(), 'hookstream-dialects-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

let cases = 0;
/** A fresh project and home with `files` (paths relative to the case directory) written as JSON. */
const world = (files: Record<string, unknown>) => {
  const root = join(scratch, String((cases += 1)));
  for (const [file, content] of Object.entries(files)) {
    const target = join(root, file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  const project = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(project, { recursive: true });
  mkdirSync(home, { recursive: true });
  return { root, project, home, files: standardSettingsFiles(project, home, { variables: {} }) };
};

const claudeFile = (hooks: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ ...extra, hooks });

describe('standardSettingsFiles: every dialect', () => {
  it("lists each dialect's files by priority class, each saying its dialect and scope", () => {
    const files = standardSettingsFiles('/work/app', '/home/ada', { variables: {} });
    const rows = files.map((file) => [file.scope, file.dialect ?? 'hookstream', file.dialectScope, file.path]);
    expect(rows.slice(0, 4)).toEqual([
      ['project', 'hookstream', undefined, '/work/app/.hookstream/settings.json'],
      ['project', 'claude', 'local', '/work/app/.claude/settings.local.json'],
      ['project', 'claude', 'project', '/work/app/.claude/settings.json'],
      ['project', 'gemini', 'project', '/work/app/.gemini/settings.json'],
    ]);
    expect(rows.map((row) => row[3])).toContain('/home/ada/.claude/settings.json');
    expect(rows.map((row) => row[3])).toContain('/home/ada/.gemini/settings.json');
  });

  it('follows CLAUDE_CONFIG_DIR and narrows to the dialects asked for', () => {
    const files = standardSettingsFiles('/work/app', '/home/ada', {
      dialects: ['claude'],
      variables: { CLAUDE_CONFIG_DIR: '/cfg/claude' },
    });
    expect(files.map((file) => file.path)).toContain('/cfg/claude/settings.json');
    expect(files.every((file) => file.dialect === 'claude')).toBe(true);
  });

  it('adds the hooks files of enabled plugins only, and of installed Gemini extensions', () => {
    const { home, files: before } = world({});
    expect(before.filter((file) => file.scope === 'extension')).toEqual([]);
    const { project, home: home2 } = world({
      'home/.claude/settings.json': { enabledPlugins: { 'on@m': true, 'off@m': false } },
      'home/.claude/plugins/installed_plugins.json': {
        plugins: { 'on@m': [{ installPath: '/plugins/on' }], 'off@m': [{ installPath: '/plugins/off' }] },
      },
      'home/.gemini/extensions/ext/gemini-extension.json': { name: 'ext' },
      'home/.gemini/extensions/not-an-extension/readme.txt': 'x',
    });
    const bundles = standardSettingsFiles(project, home2, { variables: {} }).filter(
      (file) => file.scope === 'extension',
    );
    expect(bundles).toEqual([
      {
        scope: 'extension',
        path: '/plugins/on/hooks/hooks.json',
        dialect: 'claude',
        dialectScope: 'user',
        bundle: { root: '/plugins/on', dataDir: join(home2, '.claude', 'plugins', 'data', 'on-m') },
        projectDir: project,
      },
      {
        scope: 'extension',
        path: join(home2, '.gemini', 'extensions', 'ext', 'hooks', 'hooks.json'),
        dialect: 'gemini',
        dialectScope: 'user',
        bundle: { root: join(home2, '.gemini', 'extensions', 'ext') },
        projectDir: project,
      },
    ]);
    expect(home).not.toBe(home2);
  });
});

describe('loading Claude Code and Gemini CLI files', () => {
  it('runs them without tools.enableHooks; each entry keeps its dialect, native event and source', () => {
    const { files } = world({
      'project/.claude/settings.json': claudeFile(
        { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'ctx.sh' }] }] },
        { permissions: { allow: ['Bash(ls)'] }, env: { A: '1' }, statusLine: { type: 'command', command: 'x' } },
      ),
      'project/.gemini/settings.json': {
        hooks: { BeforeTool: [{ matcher: 'write_.*', hooks: [{ command: 'g.sh' }] }] },
      },
    });
    const loaded = loadSettingsSync(files);
    expect(loaded.problems).toEqual([]);
    expect(loaded.enabled).toBe(true);
    expect(loaded.inactive.size).toBe(0);
    expect(
      loaded.entries.map((entry) => [entry.event, entry.origin.dialect, entry.origin.nativeEvent, entry.origin.source]),
    ).toEqual([
      ['BeforeAgent', 'claude', 'UserPromptSubmit', 'project'],
      ['BeforeTool', 'gemini', 'BeforeTool', 'project'],
    ]);
  });

  it('keeps the seeds\' switch for hookstream files beside an enabled Claude file, and says "disabled" only when a file disables', () => {
    const { files } = world({
      'project/.hookstream/settings.json': { hooks: { BeforeTool: [{ hooks: [{ command: 'native.sh' }] }] } },
      'project/.claude/settings.json': claudeFile({
        PreToolUse: [{ hooks: [{ type: 'command', command: 'claude.sh' }] }],
      }),
    });
    const loaded = loadSettingsSync(files);
    expect(loaded.enabled).toBe(true);
    expect(loaded.disabledBy).toBeUndefined();
    const inactive = [...loaded.inactive].map(([entry, reason]) => [entry.name, reason]);
    expect(inactive).toEqual([['native.sh', expect.stringContaining('not switched on') as unknown]]);
  });

  it('disableAllHooks switches Claude hooks off (never managed ones) and names the file', () => {
    const { files } = world({
      'project/.claude/settings.json': claudeFile({ Stop: [{ hooks: [{ type: 'command', command: 'stop.sh' }] }] }),
      'project/.claude/settings.local.json': { disableAllHooks: true },
    });
    const loaded = loadSettingsSync(files);
    expect(loaded.enabled).toBe(false);
    expect(loaded.disabledBy).toMatch(
      /^switched off by "disableAllHooks": true in Claude Code settings .*settings\.local\.json$/,
    );
  });

  it("Gemini's hooksConfig.enabled: false switches its hooks off", () => {
    const { files } = world({
      'project/.gemini/settings.json': { hooks: { AfterAgent: [{ hooks: [{ command: 'a.sh' }] }] } },
      'home/.gemini/settings.json': { hooksConfig: { enabled: false } },
    });
    const loaded = loadSettingsSync(files);
    expect(loaded.enabled).toBe(false);
    expect(loaded.disabledBy).toContain('"hooksConfig": { "enabled": false } in Gemini CLI settings');
  });

  it('converts Claude timeouts from seconds and Gemini timeouts stay milliseconds; a bad one keeps the default', () => {
    const { files } = world({
      'project/.claude/settings.json': claudeFile({
        SessionStart: [
          {
            hooks: [
              { type: 'command', command: 'loader.sh', timeout: 30 },
              { type: 'command', command: 'bare.sh' },
              { type: 'command', command: 'bad.sh', timeout: -1 },
            ],
          },
        ],
      }),
      'project/.gemini/settings.json': { hooks: { SessionStart: [{ hooks: [{ command: 'g.sh', timeout: 30 }] }] } },
    });
    const loaded = loadSettingsSync(files);
    const timeouts = loaded.entries.map((entry) => [
      entry.name,
      entry.definition.type === 'command' ? entry.definition.timeout : 0,
    ]);
    expect(timeouts).toEqual([
      ['loader.sh', 30_000],
      ['bare.sh', 600_000],
      ['bad.sh', 600_000],
      ['g.sh', 30],
    ]);
    expect(loaded.problems).toHaveLength(1);
    expect(loaded.problems[0]).toMatchObject({ severity: 'warning', pointer: '/hooks/SessionStart/0/hooks/2/timeout' });
    expect(loaded.problems[0]?.message).toContain('seconds');
  });

  it('reads matchers the Claude way: exact names and lists, regular expressions otherwise', () => {
    const { files } = world({
      'project/.claude/settings.json': claudeFile({
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: 'a.sh' }] },
          { matcher: 'Read|Edit|Write|Bash', hooks: [{ type: 'command', command: 'b.sh' }] },
          { matcher: 'mcp__memory__.*', hooks: [{ type: 'command', command: 'c.sh' }] },
        ],
      }),
    });
    const [bash, list, mcp] = loadSettingsSync(files).entries;
    expect(bash?.matcher?.test('Bash')).toBe(true);
    expect(bash?.matcher?.test('BashOutput')).toBe(false);
    expect(list?.matcher?.test('Write')).toBe(true);
    expect(list?.matcher?.test('TodoWrite')).toBe(false);
    expect(mcp?.matcher?.test('mcp__memory__create')).toBe(true);
  });

  it('compiles "if" conditions on tool events; elsewhere the hook never runs, reported', () => {
    const { files, project } = world({
      'project/.claude/settings.json': claudeFile({
        PreToolUse: [{ hooks: [{ type: 'command', command: 'git.sh', if: 'Bash(git commit:*)' }] }],
        Stop: [{ hooks: [{ type: 'command', command: 'never.sh', if: 'Bash(ls)' }] }],
      }),
    });
    const loaded = loadSettingsSync(files);
    expect(loaded.entries.map((entry) => entry.name)).toEqual(['git.sh']);
    const condition = loaded.entries[0]?.condition;
    const call = (command: string) => ({ tool_name: 'Bash', tool_input: { command }, cwd: project });
    expect(condition?.test(call('npm test && git commit -m x'))).toBe(true);
    expect(condition?.test(call('git status'))).toBe(false);
    expect(loaded.problems.map((problem) => [problem.pointer, problem.message])).toEqual([
      ['/hooks/Stop/0/hooks/0/if', '"if" only applies to tool events; on Stop the hook never runs'],
    ]);
  });

  it('reads every Claude hook type; an unknown type is skipped with a warning, misspelt keys are named', () => {
    const { files } = world({
      'project/.claude/settings.json': claudeFile({
        PreToolUse: [
          {
            hooks: [
              { type: 'prompt', prompt: 'judge $ARGUMENTS', model: 'fast', timeout: 5 },
              { type: 'agent', prompt: 'verify' },
              { type: 'mcp_tool', server: 'scanner', tool: 'scan', input: { path: '${tool_input.file_path}' } },
              { type: 'http', url: 'https://policy.example/hook', headers: { A: '$TOKEN' }, allowedEnvVars: ['TOKEN'] },
              { type: 'webhook', url: 'x' },
              { type: 'mcp_tool', server: 'scanner' },
              { type: 'command', command: 'ok.sh', statusMessage: 'checking', once: true, async: true, timout: 5 },
            ],
          },
        ],
        NotAnEvent: [],
      }),
    });
    const loaded = loadSettingsSync(files);
    expect(loaded.entries.map((entry) => entry.definition)).toEqual([
      { type: 'prompt', prompt: 'judge $ARGUMENTS', model: 'fast', timeout: 5000 },
      { type: 'agent', prompt: 'verify', timeout: 60_000 },
      {
        type: 'mcp_tool',
        server: 'scanner',
        tool: 'scan',
        input: { path: '${tool_input.file_path}' },
        timeout: 600_000,
      },
      {
        type: 'http',
        url: 'https://policy.example/hook',
        headers: { A: '$TOKEN' },
        allowedEnvVars: ['TOKEN'],
        timeout: 600_000,
      },
      { type: 'command', command: 'ok.sh', statusMessage: 'checking', async: true, timeout: 600_000 },
    ]);
    expect(loaded.problems.map((problem) => `${problem.pointer}: ${problem.message}`)).toEqual([
      '/hooks/PreToolUse/0/hooks/4/type: unknown hook type "webhook"; hook skipped',
      '/hooks/PreToolUse/0/hooks/5/tool: a mcp_tool hook needs "tool"; hook dropped',
      '/hooks/PreToolUse/0/hooks/6/timout: unknown hook key "timout"; ignored; did you mean timeout?',
      '/hooks/NotAnEvent: unknown Claude Code event "NotAnEvent"; its hooks are ignored',
    ]);
  });

  it("reads hooks of Claude Code's own events under their canonical names", () => {
    const { files } = world({
      'project/.claude/settings.json': claudeFile({
        PostToolUseFailure: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'f.sh' }] }],
        PermissionRequest: [{ hooks: [{ type: 'command', command: 'r.sh' }] }],
        PostToolUse: [{ hooks: [{ type: 'command', command: 'p.sh' }] }],
      }),
    });
    const loaded = loadSettingsSync(files);
    expect(loaded.problems).toEqual([]);
    expect(loaded.entries.map((entry) => [entry.event, entry.origin.nativeEvent])).toEqual([
      ['PostToolUseFailure', 'PostToolUseFailure'],
      ['PermissionRequest', 'PermissionRequest'],
      ['AfterTool', 'PostToolUse'],
    ]);
  });

  it("reads a plugin's hooks file with its description, each hook remembering its bundle", () => {
    const { root } = world({
      'plugin/hooks/hooks.json': {
        description: 'd',
        hooks: { Stop: [{ hooks: [{ type: 'command', command: 's.sh' }] }] },
      },
    });
    const file: SettingsFile = {
      scope: 'extension',
      path: join(root, 'plugin', 'hooks', 'hooks.json'),
      dialect: 'claude',
      bundle: { root: join(root, 'plugin'), dataDir: '/data' },
    };
    const loaded = loadSettingsSync([file]);
    expect(loaded.problems).toEqual([]);
    expect(loaded.entries[0]?.origin).toMatchObject({
      source: 'extension',
      dialect: 'claude',
      nativeEvent: 'Stop',
      bundle: { root: join(root, 'plugin'), dataDir: '/data' },
    });
  });

  it('keeps one copy per plugin of the same placeholder command, and one copy of a command two dialects share', () => {
    const hooksFile = {
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'sh "${CLAUDE_PLUGIN_ROOT}/stop.sh"' }] }] },
    };
    const { root, files } = world({
      'a/hooks/hooks.json': hooksFile,
      'b/hooks/hooks.json': hooksFile,
      'project/.claude/settings.json': { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'shared.sh' }] }] } },
      'project/.hookstream/settings.json': {
        tools: { enableHooks: true },
        hooks: { AfterAgent: [{ hooks: [{ command: 'shared.sh' }] }] },
      },
    });
    const plugin = (name: string): SettingsFile => ({
      scope: 'extension',
      path: join(root, name, 'hooks', 'hooks.json'),
      dialect: 'claude',
      bundle: { root: join(root, name) },
    });
    const loaded = loadSettingsSync([...files, plugin('a'), plugin('b')]);
    const kept = dedupEntries(loaded.entries, undefined).kept;
    expect(kept.map((entry) => [entry.name, entry.origin.dialect ?? 'hookstream', entry.origin.bundle?.root])).toEqual([
      ['shared.sh', 'hookstream', undefined],
      ['sh "${CLAUDE_PLUGIN_ROOT}/stop.sh"', 'claude', join(root, 'a')],
      ['sh "${CLAUDE_PLUGIN_ROOT}/stop.sh"', 'claude', join(root, 'b')],
    ]);
  });
});

describe('readDialectSettings: a file that is not an object', () => {
  it('is refused whole, with the same report as a hookstream file', () => {
    const problems: ConfigProblem[] = [];
    const read = readDialectSettings(
      ['not', 'settings'],
      { dialect: CLAUDE, scope: 'project', source: 'project' },
      createProblemSink('settings.json', problems),
    );
    expect(read.entries).toEqual([]);
    expect(problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        pointer: '',
        message: 'settings must be a JSON object; no hook from this file is active',
        fileInactive: true,
      }),
    ]);
  });
});

describe("readDialectSettings: an event's own run mode", () => {
  const read = (value: unknown, dialect = XCODE) =>
    readDialectSettings(value, { dialect, scope: 'user', source: 'user' }, createProblemSink('plugin.json', []))
      .entries;

  it("x-code's decision events run their hooks in order; SessionEnd's in the background; the rest in parallel", () => {
    const entries = read({
      hooks: {
        PreToolUse: [{ command: 'a' }],
        UserPromptSubmit: [{ command: 'b' }],
        PostToolUse: [{ command: 'c' }],
        SessionStart: [{ command: 'd' }],
        SessionEnd: [{ command: 'e' }],
      },
    });
    expect(entries.map((entry) => [entry.origin.nativeEvent, entry.sequential])).toEqual([
      ['PreToolUse', true],
      ['UserPromptSubmit', true],
      ['PostToolUse', true],
      ['SessionStart', false],
      ['SessionEnd', false],
    ]);
    expect(entries.map((entry) => 'async' in entry.definition && entry.definition.async === true)).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it("a group's own sequential flag still counts where the event has none", () => {
    const hooks = (sequential: boolean) => ({
      hooks: { BeforeTool: [{ sequential, hooks: [{ type: 'command', command: 'x' }] }] },
    });
    expect(read(hooks(true), GEMINI).map((entry) => entry.sequential)).toEqual([true]);
    expect(read(hooks(false), GEMINI).map((entry) => entry.sequential)).toEqual([false]);
  });
});
