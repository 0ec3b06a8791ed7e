/**
 * The trust examples of docs/security.md, executed: each line of the `trust-cli` block runs against a project with a
 * `lint` hook (exit status and the states it leaves checked), and the `trust-list-output` block is what
 * `hookstream trust --list` really prints (hash and the system's bash path aside).
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TrustView } from '../../lib/cli/trustView.js';
import { docBlocks } from '../docs/readmeBlocks.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld } from './cliHarness.js';

const blocks = docBlocks();
const block = (id: string): string => {
  const found = blocks.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no page of the docs has a block marked <!-- readme.spec: ${id} -->`);
  return found.code;
};

const world = new CliWorld();
afterAll(() => {
  expect(world.leftovers()).toEqual([]);
  world.cleanup();
});

/** The settings of the page's sample: the `lint` hook at line 8, column 11. */
const SETTINGS = `{
  "tools": { "enableHooks": true },
  "hooks": {
    "BeforeTool": [
      {
        "matcher": "^write_file$",
        "hooks": [
          { "type": "command", "name": "lint", "command": "bash -e .hookstream/lint.sh" },
          { "type": "command", "name": "other", "command": "./.hookstream/other.sh" }
        ]
      }
    ]
  }
}
`;
const projectOf = (name: string): string => {
  world.write(`${name}/.hookstream/lint.sh`, '#!/bin/sh\necho lint\n', 0o755);
  world.write(`${name}/.hookstream/other.sh`, '#!/bin/sh\necho other\n', 0o755);
  world.write(`${name}/.hookstream/settings.json`, SETTINGS);
  return path.join(world.root, name);
};

const states = async (project: string): Promise<string> => {
  const run = await world.run(['trust', '--list', '--json', '--project-dir', project]);
  const { hooks } = JSON.parse(run.stdout) as { hooks: TrustView[] };
  return hooks.map((hook) => `${hook.hook}=${hook.state}`).join(' ');
};

describe('docs: trust examples', { timeout: CLI_TEST_TIMEOUT_MS * 2 }, () => {
  it('runs every line of the trust-cli block as described', async () => {
    const project = projectOf('cli');
    const lines = block('trust-cli')
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim().split(/\s+/))
      .filter((words) => words[0] === 'hookstream');
    // Per line: its exit status and the states it leaves.
    const expected: [number, string][] = [
      [0, 'lint=needs-approval other=needs-approval'],
      [1, 'lint=needs-approval other=needs-approval'],
      [0, 'lint=approved other=needs-approval'],
      [0, 'lint=approved other=approved'],
      [0, 'lint=needs-approval other=approved'],
      [0, 'lint=needs-approval other=approved'],
    ];
    expect(lines).toHaveLength(expected.length);
    for (const [index, words] of lines.entries()) {
      const run = await world.run([...words.slice(1), '--project-dir', project]);
      expect([words.join(' '), run.code, await states(project)]).toEqual([words.join(' '), ...(expected[index] ?? [])]);
    }
  });

  it('prints what the trust-list-output block shows', async () => {
    const project = projectOf('output');
    expect((await world.run(['trust', '--hook', 'lint', '--project-dir', project])).code).toBe(0);
    appendFileSync(path.join(project, '.hookstream', 'lint.sh'), 'echo changed\n');
    const run = await world.run(['trust', '--list', '--hook', 'lint', '--project-dir', project]);
    const normal = (text: string) =>
      text
        .trimEnd()
        .replace(/sha256 [0-9a-f]{12}…/g, 'sha256 …')
        .replace(/bash \(\/\S*bash\)/g, 'bash (…)');
    expect(normal(run.stdout)).toBe(normal(block('trust-list-output')));
  });
});
