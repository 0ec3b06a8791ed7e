/**
 * The command executor's process lifecycle with real processes: timeouts (SIGTERM, then SIGKILL after
 * the grace), pipes held open by a background child or a `setsid` escapee, `setsid` escapees that hold
 * nothing (killed after every run and by dispose), a 50 MiB flood, unsubscribe, dispose, the concurrency
 * bound and the process-level listeners (installed with the first live group, kept between runs).
 * Every test ends with the leftover checks of processHarness.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { firstValueFrom, type Subscription } from 'rxjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCommandExecutor, type CommandExecutor } from '../../lib/executors/commandExecutor.js';
import { DRAIN_MS, HARD_DEADLINE_SLACK_MS } from '../../lib/process/superviseProcess.js';
import type { HookRun } from '../../lib/model/types.js';
import {
  eventually,
  fixture,
  markedProcesses,
  ProcessTest,
  recordingLogger,
  runOnce,
  sleep,
  warmUpSpawning,
} from '../process/processHarness.js';

const TIMEOUT_MS = 300;
const GRACE_MS = 300;
/** Scheduling noise on a shared 2-core machine. */
const SLACK_MS = 1500;

let t: ProcessTest;
let executor: CommandExecutor;

beforeAll(warmUpSpawning);

beforeEach(() => {
  t = new ProcessTest();
  executor = createCommandExecutor({ projectDir: t.dir, sessionId: 'spec', forceKillAfterMs: GRACE_MS });
});

afterEach(async () => {
  await t.verifyClean(executor);
});

/** A process's group id, from /proc (0 once it is gone). */
const groupOf = (pid: number): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return 0;
  }
};

const run = (command: string, timeout?: number): Promise<HookRun> =>
  runOnce(executor, t.hook({ command, ...(timeout !== undefined ? { timeout } : {}) }), t.input());

describe('timeouts', () => {
  it('SIGTERMs a hook that sleeps past its timeout and reports the timeout in ms', async () => {
    const result = await run(fixture('sleep-forever.sh'), TIMEOUT_MS);
    expect(result).toMatchObject({ outcome: 'timeout', signal: 'SIGTERM' });
    expect(result.exitCode).toBeUndefined();
    expect(result.message).toContain(`${TIMEOUT_MS} ms`);
    expect(result.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(result.durationMs).toBeLessThan(TIMEOUT_MS + GRACE_MS + SLACK_MS);
  });

  it('SIGKILLs a hook that traps SIGTERM once the grace has passed', async () => {
    const result = await run(fixture('trap-term.sh'), TIMEOUT_MS);
    expect(result).toMatchObject({ outcome: 'timeout', signal: 'SIGKILL' });
    expect(result.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS + GRACE_MS - 20);
    expect(result.durationMs).toBeLessThan(TIMEOUT_MS + GRACE_MS + HARD_DEADLINE_SLACK_MS + SLACK_MS);
    expect(result.stderr).toContain('ignoring TERM');
  });

  it('uses the executor default when the hook has no timeout of its own', async () => {
    await executor.dispose();
    executor = createCommandExecutor({
      projectDir: t.dir,
      sessionId: 'spec',
      forceKillAfterMs: GRACE_MS,
      defaultTimeoutMs: 250,
    });
    const result = await run(fixture('sleep-forever.sh'));
    expect(result.outcome).toBe('timeout');
    expect(result.message).toContain('250 ms');
  });

  it('ignores a timeout the timers cannot hold (3e9 ms would fire after 13 ms) and uses the default', async () => {
    await executor.dispose();
    executor = createCommandExecutor({
      projectDir: t.dir,
      sessionId: 'spec',
      forceKillAfterMs: GRACE_MS,
      defaultTimeoutMs: 400,
    });
    const result = await run('sleep 0.2; echo finished', 3e9);
    expect(result).toMatchObject({ outcome: 'success', output: { systemMessage: 'finished' } });
  });
});

describe('pipes held open', () => {
  it('settles soon after the hook exits although a background child holds stdout for 30 s', async () => {
    const started = Date.now();
    const result = await run(fixture('background-holder.sh'));
    expect(Date.now() - started).toBeLessThan(DRAIN_MS + SLACK_MS);
    expect(result).toMatchObject({ outcome: 'success', exitCode: 0, output: { systemMessage: 'answered' } });
  });

  it('settles a hook whose setsid child escapes the group, and kills the escapee', async () => {
    const started = Date.now();
    const result = await run(fixture('setsid-escape.sh'), TIMEOUT_MS);
    // The leader dies at the timeout; the escapee keeps stdout open, so only the drain/hard deadline settles it.
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + GRACE_MS + HARD_DEADLINE_SLACK_MS + SLACK_MS);
    expect(result.outcome).toBe('timeout');
    expect(result.stdout).toContain('escaped');
    expect(result.outputWarnings?.join('\n')).toContain('left the hook');
    // The executor found the escapee by its run id; the marker scan in afterEach is the independent check.
    await executor.dispose();
    expect(await eventually(() => markedProcesses(t.marker).length === 0)).toBe(true);
  });
});

