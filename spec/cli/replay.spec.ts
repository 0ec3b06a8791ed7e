/**
 * Record → replay → diff with the real `hookstream` command: a session recorded by `fire --record` under
 * policy A, replayed under policy B, shows exactly the decisions that flipped (exit 1, human and `--json`),
 * and under policy A again shows none (exit 0). `profile` reads the same recording. Every hook process exits.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, CliWorld, enabledSettings, group, REPO_ROOT } from './cliHarness.js';

const FIXTURES = path.join(REPO_ROOT, 'spec', 'fixtures', 'observe');
const policy = (name: string) =>
  enabledSettings({ BeforeTool: [group([`sh ${path.join(FIXTURES, name)}`], '^write_file$')] });

const EVENTS = [
  { tool_name: 'write_file', tool_input: { path: '.env' } },
  { tool_name: 'write_file', tool_input: { path: '/etc/hosts' } },
  { tool_name: 'write_file', tool_input: { path: 'notes.md' } },
  { tool_name: 'read_file', tool_input: { path: '/etc/hosts' } },
];

let world: CliWorld;
let recording: string;
let policyA: string;
let policyB: string;

beforeAll(async () => {
  world = new CliWorld();
  policyA = world.write('policy-a.json', policy('policy-a.sh'));
  policyB = world.write('policy-b.json', policy('policy-b.sh'));
  recording = path.join(world.root, 'session.jsonl');
  for (const fields of EVENTS) {
    const run = await world.run([
      'fire',
      'BeforeTool',
      '--settings',
      policyA,
      '--record',
      recording,
      '--input',
      JSON.stringify(fields),
    ]);
    expect(run.stderr).toBe('');
  }
}, CLI_TEST_TIMEOUT_MS * 2);

afterAll(() => {
  expect(world.leftovers()).toEqual([]);
  world.cleanup();
});

describe('hookstream replay', () => {
  it('recorded every fired event, in order', () => {
    const lines = readFileSync(recording, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { fields: unknown; result: { decision?: string } });
    expect(lines.map((line) => line.fields)).toEqual(EVENTS);
    expect(lines.map((line) => line.result.decision)).toEqual(['deny', 'allow', 'allow', undefined]);
  });

  it(
    'shows exactly the flipped decision under a changed policy, and exits 1',
    async () => {
      const run = await world.run(['replay', recording, '--settings', policyB]);
      expect(run.code).toBe(1);
      expect(run.stdout.trim().split('\n')).toEqual([
        'line 2: BeforeTool write_file {"path":"/etc/hosts"}',
        '  decision  "allow" → "deny"',
        '  blocked   false → true',
        '  reason    (none) → "a system file"',
        `replayed 4 events from ${recording}: 1 changed`,
      ]);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'prints the same as JSON with --json',
    async () => {
      const run = await world.run(['replay', recording, '--settings', policyB, '--json']);
      expect(run.code).toBe(1);
      expect(JSON.parse(run.stdout)).toEqual({
        events: 4,
        changed: 1,
        diffs: [
          {
            line: 2,
            event: 'BeforeTool',
            session: expect.any(String) as string,
            input: 'write_file {"path":"/etc/hosts"}',
            changes: [
              { field: 'decision', before: 'allow', after: 'deny' },
              { field: 'blocked', before: false, after: true },
              { field: 'reason', after: 'a system file' },
            ],
          },
        ],
      });
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'hooks skipped as untrusted are named, not called a policy change: exit 3',
    async () => {
      // The same policy as the project's own, never approved here (a fresh HOME in CI).
      const project = world.dir('unapproved-project');
      world.write('unapproved-project/.hookstream/settings.json', policy('policy-a.sh'));
      const run = await world.run(['replay', recording, '--project-dir', project]);
      expect(run.code).toBe(3);
      const summary = run.stdout.trim().split('\n').at(-1);
      expect(summary).toBe(
        `replayed 4 events from ${recording}: 3 changed; 1 hook was skipped as untrusted ` +
          `(sh ${path.join(FIXTURES, 'policy-a.sh')}): not approved here or changed since approval, so this is no ` +
          'policy change; review them and run hookstream trust',
      );
      const json = await world.run(['replay', recording, '--project-dir', project, '--json']);
      expect(json.code).toBe(3);
      expect((JSON.parse(json.stdout) as { untrusted: string[] }).untrusted).toEqual([
        `sh ${path.join(FIXTURES, 'policy-a.sh')}`,
      ]);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'exits 0 when the policy decides as recorded',
    async () => {
      const run = await world.run(['replay', recording, '--settings', policyA]);
      expect(run.code).toBe(0);
      expect(run.stdout.trim()).toBe(`replayed 4 events from ${recording}: no decision changed`);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'names the line of a malformed recording (exit 1, nothing replayed)',
    async () => {
      const broken = world.write('broken.jsonl', `${readFileSync(recording, 'utf8')}{"hookstream":1,"event":"Nope"}\n`);
      const run = await world.run(['replay', broken, '--settings', policyA]);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(`hookstream: ${broken}:5: "event" must be a hook event name, received "Nope"\n`);
      expect(run.stdout).toBe('');
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

describe('hookstream fire --record', () => {
  it(
    'refuses a recording it cannot write before any hook runs',
    async () => {
      const missing = path.join(world.root, 'no-such-dir', 'session.jsonl');
      const run = await world.run(['fire', 'SessionStart', '--record', missing, '--input', '{"source":"startup"}']);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^hookstream: cannot write the recording .*no-such-dir\/session\.jsonl: ENOENT/);
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

describe('hookstream profile', () => {
  it(
    'prints p50/p95/max per hook and per event from the recording',
    async () => {
      const run = await world.run(['profile', recording, '--json']);
      expect(run.code).toBe(0);
      const profile = JSON.parse(run.stdout) as {
        hooks: { name: string; count: number; p50: number; p95: number; max: number; failures: number }[];
        events: { name: string; count: number }[];
      };
      expect(profile.hooks).toEqual([
        {
          name: 'policy-a.sh',
          count: 3,
          p50: expect.any(Number) as number,
          p95: expect.any(Number) as number,
          max: expect.any(Number) as number,
          failures: 0,
        },
      ]);
      const [hook] = profile.hooks;
      expect(hook!.p50).toBeLessThanOrEqual(hook!.p95);
      expect(hook!.p95).toBeLessThanOrEqual(hook!.max);
      expect(profile.events).toEqual([expect.objectContaining({ name: 'BeforeTool', count: 4 })]);
      const human = await world.run(['profile', recording]);
      expect(human.stdout).toMatch(
        /^hooks\n +name +runs +p50 +p95 +max +failed\n +policy-a\.sh +3 +\d+ ms +\d+ ms +\d+ ms +0\n\nevents\n/,
      );
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'counts a line appended later (the recording is read whole each time)',
    async () => {
      const copy = world.write('copy.jsonl', readFileSync(recording, 'utf8'));
      appendFileSync(copy, `${readFileSync(recording, 'utf8').split('\n')[0] ?? ''}\n`);
      const run = await world.run(['profile', copy, '--json']);
      expect((JSON.parse(run.stdout) as { events: { count: number }[] }).events[0]?.count).toBe(5);
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
