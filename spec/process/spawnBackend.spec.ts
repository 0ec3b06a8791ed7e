/**
 * The spawn backend's guard of groups the host starts itself (persistent workers), with real processes: the
 * helper kills a watched group when its channel closes (as when the host dies, even by SIGKILL), and only
 * while it is watched; a helper that replaces a dead one guards what the dead one did; one backend shared by
 * two leases runs one helper, stopped with the last lease. Two helpers share concurrent runs; a second helper
 * death retires the pool without killing watched groups. The host's SIGKILL itself is in workerHost.spec.ts.
 */
import { spawn } from 'node:child_process';
import type { LaunchResult } from '../../lib/process/launch.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRootLogger } from '../../lib/logging/logger.js';
import { groupAlive } from '../../lib/process/processGroups.js';
import { createSpawnBackend, shareSpawnBackend, type SpawnBackend } from '../../lib/process/spawnBackend.js';
import { eventually, MARKER_VARIABLE, ProcessTest } from './processHarness.js';

let t: ProcessTest;
const backends: SpawnBackend[] = [];

beforeEach(() => {
  t = new ProcessTest();
});

afterEach(async () => {
  await t.verifyClean({
    dispose: async () => {
      await Promise.all(backends.splice(0).map((each) => each.dispose()));
    },
  });
});

const logger = createRootLogger();
const backend = (helper = true, helpers = 2): SpawnBackend => {
  const created = createSpawnBackend({ helper, helpers, logger });
  backends.push(created);
  return created;
};

/** A process group of our own, as a persistent worker's: a detached `sleep` carrying the test's marker. */
const group = (): number => {
  const child = spawn('sleep', ['30'], {
    detached: true,
    stdio: 'ignore',
    env: { PATH: process.env.PATH, [MARKER_VARIABLE]: t.marker },
  });
  child.unref();
  return child.pid ?? 0;
};

const killQuietly = (pgid: number): void => {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // gone already
  }
};

describe('watching a group the host started', () => {
  it('the helper kills a watched group when its channel closes, not one it stopped watching', async () => {
    const spawns = backend();
    await spawns.ready();
    expect(spawns.helperPid).toBeGreaterThan(0);
    const watched = group();
    const released = group();
    spawns.watch(watched, 'run-watched');
    const unwatch = spawns.watch(released, 'run-released');
    unwatch();
    await spawns.dispose();
    expect(await eventually(() => !groupAlive(watched))).toBe(true);
    expect(groupAlive(released)).toBe(true);
    killQuietly(released);
  });

  it('a helper that replaces a dead one guards what the dead one did', async () => {
    // One helper: no survivor guards the group meanwhile, only the replacement can kill it.
    const spawns = backend(true, 1);
    await spawns.ready();
    const first = spawns.helperPid ?? 0;
    const watched = group();
    spawns.watch(watched, 'run-kept');
    process.kill(first, 'SIGKILL');
    expect(await eventually(() => spawns.helperPid !== undefined && spawns.helperPid !== first, 20_000)).toBe(true);
    await spawns.ready();
    // The dead helper could kill nothing: the group still runs, now the new helper's to kill.
    expect(groupAlive(watched)).toBe(true);
    await spawns.dispose();
    expect(await eventually(() => !groupAlive(watched))).toBe(true);
  }, 30_000);

  it('without a helper, ready settles at once and a watch guards nothing', async () => {
    const spawns = backend(false);
    await spawns.ready();
    expect(spawns.helperPid).toBeUndefined();
    const watched = group();
    spawns.watch(watched, 'run-unguarded')();
    await spawns.dispose();
    expect(groupAlive(watched)).toBe(true);
    killQuietly(watched);
  });
});

/** Runs `script` under `sh -c` through the backend; resolves with what it printed. */
const run = (spawns: SpawnBackend, script: string): Promise<string> =>
  new Promise((resolve) => {
    const request = {
      file: 'sh',
      args: ['-c', script],
      cwd: t.dir,
      baseEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin', [MARKER_VARIABLE]: t.marker },
      env: {},
      input: '',
      maxOutputBytes: 4096,
    };
    const handle = spawns.launch(request, {
      spawned: () => undefined,
      overflow: () => undefined,
      exited: () => undefined,
      done: (result: LaunchResult) => {
        handle.forget();
        resolve(Buffer.from(result.stdout).toString().trim());
      },
    });
  });

describe('two helpers', () => {
  it('share runs in flight; a lone run goes to the first', async () => {
    const spawns = backend();
    await spawns.ready();
    const first = spawns.helperPid;
    expect(await run(spawns, 'echo $PPID')).toBe(String(first));
    const parents = await Promise.all([run(spawns, 'echo $PPID; sleep 0.3'), run(spawns, 'echo $PPID; sleep 0.3')]);
    expect(new Set(parents).size).toBe(2);
    expect(parents).toContain(String(first));
    expect(parents).not.toContain(String(process.pid));
  });

  it('a second death retires the pool: the survivor stops, watched groups live on, hooks spawn from the host', async () => {
    const spawns = backend();
    await spawns.ready();
    const watched = group();
    spawns.watch(watched, 'run-retired');
    const first = spawns.helperPid ?? 0;
    process.kill(first, 'SIGKILL');
    expect(await eventually(() => spawns.helperPid !== undefined && spawns.helperPid !== first, 20_000)).toBe(true);
    await spawns.ready();
    const replacement = spawns.helperPid ?? 0;
    const survivor = Number(
      (await Promise.all([run(spawns, 'echo $PPID; sleep 0.3'), run(spawns, 'echo $PPID; sleep 0.3')])).find(
        (parent) => parent !== String(replacement),
      ),
    );
    process.kill(replacement, 'SIGKILL');
    expect(await eventually(() => spawns.helperPid === undefined)).toBe(true);
    expect(await eventually(() => !groupAlive(survivor))).toBe(true);
    expect(await run(spawns, 'echo $PPID')).toBe(String(process.pid));
    expect(groupAlive(watched)).toBe(true);
    killQuietly(watched);
  }, 30_000);
});

describe('a shared backend', () => {
  it('runs one helper for every lease and stops it with the last lease', async () => {
    const shared = shareSpawnBackend({ helper: true, logger });
    const one = shared.lease();
    const two = shared.lease();
    await one.ready();
    const pid = one.helperPid ?? 0;
    expect(pid).toBeGreaterThan(0);
    expect(two.helperPid).toBe(pid);
    await one.dispose();
    await one.dispose();
    // Still serving the other lease.
    expect(groupAlive(pid)).toBe(true);
    const watched = group();
    two.watch(watched, 'run-shared');
    await two.dispose();
    expect(await eventually(() => !groupAlive(pid) && !groupAlive(watched))).toBe(true);
    // A lease taken afterwards starts a new helper.
    const three = shared.lease();
    backends.push(three);
    await three.ready();
    expect(three.helperPid).toBeGreaterThan(0);
    expect(three.helperPid).not.toBe(pid);
  });
});
