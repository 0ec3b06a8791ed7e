/**
 * Every status a planned guard can have in the ledger, each for a real guard configured in settings files: ran
 * and decided, ran and failed (timeout, crash), not run because untrusted, its `if` condition false, deduplicated
 * (by the copy that stands for it), disabled by a switch (a disabled name; hooks switched off), skipped by the host
 * (no prompt evaluator), and ended by a blocking hook earlier in its chain. `audit coverage` groups the required
 * ones by cause and fails CI; `audit show` prints one event.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../lib/cli/program.js';
import { ledgerCoverage } from '../../lib/ledger/ledgerCoverage.js';
import type { LedgerGuard } from '../../lib/ledger/ledgerRecord.js';
import { createHookSystem } from '../../lib/system/createHookSystem.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookstream-ledger-causes-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const write = (name: string, value: unknown): string => {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
};

const allow = `echo '{"decision":"allow"}'`;

/** User settings: a shared guard, a disabled one, a prompt guard, a slow one, one that crashes; a Bash chain. */
const userSettings = {
  tools: { enableHooks: true },
  hooksConfig: { disabled: ['off-guard'] },
  hooks: {
    BeforeTool: [
      {
        matcher: 'Write',
        hooks: [
          { type: 'command', command: allow, name: 'shared', required: true },
          { type: 'command', command: 'echo off', name: 'off-guard', required: true },
          { type: 'prompt', prompt: 'judge $ARGUMENTS', name: 'judge', required: true },
          { type: 'command', command: 'sleep 5', name: 'slow', timeout: 300, required: true },
          { type: 'command', command: 'exit 1', name: 'crashes', required: true },
        ],
      },
      {
        matcher: 'Bash',
        sequential: true,
        hooks: [
          { type: 'command', command: 'echo no >&2; exit 2', name: 'blocker' },
          { type: 'command', command: allow, name: 'after-blocker', required: true },
        ],
      },
    ],
  },
};

/** Project settings: the same shared guard (the user's copy stands for it) and a guard nobody approved. */
const projectSettings = {
  hooks: {
    BeforeTool: [
      {
        matcher: 'Write',
        hooks: [
          { type: 'command', command: allow, name: 'shared', required: true },
          { type: 'command', command: 'echo unapproved', name: 'unapproved', required: true },
        ],
      },
    ],
  },
};

/** A Claude Code file: a guard whose `if` holds only for `.env` files. */
const claudeSettings = {
  hooks: {
    PreToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: 'echo env', if: 'Write(.env*)' }] }],
  },
};

interface EventLine {
  r: { type: string; event: string; eventId?: number; guards: LedgerGuard[]; decision: { blocked: boolean } };
}

const events = (file: string): EventLine['r'][] =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as EventLine).r)
    .filter((record) => record.type === 'event');

/** The guards by name; the first of two copies of one name (plan order comes first). */
const byName = (guards: readonly LedgerGuard[]): Record<string, LedgerGuard> => {
  const named: Record<string, LedgerGuard> = {};
  for (const guard of guards) named[guard.name] ??= guard;
  return named;
};

const cli = async (...argv: string[]): Promise<{ status: number; out: string }> => {
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const context = { stdout, stderr: stdout, stdin: new PassThrough(), color: false, cwd: dir, status: 0 };
  const status = await runCli(argv, context);
  return { status, out };
};

