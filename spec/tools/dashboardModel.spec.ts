/**
 * The dashboard's model without a browser: a live row drawn from `results$` records (bars placed on the
 * event's own time axis, running until they finish) and completed by the `decisions$` record, rows for
 * events no hook ran for, rows laid out from a recording (sequential bars one after another), the loud
 * problem of each run, per-hook latency, and the bound on rows kept.
 */
import { describe, expect, it } from 'vitest';
import type { HookActivity, HookRun } from '../../lib/model/types.js';
import { emptyHookResult } from '../../lib/aggregate/hookResult.js';
import { createDashboardModel, type DashboardMessage, type DashboardRow } from '../../lib/tools/dashboardModel.js';
import { decisionRecord } from '../../lib/observe/decisionRecord.js';
import type { RecordedEvent } from '../../lib/observe/recording.js';
import { hookLabel } from '../../lib/observe/hookLabel.js';

const run = (name: string, outcome: HookRun['outcome'], durationMs: number, extra: Partial<HookRun> = {}): HookRun =>
  Object.assign({ name, source: 'project' as const, outcome, durationMs }, extra);

const start = (eventId: number, hook: string, at: number): HookActivity => ({
  type: 'start',
  event: 'BeforeTool',
  eventId,
  hook,
  source: 'project',
  at,
});
const finish = (eventId: number, hookRun: HookRun, at: number): HookActivity => ({
  type: 'finish',
  event: 'BeforeTool',
  eventId,
  hook: hookRun.name,
  source: 'project',
  at,
  run: hookRun,
});

const rowsOf = (messages: readonly DashboardMessage[]): DashboardRow[] =>
  messages.flatMap((message) => (message.type === 'row' ? [message.row] : []));

describe('dashboard model', () => {
  it("labels a row with the project it was fed for, and only then (the daemon's dashboard of several)", () => {
    const model = createDashboardModel();
    const fields = { tool_name: 'Bash', tool_input: { command: 'ls' } };
    model.activity(start(21, 'guard', 1000), '/work/alpha');
    model.decision(decisionRecord('s', 1000, fields, false, emptyHookResult('BeforeTool', fields), 21), '/work/alpha');
    model.decision(decisionRecord('s', 1001, fields, false, emptyHookResult('BeforeTool', fields)), '/work/beta');
    model.decision(decisionRecord('s', 1002, fields, false, emptyHookResult('BeforeTool', fields)));
    expect(rowsOf(model.snapshot()).map((row) => [row.id, row.project])).toEqual([
      ['e21', '/work/alpha'],
      ['n1', '/work/beta'],
      ['n2', undefined],
    ]);
    expect('project' in (rowsOf(model.snapshot())[2] ?? {})).toBe(false);
  });

  it('draws a live row from results$ and completes it with the decision', () => {
    const model = createDashboardModel();
    const told: DashboardMessage[] = [];
    model.listen((message) => told.push(structuredClone(message)));
    model.activity(start(7, 'guard', 1010));
    model.activity(start(7, 'node "$DIR/hooks/audit.mjs"', 1012));
    model.activity(finish(7, run('guard', 'success', 5, { exitCode: 0 }), 1015));
    const [first, , third] = rowsOf(told);
    expect(first).toMatchObject({ id: 'e7', state: 'running', hooks: [{ name: 'guard', startMs: 0 }] });
    expect(third?.hooks.map((bar) => [bar.label, bar.outcome, bar.startMs, bar.durationMs])).toEqual([
      ['guard', 'success', 0, 5],
      ['audit.mjs', undefined, 2, undefined],
    ]);
    const fields = { tool_name: 'write_file', tool_input: { path: 'a.txt' } };
    const result = emptyHookResult('BeforeTool', fields);
    model.decision(decisionRecord('s', 1000, fields, false, result, 7));
    const decided = model.snapshot()[0];
    expect(decided?.type === 'row' ? decided.row : undefined).toMatchObject({
      id: 'e7',
      state: 'decided',
      input: 'write_file {"path":"a.txt"}',
      decision: 'none',
      at: 1000,
      // Planned 10 ms before the first hook started: bars keep their place on the event's axis.
      hooks: [{ startMs: 10 }, { startMs: 12 }],
    });
  });

  it('adds a row for an event no hook ran for, and lays out a recording row from durations', () => {
    const model = createDashboardModel();
    model.decision(decisionRecord('s', 5, { source: 'startup' }, false, emptyHookResult('SessionStart', {})));
    const recorded: RecordedEvent = {
      hookstream: 1,
      event: 'BeforeTool',
      session: 's',
      at: '2026-01-01T00:00:00.000Z',
      durationMs: 40,
      sequential: true,
      fields: { tool_name: 'run_shell_command', tool_input: { command: 'ls' } },
      result: {
        decision: 'deny',
        blocked: true,
        reason: 'no',
        stopped: false,
        suppressOutput: false,
        success: false,
        warnings: [],
        hooks: [run('first', 'success', 10), run('second', 'blocked', 30, { exitCode: 2 })],
      },
    };
    model.recorded({ line: 3, recorded });
    expect(
      rowsOf(model.snapshot()).map((row) => [row.id, row.event, row.decision, row.hooks.map((bar) => bar.startMs)]),
    ).toEqual([
      ['n1', 'SessionStart', 'none', []],
      ['r3', 'BeforeTool', 'deny', [0, 10]],
    ]);
  });

  it('names the problem of each run loudly and keeps latency per hook', () => {
    const model = createDashboardModel();
    const runs = [
      run('missing-tool', 'warning', 3, { exitCode: 127 }),
      run('./hooks/x.sh', 'warning', 2, { exitCode: 126, command: './hooks/x.sh' }),
      run('project-guard', 'untrusted', 0),
      run('slow', 'timeout', 100),
      run('slow', 'success', 20),
      run('slow', 'success', 10),
      run('strict', 'blocked', 1, { exitCode: 1, strictFailure: 'warning' }),
    ];
    runs.forEach((hookRun, index) => {
      model.activity(finish(index + 1, hookRun, 100));
    });
    const bars = rowsOf(model.snapshot()).map((row) => row.hooks[0]);
    expect(bars.map((bar) => bar?.problem)).toEqual([
      'exit 127: command not found',
      'exit 126: not executable',
      'untrusted: not approved',
      'timed out',
      undefined,
      undefined,
      'exit 1',
    ]);
    const stats = model.snapshot().at(-1);
    expect(stats?.type === 'stats' ? stats.hooks.find((hook) => hook.label === 'slow') : undefined).toEqual({
      label: 'slow',
      count: 3,
      p50: 20,
      p95: 100,
      max: 100,
      problems: { timeout: 1 },
    });
    expect(bars[1]?.label).toBe(hookLabel('./hooks/x.sh', './hooks/x.sh'));
  });

  it('keeps the latest rows only', () => {
    const model = createDashboardModel(3);
    for (let n = 1; n <= 5; n++) model.decision(decisionRecord('s', n, {}, false, emptyHookResult('TurnComplete', {})));
    expect(rowsOf(model.snapshot()).map((row) => row.id)).toEqual(['n3', 'n4', 'n5']);
  });
});
