/**
 * `replayRecording` and `diffDecisions` as a library: a session recorded under one policy and replayed
 * under another reports exactly the flipped events; each recorded session gets its own hook system with
 * its recorded id (per-session policy state is rebuilt), one session at a time — a system and its persistent
 * workers (found by a marker scan) are gone before the next session's system is made; an event the hooks now refuse is a
 * change of its own; key order and absent-vs-false flags are not changes.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FunctionHook } from '../../lib/model/types.js';
import { diffDecisions } from '../../lib/tools/decisionDiff.js';
import { readRecording } from '../../lib/observe/recording.js';
import { replayRecording } from '../../lib/tools/replay.js';
import { createHookSystem, type HookSystem } from '../../lib/system/createHookSystem.js';
import { fixture, MARKER_VARIABLE, markedProcesses } from '../process/processHarness.js';

const WORKER = fixture('persistent-worker.mjs');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookstream-replay-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Denies shell commands matching `pattern`; also counts calls per session (a loop guard's state). */
const shellPolicy = (pattern: RegExp, seen: Map<string, number>): FunctionHook => ({
  type: 'function',
  name: 'shell-policy',
  run: (input) => {
    seen.set(input.session_id, (seen.get(input.session_id) ?? 0) + 1);
    const command = String((input as { tool_input?: { command?: unknown } }).tool_input?.command);
    return pattern.test(command) ? { decision: 'deny', reason: 'dangerous command' } : { decision: 'allow' };
  },
});

const record = async (file: string, sessionId: string, commands: string[]): Promise<void> => {
  const hooks = createHookSystem({ record: file, sessionId });
  hooks.register('BeforeTool', shellPolicy(/rm -rf/, new Map()));
  for (const command of commands)
    await hooks.fire('BeforeTool', { tool_name: 'run_shell_command', tool_input: { command } });
  await hooks.dispose();
};

describe('replayRecording', () => {
  it('reports exactly the events whose decision flipped, per session, and disposes every system', async () => {
    const file = path.join(dir, 'two-sessions.jsonl');
    await record(file, 'session-1', ['ls', 'rm -rf build', 'curl x | sh']);
    await record(file, 'session-2', ['curl y | sh']);
    const seen = new Map<string, number>();
    const systems: HookSystem[] = [];
    const report = await replayRecording(readRecording(file), {
      createSystem: (sessionId) => {
        const hooks = createHookSystem({ sessionId });
        hooks.register('BeforeTool', shellPolicy(/rm -rf|\| sh/, seen));
        systems.push(hooks);
        return hooks;
      },
    });
    expect(report.events).toBe(4);
    expect(report.changed.map((change) => [change.line, change.session, change.input, change.changes])).toEqual([
      [
        3,
        'session-1',
        'run_shell_command {"command":"curl x | sh"}',
        [
          { field: 'decision', before: 'allow', after: 'deny' },
          { field: 'blocked', before: false, after: true },
          { field: 'reason', before: undefined, after: 'dangerous command' },
        ],
      ],
      [4, 'session-2', 'run_shell_command {"command":"curl y | sh"}', expect.any(Array)],
    ]);
    expect(Object.fromEntries(seen)).toEqual({ 'session-1': 3, 'session-2': 1 });
    expect(systems.map((hooks) => hooks.sessionId)).toEqual(['session-1', 'session-2']);
    await expect(systems[0]?.fire('SessionStart', { source: 'startup' })).rejects.toThrow(/disposed/);
  });

  it('replays one session at a time: each system and its workers are gone before the next is made', async () => {
    const file = path.join(dir, 'interleaved.jsonl');
    await record(file, 'recorded', ['ls', 'rm -rf build', 'curl x | sh', 'pwd']);
    // Sessions interleaved in the file: a, b, a, b.
    const entries = readRecording(file).map((entry, index) => ({
      line: entry.line,
      recorded: Object.assign({}, entry.recorded, { session: index % 2 === 0 ? 'a' : 'b' }),
    }));
    const marker = randomUUID();
    const seen = new Map<string, number>();
    let live = 0;
    const atCreate: { session: string; liveSystems: number; workers: number[] }[] = [];
    const report = await replayRecording(entries, {
      createSystem: (sessionId) => {
        atCreate.push({ session: sessionId, liveSystems: live, workers: markedProcesses(marker) });
        const hooks = createHookSystem({ sessionId, spawnHelper: false });
        hooks.register('BeforeTool', shellPolicy(/rm -rf/, seen));
        hooks.register('BeforeTool', {
          type: 'command',
          name: 'worker',
          command: 'node',
          args: [WORKER],
          persistent: true,
          env: { [MARKER_VARIABLE]: marker },
        });
        live += 1;
        const dispose = hooks.dispose.bind(hooks);
        return Object.assign(Object.create(hooks) as HookSystem, {
          dispose: async () => {
            await dispose();
            live -= 1;
          },
        });
      },
    });
    expect(atCreate).toEqual([
      { session: 'a', liveSystems: 0, workers: [] },
      { session: 'b', liveSystems: 0, workers: [] },
    ]);
    expect(live).toBe(0);
    expect(markedProcesses(marker)).toEqual([]);
    // Per-session state is whole: each session's events reached its one system.
    expect(Object.fromEntries(seen)).toEqual({ a: 2, b: 2 });
    // A worker ran for every event (its answer is a new systemMessage), and changes come in file order.
    expect(report.changed.map((change) => [change.line, change.session])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'a'],
      [4, 'b'],
    ]);
    const workerPids = new Set(
      report.changed.map((change) => {
        const message = change.changes.find((entry) => entry.field === 'systemMessage')?.after;
        return (JSON.parse(String(message)) as { pid: number }).pid;
      }),
    );
    expect(workerPids.size).toBe(2);
  });

  it('reports an event the hooks now refuse as a change of field "error"', async () => {
    const file = path.join(dir, 'one.jsonl');
    await record(file, 's', ['ls']);
    const [entry] = readRecording(file);
    const broken = { line: 1, recorded: Object.assign({}, entry!.recorded, { fields: { tool_name: 42 } }) };
    const report = await replayRecording([broken], { createSystem: () => createHookSystem() });
    expect(report.changed[0]?.changes).toEqual([
      { field: 'error', before: undefined, after: expect.stringContaining('tool_name') as string },
    ]);
  });
});

describe('diffDecisions', () => {
  it('ignores key order and treats an absent flag as false', () => {
    expect(
      diffDecisions(
        { blocked: false, toolInput: { a: 1, b: { c: 2, d: 3 } } },
        { toolInput: { b: { d: 3, c: 2 }, a: 1 }, suppressOutput: false },
      ),
    ).toEqual([]);
  });

  it('lists changed fields in report order: rewritten input and output included', () => {
    expect(
      diffDecisions(
        { decision: 'allow', toolInput: { command: 'ls' }, systemMessage: 'ok' },
        { decision: 'allow', toolInput: { command: 'timeout 60 ls' }, additionalContext: 'ctx' },
      ).map((change) => change.field),
    ).toEqual(['toolInput', 'systemMessage', 'additionalContext']);
  });
});
