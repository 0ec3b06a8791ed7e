/**
 * The observe decorator over real command hooks, through `createHookSystem`: a run the host cancels
 * (unsubscribing `fire$`) or `dispose()` ends still gets its `finish` record on `results$`, with outcome
 * `canceled` — the row of the README's outcome table a dashboard could never see before (issue 10).
 */
import { firstValueFrom, take, toArray, type Observable } from 'rxjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HookActivity } from '../../lib/model/types.js';
import { createHookSystem, type HookSystem } from '../../lib/system/createHookSystem.js';
import {
  eventually,
  fixture,
  markedProcesses,
  MARKER_VARIABLE,
  ProcessTest,
  warmUpSpawning,
} from '../process/processHarness.js';

let t: ProcessTest;
let hooks: HookSystem;

/** `start` or `finish:<outcome>`, per record. */
const activityOf = (record: HookActivity): string =>
  record.type === 'start' ? 'start' : `finish:${record.run.outcome}`;

/** The first `count` records of `records$`, as words. */
const firstRecords = (records$: Observable<HookActivity>, count: number): Promise<HookActivity[]> =>
  firstValueFrom(records$.pipe(take(count), toArray()));

beforeAll(warmUpSpawning);

beforeEach(() => {
  t = new ProcessTest();
  hooks = createHookSystem({ projectDir: t.dir, trust: false, forceKillAfterMs: 300 });
  hooks.register('BeforeTool', {
    type: 'command',
    command: fixture('sleep-forever.sh'),
    name: 'sleeper',
    env: { [MARKER_VARIABLE]: t.marker },
  });
});

afterEach(async () => {
  await t.verifyClean(hooks);
});

describe('results$ for cancelled command hooks', () => {
  it('records finish with outcome canceled when the host unsubscribes', async () => {
    const records = firstRecords(hooks.results$, 2);
    const subscription = hooks.fire$('BeforeTool', { tool_name: 'write_file', tool_input: {} }).subscribe();
    expect(await eventually(() => markedProcesses(t.marker).length > 0)).toBe(true);
    subscription.unsubscribe();
    const seen = await records;
    expect(seen.map(activityOf)).toEqual(['start', 'finish:canceled']);
    expect(seen[1]).toMatchObject({ hook: 'sleeper', run: { name: 'sleeper', outcome: 'canceled' } });
    expect(await eventually(() => markedProcesses(t.marker).length === 0)).toBe(true);
  });

  it('records finish with outcome canceled when dispose() ends the run', async () => {
    const records = firstRecords(hooks.results$, 2);
    const fired = hooks.fire('BeforeTool', { tool_name: 'write_file', tool_input: {} });
    const outcome = fired.then(
      () => 'resolved',
      (error: unknown) => (error instanceof Error ? error.name : 'rejected'),
    );
    expect(await eventually(() => markedProcesses(t.marker).length > 0)).toBe(true);
    await hooks.dispose();
    const seen = await records;
    expect(seen.map(activityOf)).toEqual(['start', 'finish:canceled']);
    expect(await outcome).toBe('HookSystemDisposedError');
    expect(markedProcesses(t.marker)).toEqual([]);
  });
});
