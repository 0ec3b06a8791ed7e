/**
 * Background hooks in the engine (issue 14), in virtual time: the event's result comes when its foreground
 * hooks settle, while its background hooks — subscribed in the same frame — run on past it, each finished run
 * handed to the engine's `background` once. Cancelling the event leaves them running; closing the runner
 * (dispose) unsubscribes them and hands nothing on. An event with only background hooks is decided at once.
 */
import { map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { HookEntry, HookResult, HookRun } from '../../lib/model/types.js';
import { createBackgroundRuns } from '../../lib/engine/background.js';
import { decideEvent } from '../../lib/engine/decideEvent.js';
import { orderedMerge } from '../../lib/engine/orderedMerge.js';
import type { HookInput } from '../../lib/events/inputs.js';
import { startOf, type StartRun } from '../../lib/executors/startRun.js';
import { allow, block, entry, fakeExecutor, modifyToolInput, type FakeHook } from '../../lib/testing/index.js';
import { allowedBrief, brief, createTestScheduler, engineInputOf, engineOf } from '../helpers/marbles.js';

const GUARD = entry('BeforeTool', 'guard');
const SECOND = entry('BeforeTool', 'second');
const INDEXER = entry('BeforeTool', { type: 'command', command: 'indexer', async: true });
const TESTS = entry('BeforeTool', { type: 'command', command: 'tests', asyncRewake: true });
const CHAIN_A = entry('BeforeTool', 'chain-a', { sequential: true });
const CHAIN_B = entry('BeforeTool', 'chain-b', { sequential: true });
const CHAINED_INDEXER = entry('BeforeTool', { type: 'command', command: 'indexer', async: true }, { sequential: true });

const inputs = {
  w: { tool_name: 'write_file', tool_input: { path: 'a.txt' } },
  x: { tool_name: 'write_file', tool_input: { path: 'b.txt' } },
};

/** The `path` argument of a BeforeTool input. */
const pathOf = (input: HookInput): unknown => (input as { tool_input?: { path?: unknown } }).tool_input?.path;

/** What the engine's `background` received, with the virtual time it arrived. */
interface Finished {
  at: number;
  hook: string;
  outcome: HookRun['outcome'];
  path: unknown;
}

/** An engine over `entries` answering from `table`, its background runs recorded into `finished`. */
const setup = (
  now: () => number,
  entries: readonly HookEntry[],
  table: Readonly<Record<string, FakeHook>>,
  collect = true,
) => {
  const executor = fakeExecutor(table);
  const start = startOf(executor);
  const finished: Finished[] = [];
  const background = createBackgroundRuns(start, (hook, input, run) => {
    finished.push({ at: now(), hook: hook.name, outcome: run.outcome, path: pathOf(input) });
  });
  const engine = engineOf(entries, collect ? { start, now, background: background.start } : { start, now });
  const decide = orderedMerge<Record<string, unknown>, HookResult>((fields, done) =>
    decideEvent(engine, 'BeforeTool', fields, done),
  );
  return { background, finished, decide, calls: executor.calls };
};

describe('the engine with background hooks', () => {
  it('decides when the foreground settles; the background hook, subscribed with it, runs on past the result', () => {
    const scheduler = createTestScheduler();
    let finished: Finished[] = [];
    scheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const guard = cold('   --(G|)      ', { G: allow() });
      const indexer = cold(' -----(B|)   ', { B: block('found a problem') });
      const event$ = hot('   -w--------| ', inputs);
      const guardSubs = '    -^-!        ';
      const indexerSubs = '  -^----!     ';
      const expected = '     ---R------| ';
      const world = setup(() => scheduler.now(), [GUARD, INDEXER], { guard, indexer });
      finished = world.finished;
      expectObservable(event$.pipe(world.decide, map(brief))).toBe(expected, {
        // The background block decides nothing: the result has the foreground's run only.
        R: allowedBrief(['guard:success'], 2),
      });
      expectSubscriptions(guard.subscriptions).toBe(guardSubs);
      expectSubscriptions(indexer.subscriptions).toBe(indexerSubs);
    });
    expect(finished).toEqual([{ at: 6, hook: 'indexer', outcome: 'blocked', path: 'a.txt' }]);
  });

  it('decides an event with only background hooks at once, as if nothing had matched', () => {
    const scheduler = createTestScheduler();
    let finished: Finished[] = [];
    scheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const indexer = cold(' ---(A|)  ', { A: allow() });
      const tests = cold('   -(A|)    ', { A: allow() });
      const event$ = hot('   -w-x---| ', inputs);
      const indexerSubs = [' -^--!    ', ' ---^--!  '];
      const testsSubs = ['   -^!      ', ' ---^!    '];
      const expected = '     -R-R---| ';
      const world = setup(() => scheduler.now(), [INDEXER, TESTS], { indexer, tests });
      finished = world.finished;
      expectObservable(event$.pipe(world.decide, map(brief))).toBe(expected, {
        R: { event: 'BeforeTool', blocked: false, outcomes: [], durationMs: 0 },
      });
      expectSubscriptions(indexer.subscriptions).toBe(indexerSubs);
      expectSubscriptions(tests.subscriptions).toBe(testsSubs);
    });
    expect(finished.map(({ at, hook, path }) => [at, hook, path])).toEqual([
      [2, 'tests', 'a.txt'],
      [4, 'indexer', 'a.txt'],
      [4, 'tests', 'b.txt'],
      [6, 'indexer', 'b.txt'],
    ]);
  });

  it('runs a background hook of a sequential group beside the chain, on the original input', () => {
    const scheduler = createTestScheduler();
    let world: ReturnType<typeof setup> | undefined;
    scheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const chainA = cold(' -(P|)    ', { P: modifyToolInput({ path: 'patched.txt' }) });
      const chainB = cold('  -(A|)   ', { A: allow() });
      const indexer = cold(' ----(A|)', { A: allow() });
      const event$ = hot('   -w----| ', inputs);
      const chainASubs = '   -^!     ';
      const chainBSubs = '   --^!    ';
      const indexerSubs = '  -^---!  ';
      const expected = '     ---R--| ';
      world = setup(() => scheduler.now(), [CHAIN_A, CHAINED_INDEXER, CHAIN_B], {
        'chain-a': chainA,
        'chain-b': chainB,
        indexer,
      });
      expectObservable(event$.pipe(world.decide, map(brief))).toBe(expected, {
        R: allowedBrief(['chain-a:success', 'chain-b:success'], 2),
      });
      expectSubscriptions(chainA.subscriptions).toBe(chainASubs);
      expectSubscriptions(chainB.subscriptions).toBe(chainBSubs);
      expectSubscriptions(indexer.subscriptions).toBe(indexerSubs);
    });
    const calls = world?.calls.map((call) => [call.hook, pathOf(call.input)]);
    // chain-b sees chain-a's patch; the background hook saw the original arguments.
    expect(calls).toEqual([
      ['chain-a', 'a.txt'],
      ['indexer', 'a.txt'],
      ['chain-b', 'patched.txt'],
    ]);
  });

  it('leaves background hooks running when the event is cancelled', () => {
    const scheduler = createTestScheduler();
    let finished: Finished[] = [];
    scheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const guard = cold('   ------(A|)', { A: allow() });
      const indexer = cold(' ----(A|)  ', { A: allow() });
      const event$ = hot('   -w-----   ', inputs);
      const unsub = '        ---!      ';
      const guardSubs = '    -^-!      ';
      const indexerSubs = '  -^---!    ';
      const world = setup(() => scheduler.now(), [GUARD, INDEXER], { guard, indexer });
      finished = world.finished;
      expectObservable(event$.pipe(world.decide, map(brief)), unsub).toBe('-------');
      expectSubscriptions(guard.subscriptions).toBe(guardSubs);
      expectSubscriptions(indexer.subscriptions).toBe(indexerSubs);
    });
    expect(finished.map((run) => [run.at, run.hook, run.outcome])).toEqual([[5, 'indexer', 'success']]);
  });

  it('without a collector still starts background hooks, and drops their records', () => {
    const scheduler = createTestScheduler();
    let finished: Finished[] = [];
    scheduler.run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const guard = cold('   -(A|)  ', { A: allow() });
      const indexer = cold(' ---(A|)', { A: allow() });
      const event$ = hot('   -w---| ', inputs);
      const indexerSubs = '  -^--!  ';
      const expected = '     --R--| ';
      const world = setup(() => scheduler.now(), [GUARD, INDEXER], { guard, indexer }, false);
      finished = world.finished;
      expectObservable(
        event$.pipe(
          world.decide,
          map((result: HookResult) => result.hooks.length),
        ),
      ).toBe(expected, {
        R: 1,
      });
      expectSubscriptions(indexer.subscriptions).toBe(indexerSubs);
    });
    expect(finished).toEqual([]);
  });
});

