/**
 * `hookstream list`, run for real against the standard files: plan order by source, mode, timeout,
 * failure policy, duplicates, and whether each hook would match `--tool`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ListedEvent } from '../../lib/cli/list.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld, enabledSettings, group } from './cliHarness.js';

const world = new CliWorld();
const project = world.dir('project');
const projectFile = world.write(
  'project/.hookstream/settings.json',
  enabledSettings({
    BeforeTool: [
      {
        matcher: '^write_',
        sequential: true,
        hooks: [{ command: './guard.sh', timeout: 5000, failurePolicy: 'block' }],
      },
      group(['echo read'], '^read'),
    ],
  }),
);
const userFile = world.write('home/.hookstream/settings.json', {
  hooks: {
    PreToolUse: [group(['echo any', 'echo read'])],
    Notification: [group(['echo note'], 'permission')],
    SessionEnd: [
      {
        hooks: [
          { command: 'echo indexed', async: true },
          { type: 'http', url: 'https://audit.example/hook', name: 'audit' },
          { type: 'mcp_tool', server: 'scanner', tool: 'scan' },
        ],
      },
    ],
  },
});

afterAll(() => {
  expect(world.leftovers()).toEqual([]);
  world.cleanup();
});

describe.concurrent('hookstream list', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('shows every event with hooks, and whether each hook matches --tool', async () => {
    const run = await world.run(['list', '--tool', 'write_file', '--project-dir', project]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines).toContain('BeforeTool (sequential, 4 hooks)');
    expect(lines).toContain('Notification (parallel, 1 hook)');
    expect(run.stdout).toMatch(/NAME\s+SOURCE\s+MATCHER\s+TIMEOUT\s+POLICY\s+TRUST\s+MATCH\s+FILE/);
    expect(run.stdout).toMatch(
      /\.\/guard\.sh\s+project\s+\^write_\s+5000 ms\s+block\s+needs approval\s+yes\s+\S+settings\.json:11:\d+/,
    );
    expect(run.stdout).toMatch(/echo read\s+project\s+\^read\s+60000 ms\s+allow\s+needs approval\s+no/);
    expect(run.stdout).toMatch(/echo any\s+user\s+\*\s+60000 ms\s+allow\s+-\s+yes/);
    expect(run.stdout).toMatch(/echo note\s+user\s+permission\s+60000 ms\s+allow\s+-\s+n\/a/);
  });

  it('lists every hook type by what it runs, and marks background hooks', async () => {
    const run = await world.run(['list', '--event', 'SessionEnd', '--json', '--project-dir', project]);
    expect(run.code).toBe(0);
    const [listed] = (JSON.parse(run.stdout) as { events: ListedEvent[] }).events;
    expect(listed?.hooks.map((hook) => [hook.type, hook.name, hook.command, hook.background])).toEqual([
      ['command', 'echo indexed', 'echo indexed', true],
      ['http', 'audit', 'https://audit.example/hook', undefined],
      ['mcp_tool', 'mcp_tool: scanner/scan', 'mcp_tool: scanner/scan', undefined],
    ]);
    const text = await world.run(['list', '--event', 'SessionEnd', '--project-dir', project]);
    expect(text.stdout).toMatch(/echo indexed\s+user.*background/);
  });

  it('--json --event takes an alias and gives the plan in priority order', async () => {
    const run = await world.run([
      'list',
      '--json',
      '--event',
      'PreToolUse',
      '--tool',
      'read_file',
      '--project-dir',
      project,
    ]);
    expect(run.code).toBe(0);
    const { events } = JSON.parse(run.stdout) as { events: ListedEvent[] };
    expect(events.map((listed) => listed.event)).toEqual(['BeforeTool']);
    const [listed] = events;
    expect(listed?.mode).toBe('parallel'); // the sequential group does not match read_file
    // Trust before dedup: the unapproved project copy of `echo read` never shadows the user's (trusted) one.
    expect(listed?.hooks.map((hook) => [hook.command, hook.source, hook.matches, hook.duplicate, hook.trust])).toEqual([
      ['./guard.sh', 'project', false, false, 'needs-approval'],
      ['echo read', 'project', true, true, 'needs-approval'],
      ['echo any', 'user', true, false, 'not-needed'],
      ['echo read', 'user', true, false, 'not-needed'],
    ]);
    expect(listed?.hooks[0]).toMatchObject({
      file: projectFile,
      pointer: '/hooks/BeforeTool/0/hooks/0',
      line: 11,
      timeoutMs: 5000,
      failurePolicy: 'block',
      sequential: true,
      matcher: '^write_',
    });
    expect(listed?.hooks[2]).toMatchObject({ file: userFile, timeoutMs: 60_000, failurePolicy: 'allow' });
  });
});

describe('hookstream list: trust', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  const trustWorld = new CliWorld();
  afterAll(() => {
    expect(trustWorld.leftovers()).toEqual([]);
    trustWorld.cleanup();
  });

  it("shows each hook's trust state, and which copy of a command runs as approvals change", async () => {
    const dir = trustWorld.dir('project');
    trustWorld.write('project/.hookstream/guard.sh', '#!/bin/sh\necho guard\n', 0o755);
    trustWorld.write(
      'project/.hookstream/settings.json',
      enabledSettings({ BeforeTool: [group(['.hookstream/guard.sh', 'echo shared'])] }),
    );
    trustWorld.write('home/.hookstream/settings.json', { hooks: { BeforeTool: [group(['echo shared'])] } });
    const listed = async () => {
      const run = await trustWorld.run(['list', '--json', '--project-dir', dir]);
      const { events } = JSON.parse(run.stdout) as { events: ListedEvent[] };
      return events[0]?.hooks.map((hook) => [hook.command, hook.source, hook.trust, hook.duplicate]);
    };
    expect(await listed()).toEqual([
      ['.hookstream/guard.sh', 'project', 'needs-approval', false],
      ['echo shared', 'project', 'needs-approval', true],
      ['echo shared', 'user', 'not-needed', false],
    ]);
    expect((await trustWorld.run(['trust', '--all', '--project-dir', dir])).code).toBe(0);
    // Approved, the project's equal copy still never stands for the user's hook: the user's runs.
    expect(await listed()).toEqual([
      ['.hookstream/guard.sh', 'project', 'approved', false],
      ['echo shared', 'project', 'approved', true],
      ['echo shared', 'user', 'not-needed', false],
    ]);
    trustWorld.write('project/.hookstream/guard.sh', '#!/bin/sh\necho edited\n', 0o755);
    const table = await trustWorld.run(['list', '--project-dir', dir]);
    expect(table.stdout).toMatch(/\.hookstream\/guard\.sh\s+project\s+\*\s+60000 ms\s+allow\s+changed since approval/);
  });
});
