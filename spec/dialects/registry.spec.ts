import { describe, expect, it } from 'vitest';
import {
  CLAUDE,
  DIALECT_IDS,
  GEMINI,
  HOOKSTREAM,
  classifyKey,
  configDirOf,
  defaultTimeoutMs,
  dialectById,
  dialectEnablement,
  dialectEvent,
  dialectEventsFor,
  dialectSettingsFiles,
  isDialectId,
  timeoutToMs,
} from '../../lib/dialects/index.js';

const environment = { projectDir: '/repo', home: '/home/u', platform: 'linux' as const };

describe('dialect lookups', () => {
  it('knows hookstream, claude, gemini, cursor, copilot, codex, xcode and ollm, and nothing else', () => {
    expect(DIALECT_IDS).toEqual(['hookstream', 'claude', 'gemini', 'cursor', 'copilot', 'codex', 'xcode', 'ollm']);
    expect(isDialectId('claude')).toBe(true);
    expect(isDialectId('windsurf')).toBe(false);
    expect(dialectById('gemini')).toBe(GEMINI);
  });

  it('resolves native event names, several onto one canonical event', () => {
    expect(dialectEvent(CLAUDE, 'UserPromptSubmit')?.canonical).toBe('BeforeAgent');
    expect(dialectEvent(CLAUDE, 'Stop')?.canonical).toBe('AfterAgent');
    expect(dialectEvent(CLAUDE, 'PreCompact')?.canonical).toBe('PreCompress');
    expect(dialectEvent(CLAUDE, 'PostToolUseFailure')?.canonical).toBe('PostToolUseFailure');
    expect(dialectEvent(CLAUDE, 'BeforeTool')).toBeUndefined();
    expect(dialectEvent(GEMINI, 'PreToolUse')).toBeUndefined();
    expect(dialectEvent(HOOKSTREAM, 'before_tool')?.canonical).toBe('BeforeTool');
    expect(dialectEventsFor(HOOKSTREAM, 'BeforeTool').map((event) => event.native)).toEqual([
      'BeforeTool',
      'PreToolUse',
      'before_tool',
      'pre_tool_use',
    ]);
    expect(dialectEvent(CLAUDE, 'constructor')).toBeUndefined();
  });
});

describe('dialectSettingsFiles', () => {
  it('lists every dialect’s files, project before user before system', () => {
    expect(dialectSettingsFiles(environment).map((file) => `${file.dialect}:${file.scope}:${file.path}`)).toEqual([
      'hookstream:project:/repo/.hookstream/settings.json',
      'claude:local:/repo/.claude/settings.local.json',
      'claude:project:/repo/.claude/settings.json',
      'gemini:project:/repo/.gemini/settings.json',
      'cursor:project:/repo/.cursor/hooks.json',
      'copilot:project:/repo/.github/hooks',
      'codex:project:/repo/.codex/hooks.json',
      'ollm:project:/repo/.ollm/settings.json',
      'ollm:project:/repo/.ollm/hooks',
      'hookstream:user:/home/u/.hookstream/settings.json',
      'claude:user:/home/u/.claude/settings.json',
      'gemini:user:/home/u/.gemini/settings.json',
      'cursor:user:/home/u/.cursor/hooks.json',
      'copilot:user:/home/u/.copilot/hooks',
      'codex:user:/home/u/.codex/hooks.json',
      'ollm:user:/home/u/.ollm/settings.json',
      'ollm:user:/home/u/.ollm/hooks',
      'hookstream:system:/etc/hookstream/settings.json',
      'claude:managed:/etc/claude-code/managed-settings.json',
      'gemini:system:/etc/gemini-cli/settings.json',
      'cursor:managed:/etc/cursor/hooks.json',
      'copilot:managed:/etc/github-copilot/policy.d',
      'codex:managed:/etc/codex/hooks.json',
    ]);
    // Copilot's locations are directories of `*.json` files (discoverFiles.ts lists them).
    expect(dialectSettingsFiles(environment, ['copilot']).every((file) => file.directory === true)).toBe(true);
  });

  it('narrows to the dialects asked for, and gives each file its hookstream source', () => {
    const files = dialectSettingsFiles(environment, ['claude']);
    expect(files.map((file) => [file.scope, file.source])).toEqual([
      ['local', 'project'],
      ['project', 'project'],
      ['user', 'user'],
      ['managed', 'system'],
    ]);
  });

  it('follows each agent’s relocation variables and platform paths', () => {
    const variables = {
      CLAUDE_CONFIG_DIR: '/cfg/claude',
      GEMINI_CLI_HOME: '/alt',
      GEMINI_CLI_SYSTEM_SETTINGS_PATH: '/opt/g.json',
    };
    const paths = dialectSettingsFiles({ ...environment, variables }, ['claude', 'gemini']).map((file) => file.path);
    expect(paths).toContain('/cfg/claude/settings.json');
    expect(paths).toContain('/alt/.gemini/settings.json');
    expect(paths).toContain('/opt/g.json');
    expect(configDirOf(CLAUDE, { ...environment, variables: { CLAUDE_CONFIG_DIR: '' } })).toBe('/home/u/.claude');
    const mac = dialectSettingsFiles({ ...environment, platform: 'darwin' }, ['claude']).map((file) => file.path);
    expect(mac).toContain('/Library/Application Support/ClaudeCode/managed-settings.json');
    // No system file where the agent has none.
    expect(
      dialectSettingsFiles({ ...environment, platform: 'win32' }, ['hookstream']).map((file) => file.scope),
    ).toEqual(['project', 'user']);
  });
});