describe('processes that leave the group without holding its pipes (setsid, all output redirected)', () => {
  it('are killed after the run, before dispose, with a warning naming them', async () => {
    const { logger, lines } = recordingLogger();
    await executor.dispose();
    executor = createCommandExecutor({ projectDir: t.dir, sessionId: 'spec', forceKillAfterMs: GRACE_MS, logger });
    const result = await run(fixture('setsid-detached.sh'));
    expect(result).toMatchObject({ outcome: 'success', output: { systemMessage: 'answered' } });
    // The run settled as soon as the hook exited; the escapee is found by its run id and killed after it.
    expect(await eventually(() => executor.live === 0 && markedProcesses(t.marker).length === 0)).toBe(true);
    const warning = lines.find((line) => line.level === 'warn');
    expect(warning?.message).toContain('left processes outside its process group');
    expect(warning?.meta?.pids).toHaveLength(1);
  });

  it('are killed by dispose() while the hook still runs', async () => {
    const subscription = executor.execute(t.hook({ command: fixture('setsid-then-hang.sh') }), t.input()).subscribe();
    // The leader's group and the escapee's own group both hold marked processes: the escape has happened.
    expect(await eventually(() => new Set(markedProcesses(t.marker).map(groupOf)).size >= 2)).toBe(true);
    await executor.dispose();
    expect(markedProcesses(t.marker)).toEqual([]);
    subscription.unsubscribe();
  });
});

describe('output limits', () => {
  it('fails fast on 50 MiB of stdout without buffering it', async () => {
    const started = Date.now();
    const result = await run(fixture('flood.sh'));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.outcome).toBe('failed');
    expect(result.message).toContain(`stdout was truncated at ${1024 * 1024} bytes`);
    expect(result.output).toBeUndefined();
    expect(Buffer.byteLength(result.stdout ?? '')).toBeLessThanOrEqual(4096);
  });

  it('honours a smaller maxOutputBytes', async () => {
    await executor.dispose();
    executor = createCommandExecutor({
      projectDir: t.dir,
      sessionId: 'spec',
      forceKillAfterMs: GRACE_MS,
      maxOutputBytes: 10,
    });
    const result = await run(`echo '{"decision":"block","reason":"too long to read"}'`);
    expect(result.outcome).toBe('failed');
    expect(result.message).toContain('truncated at 10 bytes');
  });
});

