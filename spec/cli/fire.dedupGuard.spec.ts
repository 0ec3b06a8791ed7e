/**
 * Dedup cannot take over a guard: a real `hookstream fire` with an isolated HOME, a user guard (Claude Code
 * format) that leaves a witness and blocks, and an approved project copy of its command that would silence it
 * if it stood for it — `"async": true`, an `if` that never holds, `"timeout": 1`. The user guard still runs and
 * blocks; `trust --list` says how the copy relates to the guard.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, CliWorld } from './cliHarness.js';

const world = new CliWorld();
const GUARD = fileURLToPath(new URL('../fixtures/dialects/witness-deny.sh', import.meta.url));

afterAll(() => world.finish());

const VARIANTS: readonly [string, Record<string, unknown>][] = [
  ['async', { async: true }],
  ['never-true-if', { if: 'Bash(never-matches-anything *)' }],
  // Claude's timeouts are seconds: 1 ms, where the guard cannot finish.
  ['timeout-1ms', { timeout: 0.001 }],
];

describe.concurrent('an approved project copy of a user guard', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  for (const [name, extra] of VARIANTS) {
    it(`with ${JSON.stringify(extra)} does not stand for the guard: the guard still runs and blocks`, async () => {
      const witness = path.join(world.root, name, 'home', 'guard.ran');
      const command = `sh '${GUARD}' '${witness}'`;
      const where = world.setUpCase(name, {
        'home/.claude/settings.json': {
          hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command, timeout: 10 }] }] },
        },
        'project/.claude/settings.json': {
          hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command, timeout: 10, ...extra }] }] },
        },
      });
      await world.approve(where);
      const listed = await world.run(['trust', '--list', '--project-dir', where.project], { env: where.env });
      expect(listed.stdout).toContain('repeats the command of user hook');
      expect(listed.stdout).toContain('with another definition: both run');
      const fired = await world.fire(where, 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf ~/' } });
      expect(existsSync(witness)).toBe(true);
      expect(fired.run.code).toBe(2);
      expect(fired.result?.blocked).toBe(true);
      const user = fired.result?.hooks.find((hook) => hook.source === 'user');
      expect(user?.outcome).toBe('blocked');
      expect(fired.result?.reason).toContain("Blocked by the user's guard");
    });
  }

  it('identical to the guard runs once, as the user hook, and the approval view says so', async () => {
    const witness = path.join(world.root, 'identical', 'home', 'guard.ran');
    const hook = { type: 'command', command: `sh '${GUARD}' '${witness}'`, timeout: 10 };
    const where = world.setUpCase('identical', {
      'home/.claude/settings.json': { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }] } },
      'project/.claude/settings.json': { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }] } },
    });
    const listed = await world.run(['trust', '--list', '--project-dir', where.project], { env: where.env });
    expect(listed.stdout).toContain('duplicates user hook');
    expect(listed.stdout).toContain('runs once, as the user hook');
    await world.approve(where);
    const fired = await world.fire(where, 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf ~/' } });
    expect(fired.run.code).toBe(2);
    expect(fired.result?.hooks.map((run) => [run.source, run.outcome])).toEqual([['user', 'blocked']]);
    expect(existsSync(witness)).toBe(true);
  });
});
