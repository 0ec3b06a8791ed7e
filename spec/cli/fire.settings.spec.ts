/**
 * Configuration that fails loudly (issue 11), through a real `hookstream fire` with its own HOME and the
 * standard settings files: JSONC as editors write it loads; a file that cannot be read or parsed is an error
 * line naming the file and a non-zero exit, never a silent "allowed"; the note on why no hook ran says where
 * hookstream looked, and never blames `tools.enableHooks` for a missing or broken file; input errors name the
 * field; a hook's 100 000-deep output no longer crashes the command.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { standardSettingsFiles } from '../../lib/config/index.js';
import type { HookResult } from '../../lib/model/types.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld, enabledSettings, group } from './cliHarness.js';

const world = new CliWorld();
const toolInput = JSON.stringify({ tool_name: 'write_file', tool_input: { path: 'a.txt', content: 'x' } });
const DEEP_OUTPUT = fileURLToPath(new URL('../fixtures/cli/deep-output.mjs', import.meta.url));

afterAll(async () => {
  const until = Date.now() + 5_000;
  while (world.leftovers().length > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(world.leftovers()).toEqual([]);
  world.cleanup();
});

/** Runs `fire BeforeTool` in its own HOME (`<name>/home`) and project (`<name>/project`), with `files` written first. */
const fireIn = async (name: string, files: { home?: string; project?: string }, extra: string[] = []) => {
  const home = world.dir(`${name}/home`);
  const project = world.dir(`${name}/project`);
  if (files.home !== undefined) world.write(`${name}/home/.hookstream/settings.json`, files.home);
  if (files.project !== undefined) world.write(`${name}/project/.hookstream/settings.json`, files.project);
  const run = await world.run(['fire', 'BeforeTool', '--input', toolInput, '--project-dir', project, ...extra], {
    env: { HOME: home },
  });
  return { run, home, project };
};

const GUARD = JSON.stringify(enabledSettings({ BeforeTool: [group(['echo \'{"decision":"deny","reason":"no"}\''])] }));

describe.concurrent('hookstream fire: settings that cannot be used are loud', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('reads JSONC with comments and trailing commas', async () => {
    const jsonc = `// my hooks\n{\n  "tools": { "enableHooks": true, },\n  "hooks": {\n    "BeforeTool": [\n      { "hooks": [{ "command": "echo jsonc", }], },\n    ],\n  },\n}\n`;
    const { run } = await fireIn('jsonc', { home: jsonc }, ['--json']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect((JSON.parse(run.stdout) as HookResult).systemMessage).toBe('jsonc');
  });

  it('a broken project file: an error line naming it, exit 1, and the user’s guard still runs', async () => {
    const { run, project } = await fireIn('broken-project', {
      home: GUARD,
      project: '{ "tools": { "enableHooks": true }\n  "hooks": {} }',
    });
    const file = path.join(project, '.hookstream', 'settings.json');
    expect(run.code).toBe(2); // the guard blocked; a block outranks the settings error
    expect(run.stdout).toMatch(/^BeforeTool: blocked$/m);
    expect(run.stderr).toContain(`hookstream: error: ${file}:2:3: invalid JSON: expected ',' or '}'`);
    expect(run.stderr).toContain(`hookstream: hooks from ${file} are not active`);
    expect(run.stderr).not.toMatch(/enableHooks/);
  });

  it('the only settings file is broken: exit 1, no "allowed" in silence, no blame on enableHooks', async () => {
    const { run, home } = await fireIn('broken-user', { home: '{ "tools": { "enableHooks": true, }, "hooks": { ] }' });
    const file = path.join(home, '.hookstream', 'settings.json');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`hookstream: hooks from ${file} are not active`);
    expect(run.stderr).toContain('hookstream: no settings file could be used; no hook ran');
    expect(run.stderr).not.toMatch(/enableHooks/);
  });

  it('a settings path that cannot be read (a directory): exit 1 and the same line', async () => {
    const home = world.dir('unreadable/home');
    mkdirSync(path.join(home, '.hookstream', 'settings.json'), { recursive: true });
    const { run } = await fireIn('unreadable', {});
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /error: .*settings\.json: cannot read user settings file: .*EISDIR.*no hook from this file is active/,
    );
    expect(run.stderr).toContain('hooks from');
  });

  it('no settings file at all: says where it looked, exits 0', async () => {
    const { run, home, project } = await fireIn('nothing', {});
    expect(run.code).toBe(0);
    // Every dialect's files (issue 12): hookstream's, Claude Code's and Gemini CLI's, by priority class.
    const looked = standardSettingsFiles(project, home, { variables: {} }).map((file) => file.path);
    expect(looked.slice(0, 2)).toEqual([
      path.join(project, '.hookstream', 'settings.json'),
      path.join(project, '.claude', 'settings.local.json'),
    ]);
    expect(run.stderr).toBe(`hookstream: no settings file found (looked for ${looked.join(', ')}); no hook ran\n`);
  });

  it('a readable file that does not switch hooks on: says so, naming the setting', async () => {
    const off = JSON.stringify({ tools: { enableHooks: false }, hooks: { BeforeTool: [group(['echo x'])] } });
    const { run, home } = await fireIn('switched-off', { home: off });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      `hookstream: hooks are switched off by "tools": { "enableHooks": false } in user settings ` +
        `${path.join(home, '.hookstream', 'settings.json')}; no hook ran\n`,
    );
  });
});

describe.concurrent(
  'hookstream fire: input and output that used to crash or confuse',
  { timeout: CLI_TEST_TIMEOUT_MS },
  () => {
    it('suggests the event meant by a misspelt one', async () => {
      const run = await world.run(['fire', 'BeforeTol']);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/unknown event "BeforeTol"; did you mean BeforeTool\?/);
    });

    it('names a missing field as settings problems do, not in io-ts words', async () => {
      const run = await world.run(['fire', 'BeforeTool', '--input', '{"tool_name":"write_file"}']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('/tool_input: required, an object');
      expect(run.stderr).not.toMatch(/Expecting|UnknownRecord/);
    });

    it('refuses --input nested past 64 levels instead of overflowing the stack', async () => {
      const deep = `{"tool_name":"x","tool_input":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
      const run = await world.run(['fire', 'BeforeTool', '--input', '-'], { stdin: deep });
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('hookstream: --input nests deeper than 64 levels\n');
    });

    it('prints the result of a hook whose output nests 100 000 deep: the output is refused, the command survives', async () => {
      const settings = world.write(
        'deep-output.json',
        enabledSettings({ BeforeTool: [{ hooks: [{ name: 'deep', command: 'node', args: [DEEP_OUTPUT] }] }] }),
      );
      const run = await world.run(['fire', 'BeforeTool', '--json', '--settings', settings, '--input', toolInput]);
      expect(run.stderr).not.toMatch(/RangeError|internal error/);
      expect(run.code).toBe(0);
      const result = JSON.parse(run.stdout) as HookResult;
      expect(result.blocked).toBe(false);
      expect(result.hooks[0]?.output?.hookSpecificOutput).toBeUndefined();
      expect(result.warnings).toEqual([expect.stringMatching(/output nested deeper than 64 levels; not used/)]);
    });
  },
);
