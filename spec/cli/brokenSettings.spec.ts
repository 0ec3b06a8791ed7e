/**
 * A standard settings file with broken JSON is reported by every command that reads settings as `validate`
 * reports it — the file, line:column and what is wrong — with a non-zero exit: `doctor` does not say
 * "0 errors" and `list` does not say "no hooks configured" as if nothing were wrong, and both still show the
 * hooks of the files that could be read.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, CliWorld, enabledSettings, group, type CliCase } from './cliHarness.js';

const world = new CliWorld();
afterAll(() => world.finish());

// The file ends inside the hooks object: line 4, column 1.
const BROKEN = '{\n  "tools": { "enableHooks": true },\n  "hooks": {\n';

/** A project whose `.hookstream/settings.json` is broken; `userHooks` in the user's settings. */
const setUp = (name: string, userHooks?: Record<string, unknown>): { where: CliCase; file: string } => {
  const where = world.setUpCase(name, {
    'project/.hookstream/settings.json': BROKEN,
    ...(userHooks === undefined ? {} : { 'home/.hookstream/settings.json': enabledSettings(userHooks) }),
  });
  return { where, file: `${where.project}/.hookstream/settings.json` };
};

const run = (where: CliCase, args: string[]) =>
  world.run([...args, '--project-dir', where.project], { env: where.env });

/** The line `validate` prints for the broken file (its stdout), and every command prints on stderr. */
const problemOf = async (where: CliCase, file: string): Promise<string> => {
  const validated = await run(where, ['validate']);
  expect(validated.code).toBe(1);
  const line = validated.stdout.split('\n').find((text) => text.startsWith(`error: ${file}:4:1: invalid JSON`));
  expect(line).toBeDefined();
  return line ?? '';
};

describe.concurrent('a settings file with broken JSON', { timeout: CLI_TEST_TIMEOUT_MS * 2 }, () => {
  it('doctor: the error as validate reports it, counted in its summary, exit 1', async () => {
    const { where, file } = setUp('doctor');
    const [problem, doctor] = await Promise.all([problemOf(where, file), run(where, ['doctor'])]);
    expect(doctor.stderr).toBe(`hookstream: ${problem}\n`);
    expect(doctor.stdout).toBe(
      'checked 0 hooks (read-only: add --run to run each hook once): 1 error (1 in the settings files, above), 0 warnings\n',
    );
    expect(doctor.code).toBe(1);
  });

  it('doctor --json: the problem in the report, and the hooks of the other files still checked', async () => {
    const { where, file } = setUp('doctor-json', { SessionStart: [group(['true'])] });
    const doctor = await run(where, ['doctor', '--json']);
    expect(doctor.code).toBe(1);
    const report = JSON.parse(doctor.stdout) as {
      errors: number;
      problems: { severity: string; file: string; line: number; column: number; message: string }[];
      hooks: { name: string }[];
    };
    expect(report.errors).toBe(1);
    expect(report.problems).toEqual([
      expect.objectContaining({ severity: 'error', file, line: 4, column: 1 }) as unknown,
    ]);
    expect(report.problems[0]?.message).toMatch(/^invalid JSON/);
    expect(report.hooks.map((hook) => hook.name)).toEqual(['true']);
  });

  it('list: the error as validate reports it, not "no hooks configured", exit 1', async () => {
    const { where, file } = setUp('list');
    const [problem, list] = await Promise.all([problemOf(where, file), run(where, ['list'])]);
    expect(list.stderr).toBe(`hookstream: ${problem}\n`);
    expect(list.stdout).toBe('no hooks configured in the settings files that could be read\n');
    expect(list.code).toBe(1);
  });

  it('list: the hooks of the other files are listed, and the exit status is still 1', async () => {
    const { where } = setUp('list-other', { SessionStart: [group(['echo from-user'])] });
    const list = await run(where, ['list']);
    expect(list.stdout).toContain('echo from-user');
    expect(list.stderr).toMatch(/^hookstream: error: .*settings\.json:4:1: invalid JSON/);
    expect(list.code).toBe(1);
    const json = await run(where, ['list', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain('echo from-user');
  });

  it('with no broken file both exit 0', async () => {
    const where = world.setUpCase('clean', { 'home/.hookstream/settings.json': enabledSettings({}) });
    const [doctor, list] = await Promise.all([run(where, ['doctor']), run(where, ['list'])]);
    expect([doctor.code, list.code, doctor.stderr, list.stderr]).toEqual([0, 0, '', '']);
    expect(list.stdout).toBe('no hooks configured\n');
  });
});
