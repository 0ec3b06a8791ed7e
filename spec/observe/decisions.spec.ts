/**
 * The two streams a dashboard reads, through the facade, in virtual time (the hooks are cold observables of
 * a fake executor): `decisions$` — one record per event when it is decided, the fast path included — and
 * `results$` — a start and a finish record per hook run, a cancelled run included. `eventId` joins them.
 */
import { map, type Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { HookActivity } from '../../lib/model/types.js';
import type { DecisionRecord } from '../../lib/observe/decisionRecord.js';
import { createHookSystem, type HookSystem } from '../../lib/system/createHookSystem.js';
import { allow, block, fakeExecutor, type FakeHook } from '../../lib/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

const write = { tool_name: 'write_file', tool_input: { path: 'a.txt' } };
const read = { tool_name: 'read_file', tool_input: { path: 'b.txt' } };
const etc = { tool_name: 'write_file', tool_input: { path: '/etc/hosts' } };
const fields = { w: write, r: read, e: etc };

/** A decision as a marble value: what was decided about what, by which hooks (timing left out: wall clock). */
const brief = (record: DecisionRecord) => ({
  event: record.event,
  input: record.input,
  decision: record.result.decision ?? 'none',
  hooks: record.result.hooks.map((run) => `${run.name}:${run.outcome}`),
  joined: record.eventId !== undefined,
});

const activity = (record: HookActivity): string =>
  record.type === 'start' ? `start:${record.hook}` : `finish:${record.hook}:${record.run.outcome}`;

let system: HookSystem | undefined;
afterEach(async () => {
  await system?.dispose();
  system = undefined;
});

/** A hook system whose command hooks `guard` (writes) and `audit` (every tool) run as `table` says. */
const systemWith = (table: Record<string, FakeHook>): HookSystem => {
  const hooks = createHookSystem({ executor: fakeExecutor(table), trust: false });
  hooks.register('BeforeTool', { type: 'command', command: 'guard' }, { matcher: '^write_file$' });
  system = hooks;
  return hooks;
};

describe('decisions$', () => {
  it('emits one record per event when it is decided: the fast path at once, hooked events when their hooks answer', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const guard = cold('       ---(a|)          ', { a: allow() });
      const guardBlocks = cold('  -(b|)            ', { b: block('system file') });
      const event$ = hot('       -w-r-------e---| ', fields);
      const decisions = '        ---rW-------E    ';
      const ordered = '          ----(Wr)----E--| ';
      const guardSubs = ['       -^--!            ', '       -----------^!    '];
      let calls = 0;
      const hooks = systemWith({ guard: () => (calls++ === 0 ? guard : guardBlocks) });
      expectObservable(hooks.decisions$.pipe(map(brief))).toBe(decisions, {
        r: { event: 'BeforeTool', input: 'read_file {"path":"b.txt"}', decision: 'none', hooks: [], joined: false },
        W: {
          event: 'BeforeTool',
          input: 'write_file {"path":"a.txt"}',
          decision: 'allow',
          hooks: ['guard:success'],
          joined: true,
        },
        E: {
          event: 'BeforeTool',
          input: 'write_file {"path":"/etc/hosts"}',
          decision: 'block',
          hooks: ['guard:blocked'],
          joined: true,
        },
      });
      // Decided events, not source order: `decide` reorders its output, decisions$ does not wait.
      expectObservable(
        event$.pipe(
          hooks.decide('BeforeTool'),
          map((result) => result.decision ?? 'none'),
        ),
      ).toBe(ordered, { r: 'none', W: 'allow', E: 'block' });
      expectSubscriptions(guard.subscriptions).toBe(guardSubs[0] as string);
      expectSubscriptions(guardBlocks.subscriptions).toBe(guardSubs[1] as string);
    });
  });

  it('carries the session, the fields as passed, the result and the plan mode', async () => {
    const hooks = systemWith({ guard: allow() });
    const seen: DecisionRecord[] = [];
    hooks.decisions$.subscribe((record) => seen.push(record));
    const before = Date.now();
    const result = await hooks.fire('BeforeTool', write);
    expect(seen).toHaveLength(1);
    const [record] = seen as [DecisionRecord];
    expect(record.sessionId).toBe(hooks.sessionId);
    expect(record.fields).toBe(write);
    expect(record.result).toBe(result);
    expect(record.sequential).toBe(false);
    expect(record.at).toBeGreaterThanOrEqual(before);
    expect(record.durationMs).toBe(result.durationMs);
    expect(Object.isFrozen(record)).toBe(true);
  });

  it('records events while hooks are disabled too (nothing ran: the dashboard says so)', async () => {
    const hooks = createHookSystem({ enabled: false });
    system = hooks;
    const seen: DecisionRecord[] = [];
    hooks.decisions$.subscribe((record) => seen.push(record));
    await hooks.fire('SessionStart', { source: 'startup' });
    expect(seen.map((record) => [record.event, record.input, record.result.hooks.length])).toEqual([
      ['SessionStart', 'startup', 0],
    ]);
  });

  it('has no record for an event cancelled before it decided; results$ shows its run as canceled', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const guard = cold('   -----(a|)', { a: allow() });
      const unsub = '        --!      ';
      const guardSubs = '     ^-!      ';
      const hooks = systemWith({ guard });
      expectObservable(hooks.decisions$).toBe('-');
      expectObservable(hooks.results$.pipe(map(activity))).toBe('s-f', {
        s: 'start:guard',
        f: 'finish:guard:canceled',
      });
      expectObservable(hooks.fire$('BeforeTool', write), unsub).toBe('--');
      expectSubscriptions(guard.subscriptions).toBe(guardSubs);
    });
  });

  it('completes on dispose', async () => {
    const hooks = systemWith({ guard: allow() });
    let completed = false;
    hooks.decisions$.subscribe({ complete: () => (completed = true) });
    await hooks.dispose();
    expect(completed).toBe(true);
  });

  it('skips events that started before the subscription (no half records)', () => {
    createTestScheduler().run(({ cold, hot, expectObservable }) => {
      const guard = cold('  --(a|)   ', { a: allow() });
      const event$ = hot('  w-w----| ', fields);
      const sub = '         -^       ';
      const decisions = '   ----W    ';
      const hooks = systemWith({ guard });
      expectObservable(hooks.decisions$.pipe(map((record) => record.result.decision)), sub).toBe(decisions, {
        W: 'allow',
      });
      expectObservable(
        event$.pipe(
          hooks.decide('BeforeTool'),
          map(() => 'x'),
        ),
      ).toBe('--x-x--|');
    });
  });
});

