/**
 * The executor stack composed once: observe(failure policy(trust(leaf))). Pins the order of the
 * decorators (a strict hook whose approval check fails blocks; observation sees what the policy made of
 * a run), `results$` records built only while someone listens, the finish record of a cancelled run, and
 * `dispose()` reaching the processes of command hooks run through the whole stack.
 */
import { firstValueFrom, map, Subject, throwError, type Observable } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HookActivity, HookEntry, HookRun } from '../../lib/model/types.js';
import { createExecutors, type Executors, type ExecutorsOptions } from '../../lib/executors/createExecutors.js';
import type { Logger } from '../../lib/logging/logger.js';
import { createEntry, withId } from '../../lib/plan/createEntry.js';
import { allow, beforeTool, createTestScheduler, entry, fakeExecutor, functionHook } from '../../lib/testing/index.js';
import type { TrustGate } from '../../lib/trust/trustGate.js';
import type { TrustStore } from '../../lib/trust/trustStore.js';
import { eventually, markedProcesses, ProcessTest } from '../process/processHarness.js';

const INPUT = beforeTool('write_file', { path: 'a.txt' });
const PROCESS = { projectDir: '/tmp', sessionId: 'spec' };

/** A `results$` Subject that counts what it was given: proves records are not built for nobody. */
class CountingSubject extends Subject<HookActivity> {
  nexts = 0;
  override next(value: HookActivity): void {
    this.nexts += 1;
    super.next(value);
  }
}

/** A logger that records its lines (children share them). */
const recordingLogger = (): { logger: Logger; lines: { level: string; message: string; meta?: object }[] } => {
  const lines: { level: string; message: string; meta?: object }[] = [];
  const logger: Logger = {
    debug: (message, meta) => lines.push({ level: 'debug', message, meta }),
    info: (message, meta) => lines.push({ level: 'info', message, meta }),
    warn: (message, meta) => lines.push({ level: 'warn', message, meta }),
    error: (message, meta) => lines.push({ level: 'error', message, meta }),
    child: () => logger,
    isDebugEnabled: () => false,
  };
  return { logger, lines };
};

/** An activity record as one readable string: `start:<hook>` or `finish:<hook>:<outcome>`. */
const activity = (record: HookActivity): string =>
  record.type === 'start' ? `start:${record.hook}` : `finish:${record.hook}:${record.run.outcome}`;

const stack = (options: Partial<ExecutorsOptions>): Executors =>
  createExecutors({ process: PROCESS, trust: undefined, ...options });

/** Runs one hook through the stack to its record. */
const runOf = (executors: Executors, hook: HookEntry): Promise<HookRun> => firstValueFrom(executors(hook, INPUT));

