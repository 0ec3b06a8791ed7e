/**
 * `hookstream doctor` on fixtures, one per problem class: a program not on PATH (127), a script that is
 * not executable (126), a shell syntax error, an unapproved project hook, a matcher that matches nothing
 * plausible — read-only, nothing runs — and with `--run`, invalid output (JSON that does not parse, a field of
 * the wrong type) and a hook slower than its timeout. A healthy hook passes; exit 1 on errors; `--json`.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressBar } from '../../lib/cli/doctor.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld, enabledSettings, REPO_ROOT } from './cliHarness.js';

const FIXTURES = path.join(REPO_ROOT, 'spec', 'fixtures', 'doctor');
const fixture = (name: string) => JSON.stringify(path.join(FIXTURES, name));

interface Report {
  ran: boolean;
  errors: number;
  warnings: number;
  hooks: {
    name: string;
    label: string;
    findings: { kind: string; severity: string; message: string }[];
    run?: { outcome: string };
  }[];
}

/** name → finding kinds, from `doctor --json`. */
const kinds = (report: Report): Record<string, string[]> =>
  Object.fromEntries(report.hooks.map((hook) => [hook.name, hook.findings.map((finding) => finding.kind)]));

const hook = (name: string, command: string, extra: Record<string, unknown> = {}) => ({
  type: 'command',
  name,
  command,
  ...extra,
});

let world: CliWorld;
let project: string;
let settings: string;

beforeAll(() => {
  world = new CliWorld();
  project = world.dir('project');
  settings = world.write(
    'settings.json',
    enabledSettings({
      BeforeTool: [
        {
          matcher: '^write_file$',
          hooks: [
            hook('healthy', `${fixture('healthy.sh')} static`),
            hook('missing-tool', 'hookstream-no-such-tool --check'),
            hook('not-executable', fixture('not-executable.sh')),
            hook('syntax', 'if [ -f x ]; then echo "{}"'),
            hook('bad-json', fixture('bad-json.sh')),
            hook('wrong-type', fixture('wrong-type.sh')),
            hook('slow', 'sleep 3', { timeout: 300 }),
          ],
        },
        { matcher: '^write_fiel$', hooks: [hook('typo-matcher', 'true')] },
      ],
    }),
  );
});

afterAll(() => {
  expect(world.leftovers()).toEqual([]);
  world.cleanup();
});

describe('hookstream doctor (read-only)', () => {
  it(
    'finds 127, 126, shell syntax and a matcher that matches nothing plausible, without running anything',
    async () => {
      const run = await world.run(['doctor', '--settings', settings, '--project-dir', project, '--json']);
      expect(run.code).toBe(1);
      const report = JSON.parse(run.stdout) as Report;
      expect(report.ran).toBe(false);
      expect(kinds(report)).toEqual({
        healthy: [],
        'missing-tool': ['not-found'],
        'not-executable': ['not-executable'],
        syntax: ['syntax'],
        'bad-json': [],
        'wrong-type': [],
        slow: [],
        'typo-matcher': ['matcher'],
      });
      const messages = report.hooks.flatMap((entry) => entry.findings.map((finding) => finding.message));
      expect(messages).toEqual([
        "cannot start: hookstream-no-such-tool is not on the hook's PATH (exit 127)",
        expect.stringMatching(/^cannot start: .*not-executable\.sh is not executable \(exit 126\)/),
        expect.stringMatching(/^shell syntax error: .*unexpected end of file.* \(the shell exits 2, which blocks\)$/),
        expect.stringMatching(/^matcher "\^write_fiel\$" matches none of the usual BeforeTool targets/),
      ]);
      expect(report.hooks.every((entry) => entry.run === undefined)).toBe(true);
      expect(existsSync(path.join(project, 'ran-static'))).toBe(false);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'reports an unapproved project hook as untrusted',
    async () => {
      const dir = world.dir('trust-project');
      mkdirSync(path.join(dir, '.hookstream'));
      writeFileSync(
        path.join(dir, '.hookstream', 'settings.json'),
        JSON.stringify(enabledSettings({ BeforeTool: [{ hooks: [hook('project-guard', 'true')] }] })),
      );
      const run = await world.run(['doctor', '--project-dir', dir]);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(
        /✖ project-guard {2}BeforeTool {2}project {2}.*settings\.json\n {4}not approved: a project hook runs only once approved \(hookstream trust\)/,
      );
      expect(run.stdout).toMatch(
        /checked 1 hook \(read-only: add --run to run each hook once\): 1 error, 0 warnings\n$/,
      );
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

describe('hookstream doctor --run', () => {
  it(
    'runs each startable hook once: invalid output, slower than its timeout; a healthy hook passes',
    async () => {
      const run = await world.run(['doctor', '--settings', settings, '--project-dir', project, '--run', '--json']);
      expect(run.code).toBe(1);
      const report = JSON.parse(run.stdout) as Report;
      expect(report.ran).toBe(true);
      expect(kinds(report)).toEqual({
        healthy: [],
        'missing-tool': ['not-found'],
        'not-executable': ['not-executable'],
        syntax: ['syntax'],
        'bad-json': ['invalid-output'],
        'wrong-type': ['invalid-output'],
        slow: ['timeout'],
        'typo-matcher': ['matcher'],
      });
      const byName = new Map(report.hooks.map((entry) => [entry.name, entry]));
      expect(byName.get('bad-json')?.findings[0]?.message).toBe(
        'invalid output: stdout looks like JSON but does not parse, so it is read as a message and its decision is lost',
      );
      expect(byName.get('wrong-type')?.findings[0]?.message).toMatch(/^invalid output: .*systemMessage/);
      expect(byName.get('slow')?.findings[0]?.message).toBe(
        'slower than its timeout: killed after 300 ms on a synthetic input',
      );
      expect(byName.get('healthy')?.run?.outcome).toBe('success');
      // Hooks that cannot start are not run.
      expect(byName.get('missing-tool')?.run).toBeUndefined();
      expect(existsSync(path.join(project, 'ran-static'))).toBe(true);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'exits 0 when every hook is healthy, with a human report',
    async () => {
      const healthy = world.write(
        'healthy.json',
        enabledSettings({ SessionStart: [{ hooks: [hook('healthy', `${fixture('healthy.sh')} human`)] }] }),
      );
      const run = await world.run(['doctor', '--settings', healthy, '--project-dir', project, '--run']);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(
        /^✔ healthy {2}SessionStart {2}user {2}.*healthy\.json {2}ran: success in \d+ ms\nchecked 1 hook \(each run once\): 0 errors, 0 warnings\n$/,
      );
      // Not a terminal: no progress bar, no escape codes.
      expect(run.stderr).toBe('');
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

describe('progressBar', () => {
  it('fills in proportion and names the hook', () => {
    expect(progressBar(0, 4, 'guard', 8)).toBe('[░░░░░░░░] 0/4 guard');
    expect(progressBar(3, 4, 'guard', 8)).toBe('[██████░░] 3/4 guard');
    expect(progressBar(0, 0, 'none', 4)).toBe('[████] 0/0 none');
  });
});
