/**
 * The persistent executor against real worker processes (spec/fixtures/run/persistent-*.mjs): one worker
 * per hook answering one line per request, the exit-0 meaning of an answer, FIFO one-at-a-time requests,
 * timeouts, overflow, worker death, the crash-loop guard, unsubscribing, dispose, and the settings wiring.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { lastValueFrom, merge, type Subscription, toArray } from 'rxjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withFailurePolicy } from '../../lib/executors/failurePolicy.js';
import { startable, startOf } from '../../lib/executors/startRun.js';
import { processAlive } from '../../lib/process/processGroups.js';
import {
  createPersistentExecutor,
  type PersistentExecutor,
  type PersistentExecutorOptions,
} from '../../lib/executors/persistentExecutor.js';
import { createHookSystem } from '../../lib/system/createHookSystem.js';
import { createExecutors } from '../../lib/executors/createExecutors.js';
import type { CommandHookConfig, HookEntry, HookRun } from '../../lib/model/types.js';
import {
  eventually,
  fixture,
  MARKER_VARIABLE,
  markedProcesses,
  ProcessTest,
  runOnce,
  sleep,
  warmUpSpawning,
} from '../process/processHarness.js';

let t: ProcessTest;
let executor: PersistentExecutor;

const make = (options: Partial<PersistentExecutorOptions> = {}): PersistentExecutor => {
  executor = createPersistentExecutor({
    projectDir: t.dir,
    sessionId: 'spec-session',
    forceKillAfterMs: 300,
    ...options,
  });
  return executor;
};
const WORKER = fixture('persistent-worker.mjs');
const worker = (extra: Partial<CommandHookConfig> = {}): HookEntry =>
  t.hook({ command: 'node', args: [WORKER], ...extra });
const ask = (hook: HookEntry, toolInput: Record<string, unknown> = {}): Promise<HookRun> =>
  runOnce(executor, hook, t.input({ tool_input: toolInput }));

interface WorkerInfo {
  pid: number;
  id?: string | number;
  seen: (string | number | null)[];
  overlap: boolean;
  persistent?: string;
}
/** The default answer of persistent-worker.mjs: its state, JSON inside `systemMessage`. */
const info = (run: HookRun): WorkerInfo => JSON.parse(run.output?.systemMessage ?? 'null') as WorkerInfo;

beforeAll(warmUpSpawning);

beforeEach(() => {
  t = new ProcessTest();
  make();
});

afterEach(async () => {
  await t.verifyClean(executor);
});

