/**
 * Persistent workers cannot cross answers (issue 10): real node workers (spec/fixtures/run/persistent-worker.mjs)
 * that print a second line, flood 2 000 lines, print late or unsolicited lines, or echo a wrong id — with later
 * requests queued behind them. A stray line fails the request it came with and replaces the worker; it never
 * becomes another event's answer.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPersistentExecutor, type PersistentExecutor } from '../../lib/executors/persistentExecutor.js';
import { processAlive } from '../../lib/process/processGroups.js';
import type { HookEntry, HookRun } from '../../lib/model/types.js';
import { eventually, fixture, ProcessTest, runAll, runOnce, warmUpSpawning } from '../process/processHarness.js';

let t: ProcessTest;
let executor: PersistentExecutor;

const WORKER = fixture('persistent-worker.mjs');
/** A worker that echoes ids (`--echo`) or one that answers by order only. */
const worker = (echo: boolean): HookEntry => t.hook({ command: 'node', args: echo ? [WORKER, '--echo'] : [WORKER] });
const ask = (hook: HookEntry, toolInput: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) =>
  runOnce(executor, hook, t.input({ tool_input: toolInput, ...fields }));
/** Several requests at once, subscribed in order: the later ones queue behind the first. */
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
  requestId: number;
  lastKey: string;
}
const info = (run: HookRun | undefined): WorkerInfo => JSON.parse(run?.output?.systemMessage ?? 'null') as WorkerInfo;

beforeAll(warmUpSpawning);

beforeEach(() => {
  t = new ProcessTest();
  executor = createPersistentExecutor({ projectDir: t.dir, sessionId: 'spec-session', forceKillAfterMs: 300 });
});

afterEach(async () => {
  await t.verifyClean(executor);
});

describe('the request line', () => {
  it('carries a numeric "id" as its last key, over a host field of that name', async () => {
    const hook = worker(true);
    const first = info(await ask(hook, { id: 'a' }, { id: 'the host own id' }));
    const second = info(await ask(hook, { id: 'b' }));
    expect(first.lastKey).toBe('id');
    expect(typeof first.requestId).toBe('number');
    expect(second.requestId).toBeGreaterThan(first.requestId);
  });

  it('pairs echoed answers by id, and keeps the echoed id out of the output', async () => {
    const hook = worker(true);
    const run = await ask(hook, { mode: 'block' });
    expect(run).toMatchObject({ outcome: 'blocked', output: { decision: 'block', reason: 'no write_file' } });
    expect(run.output).not.toHaveProperty('id');
    expect(run.outputWarnings).toBeUndefined();
  });
});

