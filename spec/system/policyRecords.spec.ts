/**
 * What the watchers are told while session policies decide: `decisions$` (and so recordings, the dashboard and
 * the ledger, which read the same trace) carries the result the host got, with the policies' verdicts joined —
 * on the no-hook path, when hooks ran, and when a policy denied before any hook could run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHookSystem, type HookSystem } from '../../lib/index.js';
import type { DecisionRecord } from '../../lib/observe/decisionRecord.js';
import { limit } from '../../lib/session/rules/limit.js';

const dir = mkdtempSync(join(tmpdir(), 'hs-policy-records-'));
let hooks: HookSystem | undefined;
afterEach(async () => {
  await hooks?.dispose();
  hooks = undefined;
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const shell = (command: string) => ({ tool_name: 'Bash', tool_input: { command } });

/** A system allowing one shell command per session, its decision records collected. */
const watched = (withHook: boolean) => {
  const system = createHookSystem({ projectDir: dir, sessionId: 'records' });
  hooks = system;
  system.sessionPolicy('one-shell', limit({ match: '^Bash$', count: 1 }));
  const ran: string[] = [];
  if (withHook)
    system.register('BeforeTool', {
      type: 'function',
      name: 'audit',
      run: (input) => {
        ran.push(String((input as { tool_input?: { command?: unknown } }).tool_input?.command));
        return undefined;
      },
    });
  const records: DecisionRecord[] = [];
  system.decisions$.subscribe((record) => records.push(record));
  return { system, records, ran };
};

describe('decision records while session policies decide', () => {
  it.each([
    ['no hook for the event', false],
    ['a hook planned for the event', true],
  ])('%s: the denied call is recorded as the host got it', async (_, withHook) => {
    const { system, records, ran } = watched(withHook);
    const first = await system.fire('BeforeTool', shell('ls'));
    const second = await system.fire('BeforeTool', shell('rm -rf build'));
    expect(first.blocked).toBe(false);
    expect(second.blocked).toBe(true);
    // A policy's deny answers at once: the planned hook never saw the call.
    expect(ran).toEqual(withHook ? ['ls'] : []);
    expect(records.map((record) => [record.input.startsWith('Bash'), record.result.blocked])).toEqual([
      [true, false],
      [true, true],
    ]);
    expect(records[1]?.result.reason).toBe(second.reason);
    expect(records[1]?.result.hooks.map((hook) => hook.name)).toEqual(second.hooks.map((hook) => hook.name));
  });

  it('a verdict that joins the hooks result is on the record too', async () => {
    const system = createHookSystem({ projectDir: dir, sessionId: 'ask' });
    hooks = system;
    system.sessionPolicy('ask-second', limit({ match: '^Bash$', count: 1, decision: 'ask' }));
    system.register('BeforeTool', { type: 'function', name: 'audit', run: () => undefined });
    const records: DecisionRecord[] = [];
    system.decisions$.subscribe((record) => records.push(record));
    await system.fire('BeforeTool', shell('ls'));
    const second = await system.fire('BeforeTool', shell('ls -la'));
    expect(records).toHaveLength(2);
    expect(records[1]?.result.decision).toBe(second.decision);
    expect(records[1]?.result.hooks.map((hook) => hook.name)).toEqual(second.hooks.map((hook) => hook.name));
  });
});