describe('answers', () => {
  it('answers 20 sequential requests from one worker started with HOOKSTREAM_PERSISTENT=1', async () => {
    const hook = worker();
    const runs: HookRun[] = [];
    for (let id = 0; id < 20; id++) runs.push(await ask(hook, { id }));
    const pids = new Set(runs.map((run) => info(run).pid));
    expect(pids.size).toBe(1);
    expect(executor.live).toBe(1);
    expect(info(runs[19]!)).toMatchObject({ id: 19, seen: [...Array(20).keys()], persistent: '1', overlap: false });
    expect(runs[0]).toMatchObject({ outcome: 'success', name: `node ${WORKER}`, command: `node ${WORKER}` });
    expect(runs[0]!.exitCode).toBeUndefined();
    expect(runs[0]!.stdout).toBe(JSON.stringify({ systemMessage: runs[0]!.output?.systemMessage }));
  });

  it('runs the shell form too', async () => {
    const hook = t.hook({ command: `node "${WORKER}"`, persistent: true });
    const first = info(await ask(hook, { id: 'a' }));
    const second = info(await ask(hook, { id: 'b' }));
    expect(second).toMatchObject({ pid: first.pid, seen: ['a', 'b'] });
  });

  it('blocks on a block decision, with the reason as message', async () => {
    const run = await ask(worker(), { mode: 'block' });
    expect(run).toMatchObject({ outcome: 'blocked', message: 'no write_file' });
    expect(run.output).toMatchObject({ decision: 'block', reason: 'no write_file' });
  });

  it('reads plain text as an allow with a systemMessage, and an empty line as success without output', async () => {
    const hook = worker();
    const text = await ask(hook, { mode: 'text' });
    expect(text).toMatchObject({ outcome: 'success', output: { decision: 'allow', systemMessage: 'plain words' } });
    const empty = await ask(hook, { mode: 'empty' });
    expect(empty).toMatchObject({ outcome: 'success', stdout: '' });
    expect(empty.output).toBeUndefined();
  });

  it('collects stderr per request', async () => {
    const hook = worker();
    expect((await ask(hook, { mode: 'stderr', id: 'a' })).stderr).toBe('note for a\n');
    expect((await ask(hook, { id: 'b' })).stderr).toBe('');
  });

  it('keeps one worker per hook key', async () => {
    const one = worker();
    const other = t.hook({ command: 'node', args: [WORKER, 'other'] });
    const [a, b] = await Promise.all([ask(one), ask(other)]);
    expect(info(a).pid).not.toBe(info(b).pid);
    expect(executor.live).toBe(2);
  });

  it('answers concurrent requests FIFO, one at a time', async () => {
    const hook = worker();
    const requests = [0, 1, 2, 3, 4].map((id) => executor.execute(hook, t.input({ tool_input: { id, delayMs: 40 } })));
    const runs = await lastValueFrom(merge(...requests).pipe(toArray()));
    expect(runs.map((run) => info(run).id)).toEqual([0, 1, 2, 3, 4]);
    expect(runs.map((run) => info(run).overlap)).toEqual([false, false, false, false, false]);
    expect(new Set(runs.map((run) => info(run).pid)).size).toBe(1);
  });
});

describe('failures', () => {
  it('times out a request, kills the worker and gives the next request a fresh one', async () => {
    const hook = worker({ timeout: 1500 });
    const first = info(await ask(hook, { id: 1 }));
    const [hung, queued] = await Promise.all([ask(hook, { mode: 'hang' }), ask(hook, { id: 'queued' })]);
    expect(hung).toMatchObject({ outcome: 'timeout', message: `Hook "node ${WORKER}" timed out after 1500 ms` });
    expect(info(queued)).toMatchObject({ id: 'queued', seen: ['queued'] });
    expect(info(queued).pid).not.toBe(first.pid);
    expect(await eventually(() => !processAlive(first.pid))).toBe(true);
  });

  it('SIGKILLs a timed-out worker that ignores SIGTERM', async () => {
    const hook = t.hook({ command: 'node', args: [fixture('persistent-stubborn.mjs')], timeout: 1500 });
    const pid = Number((await ask(hook)).output?.systemMessage?.slice('pid='.length));
    expect((await ask(hook, { mode: 'hang' })).outcome).toBe('timeout');
    expect(await eventually(() => !processAlive(pid))).toBe(true);
    expect((await ask(hook)).output?.systemMessage).not.toBe(`pid=${pid}`);
  });

  it('fails a line longer than maxOutputBytes and restarts the worker', async () => {
    make({ maxOutputBytes: 300 });
    const hook = worker();
    const first = info(await ask(hook, { id: 1 }));
    const long = await ask(hook, { mode: 'long' });
    expect(long.outcome).toBe('failed');
    expect(long.message).toContain('stdout was truncated at 300 bytes');
    expect(info(await ask(hook, { id: 2 })).pid).not.toBe(first.pid);
  });

  it('fails the request a worker dies on, with exit code and first stderr line; the next one works', async () => {
    const hook = worker();
    const first = info(await ask(hook, { id: 1 }));
    const died = await ask(hook, { mode: 'exit' });
    expect(died).toMatchObject({ outcome: 'failed', exitCode: 3, stderr: 'bye now\n' });
    expect(died.message).toBe(`Hook "node ${WORKER}" worker exited with code 3 before answering: bye now`);
    const next = info(await ask(hook, { id: 2 }));
    expect(next.pid).not.toBe(first.pid);
    expect(next.seen).toEqual([2]);
  });

  it('turns a failure into a block under failurePolicy block', async () => {
    // The failure policy is one decorator over every executor (createExecutors composes it).
    const policed = startable(withFailurePolicy(startOf(executor.execute), 'block'));
    const run = await lastValueFrom(
      policed(worker({ failurePolicy: 'block' }), t.input({ tool_input: { mode: 'exit' } })),
    );
    expect(run).toMatchObject({ outcome: 'blocked', strictFailure: 'failed', exitCode: 3 });
    expect(run.output?.reason).toContain('failed (strict): worker exited with code 3');
  });

  it('fails a missing program as a worker that could not start', async () => {
    const run = await ask(t.hook({ command: path.join(t.dir, 'missing'), args: [], persistent: true }));
    expect(run.outcome).toBe('failed');
    expect(run.message).toContain('could not start its worker');
  });

  it('stops respawning after 3 crashes within the window, and retries once it has passed', async () => {
    make({ crashWindowMs: 3000 });
    const starts = path.join(t.dir, 'starts');
    const hook = t.hook({ command: `echo start >> "${starts}"; echo boom >&2; exit 7` });
    const startCount = (): number => readFileSync(starts, 'utf8').split('\n').filter(Boolean).length;
    for (let i = 0; i < 3; i++) {
      const run = await ask(hook);
      expect(run).toMatchObject({ outcome: 'failed', exitCode: 7 });
      expect(run.message).toContain('exited with code 7 before answering: boom');
    }
    const guarded = await ask(hook);
    expect(guarded.outcome).toBe('failed');
    expect(guarded.message).toContain('worker keeps crashing');
    expect(guarded.exitCode).toBeUndefined();
    expect(startCount()).toBe(3);
    await sleep(3100);
    expect(await ask(hook)).toMatchObject({ outcome: 'failed', exitCode: 7 });
    expect(startCount()).toBe(4);
  });

  it('fails a hook that is not a command hook', async () => {
    const hook: HookEntry = { ...worker(), definition: { type: 'function', name: 'f', run: () => undefined } };
    expect(await ask(hook)).toMatchObject({
      outcome: 'failed',
      message: `Hook "node ${WORKER}" is not a command hook`,
    });
  });
});