describe('results$', () => {
  it("puts a hook's statusMessage on its start record, while it runs", () => {
    createTestScheduler().run(({ cold, expectObservable }) => {
      const scan = cold('  ------(a|)', { a: allow() });
      const hooks = createHookSystem({ executor: fakeExecutor({ scan }), trust: false });
      system = hooks;
      hooks.register('BeforeTool', { type: 'command', command: 'scan', statusMessage: 'Scanning for secrets…' });
      hooks.register('BeforeTool', { type: 'command', command: 'quiet' });
      const records$ = hooks.results$.pipe(
        map((record) => (record.type === 'start' ? `${record.hook}:${record.statusMessage ?? '-'}` : record.hook)),
      );
      // `quiet` is not in the fake's table: it fails at once.
      expectObservable(records$).toBe('(sqQ)-S', {
        s: 'scan:Scanning for secrets…',
        q: 'quiet:-',
        Q: 'quiet',
        S: 'scan',
      });
      expectObservable(hooks.fire$('BeforeTool', write).pipe(map(() => 'd'))).toBe('------(d|)');
    });
  });

  it('gives every run a start and a finish record tagged with the eventId of its decision', () => {
    const ids: string[] = [];
    createTestScheduler().run(({ cold, hot, expectObservable }) => {
      const guard = cold('  --(a|)      ', { a: allow() });
      const event$ = hot('  -w--w----|  ', fields);
      const runs = '        -s-fs-f     ';
      const decisions = '   ---d--d     ';
      const hooks = systemWith({ guard });
      const results$: Observable<string> = hooks.results$.pipe(
        map((record) => {
          ids.push(`${activity(record)}#${record.eventId}`);
          return activity(record);
        }),
      );
      expectObservable(results$).toBe(runs, { s: 'start:guard', f: 'finish:guard:success' });
      expectObservable(
        hooks.decisions$.pipe(
          map((record) => {
            ids.push(`decision#${record.eventId ?? 'none'}`);
            return 'decision';
          }),
        ),
      ).toBe(decisions, { d: 'decision' });
      expectObservable(
        event$.pipe(
          hooks.decide('BeforeTool'),
          map(() => 'x'),
        ),
      ).toBe('---x--x--|');
    });
    const [first, second] = [ids[0]?.split('#')[1], ids[3]?.split('#')[1]];
    expect(first).not.toBe(second);
    expect(ids).toEqual([
      `start:guard#${first}`,
      `finish:guard:success#${first}`,
      `decision#${first}`,
      `start:guard#${second}`,
      `finish:guard:success#${second}`,
      `decision#${second}`,
    ]);
  });
});