describe('timeoutToMs', () => {
  it('reads Claude Code’s seconds and Gemini CLI’s and hookstream’s milliseconds', () => {
    expect(timeoutToMs(CLAUDE, 30)).toEqual({ ms: 30_000 });
    expect(timeoutToMs(CLAUDE, 0.25)).toEqual({ ms: 250 });
    expect(timeoutToMs(GEMINI, 5000)).toEqual({ ms: 5000 });
    expect(timeoutToMs(HOOKSTREAM, 30)).toEqual({ ms: 30 });
  });

  it('says what is wrong with a timeout it cannot use', () => {
    expect(timeoutToMs(CLAUDE, 0)).toEqual({
      problem: 'Claude Code timeout must be a positive number of seconds (at most 2147483.647); received 0',
    });
    expect(timeoutToMs(CLAUDE, 3e6)).toHaveProperty('problem');
    expect(timeoutToMs(CLAUDE, '30')).toEqual({
      problem: 'Claude Code timeout must be a positive number of seconds (at most 2147483.647); received "30"',
    });
    expect(timeoutToMs(GEMINI, 1.5)).toEqual({
      problem: 'Gemini CLI timeout must be a positive integer number of milliseconds (1…2147483647); received 1.5',
    });
    expect(timeoutToMs(HOOKSTREAM, Number.NaN)).toHaveProperty('problem');
  });

  it('defaults to the event’s own timeout, else the dialect’s', () => {
    expect(defaultTimeoutMs(CLAUDE, dialectEvent(CLAUDE, 'UserPromptSubmit'))).toBe(30_000);
    expect(defaultTimeoutMs(CLAUDE, dialectEvent(CLAUDE, 'PreToolUse'))).toBe(600_000);
    expect(defaultTimeoutMs(GEMINI, undefined)).toBe(60_000);
  });
});

describe('classifyKey', () => {
  it('tells keys hookstream reads from the agent’s other features', () => {
    expect(classifyKey(CLAUDE.topLevelKeys, 'hooks')).toEqual({ kind: 'acted' });
    expect(classifyKey(CLAUDE.topLevelKeys, 'permissions')).toEqual({ kind: 'quiet' });
    expect(classifyKey(CLAUDE.topLevelKeys, 'someFutureSetting')).toEqual({ kind: 'unknown', warn: false });
    expect(classifyKey(CLAUDE.hookKeys, 'shell')).toEqual({ kind: 'quiet' });
    expect(classifyKey(CLAUDE.hookKeys, 'timout')).toEqual({ kind: 'misspelt', meant: 'timeout' });
    expect(classifyKey(HOOKSTREAM.topLevelKeys, 'extra')).toEqual({ kind: 'unknown', warn: true });
  });

  it('flags near misses of the keys that carry hooks, even where unknown keys are quiet', () => {
    expect(classifyKey(CLAUDE.topLevelKeys, 'hook')).toEqual({ kind: 'misspelt', meant: 'hooks' });
    expect(classifyKey(CLAUDE.topLevelKeys, 'Hooks')).toEqual({ kind: 'misspelt', meant: 'hooks' });
    expect(classifyKey(GEMINI.groupKeys, 'matchers')).toEqual({ kind: 'misspelt', meant: 'matcher' });
    expect(classifyKey(CLAUDE.topLevelKeys, 'model')).toEqual({ kind: 'quiet' });
  });
});