describe('createBackgroundRuns', () => {
  it('hands on each finished run once, in finish order, and counts the live ones', () => {
    const scheduler = createTestScheduler();
    const seen: string[] = [];
    const lives: number[] = [];
    scheduler.run(({ cold, expectSubscriptions }) => {
      const slow = cold(' ----(A|)', { A: allow() });
      const fast = cold(' -(A|)   ', { A: allow('fast done') });
      const subs = { slow: '^---!', fast: '^!' };
      const runs = createBackgroundRuns(startOf(fakeExecutor({ slow, fast })), (hook, _input, run) => {
        seen.push(`${String(scheduler.now())}:${hook.name}:${run.outcome}`);
        lives.push(runs.live);
      });
      const input = engineInputOf('BeforeTool', inputs.w, 0);
      runs.start([entry('BeforeTool', 'slow'), entry('BeforeTool', 'fast')], input, 1);
      expect(runs.live).toBe(2);
      expectSubscriptions(slow.subscriptions).toBe(subs.slow);
      expectSubscriptions(fast.subscriptions).toBe(subs.fast);
    });
    expect(seen).toEqual(['1:fast:success', '4:slow:success']);
    expect(lives).toEqual([1, 0]);
  });

  it('close() unsubscribes the runs still going, hands nothing on, and refuses new ones', () => {
    const scheduler = createTestScheduler();
    const seen: string[] = [];
    scheduler.run(({ cold, expectSubscriptions }) => {
      const slow = cold(' -----(A|)', { A: allow() });
      const fast = cold(' -(A|)    ', { A: allow() });
      const late = cold(' -(A|)    ', { A: allow() });
      const runs = createBackgroundRuns(startOf(fakeExecutor({ slow, fast, late })), (hook) => {
        seen.push(hook.name);
      });
      const input = engineInputOf('BeforeTool', inputs.w, 0);
      runs.start([entry('BeforeTool', 'slow'), entry('BeforeTool', 'fast')], input, 1);
      scheduler.schedule(() => {
        runs.close();
        expect(runs.live).toBe(0);
        runs.start([entry('BeforeTool', 'late')], input, 2);
      }, 3);
      expectSubscriptions(slow.subscriptions).toBe('^--!');
      expectSubscriptions(fast.subscriptions).toBe('^!');
      expectSubscriptions(late.subscriptions).toBe([]);
    });
    expect(seen).toEqual(['fast']);
  });

  it('turns a throwing executor stack into an internal failure record, never an exception', () => {
    const broken: StartRun = () => {
      throw new Error('stack broke');
    };
    const seen: HookRun[] = [];
    const runs = createBackgroundRuns(broken, (_hook, _input, run) => seen.push(run), 'allow');
    runs.start([INDEXER], engineInputOf('BeforeTool', inputs.w, 0), 1);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ name: 'indexer', outcome: 'failed', internal: true });
    expect(seen[0]?.message).toContain('stack broke');
    expect(runs.live).toBe(0);
  });

  it('hands on a run that settles synchronously inside start, and keeps nothing live for it', () => {
    const seen: string[] = [];
    const runs = createBackgroundRuns(startOf(fakeExecutor({ indexer: allow('now') })), (hook, _input, run) =>
      seen.push(`${hook.name}:${run.outcome}`),
    );
    runs.start([INDEXER, SECOND], engineInputOf('BeforeTool', inputs.w, 0), 1);
    // `second` has no answer in the table: the fake fails it, and that is a record like any other.
    expect(seen).toEqual(['indexer:success', 'second:failed']);
    expect(runs.live).toBe(0);
  });
});
