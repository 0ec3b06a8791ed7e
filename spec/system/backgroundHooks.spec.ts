/**
 * Background hooks through the hook system, with real processes (issue 14): an `async: true` command hook does
 * not hold its event — the fire resolves while the hook still waits for the spec's go-ahead file — and its output
 * arrives on `background$`, on `results$` (start and finish, joined by `eventId`) and in its session's inbox for
 * the next turn; an `asyncRewake` hook's exit 2 is a wake with its stderr; background runs share the live-process
 * limit; `dispose()` kills one still running. No process is left behind (marker scan of /proc).
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom, take, toArray } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { standardSettingsFiles } from '../../lib/config/index.js';
import { beforeAgentWithHooks, runAgentWithHooks } from '../../lib/host/agentHooks.js';
import { backgroundContextText } from '../../lib/system/backgroundRecord.js';
import type { CommandHookConfig, HookActivity } from '../../lib/model/types.js';
import { createHookSystem } from '../../lib/system/createHookSystem.js';
import type { HookSystemOptions } from '../../lib/system/options.js';
import type { HookSystem } from '../../lib/system/hookSystem.js';
import type { BackgroundRecord } from '../../lib/system/backgroundRecord.js';
import { eventually, fixture, markedProcesses, MARKER_VARIABLE } from '../process/processHarness.js';
import { randomUUID } from 'node:crypto';

const AFTER_WRITE = { tool_name: 'write_file', tool_input: { path: 'src/a.ts' }, tool_response: { ok: true } };
const CONTEXT = JSON.stringify({ hookSpecificOutput: { additionalContext: '3 files re-indexed' } });

interface World {
  hooks: HookSystem;
  dir: string;
  marker: string;
  goFile: string;
  activity: HookActivity[];
}

let world: World | undefined;
afterEach(async () => {
  if (world === undefined) return;
  const { hooks, dir, marker } = world;
  world = undefined;
  await hooks.dispose();
  const left = await eventually(() => markedProcesses(marker).length === 0, 1000);
  rmSync(dir, { recursive: true, force: true });
  expect(left).toBe(true);
});

const setup = (options: HookSystemOptions = {}): World => {
  const dir = mkdtempSync(join(tmpdir(), 'hookstream-background-'));
  const hooks = createHookSystem(Object.assign({ projectDir: dir, sessionId: 'bg-spec', trust: false }, options));
  const activity: HookActivity[] = [];
  hooks.results$.subscribe((record) => activity.push(record));
  world = { hooks, dir, marker: randomUUID(), goFile: join(dir, 'go.json'), activity };
  return world;
};

/** A command hook of the world: its fixture run with `sh`, the marker and the go-ahead file in its environment. */
const hookOf = (w: World, script: string, extra: Partial<CommandHookConfig> = {}): CommandHookConfig =>
  Object.assign(
    {
      type: 'command' as const,
      command: `sh ${fixture(script)}`,
      env: { [MARKER_VARIABLE]: w.marker, GO_FILE: w.goFile },
    },
    extra,
  );

/** Lets the waiting hook go on, with `output` as what it prints (written whole, then renamed into place). */
const goAhead = (w: World, output: string): void => {
  writeFileSync(`${w.goFile}.tmp`, output);
  renameSync(`${w.goFile}.tmp`, w.goFile);
};

