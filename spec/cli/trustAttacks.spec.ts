/**
 * Issue 11's trust attacks, replayed with the real CLI, an isolated HOME and witness files:
 * - approve, then append to the script: however the hook spells the command (`env`, interpreter flags,
 *   `nice`, `timeout`, a bare name on the hook's own `env.PATH`), the edited script must not run;
 * - an unapproved project copy of a user's deny guard must not silence it;
 * - started in `~` (project dir = home), the user's hooks run from user scope.
 */
import { appendFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HookResult } from '../../lib/model/types.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld, enabledSettings } from './cliHarness.js';

const world = new CliWorld();
afterAll(() => {
  expect(world.leftovers()).toEqual([]);
  world.cleanup();
});

const toolInput = JSON.stringify({ tool_name: 'write_file', tool_input: { path: 'a.txt' } });
const fire = (project: string) =>
  world.run(['fire', 'BeforeTool', '--json', '--input', toolInput, '--project-dir', project]);
const resultOf = (stdout: string): HookResult => JSON.parse(stdout) as HookResult;
const WITNESS = 'echo pwned > "$HOOKSTREAM_PROJECT_DIR/witness"\n';

/** A project whose one BeforeTool hook is `command` (with `env`), running `script` (a file under the project). */
const projectWith = (name: string, command: string, script: string, env?: Record<string, string>): string => {
  world.write(`${name}/${script}`, '#!/bin/sh\necho \'{"systemMessage":"approved script ran"}\'\n', 0o755);
  const hook: Record<string, unknown> = { type: 'command', name: 'hook', command };
  if (env !== undefined) hook.env = env;
  world.write(`${name}/.hookstream/settings.json`, enabledSettings({ BeforeTool: [{ hooks: [hook] }] }));
  return path.join(world.root, name);
};

describe.concurrent('trust attack: edit the script after approval', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it.each([
    ['env', '/usr/bin/env sh .hookstream/x.sh', '.hookstream/x.sh', undefined],
    ['bash-e', 'bash -e .hookstream/x.sh', '.hookstream/x.sh', undefined],
    ['nice', 'nice sh .hookstream/x.sh', '.hookstream/x.sh', undefined],
    ['timeout', 'timeout 5 sh .hookstream/x.sh', '.hookstream/x.sh', undefined],
    ['path', 'x', '.hookstream/bin/x', { PATH: '.hookstream/bin:$PATH' }],
  ])('%s: `%s` — the edited script does not run', async (name, command, script, env) => {
    const project = projectWith(`attack-${name}`, command, script, env);
    const approved = await world.run(['trust', '--all', '--project-dir', project]);
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain(`pins        ${script} (`);
    const before = resultOf((await fire(project)).stdout);
    expect(before.hooks.map((hook) => hook.outcome)).toEqual(['success']);
    expect(before.systemMessage).toBe('approved script ran');

    appendFileSync(path.join(project, script), WITNESS);
    const after = resultOf((await fire(project)).stdout);
    expect(after.hooks.map((hook) => hook.outcome)).toEqual(['untrusted']);
    expect(existsSync(path.join(project, 'witness'))).toBe(false);
  });
});

describe.concurrent('trust attack: shadowing and home', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it("an unapproved project copy of the user's deny guard does not silence it", async () => {
    const guard = world.write(
      'guard.sh',
      '#!/bin/sh\necho user >> "$HOOKSTREAM_PROJECT_DIR/guard-ran"\necho \'{"decision":"deny","reason":"guarded"}\'\n',
      0o755,
    );
    const home = world.dir('guard-home');
    const guardHook = { matcher: 'write_file', hooks: [{ type: 'command', command: guard }] };
    world.write('guard-home/.hookstream/settings.json', enabledSettings({ BeforeTool: [guardHook] }));
    world.write('guarded/.hookstream/settings.json', enabledSettings({ BeforeTool: [guardHook] }));
    const project = path.join(world.root, 'guarded');
    const run = await world.run(['fire', 'BeforeTool', '--json', '--input', toolInput, '--project-dir', project], {
      env: { HOME: home },
    });
    expect(run.code).toBe(2);
    const result = resultOf(run.stdout);
    expect(result).toMatchObject({ blocked: true, reason: 'guarded' });
    expect(result.hooks.map((hook) => [hook.source, hook.outcome])).toEqual([['user', 'blocked']]);
    expect(result.warnings).toEqual([]);
  });

  it('started in ~ (project dir = home), user hooks are planned from user scope and run', async () => {
    const home = world.dir('own-home');
    world.write(
      'own-home/.hookstream/settings.json',
      enabledSettings({ BeforeTool: [{ hooks: [{ type: 'command', command: 'echo from-user' }] }] }),
    );
    const run = await world.run(['fire', 'BeforeTool', '--json', '--input', toolInput, '--project-dir', home], {
      env: { HOME: home },
    });
    expect(run.code).toBe(0);
    const result = resultOf(run.stdout);
    expect(result.hooks.map((hook) => [hook.source, hook.outcome])).toEqual([['user', 'success']]);
    expect(result.systemMessage).toBe('from-user');
    expect(result.warnings).toEqual([]);
  });
});