describe('unsubscribing', () => {
  it('removes a queued request: the worker never sees it', async () => {
    const hook = worker();
    const slow = ask(hook, { id: 'A', delayMs: 300 });
    const dropped: HookRun[] = [];
    const queued = executor.execute(hook, t.input({ tool_input: { id: 'B' } })).subscribe((run) => dropped.push(run));
    queued.unsubscribe();
    const last = ask(hook, { id: 'C' });
    expect(info(await slow).seen).toEqual(['A']);
    expect(info(await last).seen).toEqual(['A', 'C']);
    expect(dropped).toEqual([]);
  });

  it('discards the answer of a written request and keeps the worker', async () => {
    const hook = worker();
    const flag = path.join(t.dir, 'written');
    const dropped: HookRun[] = [];
    const written: Subscription = executor
      .execute(hook, t.input({ tool_input: { id: 'A', delayMs: 300, flagFile: flag } }))
      .subscribe((run) => dropped.push(run));
    expect(await eventually(() => existsSync(flag))).toBe(true);
    written.unsubscribe();
    const next = info(await ask(hook, { id: 'B' }));
    expect(next).toMatchObject({ id: 'B', seen: ['A', 'B'] });
    expect(info(await ask(hook, { id: 'C' })).pid).toBe(next.pid);
    expect(dropped).toEqual([]);
  });
});

describe('dispose', () => {
  it('cancels pending requests, kills the workers and fails later requests', async () => {
    const hook = worker();
    await ask(hook, { id: 1 });
    const pending = ask(hook, { mode: 'hang' });
    const queued = ask(hook, { id: 2 });
    await executor.dispose();
    expect(await pending).toMatchObject({
      outcome: 'canceled',
      message: `Hook "node ${WORKER}" was canceled: executor disposed`,
    });
    expect((await queued).outcome).toBe('canceled');
    expect(executor.live).toBe(0);
    expect(markedProcesses(t.marker)).toEqual([]);
    expect(await ask(hook)).toMatchObject({
      outcome: 'failed',
      message: `Hook "node ${WORKER}" cannot run: executor disposed`,
    });
  });

  it('kills a worker that ignores stdin EOF and SIGTERM', async () => {
    const hook = t.hook({ command: 'node', args: [fixture('persistent-stubborn.mjs')] });
    expect((await ask(hook)).outcome).toBe('success');
    await executor.dispose();
    expect(markedProcesses(t.marker)).toEqual([]);
  });
});

