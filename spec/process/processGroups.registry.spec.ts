/**
 * The live-group registry and the kill escalation, in this process: listeners come with the first live
 * group and stay while groups come and go (no signal handle set up per run), until released when idle;
 * `reapGroup` SIGKILLs what ignores SIGTERM once the grace has passed, and returns at once when nothing is left.
 */
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { reapGroup, registerGroup, releaseIdleListeners } from '../../lib/process/processGroups.js';
import { eventually, fixture, markedProcesses, MARKER_VARIABLE, ProcessTest } from './processHarness.js';

const NAMES = ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const counts = (): number[] => NAMES.map((name) => process.listenerCount(name));

let t: ProcessTest | undefined;

afterEach(async () => {
  releaseIdleListeners();
  await t?.verifyClean({ dispose: () => Promise.resolve() });
  t = undefined;
});

describe('registerGroup', () => {
  it('installs the listeners with the first group and keeps them after the last one leaves, until released', () => {
    const before = counts();
    const forgetA = registerGroup(999_991, 100);
    const forgetB = registerGroup(999_992, 100);
    expect(counts()).toEqual(before.map((count) => count + 1));
    forgetA();
    forgetB();
    forgetB(); // a second call is ignored
    expect(counts()).toEqual(before.map((count) => count + 1));
    const forgetC = registerGroup(999_993, 100);
    expect(counts()).toEqual(before.map((count) => count + 1));
    releaseIdleListeners();
    expect(counts()).toEqual(before.map((count) => count + 1)); // a group is live: kept
    forgetC();
    releaseIdleListeners();
    expect(counts()).toEqual(before);
  });
});

describe('reapGroup', () => {
  it('SIGKILLs a group that ignores SIGTERM once the grace has passed', async () => {
    t = new ProcessTest();
    const leader = spawn(fixture('trap-term.sh'), [], {
      detached: true,
      stdio: 'ignore',
      env: { PATH: process.env.PATH, [MARKER_VARIABLE]: t.marker },
    });
    const pgid = leader.pid ?? 0;
    // Its loop runs (a sleep beside the shell): the trap is set, so SIGTERM is ignored as the test needs.
    expect(await eventually(() => markedProcesses(t?.marker ?? '').length >= 2)).toBe(true);
    const exited = new Promise<NodeJS.Signals | null>((resolve) => {
      leader.once('exit', (_code, signal) => {
        resolve(signal);
      });
    });
    const started = Date.now();
    await reapGroup(pgid, 300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(await exited).toBe('SIGKILL');
    expect(markedProcesses(t.marker)).toEqual([]);
  });

  it('returns at once when the group is already gone', async () => {
    const started = Date.now();
    await reapGroup(999_994, 5000);
    expect(Date.now() - started).toBeLessThan(100);
  });
});
