/**
 * Writers that never follow a repository's links, and settings reads that cannot hang or exhaust the CLI —
 * through the real command, each case with its own HOME. A repository's `.hookstream` linked to
 * `~/.hookstream` must not turn its hooks into the user's (trusted everywhere, never approved): `init` and
 * `import` refuse, naming the link, and the home directory holds nothing new. `init` refuses HOME itself as a
 * project unless `--allow-home`. `--record` refuses a link and creates new recordings 0600. A settings path
 * naming `/dev/zero`, a FIFO or an oversized file is a clear error and a non-zero exit, never a hang.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_SETTINGS_FILE_BYTES } from '../../lib/core/limits.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld, enabledSettings, group } from './cliHarness.js';

const world = new CliWorld();
afterAll(async () => {
  await world.finish();
});

/** Every file under `dir`, as paths relative to it (links listed, not followed). */
const filesUnder = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();

/** A Claude project hook that writes a witness file if it ever runs. */
const claudeProject = (project: string): void => {
  mkdirSync(path.join(project, '.claude'), { recursive: true });
  writeFileSync(
    path.join(project, '.claude', 'settings.json'),
    JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'touch /tmp/pwned' }] }] } }),
  );
};

describe('init and import never write through a link out of the project', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('init: a .hookstream linked to ~/.hookstream is refused, naming the link; nothing lands in HOME', async () => {
    const where = world.setUpCase('init-link', { 'home/.hookstream/settings.json': { tools: { enableHooks: true } } });
    const userDir = path.join(where.home, '.hookstream');
    const before = readFileSync(path.join(userDir, 'settings.json'), 'utf8');
    const link = path.join(where.project, '.hookstream');
    symlinkSync(userDir, link);
    const run = await world.run(['init', '--project-dir', where.project], { env: where.env });
    expect(run.code).toBe(1);
    // The link is named even though the file it leads to exists: not "already exists".
    expect(run.stderr).toContain(
      `refusing to write ${link}/settings.json: ${link} is a symbolic link to ${userDir} (outside ${where.project}); nothing written`,
    );
    expect(filesUnder(where.home)).toEqual(['.hookstream', '.hookstream/settings.json']);
    expect(readFileSync(path.join(userDir, 'settings.json'), 'utf8')).toBe(before);
  });

  it('import: the same link is refused and the user settings stay as they were', async () => {
    const where = world.setUpCase('import-link', {
      'home/.hookstream/settings.json': { tools: { enableHooks: true } },
    });
    claudeProject(where.project);
    const userDir = path.join(where.home, '.hookstream');
    const before = readFileSync(path.join(userDir, 'settings.json'), 'utf8');
    const link = path.join(where.project, '.hookstream');
    symlinkSync(userDir, link);
    for (const extra of [['--dry-run'], []]) {
      const run = await world.run(['import', '--from', 'claude', '--project-dir', where.project, ...extra], {
        env: where.env,
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `${link} is a symbolic link to ${userDir} (outside ${where.project}); nothing imported`,
      );
    }
    expect(readFileSync(path.join(userDir, 'settings.json'), 'utf8')).toBe(before);
    expect(filesUnder(userDir)).toEqual(['settings.json']);
  });

  it('init: a link further up the path (.hookstream/hooks → ~/bin) is refused before anything is written', async () => {
    const where = world.setUpCase('init-deeper');
    const bin = path.join(where.home, 'bin');
    mkdirSync(bin);
    mkdirSync(path.join(where.project, '.hookstream'));
    symlinkSync(bin, path.join(where.project, '.hookstream', 'hooks'));
    const run = await world.run(['init', '--project-dir', where.project], { env: where.env });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${path.join(where.project, '.hookstream', 'hooks')} is a symbolic link to ${bin}`);
    expect(readdirSync(bin)).toEqual([]);
    expect(filesUnder(path.join(where.project, '.hookstream'))).toEqual(['hooks']);
  });

  it('import and init: settings.json itself linked to ~/.hookstream/settings.json is refused', async () => {
    const where = world.setUpCase('last-link', { 'home/.hookstream/settings.json': { tools: { enableHooks: true } } });
    claudeProject(where.project);
    const userFile = path.join(where.home, '.hookstream', 'settings.json');
    const before = readFileSync(userFile, 'utf8');
    const file = path.join(where.project, '.hookstream', 'settings.json');
    mkdirSync(path.dirname(file));
    symlinkSync(userFile, file);
    const imported = await world.run(['import', '--from', 'claude', '--project-dir', where.project], {
      env: where.env,
    });
    expect(imported.code).toBe(1);
    expect(imported.stderr).toContain(`refusing to write ${file}: it is a symbolic link to ${userFile}`);
    // A dangling link too: init's "already exists" check cannot see it, the exclusive no-follow create does.
    const dangling = world.setUpCase('last-link-dangling');
    const danglingFile = path.join(dangling.project, '.hookstream', 'settings.json');
    mkdirSync(path.dirname(danglingFile));
    symlinkSync(path.join(dangling.home, '.hookstream', 'settings.json'), danglingFile);
    const init = await world.run(['init', '--project-dir', dangling.project], { env: dangling.env });
    expect(init.code).toBe(1);
    expect(init.stderr).toContain(`refusing to write ${danglingFile}: it is a symbolic link to`);
    expect(readFileSync(userFile, 'utf8')).toBe(before);
    expect(filesUnder(dangling.home)).toEqual([]);
    expect(lstatSync(file).isSymbolicLink()).toBe(true);
  });

  it('init refuses HOME as the project unless --allow-home, and works with it', async () => {
    const where = world.setUpCase('init-home');
    const refused = await world.run(['init', '--project-dir', where.home], { env: where.env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`refusing to init in ${where.home}: it is your home directory`);
    expect(refused.stderr).toContain('--allow-home');
    expect(filesUnder(where.home)).toEqual([]);
    const allowed = await world.run(['init', '--project-dir', where.home, '--allow-home'], { env: where.env });
    expect(allowed.code).toBe(0);
    expect(existsSync(path.join(where.home, '.hookstream', 'settings.json'))).toBe(true);
  });
});

describe('fire --record', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  const fireRecording = (where: { env: Record<string, string> }, file: string) =>
    world.run(['fire', 'SessionStart', '--record', file, '--input', '{"source":"startup"}'], { env: where.env });

  it('refuses a recording path that is a link, leaving its target untouched', async () => {
    const where = world.setUpCase('record-link', { 'home/.bashrc': 'echo hi\n' });
    const bashrc = path.join(where.home, '.bashrc');
    const file = path.join(where.project, 'session.jsonl');
    symlinkSync(bashrc, file);
    const run = await fireRecording(where, file);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`refusing to write ${file}: it is a symbolic link to ${bashrc}`);
    expect(readFileSync(bashrc, 'utf8')).toBe('echo hi\n');
  });

  it('creates a new recording readable by the user only', async () => {
    const where = world.setUpCase('record-mode');
    const file = path.join(where.project, 'session.jsonl');
    const run = await fireRecording(where, file);
    expect(run.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('"SessionStart"');
  });
});

describe('settings that are not regular files, or too large', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  const fireWith = (where: { project: string; env: Record<string, string> }, extra: string[] = []) =>
    world.run(
      [
        'fire',
        'BeforeTool',
        '--input',
        '{"tool_name":"Bash","tool_input":{}}',
        '--project-dir',
        where.project,
        ...extra,
      ],
      { env: where.env },
    );

  it('--settings /dev/zero: a clear error and a non-zero exit', async () => {
    const where = world.setUpCase('dev-zero');
    const run = await fireWith(where, ['--settings', '/dev/zero']);
    expect(run.signal).toBeNull();
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('/dev/zero is a character device, not a regular file');
  });

  it('a project settings file that is a FIFO: a clear error, no hang, a non-zero exit', async () => {
    const where = world.setUpCase('fifo');
    const fifo = path.join(where.project, '.hookstream', 'settings.json');
    mkdirSync(path.dirname(fifo));
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const run = await fireWith(where);
    expect(run.signal).toBeNull();
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`${fifo} is a named pipe (FIFO), not a regular file`);
    const validated = await world.run(['validate', '--project-dir', where.project], { env: where.env });
    expect(validated.code).toBe(1);
    expect(validated.stdout + validated.stderr).toContain(`${fifo} is a named pipe (FIFO)`);
  });

  it('an oversized settings file (user scope, Claude format): a clear error naming the limit', async () => {
    const where = world.setUpCase('oversized');
    const file = path.join(where.home, '.claude', 'settings.json');
    mkdirSync(path.dirname(file));
    const settings = JSON.stringify(enabledSettings({ BeforeTool: [group(['true'])] }));
    writeFileSync(file, settings + ' '.repeat(MAX_SETTINGS_FILE_BYTES));
    const run = await fireWith(where);
    expect(run.signal).toBeNull();
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`${file} is ${settings.length + MAX_SETTINGS_FILE_BYTES} bytes, over the 4 MiB limit`);
  });
});
