import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettings, loadSettingsSync, standardSettingsFiles } from '../../lib/config/loadSettings.js';
import type { SettingsFile } from '../../lib/config/loadSettings.js';
import { formatProblem } from '../../lib/diagnostics/problems.js';
import type { ConfigProblem } from '../../lib/diagnostics/problems.js';
import { hookKey } from '../../lib/plan/createEntry.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/settings/${name}`, import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'hookstream-settings-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

const project = (name: string, extra: Partial<SettingsFile> = {}): SettingsFile => ({
  scope: 'project',
  path: fixture(name),
  ...extra,
});

const first = (problems: ConfigProblem[]): ConfigProblem => {
  const [problem] = problems;
  if (!problem) throw new Error('no problem was reported');
  return problem;
};

// Both entry points must behave the same: every case runs through each.
const loaders = [
  ['loadSettings', loadSettings],
  ['loadSettingsSync', (files: SettingsFile[]) => Promise.resolve(loadSettingsSync(files))],
] as const;

describe.each(loaders)('%s from files', (_, load) => {
  it('reports a bad timeout with file, pointer, line:column, expectation and received value', async () => {
    const settings = await load([project('bad-timeout.json')]);
    expect(settings.problems).toEqual([
      {
        severity: 'error',
        file: fixture('bad-timeout.json'),
        pointer: '/hooks/BeforeTool/0/hooks/0/timeout',
        line: 7,
        column: 49,
        message: 'invalid value for "timeout"; hook dropped',
        expected: 'a positive integer number of milliseconds (1…2147483647)',
        received: '"5s"',
      },
    ]);
    const text = formatProblem(first(settings.problems));
    expect(text).toBe(
      `${fixture('bad-timeout.json')}:7:49 /hooks/BeforeTool/0/hooks/0/timeout: invalid value for "timeout"; hook dropped ` +
        '(expected a positive integer number of milliseconds (1…2147483647), received "5s")',
    );
  });

  it('drops the bad hook alone: its sibling still loads', async () => {
    const settings = await load([project('bad-timeout.json')]);
    expect(settings.entries.map((entry) => entry.definition)).toEqual([
      { type: 'command', command: './ok.sh', timeout: 5000 },
    ]);
    expect(settings.enabled).toBe(true);
  });

  it('keeps each entry with its origin: scope, file and pointer', async () => {
    const settings = await load([project('project.json')]);
    expect(settings.entries.map((entry) => entry.origin)).toEqual([
      { source: 'project', file: fixture('project.json'), pointer: '/hooks/PreToolUse/0/hooks/0' },
      { source: 'project', file: fixture('project.json'), pointer: '/hooks/PreToolUse/0/hooks/1' },
      { source: 'project', file: fixture('project.json'), pointer: '/hooks/SessionStart/0/hooks/0' },
    ]);
    expect(settings.problems).toEqual([]);
  });

  it('stores aliased events under the canonical name, with matcher, sequential flag, name and dedup key', async () => {
    const [guard, lint, start] = (await load([project('project.json')])).entries;
    expect(guard).toMatchObject({ event: 'BeforeTool', sequential: true, name: 'guard' });
    expect(guard && hookKey(guard.definition)).toBe('./guard.sh');
    expect(guard?.matcher?.pattern).toBe('^(write_file|replace)$');
    expect(guard?.matcher?.test('replace')).toBe(true);
    expect(guard?.matcher?.test('read_file')).toBe(false);
    expect(lint).toMatchObject({ event: 'BeforeTool', name: 'node' });
    expect(lint && hookKey(lint.definition)).toBe('node\u0000lint.mjs\u0000--fix');
    expect(lint?.definition).toEqual({
      type: 'command',
      command: 'node',
      args: ['lint.mjs', '--fix'],
      env: { LEVEL: 'strict' },
      failurePolicy: 'block',
    });
    expect(start).toMatchObject({ event: 'SessionStart', sequential: false, name: 'echo started' });
    expect(start?.matcher).toBeUndefined();
  });

  it('reports every kind of problem in a mixed file at its line:column and loads the rest', async () => {
    const file = fixture('mixed.json');
    const settings = await load([project('mixed.json')]);
    const summary = settings.problems.map((problem) => [
      problem.severity,
      problem.pointer,
      problem.line,
      problem.column,
    ]);
    expect(summary).toEqual([
      ['warning', '/tools/color', 2, 35],
      ['error', '/hooks/BeforeTool/0/hooks/1/command', 9, 24],
      ['warning', '/hooks/BeforeTool/0/hooks/2/retries', 10, 38],
      ['error', '/hooks/BeforeTool/1/sequential', 13, 23],
      ['warning', '/hooks/BeforeLunch', 16, 5],
      ['warning', '/hooks/BeforeModel/0/matcher', 17, 34],
    ]);
    expect(settings.problems.every((problem) => problem.file === file)).toBe(true);
    const lines = settings.problems.map(formatProblem);
    expect(lines[0]).toBe(`${file}:2:35 /tools/color: unknown key "color"; ignored (expected one of "enableHooks")`);
    expect(lines[1]).toContain('invalid value for "command"; hook dropped (expected a non-empty string, received 42)');
    expect(lines[3]).toContain(
      'invalid value for "sequential"; hook group dropped (expected true or false, received "yes")',
    );
    expect(lines[4]).toContain('unknown event "BeforeLunch"; its hooks are ignored');
    expect(lines[5]).toContain('BeforeModel has no match target, so its matcher is ignored');
    expect(settings.entries.map((entry) => [entry.event, entry.name, entry.matcher?.pattern])).toEqual([
      ['BeforeTool', './first.sh', 'Edit|Write'],
      ['BeforeTool', './third.sh', 'Edit|Write'],
      ['BeforeTool', './last.sh', undefined],
      ['BeforeModel', './model.sh', undefined],
    ]);
  });

  it('makes only the file with a JSON syntax error unusable; another scope still loads', async () => {
    const settings = await load([project('syntax-error.json'), { scope: 'user', path: fixture('bad-timeout.json') }]);
    const [syntax] = settings.problems;
    expect(syntax).toMatchObject({
      severity: 'error',
      file: fixture('syntax-error.json'),
      pointer: '',
      line: 6,
      column: 7,
      fileInactive: true,
    });
    expect(formatProblem(first(settings.problems))).toBe(
      `${fixture('syntax-error.json')}:6:7: invalid JSON: expected ',' or ']', unexpected "{"; no hook from this file is active`,
    );
    expect(settings.entries.map((entry) => [entry.origin.source, entry.name])).toEqual([['user', './ok.sh']]);
    // The user scope's enableHooks: true applies since the project file could not say otherwise.
    expect(settings.enabled).toBe(true);
  });

  it('treats a missing standard file as absent, without a problem', async () => {
    const settings = await load([
      { scope: 'user', path: join(scratch, 'nope', 'settings.json') },
      project('project.json'),
    ]);
    expect(settings.problems).toEqual([]);
    expect(settings.entries).toHaveLength(3);
  });

  it('reports a missing file the caller required', async () => {
    const path = join(scratch, 'required.json');
    const settings = await load([{ scope: 'project', path, required: true }]);
    expect(settings.problems).toEqual([
      {
        severity: 'error',
        file: path,
        pointer: '',
        message: 'project settings file not found; no hook from this file is active',
        expected: 'an existing file',
        fileInactive: true,
      },
    ]);
    expect(settings.enabled).toBe(false);
  });

  it('reports a file that cannot be read', async () => {
    const settings = await load([{ scope: 'system', path: scratch }, project('project.json')]);
    expect(settings.problems).toHaveLength(1);
    expect(settings.problems[0]).toMatchObject({ severity: 'error', file: scratch, pointer: '', fileInactive: true });
    expect(settings.problems[0]?.message).toMatch(
      /^cannot read system settings file: .*EISDIR.*; no hook from this file is active$/,
    );
    expect(settings.entries).toHaveLength(3);
  });

  it('reports a malformed file reference and loads the others', async () => {
    const bogus = [
      { scope: 'runtime', path: fixture('user.json') },
      project('project.json'),
    ] as unknown as SettingsFile[];
    const settings = await load(bogus);
    expect(settings.problems).toEqual([
      expect.objectContaining({ severity: 'error', file: '<settings files>', pointer: '/0' }),
    ]);
    expect(settings.entries).toHaveLength(3);
  });

  it("merges scopes: each file's switches reach as far as its scope may, all hooks are kept in order", async () => {
    const settings = await load([project('project.json'), { scope: 'user', path: fixture('user.json') }]);
    // The user's enableHooks: false reaches the project's hooks too: a project cannot switch back on what its user switched off.
    expect(settings.enabled).toBe(false);
    // The user's disabled names reach every hook; the project's reach only its own (see mergeScopes.spec.ts).
    expect([...settings.disabled]).toEqual(['slow']);
    expect(settings.entries.map((entry) => `${entry.origin.source}:${entry.name}`)).toEqual([
      'project:guard',
      'project:node',
      'project:echo started',
      'user:./audit.sh',
    ]);
    const off = `switched off by "tools": { "enableHooks": false } in user settings ${fixture('user.json')}`;
    expect([...settings.inactive.entries()].map(([entry, reason]) => [entry.name, reason])).toEqual([
      ['guard', off],
      ['node', off],
      ['echo started', off],
      ['./audit.sh', off],
    ]);
  });

  it('lets hooksConfig.enabled: false in user or system settings disable hooks', async () => {
    const settings = await load([project('project.json'), { scope: 'system', path: fixture('disabled.json') }]);
    expect(settings.enabled).toBe(false);
    expect(settings.entries).toHaveLength(4);
  });

  it('accepts a BOM and CRLF line endings, with lines counted as an editor shows them', async () => {
    const path = join(scratch, 'crlf.json');
    writeFileSync(
      path,
      '\uFEFF{\r\n  "hooks": {\r\n    "AfterTool": [{ "hooks": [{ "command": "" }] }]\r\n  }\r\n}\r\n',
    );
    // Named as hookstream's: this shape alone could be Gemini's too.
    const settings = await load([{ scope: 'project', path, dialect: 'hookstream' }]);
    expect(settings.problems).toEqual([
      expect.objectContaining({ pointer: '/hooks/AfterTool/0/hooks/0/command', line: 3, column: 44, received: '""' }),
    ]);
  });
});

describe('standardSettingsFiles', () => {
  it("lists hookstream's project, user and system files, highest priority first", () => {
    expect(standardSettingsFiles('/work/app', '/home/ada', { dialects: ['hookstream'] })).toEqual([
      { scope: 'project', path: '/work/app/.hookstream/settings.json' },
      { scope: 'user', path: '/home/ada/.hookstream/settings.json' },
      { scope: 'system', path: '/etc/hookstream/settings.json' },
    ]);
  });
});