describe('settings', () => {
  it('routes persistent: true hooks of a settings object to one worker', async () => {
    const system = createHookSystem({
      projectDir: t.dir,
      sessionId: 'spec',
      forceKillAfterMs: 300,
      settings: {
        tools: { enableHooks: true },
        hooks: {
          BeforeTool: [
            { hooks: [{ command: 'node', args: [WORKER], persistent: true, env: { [MARKER_VARIABLE]: t.marker } }] },
          ],
        },
      },
    });
    try {
      const results = [];
      for (let id = 0; id < 3; id++)
        results.push(await system.fire('BeforeTool', { tool_name: 'ls', tool_input: { id } }));
      const infos = results.map((result) => JSON.parse(result.systemMessage ?? 'null') as WorkerInfo);
      expect(new Set(infos.map((worker) => worker.pid)).size).toBe(1);
      expect(infos[2]).toMatchObject({ seen: [0, 1, 2], persistent: '1' });
      expect(results[0]!.hooks[0]).toMatchObject({ outcome: 'success', source: 'project', command: `node ${WORKER}` });
      const blocked = await system.fire('BeforeTool', { tool_name: 'rm', tool_input: { mode: 'block' } });
      expect(blocked).toMatchObject({ blocked: true, decision: 'block', reason: 'no rm' });
    } finally {
      await system.dispose();
    }
    expect(markedProcesses(t.marker)).toEqual([]);
  });

  it('shares one live-process limit between workers and one-shot hooks', async () => {
    const ran = path.join(t.dir, 'one-shot-ran');
    const system = createHookSystem({
      projectDir: t.dir,
      sessionId: 'spec',
      forceKillAfterMs: 300,
      processConcurrency: 1,
      settings: {
        tools: { enableHooks: true },
        hooks: {
          BeforeTool: [
            { hooks: [{ command: 'node', args: [WORKER], persistent: true, env: { [MARKER_VARIABLE]: t.marker } }] },
          ],
          AfterTool: [{ hooks: [{ command: `touch "${ran}"; echo '{}'`, env: { [MARKER_VARIABLE]: t.marker } }] }],
        },
      },
    });
    try {
      const first = await system.fire('BeforeTool', { tool_name: 'ls', tool_input: { id: 1 } });
      expect(first.hooks[0]?.outcome).toBe('success');
      // The worker holds the only slot: the one-shot hook waits (with a limit of its own it would run at once).
      const after = system.fire('AfterTool', { tool_name: 'ls', tool_input: {}, tool_response: {} });
      expect(await eventually(() => existsSync(ran), 500)).toBe(false);
      const exit = await system.fire('BeforeTool', { tool_name: 'ls', tool_input: { mode: 'exit' } });
      expect(exit.hooks[0]).toMatchObject({ outcome: 'failed', exitCode: 3 });
      expect((await after).hooks[0]).toMatchObject({ outcome: 'success' });
      expect(existsSync(ran)).toBe(true);
    } finally {
      await system.dispose();
    }
  });

  it('starts prewarm hooks through the executor stack before any event', async () => {
    const executors = createExecutors({
      process: { projectDir: t.dir, sessionId: 'spec', forceKillAfterMs: 300 },
      trust: undefined,
    });
    try {
      executors.prewarm([worker({ persistent: true, prewarm: true, workers: 2 }), worker({ name: 'cold' })]);
      expect(await eventually(() => markedProcesses(t.marker).length === 2)).toBe(true);
    } finally {
      await executors.dispose();
    }
    expect(markedProcesses(t.marker)).toEqual([]);
  });
});