describe('ledger: why each planned guard did or did not decide', () => {
  it('records every status for real configured guards', async () => {
    const ledger = path.join(dir, 'decisions.ledger');
    const settings = [
      { scope: 'user' as const, path: write('user.json', userSettings) },
      { scope: 'project' as const, path: write('project.json', projectSettings) },
      { scope: 'user' as const, path: write('claude.json', claudeSettings), dialect: 'claude' as const },
    ];
    const hooks = createHookSystem({
      settings,
      projectDir: dir,
      trust: { store: path.join(dir, 'trusted.json') },
      ledger,
      spawnHelper: false,
    });
    await hooks.fire('BeforeTool', { tool_name: 'Write', tool_input: { file_path: 'src/a.ts', content: 'x' } });
    await hooks.fire('BeforeTool', { tool_name: 'Bash', tool_input: { command: 'ls' } });
    await hooks.dispose();

    const [write1, bash] = events(ledger);
    const guards = byName(write1?.guards ?? []);
    expect(guards.shared).toMatchObject({
      scope: 'user',
      status: 'ran-and-decided',
      decision: 'allow',
      required: true,
    });
    expect(guards.slow).toMatchObject({ status: 'ran-and-failed', failure: 'timeout' });
    expect(guards.crashes).toMatchObject({ status: 'ran-and-failed', failure: 'crash' });
    expect(guards.judge).toMatchObject({ status: 'skipped-by-host' });
    expect(guards.unapproved).toMatchObject({ scope: 'project', status: 'not-run-untrusted', pin: 'trust' });
    expect(guards['off-guard']).toMatchObject({ status: 'not-run-disabled', pointer: '/hooks/BeforeTool/0/hooks/1' });
    expect(guards['off-guard']?.by).toContain('hooksConfig.disabled');
    expect(guards['echo env']).toMatchObject({ status: 'not-run-condition-false', by: 'Write(.env*)' });
    const copies = (write1?.guards ?? []).filter((guard) => guard.name === 'shared');
    expect(copies.map((guard) => [guard.scope, guard.status])).toEqual([
      ['user', 'ran-and-decided'],
      ['project', 'not-run-deduplicated'],
    ]);
    expect(copies[1]?.by).toBe(copies[0]?.fingerprint);
    expect(guards.shared?.file).toBe(settings[0]?.path);

    const chain = byName(bash?.guards ?? []);
    expect(chain.blocker).toMatchObject({ status: 'ran-and-decided', decision: 'block' });
    expect(chain['after-blocker']).toMatchObject({ status: 'not-run-chain-ended', required: true });

    const coverage = ledgerCoverage(ledger);
    expect(Object.keys(coverage.gaps).sort()).toEqual([
      'not-run-chain-ended',
      'not-run-deduplicated',
      'not-run-disabled',
      'not-run-untrusted',
      'ran-and-failed: crash',
      'ran-and-failed: timeout',
      'skipped-by-host',
    ]);
    const run = await cli('audit', 'coverage', ledger);
    expect(run.status).toBe(2);
    expect(run.out).toContain('not-run-untrusted: 1');
    const shown = await cli('audit', 'show', ledger, '--event', String(bash?.eventId), '--json');
    expect(shown.status).toBe(0);
    expect(JSON.parse(shown.out)).toMatchObject([{ record: { event: 'BeforeTool', eventId: bash?.eventId } }]);
    expect((await cli('audit', 'show', ledger, '--event', '999')).status).toBe(1);
  });

  it('records guards of hooks switched off altogether as disabled by that switch', async () => {
    const ledger = path.join(dir, 'off.ledger');
    const off = { ...userSettings, tools: { enableHooks: false } };
    const hooks = createHookSystem({
      settings: [{ scope: 'user', path: write('user.json', off) }],
      projectDir: dir,
      trust: false,
      ledger,
    });
    await hooks.fire('BeforeTool', { tool_name: 'Write', tool_input: { file_path: 'a' } });
    await hooks.dispose();
    const [record] = events(ledger);
    const guards = record?.guards ?? [];
    expect(guards.length).toBeGreaterThan(0);
    expect(new Set(guards.map((guard) => guard.status))).toEqual(new Set(['not-run-disabled']));
    expect(guards[0]?.by).toContain('enableHooks');
  });

  it('records an event no guard matched, with no guard, and passes coverage', async () => {
    const ledger = path.join(dir, 'none.ledger');
    const hooks = createHookSystem({ trust: false, ledger });
    hooks.register(
      'BeforeTool',
      { type: 'function', name: 'g', required: true, run: () => undefined },
      { matcher: 'Write' },
    );
    await hooks.fire('BeforeTool', { tool_name: 'Read', tool_input: {} });
    await hooks.fire('BeforeTool', { tool_name: 'Write', tool_input: {} });
    await hooks.dispose();
    const [read, written] = events(ledger);
    expect(read?.guards).toEqual([]);
    expect(written?.guards.map((guard) => guard.status)).toEqual(['ran-and-decided']);
    expect((await cli('audit', 'coverage', ledger)).status).toBe(0);
  });
});