describe('background hooks through the hook system', () => {
  it('resolves the event while the hook still runs; background$ and results$ report it when it finishes', async () => {
    const w = setup();
    w.hooks.register('AfterTool', hookOf(w, 'wait-then-print.sh', { async: true, name: 'indexer' }));
    const record = firstValueFrom(w.hooks.background$);

    const result = await w.hooks.fire('AfterTool', AFTER_WRITE);
    expect(result.hooks).toEqual([]);
    expect(result.blocked).toBe(false);
    // Its process starts (through the spawn helper) and stays: it waits for a file that does not exist yet.
    expect(await eventually(() => markedProcesses(w.marker).length > 0)).toBe(true);
    expect(w.activity.map((a) => `${a.type}:${a.hook}`)).toEqual(['start:indexer']);
    expect(w.hooks.pendingBackground()).toEqual([]);

    goAhead(w, CONTEXT);
    const finished = await record;
    expect(finished).toMatchObject({
      event: 'AfterTool',
      sessionId: 'bg-spec',
      hook: 'indexer',
      additionalContext: '3 files re-indexed',
      run: { name: 'indexer', outcome: 'success', exitCode: 0 },
    });
    expect(finished.wake).toBeUndefined();
    expect(w.activity.map((a) => `${a.type}:${a.hook}:${String(a.eventId === finished.eventId)}`)).toEqual([
      'start:indexer:true',
      'finish:indexer:true',
    ]);
    expect(w.hooks.pendingBackground()).toEqual([finished]);
  });

  it("delivers the context to the session's next turn through beforeAgentWithHooks, once, and to no other session", async () => {
    const w = setup();
    w.hooks.register('AfterTool', hookOf(w, 'wait-then-print.sh', { async: true, name: 'indexer' }));
    const record = firstValueFrom(w.hooks.background$);
    await w.hooks.fire('AfterTool', AFTER_WRITE);
    goAhead(w, CONTEXT);
    await record;

    const other = await beforeAgentWithHooks(w.hooks, 'hello', { context: { sessionId: 'another-session' } });
    expect(other.prompt).toBe('hello');
    const next = await beforeAgentWithHooks(w.hooks, 'now fix the tests');
    expect(next.prompt).toBe('now fix the tests\n\n3 files re-indexed');
    expect(next.background?.map((r) => r.hook)).toEqual(['indexer']);
    const after = await beforeAgentWithHooks(w.hooks, 'and then?');
    expect(after.prompt).toBe('and then?');
  });

  it('an asyncRewake hook that exits 2 wakes runAgentWithHooks for one more turn, with its stderr as the reason', async () => {
    const w = setup();
    w.hooks.register('AfterTool', hookOf(w, 'rewake-exit2.sh', { asyncRewake: true, name: 'test-runner' }));
    const prompts: Array<{ prompt: string; woken: boolean }> = [];
    const run = await runAgentWithHooks(w.hooks, 'refactor math.ts', async (prompt, context) => {
      prompts.push({ prompt, woken: context.woken });
      if (prompts.length === 1) {
        // The agent edits a file; the background test run reports while the turn is still going.
        const woke = firstValueFrom(w.hooks.background$);
        await w.hooks.fire('AfterTool', AFTER_WRITE);
        const record = await woke;
        expect(record.wake).toEqual({ reason: '2 tests failed in spec/math.spec.ts' });
      }
      return `answer ${prompts.length}`;
    });
    expect(prompts).toEqual([
      { prompt: 'refactor math.ts', woken: false },
      { prompt: 'Background hook "test-runner": 2 tests failed in spec/math.spec.ts', woken: true },
    ]);
    expect(run).toMatchObject({ responses: ['answer 1', 'answer 2'], continuations: 1, wakes: 1 });
    expect(w.hooks.pendingBackground()).toEqual([]);
  });

  it('counts background runs against the live-process limit', async () => {
    const w = setup({ processConcurrency: 1 });
    w.hooks.register('AfterTool', hookOf(w, 'wait-then-print.sh', { async: true, name: 'indexer' }));
    w.hooks.register('BeforeTool', hookOf(w, 'print-args.sh', { name: 'guard' }));
    const order: string[] = [];
    const record = firstValueFrom(w.hooks.background$).then(() => order.push('background finished'));
    await w.hooks.fire('AfterTool', AFTER_WRITE);
    // The guard's event starts while the background hook holds the only process slot.
    const guarded = w.hooks
      .fire('BeforeTool', { tool_name: 'write_file', tool_input: { path: 'b.ts' } })
      .then(() => order.push('guard decided'));
    expect(w.activity.map((a) => `${a.type}:${a.hook}`)).toEqual(['start:indexer', 'start:guard']);
    goAhead(w, CONTEXT);
    await Promise.all([record, guarded]);
    expect(order).toEqual(['background finished', 'guard decided']);
  });

  it('dispose() kills a background hook still running: no process left, its run canceled, no record', async () => {
    const w = setup();
    w.hooks.register('AfterTool', hookOf(w, 'sleep-forever.sh', { async: true, name: 'watcher' }));
    const records = firstValueFrom(w.hooks.background$.pipe(toArray()));
    await w.hooks.fire('AfterTool', AFTER_WRITE);
    expect(await eventually(() => markedProcesses(w.marker).length > 0)).toBe(true);
    await w.hooks.dispose();
    expect(markedProcesses(w.marker)).toEqual([]);
    expect(await records).toEqual([]);
    const finish = w.activity.find((a) => a.type === 'finish');
    expect(finish?.type === 'finish' ? finish.run.outcome : undefined).toBe('canceled');
  });
});

