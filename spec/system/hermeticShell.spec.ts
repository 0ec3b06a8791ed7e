/**
 * The hook shell is hermetic: no rc or profile file runs, whatever the host's SHLVL, BASH_ENV or ENV. Node gives a
 * child its stdin over a socket, and bash then sources ~/.bashrc when SHLVL is below 2 (its remote-shell rule):
 * a host started without SHLVL (systemd, a container, CI) ran the user's ~/.bashrc before every hook, and the
 * line it printed turned a guard's `{"decision":"deny"}` into plain text — an allowed call.
 *
 * Every case runs with SHLVL unset, a HOME whose ~/.bashrc, ~/.bash_profile and ~/.profile print a line and
 * leave a witness, BASH_ENV and ENV naming such files too, and an inherited `echo` function that would print an
 * empty answer: the guard still denies and no witness appears — through `hookstream fire`, and through
 * createHookSystem with the spawn helper, without it, and with a persistent worker started by the shell.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, CliWorld } from '../cli/cliHarness.js';
import { fixture, markedProcesses, MARKER_VARIABLE } from '../process/processHarness.js';

const world = new CliWorld();

/** A HOME whose every start-up file, and the files BASH_ENV and ENV name, print a line and leave a witness. */
const hostileHome = (name: string): { home: string; env: Record<string, string>; witnesses: () => string[] } => {
  const home = world.dir(`${name}/home`);
  const witnesses = world.dir(`${name}/witnesses`);
  const startup = (file: string): string => {
    const target = path.join(home, file);
    writeFileSync(target, `echo "welcome back from ${file}"\ntouch '${path.join(witnesses, file)}'\n`);
    return target;
  };
  for (const file of ['.bashrc', '.bash_profile', '.profile', '.bash_login']) startup(file);
  const env = {
    HOME: home,
    BASH_ENV: startup('bash-env.sh'),
    ENV: startup('env.sh'),
    // An inherited function that would turn every `echo` into an empty answer.
    'BASH_FUNC_echo%%': '() { builtin printf "{}\\n"; }',
  };
  return { home, env, witnesses: () => readdirSync(witnesses) };
};

afterAll(async () => {
  await world.finish();
});

const denyHook = `cat > /dev/null; echo '{"decision":"deny","reason":"the guard says no"}'`;

describe('hookstream fire with SHLVL unset and hostile start-up files', () => {
  it(
    'still denies, and runs none of the files',
    async () => {
      const { home, env, witnesses } = hostileHome('cli');
      mkdirSync(path.join(home, '.hookstream'), { recursive: true });
      writeFileSync(
        path.join(home, '.hookstream', 'settings.json'),
        JSON.stringify({ tools: { enableHooks: true }, hooks: { BeforeTool: [{ hooks: [{ command: denyHook }] }] } }),
      );
      const project = world.dir('cli/project');
      const run = await world.run(
        [
          'fire',
          'BeforeTool',
          '--input',
          JSON.stringify({ tool_name: 'run_shell_command', tool_input: { command: 'ls' } }),
          '--project-dir',
          project,
          '--json',
        ],
        { env, unset: ['SHLVL'] },
      );
      expect(run.code, run.stderr).toBe(2);
      expect(JSON.parse(run.stdout)).toMatchObject({ decision: 'deny', reason: 'the guard says no' });
      expect(witnesses()).toEqual([]);
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

/** Runs spec/fixtures/run/hermetic-host.ts in `mode` with `env` only (no SHLVL); resolves with its exit and output. */
const runHost = (mode: string, env: Record<string, string>, marker: string) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const project = world.dir(`host-${mode}/project`);
    const child = spawn(process.execPath, ['--import', 'tsx', fixture('hermetic-host.ts'), project, marker, mode], {
      env: Object.assign({ PATH: process.env.PATH ?? '/usr/bin:/bin', [MARKER_VARIABLE]: marker }, env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), CLI_TEST_TIMEOUT_MS - 10_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });

describe('createHookSystem in a host started without SHLVL', () => {
  it.each([
    ['through the spawn helper', 'helper'],
    ['spawned from the host', 'direct'],
    ['in a persistent worker the shell starts', 'persistent'],
  ])(
    '%s: the guard denies and no start-up file runs',
    async (_, mode) => {
      const { env, witnesses } = hostileHome(`host-${mode}`);
      const marker = `hermetic-${mode}-${process.pid}`;
      const host = await runHost(mode, env, marker);
      expect(host.code, host.stderr).toBe(0);
      expect(JSON.parse(host.stdout.trim())).toEqual({ decision: 'deny', reason: 'the guard says no' });
      expect(witnesses()).toEqual([]);
      expect(markedProcesses(marker)).toEqual([]);
      expect(existsSync(fixture('hermetic-host.ts'))).toBe(true);
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
