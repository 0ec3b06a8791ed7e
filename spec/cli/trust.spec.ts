/**
 * `hookstream trust`, run for real: per-hook approval (`--hook`, `--all`, a prompt per hook on a
 * terminal, a hint and exit 1 otherwise), what each approval pins, `--list` states, `--revoke` and
 * `--prune`, one clear line for every store error, and eight concurrent approvals that are all kept.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TrustView } from '../../lib/cli/trustView.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld, enabledSettings, MAIN, REPO_ROOT, type CliRun } from './cliHarness.js';

const worlds: CliWorld[] = [];
afterAll(() => {
  for (const world of worlds) {
    expect(world.leftovers()).toEqual([]);
    world.cleanup();
  }
});
const newWorld = (): CliWorld => {
  const world = new CliWorld();
  worlds.push(world);
  return world;
};

/** A project with hooks `a` and `b`, each running its own script. */
const twoHooks = (world: CliWorld, name = 'project'): string => {
  for (const hook of ['a', 'b']) world.write(`${name}/.hookstream/${hook}.sh`, `#!/bin/sh\necho ${hook}\n`, 0o755);
  world.write(
    `${name}/.hookstream/settings.json`,
    enabledSettings({
      BeforeTool: [
        {
          hooks: [
            { type: 'command', name: 'a', command: 'bash -e .hookstream/a.sh' },
            { type: 'command', name: 'b', command: 'nice .hookstream/b.sh' },
          ],
        },
      ],
    }),
  );
  return path.join(world.root, name);
};

const states = async (world: CliWorld, project: string): Promise<Record<string, string>> => {
  const run = await world.run(['trust', '--list', '--json', '--project-dir', project]);
  const { hooks } = JSON.parse(run.stdout) as { hooks: TrustView[] };
  return Object.fromEntries(hooks.map((hook) => [hook.hook, hook.state]));
};

/** The store's error as the user sees it: exit 1, one `hookstream:` line on stderr, no stack. */
const expectOneLine = (run: CliRun, message: RegExp): void => {
  expect(run.code).toBe(1);
  expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(message)]);
  expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
};

describe('hookstream trust: approving per hook', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  const world = newWorld();
  const project = twoHooks(world);

  it('without a terminal or --all/--hook, shows what needs approval and what it pins, and exits 1', async () => {
    const run = await world.run(['trust', '--project-dir', project]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^a {2}BeforeTool {2}needs approval$/m);
    expect(run.stdout).toMatch(/command {5}bash -e \.hookstream\/a\.sh/);
    expect(run.stdout).toMatch(/pins {8}\.hookstream\/a\.sh \(script, sha256 [0-9a-f]{12}…\)/);
    expect(run.stdout).toMatch(/not pinned {2}.*bash.*: a system file\n\s+files \.hookstream\/a\.sh sources/);
    expect(run.stdout).toMatch(/pins {8}\.hookstream\/b\.sh \(program, sha256/);
    expect(run.stderr).toBe(
      'hookstream: 2 hooks need approval; review them above, then run `hookstream trust --all` (or `--hook NAME` for one)\n',
    );
    expect(await states(world, project)).toEqual({ a: 'needs-approval', b: 'needs-approval' });
  });

  it('--hook approves only the hooks named; an unknown name is an error that lists the known ones', async () => {
    const unknown = await world.run(['trust', '--hook', 'nope', '--project-dir', project]);
    expectOneLine(
      unknown,
      /^hookstream: no project or extension hook named "nope" in .* \(hooks that need approval: a, b\)$/,
    );
    const run = await world.run(['trust', '--hook', 'a', '--project-dir', project]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/1 hook approved; approvals are kept in .*trusted-hooks\.json/);
    expect(await states(world, project)).toEqual({ a: 'approved', b: 'needs-approval' });

    const all = await world.run(['trust', '--all', '--project-dir', project]);
    expect(all.stdout).toMatch(/1 hook approved \(1 already approved\)/);
    appendFileSync(path.join(project, '.hookstream', 'b.sh'), 'echo changed\n');
    expect(await states(world, project)).toEqual({ a: 'approved', b: 'changed' });
    const listed = await world.run(['trust', '--list', '--project-dir', project]);
    expect(listed.stdout).toMatch(/^b {2}BeforeTool {2}changed since approval$/m);

    // Approving the changed hook replaces its old approval: one approval per hook in the store.
    await world.run(['trust', '--hook', 'b', '--project-dir', project]);
    const store = JSON.parse(readFileSync(path.join(world.home, '.hookstream', 'trusted-hooks.json'), 'utf8')) as {
      approved: Record<string, { hook: string }>;
    };
    expect(
      Object.values(store.approved)
        .map((entry) => entry.hook)
        .sort(),
    ).toEqual(['a', 'b']);

    const revoked = await world.run(['trust', '--revoke', '--hook', 'a', '--project-dir', project]);
    expect(revoked.stdout).toMatch(/^revoked 1 approval for /);
    expect(await states(world, project)).toEqual({ a: 'needs-approval', b: 'approved' });
  });

  it('--prune removes approvals whose project is gone', async () => {
    const gone = twoHooks(world, 'gone');
    expect((await world.run(['trust', '--all', '--project-dir', gone])).code).toBe(0);
    rmSync(gone, { recursive: true });
    const run = await world.run(['trust', '--prune', '--project-dir', project]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^pruned 2 stale approvals from .*\n {2}a \(BeforeTool\) in .*gone\n {2}b \(BeforeTool\) in .*gone$/m,
    );
  });
});

