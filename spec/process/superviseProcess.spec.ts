/**
 * The supervisor's clock against a slow launcher — the real direct launcher whose reports arrive late, as
 * from a spawn helper still starting up: a hook's timeout starts when the hook does; a launcher that never
 * reports is settled by the start watchdog; a process reported after its run was given up is killed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Launcher, LaunchListener, LaunchResult } from '../../lib/process/launch.js';
import { launchDirect } from '../../lib/process/launchDirect.js';
import { superviseProcess, type SuperviseOptions } from '../../lib/process/superviseProcess.js';
import { eventually, fixture, markedProcesses, MARKER_VARIABLE, ProcessTest } from './processHarness.js';

let t: ProcessTest;

afterEach(async () => {
  await t.verifyClean({ dispose: () => Promise.resolve() });
});

/** The direct launcher, each report delivered `delayMs` late, in order. */
const late =
  (delayMs: number): Launcher =>
  (request, listener) => {
    const defer =
      <A extends unknown[]>(report: (...args: A) => void) =>
      (...args: A): void => {
        setTimeout(() => {
          report(...args);
        }, delayMs);
      };
    const delayed: LaunchListener = {
      spawned: defer((pid: number) => {
        listener.spawned(pid);
      }),
      overflow: defer((stream: 'stdout' | 'stderr') => {
        listener.overflow(stream);
      }),
      exited: defer(() => {
        listener.exited();
      }),
      done: defer((result: LaunchResult) => {
        listener.done(result);
      }),
    };
    return launchDirect(request, delayed);
  };

/** A launcher that starts nothing and never reports. */
const silent: Launcher = () => ({ endPipes: () => undefined, forget: () => undefined });

const supervise = (launch: Launcher, command: string, timeoutMs: number): SuperviseOptions => ({
  launch,
  request: {
    file: 'sh',
    args: ['-c', command],
    cwd: t.dir,
    baseEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin', [MARKER_VARIABLE]: t.marker },
    env: {},
    input: '',
    maxOutputBytes: 1024,
  },
  runId: t.marker,
  timeoutMs,
  killGraceMs: 100,
  signal: new AbortController().signal,
});

describe('superviseProcess', () => {
  it("starts a hook's timeout when the hook starts, not when it was asked for", async () => {
    t = new ProcessTest();
    // Reported 1 s late with an 800 ms timeout: timed from the request, the run would have timed out.
    const child = superviseProcess(supervise(late(1000), 'echo started', 800));
    const report = await child.report;
    await child.gone;
    expect(report).toMatchObject({ exitCode: 0, timedOut: false });
    expect(Buffer.from(report.stdout).toString()).toBe('started\n');
  });

  it('settles a run whose launcher never reports, once the whole deadline has passed', async () => {
    t = new ProcessTest();
    const started = Date.now();
    const report = await superviseProcess(supervise(silent, 'true', 100)).report;
    expect(report.spawnError).toBe('the spawn helper did not start the process in time');
    // timeout + grace + the hard deadline's slack
    expect(Date.now() - started).toBeGreaterThanOrEqual(1150);
  });

  it('kills a process reported only after its run was given up', async () => {
    t = new ProcessTest();
    const report = await superviseProcess(supervise(late(2000), `exec ${fixture('sleep-forever.sh')}`, 100)).report;
    expect(report.spawnError).toContain('did not start the process in time');
    expect(markedProcesses(t.marker).length).toBeGreaterThan(0);
    expect(await eventually(() => markedProcesses(t.marker).length === 0, 3000)).toBe(true);
  });
});
