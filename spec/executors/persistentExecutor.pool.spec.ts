/**
 * The pool of a persistent hook against real workers (spec/fixtures/run/persistent-worker.mjs): `workers: N`
 * serves concurrent events in parallel and queues the rest first in, first out; `prewarm` starts workers before
 * any event; workers hold slots of the live-process limit, pass the `beforeSpawn` check and the project-directory
 * check, and leave nothing behind (escapees included).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createPersistentExecutor,
  type PersistentExecutor,
  type PersistentExecutorOptions,
} from '../../lib/executors/persistentExecutor.js';
import { createSemaphore } from '../../lib/process/spawnLimiter.js';
import type { CommandHookConfig, HookEntry, HookRun } from '../../lib/model/types.js';
import {
  eventually,
  fixture,
  markedProcesses,
  ProcessTest,
  runAll,
  runOnce,
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
const worker = (extra: Partial<CommandHookConfig> = {}, args: string[] = []): HookEntry =>
  t.hook({ command: 'node', args: [WORKER, '--echo', ...args], persistent: true, ...extra });
const ask = (hook: HookEntry, toolInput: Record<string, unknown> = {}): Promise<HookRun> =>
  runOnce(executor, hook, t.input({ tool_input: toolInput }));
const askAll = (hook: HookEntry, toolInputs: Record<string, unknown>[]): Promise<HookRun[]> =>
  runAll(
    executor,
    hook,
    toolInputs.map((toolInput) => t.input({ tool_input: toolInput })),
  );

interface WorkerInfo {
  pid: number;
  id?: unknown;
  seen: unknown[];
  overlap: boolean;
}
const info = (run: HookRun | undefined): WorkerInfo => JSON.parse(run?.output?.systemMessage ?? 'null') as WorkerInfo;

/** A directory the barrier requests meet in: each answers once `count` of them have arrived. */
const barrier = (count: number) => {
  const dir = path.join(t.dir, `barrier-${count}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir);
  return { dir, count };
};

beforeAll(warmUpSpawning);

beforeEach(() => {
  t = new ProcessTest();
  make();
});

afterEach(async () => {
  await t.verifyClean(executor);
});

describe('workers: N', () => {
  it('serves N concurrent events in parallel, one worker each', async () => {
    const hook = worker({ workers: 3 });
    const meet = barrier(3);
    const runs = await askAll(hook, [
      { id: 'a', barrier: meet },
      { id: 'b', barrier: meet },
      { id: 'c', barrier: meet },
    ]);
    expect(runs.map((run) => run.outcome)).toEqual(['success', 'success', 'success']);
    expect(new Set(runs.map((run) => info(run).pid)).size).toBe(3);
    expect(runs.map((run) => info(run).seen.length)).toEqual([1, 1, 1]);
    expect(executor.live).toBe(3);
  });

  it('with one worker two requests cannot meet: the first waits alone until its timeout', async () => {
    const hook = worker({ timeout: 3000 });
    const meet = barrier(2);
    const [first, second] = await askAll(hook, [
      { id: 'a', barrier: meet },
      { id: 'b', barrier: meet },
    ]);
    expect(first).toMatchObject({ outcome: 'timeout' });
    // The second went to a fresh worker only after the first timed out; the first's arrival is still counted.
    expect(second).toMatchObject({ outcome: 'success' });
    expect(info(second).seen).toEqual(['b']);
  });

  it('queues requests beyond the pool first in, first out, never two at once on a worker', async () => {
    const hook = worker({ workers: 2 });
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    const runs = await askAll(
      hook,
      ids.map((id) => ({ id, delayMs: 30 })),
    );
    expect(runs.map((run) => run.outcome)).toEqual(ids.map(() => 'success'));
    const workers = new Map(runs.map((run) => [info(run).pid, info(run)]));
    expect(workers.size).toBe(2);
    const seen = [...workers.values()].map((each) => {
      const last = runs.filter((run) => info(run).pid === each.pid).at(-1);
      return info(last);
    });
    for (const each of seen) {
      expect(each.overlap).toBe(false);
      // Each worker took its requests in the order they were made.
      expect(each.seen).toEqual([...each.seen].sort());
    }
    expect(seen.flatMap((each) => each.seen).sort()).toEqual(ids);
  });

  it('fails a hook whose workers is not an integer 1…64, saying so', async () => {
    for (const workers of [0, 2.5, 65]) {
      const run = await ask(worker({ workers }));
      expect(run).toMatchObject({
        outcome: 'failed',
        message: `Hook "node ${WORKER} --echo" cannot run: invalid "workers": expected an integer 1…64, received ${workers}`,
      });
    }
    expect(executor.live).toBe(0);
  });
});

describe('prewarm', () => {
  it('starts the workers of prewarm hooks before any event, and those workers answer', async () => {
    const hook = worker({ workers: 2, prewarm: true });
    const cold = worker({ name: 'cold' }, ['cold']);
    executor.prewarm([hook, cold]);
    expect(await eventually(() => executor.live === 2 && markedProcesses(t.marker).length === 2)).toBe(true);
    const started = markedProcesses(t.marker);
    const meet = barrier(2);
    const runs = await askAll(hook, [
      { id: 'a', barrier: meet },
      { id: 'b', barrier: meet },
    ]);
    expect(runs.map((run) => info(run).pid).sort()).toEqual(started.sort());
    expect(executor.live).toBe(2);
  });

  it('starts nothing for a hook without prewarm: true, and nothing after dispose', async () => {
    executor.prewarm([worker(), worker({ persistent: false, prewarm: true }, ['one-shot'])]);
    await executor.dispose();
    executor.prewarm([worker({ prewarm: true }, ['late'])]);
    expect(executor.live).toBe(0);
    expect(markedProcesses(t.marker)).toEqual([]);
  });
});

describe('the live-process limit', () => {
  it('makes a worker wait for a slot of the shared limit, held until a worker is gone', async () => {
    const limiter = createSemaphore(1);
    make({ processSlots: limiter });
    const first = worker();
    const second = worker({}, ['second']);
    expect((await ask(first, { id: 'a' })).outcome).toBe('success');
    expect(limiter.active).toBe(1);
    const waiting = ask(second, { id: 'b' });
    let settled = false;
    void waiting.then(() => (settled = true));
    expect(await eventually(() => limiter.waiting === 1)).toBe(true);
    expect(settled).toBe(false);
    // The first worker dies: its slot goes to the waiting one.
    expect((await ask(first, { mode: 'exit' })).exitCode).toBe(3);
    expect(await waiting).toMatchObject({ outcome: 'success' });
    expect(info(await waiting).seen).toEqual(['b']);
  });

  it('counts workers against processConcurrency when no limit is shared', async () => {
    make({ processConcurrency: 2 });
    const hook = worker({ workers: 3 });
    const runs = await askAll(
      hook,
      ['a', 'b', 'c', 'd'].map((id) => ({ id, delayMs: 50 })),
    );
    expect(runs.map((run) => run.outcome)).toEqual(['success', 'success', 'success', 'success']);
    expect(new Set(runs.map((run) => info(run).pid)).size).toBe(2);
    expect(executor.live).toBe(2);
  });
});

describe('before a worker starts', () => {
  it('asks beforeSpawn with the hook: a reason refuses the start as untrusted, for every start', async () => {
    const asked: string[] = [];
    let refuse = true;
    make({
      beforeSpawn: (hook) => {
        asked.push(hook.name);
        return refuse ? `Hook "${hook.name}" is not approved` : undefined;
      },
    });
    const hook = worker();
    const refused = await ask(hook, { id: 'a' });
    expect(refused).toMatchObject({ outcome: 'untrusted', message: `Hook "${hook.name}" is not approved` });
    expect(executor.live).toBe(0);
    refuse = false;
    expect((await ask(hook, { id: 'b' })).outcome).toBe('success');
    expect((await ask(hook, { mode: 'exit' })).exitCode).toBe(3);
    expect((await ask(hook, { id: 'c' })).outcome).toBe('success');
    expect(asked).toEqual([hook.name, hook.name, hook.name]);
  });

  it('waits for an asynchronous beforeSpawn, and fails the run when it throws', async () => {
    let calls = 0;
    make({
      beforeSpawn: async (hook) => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        if (calls === 1) throw new Error('store unreadable');
        return calls === 2 ? `Hook "${hook.name}" changed since approval` : undefined;
      },
    });
    const hook = worker();
    expect(await ask(hook)).toMatchObject({
      outcome: 'failed',
      message: `Hook "${hook.name}" could not be checked before it started: Error: store unreadable`,
    });
    expect(await ask(hook)).toMatchObject({
      outcome: 'untrusted',
      message: `Hook "${hook.name}" changed since approval`,
    });
    expect((await ask(hook, { id: 'c' })).outcome).toBe('success');
  });

  it('checks the project directory, naming it', async () => {
    const missing = path.join(t.dir, 'gone');
    make({ projectDir: missing });
    const run = await ask(worker());
    expect(run).toMatchObject({
      outcome: 'failed',
      message: `Hook "node ${WORKER} --echo" cannot run: project directory ${missing} does not exist`,
    });
    expect(executor.live).toBe(0);
  });
});

describe('what a worker leaves behind', () => {
  it('kills a worker child that left the process group (found by the run id) when the worker dies', async () => {
    const hook = worker();
    expect((await ask(hook, { mode: 'escape' })).outcome).toBe('success');
    expect(markedProcesses(t.marker)).toHaveLength(2);
    expect((await ask(hook, { mode: 'exit' })).exitCode).toBe(3);
    expect(await eventually(() => markedProcesses(t.marker).length === 0)).toBe(true);
  });

  it('kills such a child on dispose', async () => {
    expect((await ask(worker(), { mode: 'escape' })).outcome).toBe('success');
    await executor.dispose();
    expect(markedProcesses(t.marker)).toEqual([]);
  });
});
