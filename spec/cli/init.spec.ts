/**
 * `hookstream init`, end to end and as a newcomer follows it: init in an empty project that installed hookstream
 * locally (node_modules/.bin, nothing on PATH), then each command of its "next" list exactly as printed (run by
 * bash in the project): the hook is listed, does not run before approval, runs after `hookstream trust` and
 * denies the write. A second init changes nothing.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HookResult } from '../../lib/model/types.js';
import { EXAMPLE_HOOK_NAME, nextSteps } from '../../lib/cli/init.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld, MAIN, MARKER_VARIABLE, type CliRun } from './cliHarness.js';

const world = new CliWorld();
afterAll(async () => {
  const until = Date.now() + 5_000;
  while (world.leftovers().length > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(world.leftovers()).toEqual([]);
  world.cleanup();
});

// A local install: the project's node_modules/.bin/hookstream is the built CLI; no `hookstream` on PATH.
const installLocally = (project: string): void => {
  world.write(`${path.relative(world.root, project)}/package.json`, { name: 'newcomer', private: true });
  world.write(
    `${path.relative(world.root, project)}/node_modules/.bin/hookstream`,
    `#!/bin/sh\nexec "${process.execPath}" "${MAIN}" "$@"\n`,
    0o755,
  );
};
/** PATH without any directory holding a `hookstream` (node and npx stay reachable). */
const PATH = (process.env.PATH ?? '')
  .split(path.delimiter)
  .filter((dir) => !existsSync(path.join(dir, 'hookstream')))
  .join(path.delimiter);

/** Runs one shell line in `cwd` with the world's HOME and marker; npx stays offline (the install is local). */
const shell = (line: string, cwd: string): Promise<CliRun> =>
  new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', line], {
      cwd,
      env: {
        ...process.env,
        PATH,
        HOME: world.home,
        NO_COLOR: '1',
        npm_config_offline: 'true',
        npm_config_update_notifier: 'false',
        [MARKER_VARIABLE]: world.marker,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      resolve({ code, signal, stdout, stderr });
    });
  });

/** The commands under "next:" in init's output, in order (the lines that run hookstream). */
const printedCommands = (stdout: string): string[] =>
  stdout
    .slice(stdout.indexOf('\nnext:\n'))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^(npx )?hookstream /.test(line));

describe('hookstream init', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  const project = world.dir('project');
  const settingsFile = path.join(project, '.hookstream', 'settings.json');
  const script = path.join(project, '.hookstream', 'hooks', `${EXAMPLE_HOOK_NAME}.mjs`);
  let init: CliRun;
  installLocally(project);

  it('a bare `hookstream` is not found here: the install is local', async () => {
    const bare = await shell('hookstream --version', project);
    expect(bare.code).toBe(127);
    const local = await shell('npx hookstream --version', project);
    expect(local.stderr).toBe('');
    expect(local.code).toBe(0);
  });

  it('writes the settings, an executable hook and the schema, and says what to do next', async () => {
    init = await shell('npx hookstream init', project);
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    expect(statSync(script).mode & 0o777).toBe(0o755);
    expect(statSync(settingsFile).mode & 0o777).toBe(0o644);
    const schema = JSON.parse(readFileSync(path.join(project, '.hookstream', 'settings.schema.json'), 'utf8')) as {
      title: string;
    };
    expect(schema.title).toBe('hookstream settings');
    expect(printedCommands(init.stdout)).toEqual(nextSteps().map(([command]) => command));
    expect(init.stdout).toContain("createHookSystem({ settings: 'standard', projectDir })");
  });

  it('the settings are clean for `hookstream validate`', async () => {
    const run = await shell('npx hookstream validate', project);
    expect(run.stdout).toMatch(/1 hook, no problems/);
    expect(run.code).toBe(0);
  });

  it('before approval the hook does not run; after the printed steps it denies the write', async () => {
    const [list, trust, fire] = printedCommands(init.stdout);
    expect(list).toBe('npx hookstream list');
    const listed = await shell(list ?? '', project);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(EXAMPLE_HOOK_NAME);

    const untrusted = await shell(`${fire ?? ''} --json`, project);
    expect(untrusted.code).toBe(0);
    expect((JSON.parse(untrusted.stdout) as HookResult).hooks[0]?.outcome).toBe('untrusted');

    const approved = await shell(trust ?? '', project);
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain(EXAMPLE_HOOK_NAME);

    const denied = await shell(fire ?? '', project);
    expect(denied.code).toBe(2);
    expect(denied.stdout).toContain('.env holds credentials; put configuration in config/ instead');
  });

  it('refuses to run again: nothing is overwritten', async () => {
    writeFileSync(script, '#!/bin/sh\n# edited by the user\n');
    const again = await shell('npx hookstream init', project);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /^hookstream: .*settings\.json, .*protect-env-files\.mjs, .*settings\.schema\.json already exist; nothing written\n$/,
    );
    expect(readFileSync(script, 'utf8')).toBe('#!/bin/sh\n# edited by the user\n');
  });

  it('works for another directory with --project-dir, and prints the cd first', async () => {
    const other = world.dir('other');
    const run = await shell(`npx hookstream init --project-dir ${other}`, project);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`\nnext:\n  cd ${other}\n  npx hookstream list\n`);
    const missing = await shell(`npx hookstream init --project-dir ${path.join(other, 'nope')}`, project);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/project directory not found: .*nope/);
  });
});
