/**
 * `beforeSpawn`, the trust gate's time-of-check/time-of-use seam, with real processes: called after the run
 * holds its process slot and right before the spawn; a string refuses the run (outcome `untrusted`, nothing
 * started), `undefined` lets it run, synchronously or not; a throw fails the run; a run cancelled during
 * the check never starts.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { firstValueFrom } from 'rxjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HookEntry } from '../../lib/model/types.js';
import {
  createCommandExecutor,
  type CommandExecutor,
  type CommandExecutorOptions,
} from '../../lib/executors/commandExecutor.js';
import {
  eventually,
  fixture,
  markedProcesses,
  ProcessTest,
  runOnce,
  warmUpSpawning,
} from '../process/processHarness.js';

let t: ProcessTest;
let executor: CommandExecutor | undefined;

const make = (beforeSpawn: CommandExecutorOptions['beforeSpawn'], extra: Partial<CommandExecutorOptions> = {}) => {
  executor = createCommandExecutor({
    projectDir: t.dir,
    sessionId: 'spec',
    forceKillAfterMs: 300,
    beforeSpawn,
    ...extra,
  });
  return executor;
};

beforeAll(warmUpSpawning);

beforeEach(() => {
  t = new ProcessTest();
  executor = undefined;
});

afterEach(async () => {
  await t.verifyClean(executor ?? make(undefined));
});

describe('beforeSpawn', () => {
  it('refuses with a string: outcome untrusted, the string as message, no process started', async () => {
    const seen: HookEntry[] = [];
    const hook = t.hook({ command: `touch "${t.dir}/ran"` }, 'guarded');
    const run = await runOnce(
      make((checked) => {
        seen.push(checked);
        return 'the script changed since it was approved';
      }),
      hook,
      t.input(),
    );
    expect(run).toMatchObject({
      name: 'guarded',
      outcome: 'untrusted',
      message: 'the script changed since it was approved',
      command: `touch "${t.dir}/ran"`,
    });
    expect(seen).toEqual([hook]);
    expect(existsSync(path.join(t.dir, 'ran'))).toBe(false);
    expect(executor?.live).toBe(0);
  });

  it('lets the run start when it answers undefined, synchronously or asynchronously', async () => {
    const sync = await runOnce(
      make(() => undefined),
      t.hook({ command: 'echo sync' }),
      t.input(),
    );
    expect(sync).toMatchObject({ outcome: 'success', output: { systemMessage: 'sync' } });
    await executor?.dispose();
    const later = await runOnce(
      make(() => Promise.resolve(undefined)),
      t.hook({ command: 'echo async' }),
      t.input(),
    );
    expect(later).toMatchObject({ outcome: 'success', output: { systemMessage: 'async' } });
  });

  it('refuses asynchronously too', async () => {
    const run = await runOnce(
      make(() => Promise.resolve('not approved')),
      t.hook({ command: 'true' }),
      t.input(),
    );
    expect(run).toMatchObject({ outcome: 'untrusted', message: 'not approved' });
  });

  it('fails the run when it throws or rejects, saying the check failed', async () => {
    const thrown = await runOnce(
      make(() => {
        throw new Error('store unreadable');
      }),
      t.hook({ command: 'true' }, 'h'),
      t.input(),
    );
    expect(thrown).toMatchObject({
      outcome: 'failed',
      message: 'Hook "h" could not be checked before it started: store unreadable',
    });
    await executor?.dispose();
    const rejected = await runOnce(
      make(() => Promise.reject(new Error('gone'))),
      t.hook({ command: 'true' }),
      t.input(),
    );
    expect(rejected.outcome).toBe('failed');
    expect(rejected.message).toContain('gone');
  });

  it('is called only once the run holds its process slot: after the run before it is gone', async () => {
    // One slot: the second run waits for it; a check made while waiting would be stale by the spawn.
    const checked: string[] = [];
    make(
      (hook) => {
        checked.push(hook.name);
        return undefined;
      },
      { processConcurrency: 1 },
    );
    const first = executor?.execute(t.hook({ command: fixture('sleep-forever.sh') }, 'first'), t.input()).subscribe();
    expect(await eventually(() => executor?.live === 1)).toBe(true);
    const second = firstValueFrom(executor!.execute(t.hook({ command: `cat "${t.dir}/state"` }, 'second'), t.input()));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(checked).toEqual(['first']);
    // What the second hook will read is written while it waits; the check and the spawn both come later.
    writeFileSync(path.join(t.dir, 'state'), 'written while waiting');
    first?.unsubscribe();
    const run = await second;
    expect(checked).toEqual(['first', 'second']);
    expect(run.output?.systemMessage).toBe('written while waiting');
  });

  it('starts nothing when the run is cancelled while the check is pending', async () => {
    let answer: (value: string | undefined) => void = () => undefined;
    const pending = new Promise<string | undefined>((resolve) => (answer = resolve));
    const seen: unknown[] = [];
    const subscription = make(() => pending)
      .execute(t.hook({ command: `touch "${t.dir}/ran"` }), t.input())
      .subscribe((run) => seen.push(run));
    await new Promise((resolve) => setTimeout(resolve, 50));
    subscription.unsubscribe();
    answer(undefined);
    await executor?.dispose();
    expect(seen).toEqual([]);
    expect(existsSync(path.join(t.dir, 'ran'))).toBe(false);
    expect(markedProcesses(t.marker)).toEqual([]);
  });
});
