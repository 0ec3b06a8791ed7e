/**
 * `hookstream validate`, run for real: loader problems with pointer, line:column and expected vs
 * received; warnings for shell syntax errors, missing and non-executable scripts; exit status.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConfigProblem } from '../../lib/config/index.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld, enabledSettings, group } from './cliHarness.js';

const world = new CliWorld();
const project = world.dir('project');
world.write('project/ok.sh', '#!/bin/sh\necho ok\n', 0o755);
world.write('project/plain.sh', '#!/bin/sh\necho plain\n', 0o644);

// Line numbers below refer to this text: one hook per line, so every position is predictable.
const faulty = world.write(
  'faulty.json',
  `{
  "tools": { "enableHooks": true },
  "hooks": {
    "BeforeTool": [
      { "matcher": "(unclosed", "hooks": [
        { "command": "./ok.sh", "timeout": -5 },
        { "command": "if then fi" },
        { "command": "./missing.sh --flag" },
        { "command": "./plain.sh" },
        { "command": "node", "args": ["--no-warnings", "./gone.mjs"] },
        { "command": "bash \\"$HOOKSTREAM_PROJECT_DIR/absent.sh\\"" },
        { "command": "./ok.sh" }
      ] }
    ],
    "Stop": [ { "matcher": "x", "hooks": [ { "command": "echo bye" } ] } ]
  }
}
`,
);

afterAll(() => {
  expect(world.leftovers()).toEqual([]);
  world.cleanup();
});

describe.concurrent('hookstream validate', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('prints each problem as file:line:column pointer: message (expected, received) and exits 1 on errors', async () => {
    const run = await world.run(['validate', '--settings', faulty, '--project-dir', project]);
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    const at = (pointer: string) => lines.filter((line) => line.includes(` ${pointer}: `));
    expect(at('/hooks/BeforeTool/0/hooks/0/timeout')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^error: ${faulty}:6:44 /hooks/BeforeTool/0/hooks/0/timeout: .*\\(expected a positive integer .*, received -5\\)$`,
        ),
      ),
    ]);
    expect(at('/hooks/BeforeTool/0/matcher')).toEqual([
      expect.stringMatching(/^warning: .*:5:20 .*not a valid regular expression/),
    ]);
    expect(at('/hooks/Stop/0/matcher')).toEqual([
      expect.stringMatching(/^warning: .*no match target, so its matcher is ignored/),
    ]);
    expect(at('/hooks/BeforeTool/0/hooks/1/command')).toEqual([
      expect.stringMatching(/^warning: .*:7:22 .*shell syntax error: .*syntax error near unexpected token `then'/),
    ]);
    expect(at('/hooks/BeforeTool/0/hooks/2/command')).toEqual([
      expect.stringContaining(`script not found: ${path.join(project, 'missing.sh')}`),
    ]);
    expect(at('/hooks/BeforeTool/0/hooks/3/command')).toEqual([
      expect.stringContaining(`${path.join(project, 'plain.sh')} is not executable`),
    ]);
    expect(at('/hooks/BeforeTool/0/hooks/4/args/1')).toEqual([
      expect.stringContaining(`script not found: ${path.join(project, 'gone.mjs')}`),
    ]);
    expect(at('/hooks/BeforeTool/0/hooks/5/command')).toEqual([
      expect.stringContaining(`script not found: ${path.join(project, 'absent.sh')}`),
    ]);
    expect(at('/hooks/BeforeTool/0/hooks/6/command')).toEqual([]); // ./ok.sh exists and is executable
    expect(run.stdout).toMatch(/1 error, 7 warnings/);
  });

  it('--json prints { problems } with pointers and positions', async () => {
    const run = await world.run(['validate', '--json', '--settings', faulty, '--project-dir', project]);
    expect(run.code).toBe(1);
    const { problems } = JSON.parse(run.stdout) as { problems: ConfigProblem[] };
    expect(problems).toHaveLength(8);
    expect(problems).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        file: faulty,
        pointer: '/hooks/BeforeTool/0/hooks/0/timeout',
        line: 6,
        column: 44,
        received: '-5',
      }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({
        severity: 'warning',
        pointer: '/hooks/BeforeTool/0/hooks/1/command',
        line: 7,
        received: '"if then fi"',
      }),
    );
  });

  it('exits 0 for clean settings, naming what it checked', async () => {
    const clean = world.write('clean.json', enabledSettings({ BeforeTool: [group(['./ok.sh', 'echo hi | cat'])] }));
    const run = await world.run(['validate', '--settings', clean, '--project-dir', project]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`checked ${clean}: 2 hooks, no problems`);
  });

  it('explains, once per group at its effects key, that an effect matcher also runs for calls it cannot read', async () => {
    const guarded = world.write(
      'effects.json',
      enabledSettings({
        BeforeTool: [{ effects: { writes: '.env*' }, hooks: [{ command: './ok.sh' }, { command: 'echo hi' }] }],
      }),
    );
    const run = await world.run(['validate', '--strict', '--settings', guarded, '--project-dir', project]);
    expect(run.code).toBe(0);
    const notes = run.stdout.split('\n').filter((line) => line.startsWith('note: the effect matcher'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      new RegExp(`^note: the effect matcher at ${guarded}:\\d+:\\d+ /hooks/BeforeTool/0/effects: `),
    );
    expect(notes[0]).toContain('its hooks also run for every call whose effects cannot be fully read');
    expect(notes[0]).toContain('an MCP tool with no effect mapping');
  });

  it('exits 1 when a named settings file is missing', async () => {
    const missing = path.join(world.root, 'nowhere.json');
    const run = await world.run(['validate', '--settings', missing, '--project-dir', project]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`error: ${missing}: user settings file not found`);
  });
});

describe.concurrent('hookstream validate: mistakes that switch a guard off', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  // A misspelt event and an unbalanced matcher: each silently disables the hook under it.
  const typos = world.write(
    'typos.json',
    `{
  "$schema": "https://example.invalid/hookstream-settings.schema.json",
  "tools": { "enableHooks": true },
  "hooks": {
    "BeforeTol": [{ "hooks": [{ "command": "./ok.sh" }] }],
    "BeforeTool": [{ "matcher": "(write_file", "hooks": [{ "command": "./ok.sh" }] }],
  },
}
`,
  );

  it('warns with a suggestion, and exits 0 without --strict', async () => {
    const run = await world.run(['validate', '--settings', typos, '--project-dir', project]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `warning: ${typos}:5:5 /hooks/BeforeTol: unknown event "BeforeTol"; its hooks are ignored; did you mean BeforeTool?`,
    );
    expect(run.stdout).toMatch(
      /^warning: .*:6:33 \/hooks\/BeforeTool\/0\/matcher: matcher "\(write_file" is not a valid regular expression .*; did you mean "\(write_file\)"\?/m,
    );
    expect(run.stdout).toContain('0 errors, 2 warnings');
  });

  it('--strict makes every warning an error and exits 1', async () => {
    const run = await world.run(['validate', '--strict', '--settings', typos, '--project-dir', project]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^error: .*unknown event "BeforeTol".*did you mean BeforeTool\?/m);
    expect(run.stdout).toMatch(/^error: .*matcher "\(write_file" is not a valid regular expression/m);
    expect(run.stdout).toContain('2 errors, 0 warnings');
    const json = await world.run(['validate', '--strict', '--json', '--settings', typos, '--project-dir', project]);
    const { problems } = JSON.parse(json.stdout) as { problems: ConfigProblem[] };
    expect(problems.map((problem) => problem.severity)).toEqual(['error', 'error']);
  });

  it('warns about a matcher that matches no tool the agents know, with a suggestion; --strict fails', async () => {
    const misspelt = world.write(
      'misspelt.json',
      `{
  "tools": { "enableHooks": true },
  "hooks": {
    "BeforeTool": [
      { "matcher": "^write_fiel$", "hooks": [{ "command": "./ok.sh" }, { "command": "./ok.sh --again" }] },
      { "matcher": "^(read_file|write_file)$", "hooks": [{ "command": "./ok.sh" }] }
    ]
  }
}
`,
    );
    const warning =
      `${misspelt}:5:20 /hooks/BeforeTool/0/matcher: matcher "^write_fiel$" matches none of the usual BeforeTool ` +
      'targets (read_file, write_file, replace, edit, …): check its spelling and case; did you mean "^write_file$"?';
    const run = await world.run(['validate', '--settings', misspelt, '--project-dir', project]);
    expect(run.code).toBe(0);
    // One warning for the group, not one per hook in it.
    expect(run.stdout).toBe(`warning: ${warning}\nchecked ${misspelt}: 3 hooks, 0 errors, 1 warning\n`);
    const strict = await world.run(['validate', '--strict', '--settings', misspelt, '--project-dir', project]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toBe(`error: ${warning}\nchecked ${misspelt}: 3 hooks, 1 error, 0 warnings\n`);
  });

  it('reports every problem inside a group dropped for "sequential": "true"', async () => {
    const dropped = world.write(
      'dropped.json',
      JSON.stringify(
        enabledSettings({
          BeforeTool: [
            {
              sequential: 'true',
              hooks: [
                { command: './ok.sh', timeout: '5s' },
                { command: 'if then fi' },
                { command: './ok.sh', retry: 1 },
              ],
            },
          ],
        }),
        null,
        2,
      ),
    );
    const run = await world.run(['validate', '--json', '--settings', dropped, '--project-dir', project]);
    const { problems } = JSON.parse(run.stdout) as { problems: ConfigProblem[] };
    expect(problems.map((problem) => [problem.severity, problem.pointer])).toEqual([
      ['error', '/hooks/BeforeTool/0/sequential'],
      ['error', '/hooks/BeforeTool/0/hooks/0/timeout'],
      ['warning', '/hooks/BeforeTool/0/hooks/2/retry'],
    ]);
  });

  it('notes the hooks a project switched off for itself, and which file did it', async () => {
    const dir = world.dir('switching-project');
    world.write('switching-project/.hookstream/settings.json', {
      tools: { enableHooks: true },
      hooksConfig: { disabled: ['lint'] },
      hooks: { BeforeTool: [{ hooks: [{ name: 'lint', command: 'echo lint' }] }] },
    });
    const run = await world.run(['validate', '--project-dir', dir]);
    expect(run.code).toBe(0);
    const file = path.join(dir, '.hookstream', 'settings.json');
    expect(run.stdout).toContain(
      `note: hook "lint" (${file}:14:11) does not run: named in "hooksConfig.disabled" of project settings ${file}`,
    );
  });

  it('never blames enableHooks for a file it could not parse', async () => {
    const broken = world.write('broken.json', '{ "hooks": { "BeforeTool": [ }');
    const run = await world.run(['validate', '--settings', broken, '--project-dir', project]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^error: .*broken\.json:1:30: invalid JSON: .*; no hook from this file is active$/m);
    expect(run.stdout).not.toMatch(/enableHooks/);
  });
});
