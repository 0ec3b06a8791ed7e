/**
 * The observation layer behind the engine's trace: decision records built only while `decisions$` is
 * observed (the no-observer path builds nothing, as `results$`), nothing kept for events that were cancelled
 * or decided, the debug trace still told, and a recording that cannot be opened failing at creation.
 */
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HookActivity, HookPlan } from '../../lib/model/types.js';
import { createRootLogger } from '../../lib/logging/logger.js';
import { createObservation, type EngineTrace } from '../../lib/observe/observation.js';
import { RecordingError } from '../../lib/observe/redact.js';
import { createHookSystem, type HookSystem } from '../../lib/system/createHookSystem.js';
import { emptyHookResult } from '../../lib/aggregate/hookResult.js';

const build = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../lib/observe/decisionRecord.js', async (original) => {
  const actual = await original<typeof import('../../lib/observe/decisionRecord.js')>();
  return {
    ...actual,
    decisionRecord: (...args: Parameters<typeof actual.decisionRecord>) => {
      build.calls += 1;
      return actual.decisionRecord(...args);
    },
  };
});

const PLAN: HookPlan = { event: 'BeforeAgent', hooks: [], sequential: false };
const FIELDS = { prompt: 'hi' };
const RESULT = emptyHookResult('BeforeAgent', FIELDS);
const silent = createRootLogger(undefined, '');

const observation = (debug?: EngineTrace) =>
  createObservation({ sessionId: 's', now: () => 1000, records: new Subject<HookActivity>(), logger: silent, debug });

let system: HookSystem | undefined;
afterEach(async () => {
  await system?.dispose();
  system = undefined;
  build.calls = 0;
});

describe('createObservation', () => {
  it('builds no decision record while nobody subscribes, through the facade', async () => {
    system = createHookSystem();
    system.register('BeforeAgent', { type: 'function', name: 'noop', run: () => undefined });
    await system.fire('BeforeAgent', FIELDS);
    await system.fire('SessionStart', { source: 'startup' });
    expect(build.calls).toBe(0);
    const subscription = system.decisions$.subscribe();
    await system.fire('BeforeAgent', FIELDS);
    await system.fire('SessionStart', { source: 'startup' });
    subscription.unsubscribe();
    await system.fire('BeforeAgent', FIELDS);
    expect(build.calls).toBe(2);
  });

  it('keeps nothing for an event once it is decided or cancelled', () => {
    const { trace, decisions$ } = observation();
    const seen: number[] = [];
    decisions$.subscribe((record) => seen.push(record.eventId ?? -1));
    trace.planned(1, PLAN, FIELDS);
    trace.planned(2, PLAN, FIELDS);
    trace.canceled?.(2);
    trace.decided(1, RESULT);
    // A cancel after the decision (a teardown run after completion) and a decision nobody planned are ignored.
    trace.canceled?.(1);
    trace.decided(2, RESULT);
    trace.decided(1, RESULT);
    expect(seen).toEqual([1]);
  });

  it('stamps a record with the time the event was planned', () => {
    let now = 1000;
    const { trace, decisions$ } = createObservation({
      sessionId: 's',
      now: () => now,
      records: new Subject<HookActivity>(),
      logger: silent,
    });
    const at: number[] = [];
    decisions$.subscribe((record) => at.push(record.at));
    trace.planned(7, PLAN, FIELDS);
    now = 1500;
    trace.decided(7, RESULT);
    trace.answered?.('SessionStart', { source: 'startup' }, emptyHookResult('SessionStart', {}));
    expect(at).toEqual([1000, 1500]);
  });

  it('still tells the debug trace, with the fields', () => {
    const planned = vi.fn();
    const decided = vi.fn();
    const { trace } = observation({ planned, decided });
    trace.planned(3, PLAN, FIELDS);
    trace.decided(3, RESULT);
    expect(planned).toHaveBeenCalledWith(3, PLAN, FIELDS);
    expect(decided).toHaveBeenCalledWith(3, RESULT);
  });

  it('fails at creation when the recording cannot be opened, saying which file', () => {
    expect(() => createHookSystem({ record: '/nonexistent-dir/session.jsonl' })).toThrow(
      new RecordingError(
        'Cannot open recording file /nonexistent-dir/session.jsonl: ' +
          "ENOENT: no such file or directory, open '/nonexistent-dir/session.jsonl'",
      ),
    );
  });

  it('completes decisions$ on close', async () => {
    const watching = observation();
    let completed = false;
    watching.decisions$.subscribe({ complete: () => (completed = true) });
    await watching.close();
    expect(completed).toBe(true);
  });
});