describe('createExecutors: the order of the decorators', () => {
  /** A command hook from a project settings file: it needs an approval. */
  const projectHook = (failurePolicy: 'allow' | 'block'): HookEntry =>
    withId(
      createEntry(
        'BeforeTool',
        { type: 'command', command: './guard.sh', name: `guard-${failurePolicy}`, failurePolicy },
        { source: 'project', file: '/project/.hookstream/settings.json' },
      ).entry,
      1,
    );

  const unusedStore: TrustStore = {
    path: '/nonexistent/trusted-hooks.json',
    isApproved: () => false,
    approve: () => undefined,
    revoke: () => 0,
    prune: () => [],
    list: () => [],
    problem: () => undefined,
  };
  /** A gate whose approval check fails (an unreadable store, a throwing callback). */
  const failingGate: TrustGate = {
    store: unusedStore,
    needsApproval: () => true,
    check: () => Promise.reject(new Error('approval store unreadable')),
    isTrusted: () => false,
    verify: () => undefined,
    inspect: () => ({ state: 'needs-approval' }),
    approveAll: () => [],
  };

  it('blocks a strict hook whose approval check fails: the failure policy sits above trust', async () => {
    // Old code applied the policy in the leaves, below trust: a failing check failed open even for a strict hook.
    const leaf = fakeExecutor({ 'guard-block': allow(), 'guard-allow': allow() });
    const executors = stack({ trust: failingGate, executor: leaf });
    const strict = await runOf(executors, projectHook('block'));
    expect(strict).toMatchObject({ outcome: 'blocked', strictFailure: 'failed' });
    expect(strict.output).toEqual({ decision: 'block', reason: strict.message });
    expect(strict.message).toMatch(/failed \(strict\): could not be checked for approval: approval store unreadable/);
    const lenient = await runOf(executors, projectHook('allow'));
    expect(lenient).toMatchObject({ outcome: 'failed' });
    expect(lenient.message).toMatch(/approval store unreadable/);
    expect(leaf.calls).toEqual([]);
  });

  it('keeps trust when the leaf is replaced: an unapproved hook never reaches a custom executor', async () => {
    // `executor` replaces the leaf only; old code let it replace the whole stack.
    const leaf = fakeExecutor({ 'guard-allow': allow() });
    const deniedGate: TrustGate = { ...failingGate, check: () => Promise.resolve(false) };
    const run = await runOf(stack({ trust: deniedGate, executor: leaf }), projectHook('allow'));
    expect(run.outcome).toBe('untrusted');
    expect(leaf.calls).toEqual([]);
  });

  it('observes what the policy made of a run: a broken leaf is recorded and logged as a closed internal failure', async () => {
    // Observation is outermost: results$ and the log show the run the engine folds, not the leaf's raw one.
    const records = new Subject<HookActivity>();
    const seen: string[] = [];
    records.subscribe((record) => seen.push(activity(record)));
    const { logger, lines } = recordingLogger();
    const broken = new Error('leaf broke');
    const executors = stack({ executor: () => throwError(() => broken), observe: { records, logger } });
    const run = await runOf(
      executors,
      entry(
        'BeforeTool',
        functionHook('guard', () => allow()),
      ),
    );
    expect(run).toMatchObject({ outcome: 'blocked', internal: true, strictFailure: 'failed' });
    expect(seen).toEqual(['start:guard', 'finish:guard:blocked']);
    const errors = lines.filter((line) => line.level === 'error');
    expect(errors.map((line) => line.message)).toEqual([run.message]);
    expect(errors[0]?.meta).toMatchObject({ hook: 'guard', cause: broken });
  });

  it("lets internalFailurePolicy 'allow' leave a broken leaf's run failed, not blocked", async () => {
    // The one policy decorator reads the option; no leaf decides it on its own.
    const lenient = stack({
      executor: () => throwError(() => new Error('leaf broke')),
      internalFailurePolicy: 'allow',
    });
    const run = await runOf(
      lenient,
      entry(
        'BeforeTool',
        functionHook('guard', () => allow()),
      ),
    );
    expect(run).toMatchObject({ outcome: 'failed', internal: true });
    expect(run.output).toBeUndefined();
    expect(run.message).toContain('hookstream internal error: leaf broke');
  });
});