describe.each([
  ['a worker that echoes ids', true],
  ['a worker that answers by order only', false],
])('%s', (_, echo) => {
  it('printing two lines for one request: that request fails, the queued one gets a fresh worker', async () => {
    const hook = worker(echo);
    const before = info(await ask(hook, { id: 'warm' }));
    const runs = await askAll(hook, [{ id: 'two', mode: 'twice' }, { id: 'next' }, { id: 'last' }]);
    const [twice, next, last] = runs;
    expect(twice).toMatchObject({ outcome: 'failed' });
    expect(twice?.message).toMatch(
      /worker broke the line protocol: printed more than one line for request \d+; the worker was restarted/,
    );
    expect(twice?.output).toBeUndefined();
    for (const run of [next, last]) expect(run).toMatchObject({ outcome: 'success' });
    expect(info(next)).toMatchObject({ id: 'next', seen: ['next'] });
    expect(info(last)).toMatchObject({ id: 'last', seen: ['next', 'last'] });
    expect(info(next).pid).not.toBe(before.pid);
    expect(await eventually(() => !processAlive(before.pid))).toBe(true);
  });

  it('flooding 2 000 lines: no later event is answered with a stale deny', async () => {
    const hook = worker(echo);
    const runs = await askAll(hook, [{ id: 'flood', mode: 'flood' }, { id: 'b' }, { id: 'c' }, { id: 'd' }]);
    expect(runs[0]).toMatchObject({ outcome: 'failed' });
    expect(runs[0]?.message).toContain('printed more than one line for request');
    expect(runs.slice(1).map((run) => run.outcome)).toEqual(['success', 'success', 'success']);
    expect(runs.slice(1).map((run) => info(run).id)).toEqual(['b', 'c', 'd']);
    expect(runs.some((run) => run.output?.decision === 'deny')).toBe(false);
    // One fresh worker served the rest, in order.
    expect(info(runs[3]).seen).toEqual(['b', 'c', 'd']);
  });

  it('a line while no request is pending replaces the worker; the next request is told why', async () => {
    const hook = worker(echo);
    const first = await ask(hook, { id: 'a', mode: 'later' });
    expect(first.outcome).toBe('success');
    const pid = info(first).pid;
    expect(await eventually(() => !processAlive(pid))).toBe(true);
    const next = await ask(hook, { id: 'b' });
    expect(next.outcome).toBe('success');
    expect(info(next)).toMatchObject({ id: 'b', seen: ['b'] });
    expect(next.outputWarnings).toEqual([
      expect.stringMatching(/^the previous worker was replaced: it printed a line while no request was pending: "/),
    ]);
  });
});

describe('echoed ids', () => {
  it('a late second answer with an old id fails the pending request and never answers it', async () => {
    const hook = worker(true);
    const runs = await askAll(hook, [{ id: 'a', mode: 'later' }, { id: 'b', delayMs: 400 }, { id: 'c' }]);
    const [a, b, c] = runs;
    expect(a).toMatchObject({ outcome: 'success' });
    expect(b).toMatchObject({ outcome: 'failed' });
    expect(b?.message).toMatch(/answered with "id": \d+ while request \d+ was pending/);
    expect(b?.output).toBeUndefined();
    expect(c).toMatchObject({ outcome: 'success' });
    expect(info(c)).toMatchObject({ id: 'c', seen: ['c'] });
    expect(info(c).pid).not.toBe(info(a).pid);
  });

  it('an answer with a wrong id fails and replaces the worker', async () => {
    const hook = worker(true);
    const wrong = await ask(hook, { id: 'a', mode: 'wrong-id' });
    expect(wrong).toMatchObject({ outcome: 'failed' });
    expect(wrong.message).toMatch(/answered with "id": \d+ while request \d+ was pending/);
    expect(info(await ask(hook, { id: 'b' })).seen).toEqual(['b']);
  });

  it('once a worker echoed ids, an answer without one is a broken protocol', async () => {
    const hook = worker(true);
    await ask(hook, { id: 'a' });
    const bare = await ask(hook, { id: 'b', mode: 'no-id' });
    expect(bare).toMatchObject({ outcome: 'failed' });
    expect(bare.message).toContain('without its "id" (it echoed ids before)');
  });

  it('an answer that is not valid UTF-8 fails and is never a decision', async () => {
    const hook = worker(true);
    const run = await ask(hook, { id: 'a', mode: 'invalid' });
    expect(run).toMatchObject({
      outcome: 'failed',
      message: `Hook "node ${WORKER} --echo" answer was not used: it is not valid UTF-8`,
    });
    expect(run.output).toBeUndefined();
    expect(info(await ask(hook, { id: 'b' })).seen).toEqual(['a', 'b']);
  });
});

describe('answers by order', () => {
  it('still pairs plain text and empty answers with the pending request', async () => {
    const hook = worker(false);
    const runs = await askAll(hook, [{ id: 'a', mode: 'text' }, { id: 'b', mode: 'empty' }, { id: 'c' }]);
    expect(runs[0]?.output).toEqual({ decision: 'allow', systemMessage: 'plain words' });
    expect(runs[1]).toMatchObject({ outcome: 'success', stdout: '' });
    expect(info(runs[2])).toMatchObject({ id: 'c', seen: ['a', 'b', 'c'] });
  });
});