describe('cancellation', () => {
  it('kills the group when unsubscribed mid-run and emits nothing', async () => {
    const seen: HookRun[] = [];
    const subscription = executor
      .execute(t.hook({ command: fixture('sleep-forever.sh') }), t.input())
      .subscribe((value) => seen.push(value));
    // The processes show in /proc as soon as they fork; the helper's report of the pid follows.
    expect(await eventually(() => markedProcesses(t.marker).length >= 2 && executor.live === 1)).toBe(true);
    subscription.unsubscribe();
    expect(await eventually(() => markedProcesses(t.marker).length === 0)).toBe(true);
    expect(await eventually(() => executor.live === 0)).toBe(true);
    expect(seen).toEqual([]);
  });

  it('dispose() kills five running hooks, emits them as canceled, and fails later runs', async () => {
    const results: HookRun[] = [];
    const subscriptions: Subscription[] = [];
    for (let i = 0; i < 5; i += 1) {
      subscriptions.push(
        executor
          .execute(t.hook({ command: fixture('trap-term.sh') }, `h${i}`), t.input())
          .subscribe((value) => results.push(value)),
      );
    }
    expect(await eventually(() => executor.live === 5)).toBe(true);
    const started = Date.now();
    await executor.dispose();
    expect(Date.now() - started).toBeLessThan(GRACE_MS + HARD_DEADLINE_SLACK_MS + SLACK_MS);
    expect(executor.live).toBe(0);
    expect(markedProcesses(t.marker)).toEqual([]);
    expect(results.map((result) => result.outcome)).toEqual(Array(5).fill('canceled'));
    expect(results[0]?.message).toContain('executor disposed');
    const later = await firstValueFrom(executor.execute(t.hook({ command: 'true' }), t.input()));
    expect(later.outcome).toBe('failed');
    for (const subscription of subscriptions) subscription.unsubscribe();
  });

  it('keeps the process-level listeners between back-to-back runs instead of adding them per run', async () => {
    const names = ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP'];
    const listeners = (): unknown[][] => names.map((name) => process.rawListeners(name));
    const before = listeners();
    await run('true');
    const kept = listeners();
    expect(kept.map((each) => each.length)).toEqual(before.map((each) => each.length + 1));
    await run('true');
    // The very same functions: not removed and added again.
    expect(listeners()).toEqual(kept);
    await executor.dispose();
    expect(listeners()).toEqual(before);
  });

  it('installs process-level listeners only while a group is live', async () => {
    const before = ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP'].map((name) => process.listenerCount(name));
    const subscription = executor.execute(t.hook({ command: fixture('sleep-forever.sh') }), t.input()).subscribe();
    expect(await eventually(() => executor.live === 1)).toBe(true);
    const during = ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP'].map((name) => process.listenerCount(name));
    expect(during).toEqual(before.map((count) => count + 1));
    subscription.unsubscribe();
    await executor.dispose();
    expect(['exit', 'SIGINT', 'SIGTERM', 'SIGHUP'].map((name) => process.listenerCount(name))).toEqual(before);
  });
});

describe('concurrency', () => {
  it('never runs more than processConcurrency hooks: 200 executions against 8', async () => {
    await executor.dispose();
    executor = createCommandExecutor({
      projectDir: t.dir,
      sessionId: 'spec',
      forceKillAfterMs: GRACE_MS,
      processConcurrency: 8,
    });
    let maxLive = 0;
    const sampler = setInterval(() => (maxLive = Math.max(maxLive, executor.live)), 2);
    const hook = t.hook({ command: fixture('record-live.sh'), args: [t.dir] });
    const runs = await Promise.all(
      Array.from({ length: 200 }, () => firstValueFrom(executor.execute(hook, t.input()))),
    );
    clearInterval(sampler);
    expect(runs.filter((result) => result.outcome !== 'success')).toEqual([]);
    const counts = readFileSync(path.join(t.dir, 'counts'), 'utf8').trim().split('\n').map(Number);
    expect(counts).toHaveLength(200);
    expect(Math.max(...counts)).toBeLessThanOrEqual(8);
    expect(maxLive).toBeLessThanOrEqual(8);
    // Concurrency did happen: the bound was exercised, not trivially met.
    expect(Math.max(...counts, maxLive)).toBeGreaterThanOrEqual(2);
  });

  it('drops a queued run that is unsubscribed before it starts', async () => {
    await executor.dispose();
    executor = createCommandExecutor({
      projectDir: t.dir,
      sessionId: 'spec',
      forceKillAfterMs: GRACE_MS,
      processConcurrency: 1,
    });
    const first = executor.execute(t.hook({ command: fixture('sleep-forever.sh') }), t.input()).subscribe();
    expect(await eventually(() => executor.live === 1)).toBe(true);
    const queued = executor.execute(t.hook({ command: `touch "${t.dir}/queued-ran"` }), t.input()).subscribe();
    await sleep(100); // past the project-directory check: waiting in the queue
    queued.unsubscribe();
    first.unsubscribe();
    expect(await eventually(() => executor.live === 0)).toBe(true);
    await sleep(200);
    expect(markedProcesses(t.marker)).toEqual([]);
    expect(() => readFileSync(path.join(t.dir, 'queued-ran'))).toThrow();
  });
});
