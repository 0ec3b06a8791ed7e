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

  it('exits 1 when a named settings file is missing', async () => {
    const missing = path.join(world.root, 'nowhere.json');
    const run = await world.run(['validate', '--settings', missing, '--project-dir', project]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`error: ${missing}: user settings file not found`);
  });
});