describe('hookstream trust: store errors are one line', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('a store path that is a directory', async () => {
    const world = newWorld();
    const project = twoHooks(world);
    mkdirSync(path.join(world.home, '.hookstream', 'trusted-hooks.json'), { recursive: true });
    expectOneLine(
      await world.run(['trust', '--all', '--project-dir', project]),
      /^hookstream: nothing can be approved: the trust store .*trusted-hooks\.json is a directory, not a file; remove it or point the store elsewhere$/,
    );
    expectOneLine(await world.run(['trust', '--revoke', '--project-dir', project]), /is a directory, not a file/);
  });

  it('a store others can write', async () => {
    const world = newWorld();
    const project = twoHooks(world);
    expect((await world.run(['trust', '--hook', 'a', '--project-dir', project])).code).toBe(0);
    const store = path.join(world.home, '.hookstream', 'trusted-hooks.json');
    chmodSync(store, 0o666);
    expectOneLine(
      await world.run(['trust', '--all', '--project-dir', project]),
      /^hookstream: nothing can be approved: the trust store .* is writable by others \(mode 0666\); nothing in it is trusted until `chmod 600 .*`$/,
    );
    const listed = await world.run(['trust', '--list', '--project-dir', project]);
    expect(listed.code).toBe(0);
    expect(listed.stderr).toMatch(/^hookstream: the trust store .* is writable by others/);
    expect(listed.stdout).toMatch(/^a {2}BeforeTool {2}needs approval$/m);
  });
});

describe('hookstream trust: concurrency', { timeout: CLI_TEST_TIMEOUT_MS * 2 }, () => {
  it('eight concurrent approvals in eight projects with one HOME are all kept', async () => {
    const world = newWorld();
    const projects = Array.from({ length: 8 }, (_, index) => twoHooks(world, `p${index}`));
    const runs = await Promise.all(projects.map((project) => world.run(['trust', '--all', '--project-dir', project])));
    expect(runs.map((run) => run.code)).toEqual(Array(8).fill(0));
    const store = JSON.parse(readFileSync(path.join(world.home, '.hookstream', 'trusted-hooks.json'), 'utf8')) as {
      approved: Record<string, { project: string }>;
    };
    expect(Object.keys(store.approved)).toHaveLength(16);
    expect(new Set(Object.values(store.approved).map((entry) => path.basename(entry.project)))).toEqual(
      new Set(projects.map((project) => path.basename(project))),
    );
    expect(existsSync(path.join(world.home, '.hookstream', 'trusted-hooks.json.lock'))).toBe(false);
  });
});

/** Runs `hookstream trust` on a pseudo-terminal (`script`), answering each prompt as it appears. */
const onTerminal = (world: CliWorld, project: string, answers: string[]): Promise<string> =>
  new Promise((resolve, reject) => {
    const line = `${process.execPath} ${MAIN} trust --project-dir ${project}`;
    const child = spawn('script', ['-qec', line, '/dev/null'], {
      cwd: REPO_ROOT,
      env: { ...process.env, HOME: world.home, NO_COLOR: '1', HOOKSTREAM_CLI_SPEC_MARKER: world.marker },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    let asked = 0;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const prompts = output.split('[q]uit: ').length - 1;
      while (asked < prompts) child.stdin.write(`${answers[asked++] ?? 'q'}\n`);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      resolve(output);
    });
  });

describe('hookstream trust: on a terminal', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it.runIf(existsSync('/usr/bin/script'))('asks per hook, showing what each approval pins', async () => {
    const world = newWorld();
    const project = twoHooks(world);
    const output = await onTerminal(world, project, ['n', 'y']);
    expect(output).toMatch(/pins {8}\.hookstream\/a\.sh \(script, sha256 [0-9a-f]{12}…\)[\s\S]*Approve "a"\?/);
    expect(output).toMatch(/Approve "b"\? \[y\]es, \[n\]o, \[a\]ll, \[q\]uit: /);
    expect(output).toMatch(/1 hook approved; approvals are kept in/);
    expect(await states(world, project)).toEqual({ a: 'needs-approval', b: 'approved' });
  });
});