describe('dialectEnablement', () => {
  it('runs Claude Code and Gemini CLI hooks with no switch, hookstream’s only with tools.enableHooks', () => {
    expect(dialectEnablement(CLAUDE, [{ scope: 'project', settings: { hooks: {} } }])('project')).toEqual({
      enabled: true,
    });
    expect(dialectEnablement(GEMINI, [])('user')).toEqual({ enabled: true });
    expect(dialectEnablement(HOOKSTREAM, [{ scope: 'project', settings: { hooks: {} } }])('project')).toEqual({
      enabled: false,
    });
    const on = dialectEnablement(HOOKSTREAM, [
      { scope: 'user', settings: { tools: { enableHooks: true } }, file: '/u.json' },
    ]);
    expect(on('project')).toEqual({
      enabled: true,
      by: { file: '/u.json', pointer: '/tools/enableHooks', effect: 'enable' },
    });
  });

  it("hookstream: a file's switch-off reaches its own and lower-trust scopes; a switch-on counts from any file", () => {
    const files = (project: unknown, user: unknown) => [
      { scope: 'project' as const, settings: project },
      { scope: 'user' as const, settings: user },
    ];
    const projectOff = files({ tools: { enableHooks: false } }, { tools: { enableHooks: true } });
    expect(dialectEnablement(HOOKSTREAM, projectOff)('user').enabled).toBe(true);
    expect(dialectEnablement(HOOKSTREAM, projectOff)('project').enabled).toBe(false);
    expect(dialectEnablement(HOOKSTREAM, files({}, { tools: { enableHooks: true } }))('project').enabled).toBe(true);
    expect(
      dialectEnablement(
        HOOKSTREAM,
        files({ tools: { enableHooks: true } }, { hooksConfig: { enabled: false } }),
      )('project').enabled,
    ).toBe(false);
  });

  it('Claude Code: disableAllHooks reaches its own scope and lower ones; managed settings reach every scope', () => {
    const fromProject = dialectEnablement(CLAUDE, [
      { scope: 'project', settings: { disableAllHooks: true }, file: '/repo/.claude/settings.json' },
    ]);
    expect(fromProject('project')).toEqual({
      enabled: false,
      by: { file: '/repo/.claude/settings.json', pointer: '/disableAllHooks', effect: 'disable' },
    });
    expect(fromProject('local').enabled).toBe(false);
    expect(fromProject('user').enabled).toBe(true);
    expect(fromProject('managed').enabled).toBe(true);
    const fromUser = dialectEnablement(CLAUDE, [{ scope: 'user', settings: { disableAllHooks: true } }]);
    expect([fromUser('project'), fromUser('user'), fromUser('managed')].map((v) => v.enabled)).toEqual([
      false,
      false,
      true,
    ]);
    const fromManaged = dialectEnablement(CLAUDE, [{ scope: 'managed', settings: { disableAllHooks: true } }]);
    expect(fromManaged('managed').enabled).toBe(false);
    expect(fromManaged('local').enabled).toBe(false);
    expect(
      dialectEnablement(CLAUDE, [{ scope: 'project', settings: { disableAllHooks: false } }])('project').enabled,
    ).toBe(true);
  });

  it('Gemini CLI: hooksConfig.enabled false turns hooks off; a value of the wrong type decides nothing', () => {
    expect(
      dialectEnablement(GEMINI, [{ scope: 'user', settings: { hooksConfig: { enabled: false } } }])('project').enabled,
    ).toBe(false);
    expect(
      dialectEnablement(GEMINI, [{ scope: 'user', settings: { hooksConfig: { enabled: 'no' } } }])('project').enabled,
    ).toBe(true);
    expect(dialectEnablement(GEMINI, [{ scope: 'user', settings: 'not an object' }])('project').enabled).toBe(true);
  });
});