describe('createExecutors: results$ records', () => {
  const first = entry(
    'BeforeTool',
    functionHook('first', () => allow()),
  );
  const second = entry(
    'BeforeTool',
    functionHook('second', () => allow()),
  );

  it('gets a start and a finish record for each run while subscribed, tagged with the event id', () => {
    // The dashboard contract: one pair per run, in order, tied to the event.
    const records = new CountingSubject();
    const seen: HookActivity[] = [];
    const subscription = records.subscribe((record) => seen.push(record));
    const executors = stack({ observe: { records, logger: recordingLogger().logger } });
    const answers: HookRun[] = [];
    const EVENT_ID = 7;
    executors.start(first, INPUT, (run) => answers.push(run), EVENT_ID);
    executors.start(second, INPUT, (run) => answers.push(run), EVENT_ID);
    expect(seen.map(activity)).toEqual([
      'start:first',
      'finish:first:success',
      'start:second',
      'finish:second:success',
    ]);
    expect(seen.map((record) => record.eventId)).toEqual([EVENT_ID, EVENT_ID, EVENT_ID, EVENT_ID]);
    const finish = seen[1];
    expect(finish?.type === 'finish' ? finish.run : undefined).toBe(answers[0]);
    subscription.unsubscribe();
  });

  it('builds no record while nobody subscribes, and the runs still answer', () => {
    // Issue #9: records were built for every run even when results$ had no subscriber.
    const records = new CountingSubject();
    const executors = stack({ observe: { records, logger: recordingLogger().logger } });
    const answers: HookRun[] = [];
    executors.start(first, INPUT, (run) => answers.push(run), 1);
    const subscription = records.subscribe();
    executors.start(second, INPUT, (run) => answers.push(run), 2);
    subscription.unsubscribe();
    executors.start(first, INPUT, (run) => answers.push(run), 3);
    expect(records.observed).toBe(false);
    expect(records.nexts).toBe(2);
    expect(answers.map((run) => `${run.name}:${run.outcome}`)).toEqual([
      'first:success',
      'second:success',
      'first:success',
    ]);
  });

  it('gives a run cancelled before it answered a finish record with outcome canceled', () => {
    // A dashboard must not show a run as forever running because its event was cancelled.
    createTestScheduler((actual, expected) => {
      expect(actual).toEqual(expected);
    }).run(({ cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('  -----(a|)', { a: allow() });
      const unsub = '      --!';
      const slowSubs = '   ^-!';
      const recorded = '   s-f';
      const answered = '   --';
      const records = new Subject<HookActivity>();
      const executors = stack({
        executor: fakeExecutor({ slow }),
        observe: { records, logger: recordingLogger().logger },
      });
      // Subscribed first, so it listens when the run starts at frame 0.
      expectObservable(records.pipe(map(activity))).toBe(recorded, { s: 'start:slow', f: 'finish:slow:canceled' });
      expectObservable(
        executors(
          entry(
            'BeforeTool',
            functionHook('slow', () => allow()),
          ),
          INPUT,
        ),
        unsub,
      ).toBe(answered);
      expectSubscriptions(slow.subscriptions).toBe(slowSubs);
    });
  });
});

describe('createExecutors: dispose', () => {
  const GRACE_MS = 300;
  let t: ProcessTest;
  let executors: Executors | undefined;

  beforeEach(() => {
    t = new ProcessTest();
  });
  afterEach(async () => {
    // Kills and reports marked leftovers, removes the directory, checks descriptors.
    await t.verifyClean(executors ?? { dispose: async () => undefined });
    executors = undefined;
  });

  it('kills the processes of command hooks run through the whole stack, and later runs fail', async () => {
    // The facade used to own the command executor beside the stack; now the stack's dispose reaches it.
    executors = createExecutors({
      process: { projectDir: t.dir, sessionId: 'spec', forceKillAfterMs: GRACE_MS },
      trust: undefined,
    });
    const sleeper = t.hook({ command: 'sleep 30' }, 'sleeper');
    const answered: Observable<HookRun> = executors(sleeper, t.input());
    const answer = firstValueFrom(answered);
    expect(await eventually(() => markedProcesses(t.marker).length >= 1)).toBe(true);
    await executors.dispose();
    expect(markedProcesses(t.marker)).toEqual([]);
    const run = await answer;
    expect(run).toMatchObject({ name: 'sleeper', outcome: 'canceled' });
    expect(run.message).toContain('executor disposed');
    const later = await firstValueFrom(executors(t.hook({ command: 'true' }, 'later'), t.input()));
    expect(later).toMatchObject({ name: 'later', outcome: 'failed' });
    expect(later.message).toContain('executor disposed');
  });
});
