/**
 * Each agent's real input, through a real `hookstream fire` with an isolated HOME: a PostToolUse `tool_response`
 * that is an array (Claude's MCP content blocks), text or `null` (Codex) reaches the hook unchanged and its deny
 * counts; a Claude SessionStart `compact` matcher matches hookstream's `compress`; a Claude file passed with
 * `--settings` is read as Claude's (by path or content), and a file that could be either of two formats is
 * refused with the option that settles it; `import --from copilot` keeps Copilot's fail-closed preToolUse.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, CliWorld } from './cliHarness.js';

const world = new CliWorld();
const FIXTURES = fileURLToPath(new URL('../fixtures/dialects/', import.meta.url));
const GATE = path.join(FIXTURES, 'gate-witness.sh');

afterAll(() => world.finish());

const command = (text: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command: text, ...extra });
/** A Claude-shaped file (Claude, Codex): one group on `event`. */
const claudeShaped = (event: string, matcher: string, hook: Record<string, unknown>) => ({
  hooks: { [event]: [{ matcher, hooks: [hook] }] },
});
const BLOCK_RM = `grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; }; exit 0`;

describe.concurrent('hookstream fire: each agent’s real input shapes', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  const responses: readonly [string, unknown][] = [
    ['an array', [{ type: 'text', text: 'rows: 2' }]],
    ['text', 'file contents'],
    ['null', null],
  ];
  for (const [dialect, file] of [
    ['claude', '.claude/settings.json'],
    ['codex', '.codex/hooks.json'],
  ] as const) {
    responses.forEach(([kind, response], index) => {
      it(`${dialect}: a PostToolUse tool_response that is ${kind} runs the hook, unchanged, and its deny counts`, async () => {
        const where = world.setUpCase(`response-${dialect}-${index}`);
        const witness = path.join(where.home, 'stdin.json');
        const settings = world.write(
          `response-${dialect}-${index}/cfg/${file}`,
          claudeShaped('PostToolUse', '.*', command(`sh ${GATE} ${witness}`, { timeout: 30 })),
        );
        const input = { tool_name: 'mcp__db__query', tool_input: { sql: 'select 1' }, tool_response: response };
        const run = await world.fire(where, 'PostToolUse', Object.assign({ tool_use_id: 't1' }, input), [
          '--dialect',
          dialect,
          '--settings',
          settings,
        ]);
        expect(run.run.stderr).toBe('');
        expect(run.result?.blocked).toBe(true);
        expect(run.result?.reason).toBe('gate: checked');
        const seen = JSON.parse(readFileSync(witness, 'utf8')) as Record<string, unknown>;
        expect(seen).toMatchObject({ hook_event_name: 'PostToolUse', tool_use_id: 't1', tool_name: 'mcp__db__query' });
        expect(seen.tool_response).toEqual(response);
      });
    });
  }

  const compactSettings = {
    hooks: {
      SessionStart: [
        { matcher: 'compact', hooks: [command(`echo 'context after compaction'`)] },
        { matcher: 'startup', hooks: [command(`echo 'context at startup'`)] },
      ],
    },
  };

  it('a Claude SessionStart matcher "compact" matches a canonical compress event, and "startup" does not', async () => {
    const where = world.setUpCase('compact');
    const settings = world.write('compact/cfg/.claude/settings.json', compactSettings);
    const canonical = await world.fire(where, 'SessionStart', { source: 'compress' }, ['--settings', settings]);
    expect(canonical.run.code).toBe(0);
    expect(canonical.result?.additionalContext).toBe('context after compaction');
  });

  it('a Claude SessionStart matcher "compact" matches Claude’s own compact payload', async () => {
    const where = world.setUpCase('compact-native');
    const settings = world.write('compact-native/cfg/.claude/settings.json', compactSettings);
    const native = await world.fire(where, 'SessionStart', { source: 'compact' }, [
      '--dialect',
      'claude',
      '--settings',
      settings,
    ]);
    expect(native.result?.additionalContext).toBe('context after compaction');
  });

  it('a Claude matcher naming a word Claude never sends is reported at load', async () => {
    const where = world.setUpCase('vocabulary');
    const settings = world.write(
      'vocabulary/cfg/.claude/settings.json',
      claudeShaped('SessionStart', 'compress', command('echo hi')),
    );
    const run = await world.run(['validate', '--settings', settings, '--project-dir', where.project], {
      env: where.env,
    });
    expect(run.stdout + run.stderr).toContain('Claude Code calls "compress" "compact"');
  });

  for (const [how, file] of [
    ['its .claude/settings.json path', '.claude/settings.json'],
    ['its Claude-shaped content', 'guards.json'],
  ] as const) {
    it(`--settings reads a Claude file as Claude’s by ${how}: its PreToolUse hook denies rm -rf ~/`, async () => {
      const name = `by-${file.startsWith('.') ? 'path' : 'content'}`;
      const where = world.setUpCase(name);
      const settings = world.write(`${name}/cfg/${file}`, claudeShaped('PreToolUse', 'Bash', command(BLOCK_RM)));
      const input = { tool_name: 'Bash', tool_input: { command: 'rm -rf ~/' } };
      const attack = await world.fire(where, 'PreToolUse', input, ['--settings', settings]);
      expect(attack.run.code).toBe(2);
      expect(attack.result?.blocked).toBe(true);
      expect(attack.result?.reason).toBe('no rm -rf');
    });
  }

  it('a file that could be hookstream’s or Gemini’s, at a path that says neither, fails naming --dialect', async () => {
    const where = world.setUpCase('ambiguous');
    const settings = world.write('ambiguous/cfg/hooks.json', {
      hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [command(BLOCK_RM)] }] },
    });
    const input = { tool_name: 'run_shell_command', tool_input: { command: 'rm -rf ~/' } };
    const refused = await world.fire(where, 'BeforeTool', input, ['--settings', settings]);
    expect(refused.run.code).toBe(1);
    expect(refused.run.stderr).toContain('cannot tell whose settings format this file is in');
    expect(refused.run.stderr).toContain('--dialect');
    const named = await world.fire(where, 'BeforeTool', input, ['--settings', settings, '--dialect', 'gemini']);
    expect(named.run.code).toBe(2);
    expect(named.result?.blocked).toBe(true);
  });

  it('import --from copilot keeps the fail-closed preToolUse: a crashing guard blocks after import', async () => {
    const where = world.setUpCase('import-copilot', {
      'project/.github/hooks/guard.json': {
        version: 1,
        hooks: { preToolUse: [{ type: 'command', bash: 'sh ./missing-guard.sh', timeoutSec: 10 }] },
      },
    });
    const imported = await world.run(['import', '--from', 'copilot', '--project-dir', where.project], {
      env: where.env,
    });
    expect(imported.code).toBe(0);
    expect(imported.stdout + imported.stderr).toContain('"failurePolicy": "block"');
    await world.approve(where);
    const call = await world.fire(where, 'BeforeTool', { tool_name: 'bash', tool_input: { command: 'ls' } }, [
      '--dialect',
      'hookstream',
    ]);
    expect(call.result?.blocked).toBe(true);
    expect(call.run.code).toBe(2);
  });
});
