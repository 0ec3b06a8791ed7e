import { describe, expect, it } from 'vitest';
import { loadSettings, loadSettingsSync } from '../../lib/config/loadSettings.js';
import { formatProblem } from '../../lib/diagnostics/problems.js';
import { hookKey } from '../../lib/plan/createEntry.js';

/** Settings with one BeforeTool group holding `hooks`. */
const withHooks = (hooks: unknown[], group: Record<string, unknown> = {}) => ({
  tools: { enableHooks: true },
  hooks: { BeforeTool: [{ ...group, hooks }] },
});

const HOOK = '/hooks/BeforeTool/0/hooks/0';

describe('settings objects', () => {
  it('reports problems against <object>, or the label given, without line numbers', () => {
    const bad = withHooks([{ command: './x.sh', timeout: '5s' }]);
    const [problem] = loadSettingsSync(bad).problems;
    expect(problem).toEqual({
      severity: 'error',
      file: '<object>',
      pointer: `${HOOK}/timeout`,
      message: 'invalid value for "timeout"; hook dropped',
      expected: 'a positive integer number of milliseconds (1…2147483647)',
      received: '"5s"',
    });
    const [labelled] = loadSettingsSync(bad, { label: 'host settings' }).problems;
    expect(labelled && formatProblem(labelled)).toBe(
      'host settings /hooks/BeforeTool/0/hooks/0/timeout: invalid value for "timeout"; hook dropped ' +
        '(expected a positive integer number of milliseconds (1…2147483647), received "5s")',
    );
  });

  it('loads asynchronously too', async () => {
    const settings = await loadSettings(withHooks([{ command: './x.sh' }]));
    expect(settings.entries).toHaveLength(1);
  });

  it('uses the scope option as the source, project by default, with no file in the origin', () => {
    expect(loadSettingsSync(withHooks([{ command: 'a' }])).entries[0]?.origin).toEqual({
      source: 'project',
      pointer: HOOK,
    });
    expect(loadSettingsSync(withHooks([{ command: 'a' }]), { scope: 'runtime' }).entries[0]?.origin.source).toBe(
      'runtime',
    );
  });

  it('is disabled unless tools.enableHooks is true, but still loads the entries', () => {
    const settings = loadSettingsSync({ hooks: { BeforeTool: [{ hooks: [{ command: 'a' }] }] } });
    expect(settings.enabled).toBe(false);
    expect(settings.entries).toHaveLength(1);
    expect(loadSettingsSync({}).enabled).toBe(false);
    expect(loadSettingsSync(withHooks([])).enabled).toBe(true);
  });

  it('rejects a non-boolean enableHooks and stays disabled', () => {
    const settings = loadSettingsSync({ tools: { enableHooks: 'true' } });
    expect(settings.enabled).toBe(false);
    expect(settings.problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        pointer: '/tools/enableHooks',
        expected: 'true or false',
        received: '"true"',
      }),
    ]);
  });

  it('fills type command when omitted and copies only known fields', () => {
    const [entry] = loadSettingsSync(
      withHooks([{ command: './x.sh', timeout: 1, description: 'd', name: 'n', failurePolicy: 'allow' }]),
    ).entries;
    expect(entry?.definition).toEqual({
      type: 'command',
      command: './x.sh',
      timeout: 1,
      description: 'd',
      name: 'n',
      failurePolicy: 'allow',
    });
    expect(entry?.name).toBe('n');
  });

  it('accepts timeouts from 1 to 2147483647 and rejects the rest', () => {
    const timeouts = [1, 2_147_483_647, 0, -5, 1.5, 2_147_483_648, 3e9, null, '5000'];
    const settings = loadSettingsSync(withHooks(timeouts.map((timeout, index) => ({ command: `h${index}`, timeout }))));
    expect(settings.entries.map((entry) => entry.name)).toEqual(['h0', 'h1']);
    expect(settings.problems.map((problem) => [problem.pointer, problem.received])).toEqual([
      ['/hooks/BeforeTool/0/hooks/2/timeout', '0'],
      ['/hooks/BeforeTool/0/hooks/3/timeout', '-5'],
      ['/hooks/BeforeTool/0/hooks/4/timeout', '1.5'],
      ['/hooks/BeforeTool/0/hooks/5/timeout', '2147483648'],
      ['/hooks/BeforeTool/0/hooks/6/timeout', '3000000000'],
      ['/hooks/BeforeTool/0/hooks/7/timeout', 'null'],
      ['/hooks/BeforeTool/0/hooks/8/timeout', '"5000"'],
    ]);
  });

  it('points into arrays and records for a bad element', () => {
    const settings = loadSettingsSync(withHooks([{ command: 'a', args: ['ok', 3], env: { GOOD: 'x', BAD: 1 } }]));
    expect(settings.entries).toEqual([]);
    expect(
      settings.problems.map((problem) => [problem.pointer, problem.message, problem.expected, problem.received]),
    ).toEqual([
      [`${HOOK}/args/1`, 'invalid value for an element of "args"; hook dropped', 'string', '3'],
      [`${HOOK}/env/BAD`, 'invalid value for an element of "env"; hook dropped', 'string', '1'],
    ]);
  });

  it('rejects a missing, empty or non-string command, a bad failurePolicy, type, name or description', () => {
    const hooks = [
      { timeout: 5 },
      { command: '  ' },
      { command: ['ls'] },
      { command: 'a', failurePolicy: 'deny' },
      { command: 'a', type: 'shell' },
      { command: 'a', name: 7 },
      { command: 'a', description: false },
      'echo hi',
    ];
    const settings = loadSettingsSync(withHooks(hooks));
    expect(settings.entries).toEqual([]);
    expect(settings.problems.map((problem) => [problem.severity, problem.pointer, problem.expected])).toEqual([
      ['error', '/hooks/BeforeTool/0/hooks/0/command', 'a non-empty string'],
      ['error', '/hooks/BeforeTool/0/hooks/1/command', 'a non-empty string'],
      ['error', '/hooks/BeforeTool/0/hooks/2/command', 'a non-empty string'],
      ['error', '/hooks/BeforeTool/0/hooks/3/failurePolicy', '"allow" or "block"'],
      ['error', '/hooks/BeforeTool/0/hooks/4/type', '"command", "http", "prompt", "agent" or "mcp_tool"'],
      ['error', '/hooks/BeforeTool/0/hooks/5/name', 'string'],
      ['error', '/hooks/BeforeTool/0/hooks/6/description', 'string'],
      ['error', '/hooks/BeforeTool/0/hooks/7', 'an object such as { "type": "command", "command": "…" }'],
    ]);
    expect(settings.problems[0]?.message).toBe('missing required "command"; hook dropped');
    expect(settings.problems[0]?.received).toBe('nothing');
  });

  it('drops plugin hooks with a warning', () => {
    const settings = loadSettingsSync(withHooks([{ type: 'plugin', plugin: 'x' }, { command: 'kept' }]));
    expect(settings.entries.map((entry) => entry.name)).toEqual(['kept']);
    expect(settings.problems).toEqual([
      expect.objectContaining({
        severity: 'warning',
        pointer: `${HOOK}/type`,
        message: 'plugin hooks are not supported; dropped',
      }),
    ]);
  });

  it('warns about unknown keys at every level and still loads', () => {
    const settings = loadSettingsSync({
      theme: 'dark',
      tools: { enableHooks: true, shell: true },
      hooksConfig: { enabled: true, mode: 'x' },
      hooks: { BeforeTool: [{ hooks: [{ command: 'a', shellType: 'zsh' }], priority: 1 }] },
    });
    expect(settings.entries).toHaveLength(1);
    expect(settings.problems.map((problem) => [problem.severity, problem.pointer])).toEqual([
      ['warning', '/theme'],
      ['warning', '/tools/shell'],
      ['warning', '/hooksConfig/mode'],
      ['warning', '/hooks/BeforeTool/0/priority'],
      ['warning', `${HOOK}/shellType`],
    ]);
  });

  it('accepts every alias and stores the canonical event name; the pointer keeps the name as written', () => {
    const settings = loadSettingsSync({
      hooks: {
        PreToolUse: [{ hooks: [{ command: 'a' }] }],
        user_prompt_submit: [{ hooks: [{ command: 'b' }] }],
        Stop: [{ hooks: [{ command: 'c' }] }],
        PreCompact: [{ hooks: [{ command: 'd' }] }],
      },
    });
    expect(settings.problems).toEqual([]);
    expect(settings.entries.map((entry) => [entry.event, entry.origin.pointer])).toEqual([
      ['BeforeTool', '/hooks/PreToolUse/0/hooks/0'],
      ['BeforeAgent', '/hooks/user_prompt_submit/0/hooks/0'],
      ['AfterAgent', '/hooks/Stop/0/hooks/0'],
      ['PreCompress', '/hooks/PreCompact/0/hooks/0'],
    ]);
  });

  it('treats names inherited from Object.prototype as unknown events', () => {
    const hooks = JSON.parse('{"constructor": [], "toString": [], "__proto__": []}') as unknown;
    const settings = loadSettingsSync({ hooks });
    expect(settings.problems.map((problem) => [problem.severity, problem.pointer])).toEqual([
      ['warning', '/hooks/constructor'],
      ['warning', '/hooks/toString'],
      ['warning', '/hooks/__proto__'],
    ]);
  });

  it('warns about an unknown event, suggesting the closest name, and loads the others', () => {
    const settings = loadSettingsSync({
      hooks: {
        BeforeTol: [{ hooks: [{ command: 'a' }] }],
        AfterTool: [{ hooks: [{ command: 'b' }] }],
        pretooluse: [{ hooks: [{ command: 'c' }] }],
        BeforeLunch: [{ hooks: [{ command: 'd' }] }],
      },
    });
    expect(settings.entries.map((entry) => entry.event)).toEqual(['AfterTool']);
    expect(settings.problems.map((problem) => [problem.severity, problem.pointer, problem.message])).toEqual([
      ['warning', '/hooks/BeforeTol', 'unknown event "BeforeTol"; its hooks are ignored; did you mean BeforeTool?'],
      ['warning', '/hooks/pretooluse', 'unknown event "pretooluse"; its hooks are ignored; did you mean PreToolUse?'],
      ['warning', '/hooks/BeforeLunch', 'unknown event "BeforeLunch"; its hooks are ignored'],
    ]);
  });

  it('still checks the hooks of an unknown event, matchers as those of the event it suggests', () => {
    const settings = loadSettingsSync({
      hooks: {
        BeforeTol: [{ matcher: '(write_file', hooks: [{ command: 'a', timeout: '5s' }] }],
        BeforeModle: [{ matcher: 'gpt', hooks: [{ command: 'b' }] }],
      },
    });
    expect(settings.entries).toEqual([]);
    expect(settings.problems.map((problem) => [problem.severity, problem.pointer])).toEqual([
      ['warning', '/hooks/BeforeTol'],
      ['warning', '/hooks/BeforeTol/0/matcher'],
      ['error', '/hooks/BeforeTol/0/hooks/0/timeout'],
      ['warning', '/hooks/BeforeModle'],
      ['warning', '/hooks/BeforeModle/0/matcher'],
    ]);
    expect(settings.problems[4]?.message).toMatch(/^BeforeModel has no match target/);
  });

  it('reports every problem inside a dropped group, not only the one that dropped it', () => {
    const settings = loadSettingsSync({
      hooks: {
        BeforeTool: [
          {
            sequential: 'true',
            matcher: '(write_file',
            hooks: [{ command: 'a', timeout: 0 }, { command: '' }, { command: 'b', retries: 1 }, 7],
          },
        ],
      },
    });
    expect(settings.entries).toEqual([]);
    expect(settings.problems.map((problem) => [problem.severity, problem.pointer])).toEqual([
      ['error', '/hooks/BeforeTool/0/sequential'],
      ['warning', '/hooks/BeforeTool/0/matcher'],
      ['error', '/hooks/BeforeTool/0/hooks/0/timeout'],
      ['error', '/hooks/BeforeTool/0/hooks/1/command'],
      ['warning', '/hooks/BeforeTool/0/hooks/2/retries'],
      ['error', '/hooks/BeforeTool/0/hooks/3'],
    ]);
  });

  it('suggests the key meant by an unknown key', () => {
    const settings = loadSettingsSync({
      hooks: { BeforeTool: [{ matchr: 'x', hooks: [{ command: 'a', timout: 5 }] }] },
    });
    expect(settings.problems.map((problem) => problem.message)).toEqual([
      'unknown key "matchr"; ignored; did you mean matcher?',
      'unknown key "timout"; ignored; did you mean timeout?',
    ]);
  });

  it('accepts "$schema" at the top level without a problem', () => {
    const settings = loadSettingsSync({ $schema: './node_modules/hookstream/settings.schema.json', hooks: {} });
    expect(settings.problems).toEqual([]);
  });

  it('reads required: true into the definition and rejects a non-boolean', () => {
    const settings = loadSettingsSync(
      withHooks([
        { command: 'a', required: true },
        { command: 'b', required: 'yes' },
      ]),
    );
    expect(settings.entries.map((entry) => entry.definition)).toEqual([
      { type: 'command', command: 'a', required: true },
    ]);
    expect(settings.problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        pointer: `/hooks/BeforeTool/0/hooks/1/required`,
        received: '"yes"',
      }),
    ]);
  });

  it('honours allowManagedHooksOnly in system settings only, with a warning elsewhere', () => {
    const managed = { hooksConfig: { allowManagedHooksOnly: true } };
    expect(loadSettingsSync(managed, { scope: 'system' })).toMatchObject({ managedOnly: true, problems: [] });
    for (const scope of ['project', 'user', 'runtime'] as const) {
      const loaded = loadSettingsSync(managed, { scope });
      expect(loaded.managedOnly).toBe(false);
      expect(loaded.problems).toEqual([
        expect.objectContaining({
          severity: 'warning',
          pointer: '/hooksConfig/allowManagedHooksOnly',
          message: `honoured in system settings only; ignored in ${scope} settings`,
        }),
      ]);
    }
  });

  it('drops a bad group alone: wrong sequential, matcher of wrong type, missing or bad hooks, not an object', () => {
    const settings = loadSettingsSync({
      hooks: {
        BeforeTool: [
          { sequential: 'yes', hooks: [{ command: 'a' }] },
          { matcher: 42, hooks: [{ command: 'b' }] },
          { matcher: 'x' },
          { hooks: { command: 'c' } },
          null,
          { sequential: true, hooks: [{ command: 'kept' }] },
        ],
      },
    });
    expect(settings.entries.map((entry) => [entry.name, entry.sequential])).toEqual([['kept', true]]);
    expect(settings.problems.map((problem) => [problem.severity, problem.pointer, problem.message])).toEqual([
      ['error', '/hooks/BeforeTool/0/sequential', 'invalid value for "sequential"; hook group dropped'],
      ['error', '/hooks/BeforeTool/1/matcher', 'invalid value for "matcher"; hook group dropped'],
      ['error', '/hooks/BeforeTool/2/hooks', 'missing required "hooks"; hook group dropped'],
      ['error', '/hooks/BeforeTool/3/hooks', 'invalid value for "hooks"; hook group dropped'],
      ['error', '/hooks/BeforeTool/4', 'invalid hook group; dropped'],
    ]);
  });

  it('reports an event whose value is not a list, and a hooks section that is not an object', () => {
    const notList = loadSettingsSync({
      hooks: { BeforeTool: { hooks: [] }, AfterTool: [{ hooks: [{ command: 'a' }] }] },
    });
    expect(notList.entries).toHaveLength(1);
    expect(notList.problems).toEqual([
      expect.objectContaining({ severity: 'error', pointer: '/hooks/BeforeTool', expected: 'an array of hook groups' }),
    ]);
    const notObject = loadSettingsSync({ tools: { enableHooks: true }, hooks: './hooks.json' });
    expect(notObject.enabled).toBe(true);
    expect(notObject.problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        pointer: '/hooks',
        expected: 'an object',
        received: '"./hooks.json"',
      }),
    ]);
  });

  it('reports settings that are not an object at all', () => {
    for (const value of [null, true, 3]) {
      expect(loadSettingsSync(value).problems).toEqual([expect.objectContaining({ severity: 'error', pointer: '' })]);
    }
    expect(loadSettingsSync('x').problems).toEqual([
      expect.objectContaining({
        pointer: '',
        message: 'settings must be a JSON object; no hook from this file is active',
        received: '"x"',
        fileInactive: true,
      }),
    ]);
  });

  it('compiles matchers once; empty and * mean no matcher', () => {
    const settings = loadSettingsSync({
      hooks: {
        BeforeTool: [
          { matcher: 'Edit|Write', hooks: [{ command: 'a' }] },
          { matcher: '', hooks: [{ command: 'b' }] },
          { matcher: '*', hooks: [{ command: 'c' }] },
        ],
      },
    });
    const [a, b, c] = settings.entries;
    expect(a?.matcher?.test('MultiEdit')).toBe(true);
    expect(a?.matcher?.test('Read')).toBe(false);
    expect(b?.matcher).toBeUndefined();
    expect(c?.matcher).toBeUndefined();
    expect(settings.problems).toEqual([]);
  });

  it('suggests a repair of unbalanced brackets in an invalid matcher', () => {
    const settings = loadSettingsSync({
      hooks: {
        BeforeTool: [
          { matcher: '(write_file', hooks: [{ command: 'a' }] },
          { matcher: 'write_file)', hooks: [{ command: 'b' }] },
          { matcher: '^(write_file|[replace', hooks: [{ command: 'c' }] },
        ],
      },
    });
    expect(
      settings.problems.map((problem) => problem.message.replace(/.*; matching by exact string instead/, '')),
    ).toEqual([
      '; did you mean "(write_file)"?',
      '; did you mean "write_file"?',
      '; did you mean "^(write_file|[replace])"?',
    ]);
  });

  it('warns about an invalid or unsupported regex and matches it by exact string', () => {
    const settings = loadSettingsSync({
      hooks: {
        AfterTool: [
          { matcher: 'write_file(', hooks: [{ command: 'a' }] },
          { matcher: '(?<=x)y', hooks: [{ command: 'b' }] },
        ],
      },
    });
    expect(settings.entries[0]?.matcher?.test('write_file(')).toBe(true);
    expect(settings.entries[0]?.matcher?.test('write_file')).toBe(false);
    expect(settings.entries[1]?.matcher?.test('xy')).toBe(false);
    expect(settings.problems.map((problem) => [problem.severity, problem.pointer])).toEqual([
      ['warning', '/hooks/AfterTool/0/matcher'],
      ['warning', '/hooks/AfterTool/1/matcher'],
    ]);
    expect(settings.problems[0]?.message).toMatch(/not a valid regular expression.*exact string/);
    expect(settings.problems[1]?.message).toMatch(/linear time.*exact string/);
  });

  it('ignores a matcher on an event without a match target, with a warning', () => {
    const settings = loadSettingsSync({ hooks: { BeforeModel: [{ matcher: 'gpt', hooks: [{ command: 'a' }] }] } });
    expect(settings.entries[0]?.matcher).toBeUndefined();
    expect(settings.problems).toEqual([
      expect.objectContaining({ severity: 'warning', pointer: '/hooks/BeforeModel/0/matcher', received: '"gpt"' }),
    ]);
  });

  it('keys shell and exec forms differently', () => {
    const settings = loadSettingsSync(
      withHooks([{ command: 'ls' }, { command: 'ls', args: [] }, { command: 'ls', args: ['-l', 'a b'] }]),
    );
    expect(settings.entries.map((entry) => hookKey(entry.definition))).toEqual([
      'ls',
      'ls\u0000',
      'ls\u0000-l\u0000a b',
    ]);
  });

  it('reads hooksConfig: enabled false disables, disabled keeps its valid names', () => {
    const settings = loadSettingsSync({
      tools: { enableHooks: true },
      hooksConfig: { enabled: false, disabled: ['a', 3, 'b'] },
    });
    expect(settings.enabled).toBe(false);
    expect([...settings.disabled]).toEqual(['a', 'b']);
    expect(settings.problems).toEqual([
      expect.objectContaining({ severity: 'error', pointer: '/hooksConfig/disabled/1', received: '3' }),
    ]);
  });
});

describe('readSettings: x-code manifest shapes', () => {
  it('reads a hook written straight into the event list as a group of one, with the platform command', async () => {
    const { loadSettingsSync } = await import('../../lib/config/loadSettings.js');
    const loaded = loadSettingsSync({
      tools: { enableHooks: true },
      hooks: {
        PreToolUse: [
          {
            matcher: 'writeFile|edit',
            command: 'node lint.js',
            commandWindows: 'node.exe lint.js',
            commandLinux: 'node ./lint.js',
            timeout: 5000,
            failurePolicy: 'block',
          },
        ],
      },
    });
    expect(loaded.problems).toEqual([]);
    expect(loaded.entries).toHaveLength(1);
    expect(loaded.entries[0]?.definition).toEqual({
      type: 'command',
      command: 'node ./lint.js',
      timeout: 5000,
      failurePolicy: 'block',
    });
    expect(loaded.entries[0]?.matcher?.test('edit')).toBe(true);
    expect(loaded.entries[0]?.event).toBe('BeforeTool');
  });
});
