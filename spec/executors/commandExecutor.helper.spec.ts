/**
 * The command executor's spawn helper, with real processes: hooks are children of the helper, not of the
 * host (`spawnHelper: false` turns it off); a helper killed mid-run fails that run, its hook is killed from
 * the host, and a new helper serves the next run; a second death falls back to spawning from the host, with
 * a warning. Every test ends with the leftover checks of processHarness.ts.
 */
import { firstValueFrom } from 'rxjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCommandExecutor, type CommandExecutor } from '../../lib/executors/commandExecutor.js';
import type { HookRun } from '../../lib/model/types.js';
import {
  eventually,
  fixture,
  markedProcesses,
  ProcessTest,
  recordingLogger,
  runOnce,
  warmUpSpawning,
  type LogLine,
} from '../process/processHarness.js';

let t: ProcessTest;
let executor: CommandExecutor;
let lines: LogLine[];

beforeAll(warmUpSpawning);

beforeEach(() => {
  t = new ProcessTest();
  const recording = recordingLogger();
  lines = recording.lines;
  executor = createCommandExecutor({
    projectDir: t.dir,
    sessionId: 'spec',
    forceKillAfterMs: 300,
    logger: recording.logger,
  });
});

afterEach(async () => {
  await t.verifyClean(executor);
});

/** The parent pid the hook sees: the helper's, or the host's when spawned directly. */
const parentOfHook = async (): Promise<number> => {
  const run = await runOnce(executor, t.hook({ command: 'echo "$PPID"' }), t.input());
  expect(run.outcome).toBe('success');
  return Number(run.stdout);
};

/** Starts a long hook, SIGKILLs the helper once the hook runs, and returns the run's record. */
const killHelperMidRun = async (): Promise<HookRun> => {
  const helper = executor.spawnHelperPid;
  expect(helper).toBeDefined();
  const running = firstValueFrom(executor.execute(t.hook({ command: fixture('sleep-forever.sh') }), t.input()));
  expect(await eventually(() => executor.live === 1 && markedProcesses(t.marker).length > 0)).toBe(true);
  process.kill(helper ?? 0, 'SIGKILL');
  return running;
};

describe('the spawn helper', () => {
  it('spawns the hooks: their parent is the helper, a child of the host', async () => {
    const helper = executor.spawnHelperPid;
    expect(helper).toBeDefined();
    expect(helper).not.toBe(process.pid);
    expect(await parentOfHook()).toBe(helper);
  });

  it('is not started with spawnHelper: false; hooks are then children of the host', async () => {
    await executor.dispose();
    executor = createCommandExecutor({ projectDir: t.dir, sessionId: 'spec', spawnHelper: false });
    expect(executor.spawnHelperPid).toBeUndefined();
    expect(await parentOfHook()).toBe(process.pid);
  });

  it('is stopped by dispose()', async () => {
    const helper = executor.spawnHelperPid ?? 0;
    await parentOfHook();
    await executor.dispose();
    expect(executor.spawnHelperPid).toBeUndefined();
    expect(() => process.kill(helper, 0)).toThrow();
  });
});

describe('when the helper dies', () => {
  it('fails the run it lost and kills its hook from the host, then serves the next run from a new helper', async () => {
    const first = executor.spawnHelperPid;
    const lost = await killHelperMidRun();
    expect(lost.outcome).toBe('failed');
    expect(lost.message).toMatch(/^Hook ".*sleep-forever\.sh" failed: the spawn helper died \(killed by SIGKILL\)/);
    expect(await eventually(() => markedProcesses(t.marker).length === 0 && executor.live === 0)).toBe(true);
    const second = executor.spawnHelperPid;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(await parentOfHook()).toBe(second);
    expect(lines.map((line) => `${line.level} ${line.message}`)).toEqual([
      'warn spawn helper died (killed by SIGKILL); starting a new one',
    ]);
  });

  it('falls back to spawning from the host, with a warning, when the new helper dies too', async () => {
    expect((await killHelperMidRun()).outcome).toBe('failed');
    expect(await eventually(() => executor.live === 0)).toBe(true);
    expect((await killHelperMidRun()).outcome).toBe('failed');
    expect(await eventually(() => markedProcesses(t.marker).length === 0 && executor.live === 0)).toBe(true);
    expect(executor.spawnHelperPid).toBeUndefined();
    expect(await parentOfHook()).toBe(process.pid);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'warn']);
    expect(lines[1]?.message).toMatch(
      /^spawn helper unavailable \(it died again: killed by SIGKILL\): hook processes are now spawned from the host/,
    );
  });
});