describe('background hooks from a .claude/settings.json', () => {
  it('reads "async" and "asyncRewake": the event does not wait, the context and the wake arrive as records', async () => {
    const w = setup();
    const project = join(w.dir, 'project');
    const home = join(w.dir, 'home');
    mkdirSync(join(project, '.claude'), { recursive: true });
    mkdirSync(home);
    const env = `${MARKER_VARIABLE}=${w.marker} GO_FILE=${w.goFile}`;
    writeFileSync(
      join(project, '.claude', 'settings.json'),
      JSON.stringify({
        hooks: {
          PostToolUse: [
            {
              matcher: 'Write',
              hooks: [
                { type: 'command', command: `${env} sh ${fixture('wait-then-print.sh')}`, async: true, timeout: 30 },
                { type: 'command', command: `${env} sh ${fixture('rewake-exit2.sh')}`, asyncRewake: true },
              ],
            },
          ],
        },
      }),
    );
    await w.hooks.dispose();
    const hooks = createHookSystem({
      settings: standardSettingsFiles(project, home, { variables: {} }),
      projectDir: project,
      sessionId: 'claude-session',
      trust: false,
    });
    w.hooks = hooks;
    expect(hooks.problems).toEqual([]);
    const plan = hooks.plan('PostToolUse', { tool_name: 'Write' });
    expect(plan.hooks).toEqual([]);
    expect(plan.background?.map((hook) => hook.origin.dialect)).toEqual(['claude', 'claude']);

    const two = firstValueFrom(hooks.background$.pipe(take(2), toArray()));
    const result = await hooks.fire('PostToolUse', {
      tool_name: 'Write',
      tool_input: { file_path: 'src/a.ts' },
      tool_response: { success: true },
    });
    expect(result.hooks).toEqual([]);
    goAhead(
      w,
      JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'reindexed' } }),
    );
    const records = await two;
    const byHook = new Map(records.map((record) => [record.hook.includes('rewake') ? 'rewake' : 'index', record]));
    expect(byHook.get('rewake')?.wake).toEqual({ reason: '2 tests failed in spec/math.spec.ts' });
    expect(byHook.get('index')).toMatchObject({ sessionId: 'claude-session', additionalContext: 'reindexed' });
    expect(byHook.get('index')?.wake).toBeUndefined();
  });
});

describe('backgroundContextText', () => {
  it('joins context, system messages and wakes in finish order', () => {
    const base = {
      event: 'AfterTool',
      eventId: 1,
      sessionId: 's',
      run: { name: 'x', source: 'project', outcome: 'success', durationMs: 0 },
    } as const;
    const records: BackgroundRecord[] = [
      Object.assign({ hook: 'indexer', additionalContext: 'indexed' }, base),
      Object.assign({ hook: 'lint', systemMessage: 'lint clean' }, base),
      Object.assign({ hook: 'tests', wake: { reason: '2 failed' } }, base),
    ];
    expect(backgroundContextText(records)).toBe('indexed\nlint clean\nBackground hook "tests": 2 failed');
    expect(backgroundContextText([])).toBeUndefined();
  });
});
