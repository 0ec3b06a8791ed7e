/**
 * Finding processes that left a hook's group by the run id in their environment, with real processes:
 * reading only the pids allocated after the leader (the common case, tens of microseconds) finds the same
 * escapee as reading all of /proc (the fallback: a wrap-around, or many pids allocated meanwhile); several runs
 * are answered in one pass, each with its own escapees, and runs swept in one turn share that pass.
 */
import { execFileSync, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { findEscapees, findEscapeesOf, sweepEscapees } from '../../lib/process/escapees.js';
import { lastPid } from '../../lib/process/procfs.js';
import { RUN_ID_VARIABLE } from '../../lib/protocol/hookEnv.js';
import { eventually, markedProcesses, MARKER_VARIABLE, ProcessTest } from './processHarness.js';

let t: ProcessTest;

afterEach(async () => {
  await t.verifyClean({ dispose: () => Promise.resolve() });
});

const killQuietly = (pid: number): void => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
};

/** A leader that starts a `setsid` child carrying `runId`, then sleeps; resolves once the child escaped. */
const leaderWithEscapee = async (runId: string) => {
  const leader = spawn('sh', ['-c', 'setsid sleep 30 </dev/null >/dev/null 2>&1 & sleep 30'], {
    detached: true,
    stdio: 'ignore',
    env: { PATH: process.env.PATH, [RUN_ID_VARIABLE]: runId, [MARKER_VARIABLE]: t.marker },
  });
  const pgid = leader.pid ?? 0;
  expect(await eventually(() => findEscapees(runId, pgid).length === 1)).toBe(true);
  return { pgid, kill: () => process.kill(-pgid, 'SIGKILL') };
};

describe('findEscapees', () => {
  it('finds the process that left the group, and nothing of the group itself', async () => {
    t = new ProcessTest();
    const { pgid, kill } = await leaderWithEscapee('run-1');
    const [escapee] = findEscapees('run-1', pgid);
    expect(escapee).toBeGreaterThan(pgid);
    expect(findEscapees('another-run', pgid)).toEqual([]);
    kill();
    killQuietly(escapee ?? 0);
  });

  it('finds it by reading all of /proc once many pids were allocated since the leader', async () => {
    t = new ProcessTest();
    const { pgid, kill } = await leaderWithEscapee('run-2');
    const [escapee] = findEscapees('run-2', pgid);
    // More pids than the probe limit handed out since the leader: only the whole of /proc can tell.
    while ((lastPid() ?? Infinity) - pgid <= 64) execFileSync('true');
    expect(findEscapees('run-2', pgid)).toEqual([escapee]);
    kill();
    killQuietly(escapee ?? 0);
  });

  it('reads all of /proc after a wrap-around (a leader pid above the last one handed out)', async () => {
    t = new ProcessTest();
    const { pgid, kill } = await leaderWithEscapee('run-3');
    const wrapped = (lastPid() ?? 0) + 1000;
    // Seen from a group it is not in, every process of the run counts: the leader, its sleep and the escapee.
    const all = findEscapees('run-3', wrapped);
    expect(all).toContain(pgid);
    expect(all).toHaveLength(3);
    kill();
    for (const pid of all) killQuietly(pid);
  });

  it('answers several runs in one pass, each with its own escapees, also when swept in the same turn', async () => {
    t = new ProcessTest();
    const one = await leaderWithEscapee('run-4');
    const two = await leaderWithEscapee('run-5');
    const found = findEscapeesOf([
      { runId: 'run-4', pgid: one.pgid },
      { runId: 'run-5', pgid: two.pgid },
      { runId: 'run-none', pgid: two.pgid },
    ]);
    expect(found.get('run-4')).toEqual(findEscapees('run-4', one.pgid));
    expect(found.get('run-5')).toEqual(findEscapees('run-5', two.pgid));
    expect(found.get('run-4')).toHaveLength(1);
    expect(found.get('run-5')).toHaveLength(1);
    expect(found.get('run-4')).not.toEqual(found.get('run-5'));
    expect(found.get('run-none')).toEqual([]);
    const swept = await Promise.all([sweepEscapees('run-4', one.pgid), sweepEscapees('run-5', two.pgid)]);
    expect(swept).toEqual([found.get('run-4'), found.get('run-5')]);
    one.kill();
    two.kill();
    for (const pid of [...(found.get('run-4') ?? []), ...(found.get('run-5') ?? [])]) killQuietly(pid);
  });

  it('reads the run id only as a whole variable, not inside another', async () => {
    t = new ProcessTest();
    const leader = spawn('sh', ['-c', 'setsid sleep 30 </dev/null >/dev/null 2>&1 & sleep 30'], {
      detached: true,
      stdio: 'ignore',
      env: { PATH: process.env.PATH, [`X_${RUN_ID_VARIABLE}`]: 'run-6', [MARKER_VARIABLE]: t.marker },
    });
    const pgid = leader.pid ?? 0;
    expect(await eventually(() => markedProcesses(t.marker).length === 3)).toBe(true);
    expect(findEscapees('run-6', pgid)).toEqual([]);
    process.kill(-pgid, 'SIGKILL');
    for (const pid of markedProcesses(t.marker)) killQuietly(pid);
  });
});
