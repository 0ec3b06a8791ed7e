/**
 * `--dialect` on `trust`, `doctor` and `replay`, with the real `hookstream` command and an isolated HOME: a
 * `--settings` file that could be hookstream's or Gemini CLI's fails each command naming `--dialect`, and is read
 * in the format `--dialect` names (Gemini runs hooks without a switch, hookstream's format needs one); `--dialect`
 * alone keeps only that agent's standard files; an unknown agent is a usage error listing the known ones.
 * `replay` refuses a recording that is not a regular file or is over the size bound, naming it.
 */
import { execFileSync } from 'node:child_process';
import { truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_RECORDING_FILE_BYTES } from '../../lib/core/limits.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld, type CliCase } from './cliHarness.js';

const world = new CliWorld();
afterAll(() => world.finish());

const BLOCK_RM = `grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; }; exit 0`;
/** Events named as both hookstream and Gemini CLI name them, and no key of either alone. */
const ambiguous = {
  hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: BLOCK_RM }] }] },
};
const AMBIGUOUS_MESSAGE = 'cannot tell whose settings format this file is in';
const ATTACK = { tool_name: 'run_shell_command', tool_input: { command: 'rm -rf ~/' } };

const run = (where: CliCase, args: string[]) =>
  world.run([...args, '--project-dir', where.project], { env: where.env });

describe.concurrent('--dialect on trust, doctor and replay', { timeout: CLI_TEST_TIMEOUT_MS * 2 }, () => {
  for (const command of [['trust', '--list'], ['doctor'], ['replay']] as const) {
    const name = command[0];
    it(`${name}: an ambiguous --settings file fails naming --dialect; --dialect gemini reads it as Gemini's`, async () => {
      const where = world.setUpCase(`ambiguous-${name}`);
      const settings = world.write(`ambiguous-${name}/cfg/hooks.json`, ambiguous);
      const args: string[] = [...command];
      if (name === 'replay') {
        // A recording of the attack, blocked by the file read as Gemini's.
        const recording = path.join(where.home, 'session.jsonl');
        const fired = await world.fire(where, 'BeforeTool', ATTACK, [
          '--settings',
          settings,
          '--dialect',
          'gemini',
          '--record',
          recording,
        ]);
        expect(fired.result?.blocked).toBe(true);
        args.push(recording);
      }
      const refused = await run(where, [...args, '--settings', settings]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(AMBIGUOUS_MESSAGE);
      expect(refused.stderr).toContain('--dialect');

      const gemini = await run(where, [...args, '--settings', settings, '--dialect', 'gemini']);
      expect(gemini.stderr).toBe('');
      expect(gemini.code).toBe(0);
      if (name === 'doctor') expect(gemini.stdout).toContain('checked 1 hook');
      if (name === 'replay') expect(gemini.stdout).toContain('no decision changed');

      // Read as hookstream's, the same file has no `tools.enableHooks`: its hook never runs.
      const hookstream = await run(where, [...args, '--settings', settings, '--dialect', 'hookstream']);
      expect(hookstream.stderr).not.toContain(AMBIGUOUS_MESSAGE);
      if (name === 'doctor') expect(hookstream.stdout).toContain('never runs: not switched on');
      if (name === 'replay') {
        expect(hookstream.code).toBe(1);
        expect(hookstream.stdout).toContain('1 changed');
      }

      const unknown = await run(where, [...args, '--settings', settings, '--dialect', 'gemni']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('unknown dialect "gemni"; did you mean gemini?');
    });
  }

  it('trust --dialect claude: only Claude’s project hooks need approval, and only they are approved', async () => {
    const hook = (command: string) => ({ matcher: '.*', hooks: [{ type: 'command', command }] });
    const where = world.setUpCase('standard', {
      'project/.claude/settings.json': { hooks: { PreToolUse: [hook('echo claude-hook')] } },
      'project/.gemini/settings.json': { hooks: { BeforeTool: [hook('echo gemini-hook')] } },
    });
    const listed = await run(where, ['trust', '--list', '--json', '--dialect', 'claude']);
    expect(listed.code).toBe(0);
    const commands = (JSON.parse(listed.stdout) as { hooks: { command?: string }[] }).hooks.map((h) => h.command);
    expect(commands).toEqual(['echo claude-hook']);
    expect((await run(where, ['trust', '--all', '--dialect', 'claude'])).code).toBe(0);
    const after = await run(where, ['trust', '--list', '--json']);
    const left = (JSON.parse(after.stdout) as { hooks: { command?: string; state?: string }[] }).hooks;
    expect(left.map((h) => [h.command, h.state])).toEqual([
      ['echo claude-hook', expect.stringMatching(/approved/)],
      ['echo gemini-hook', expect.not.stringMatching(/approved/)],
    ]);
  });

  it('replay refuses a recording that is a named pipe or over the size bound, naming the file, limit and size', async () => {
    const where = world.setUpCase('recordings');
    const fifo = path.join(where.home, 'pipe.jsonl');
    execFileSync('mkfifo', [fifo]);
    const piped = await run(where, ['replay', fifo]);
    expect(piped.code).toBe(1);
    expect(piped.stderr).toContain(`${fifo} is a named pipe (FIFO), not a regular file`);
    const huge = path.join(where.home, 'huge.jsonl');
    writeFileSync(huge, '');
    truncateSync(huge, MAX_RECORDING_FILE_BYTES + 1);
    const refused = await run(where, ['replay', huge]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${huge} is ${MAX_RECORDING_FILE_BYTES + 1} bytes, over the 256 MiB limit`);
  });
});
