/**
 * The direct launcher against real processes: the order of its reports, the leader in a group of its own,
 * the output cap (exact bytes kept, one overflow report, the pipe still drained), ending pipes that a
 * grandchild holds, and every way a spawn fails (ENOENT, EACCES, E2BIG) reported as `done` with an error.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LaunchHandle, LaunchListener, LaunchRequest, LaunchResult } from '../../lib/process/launch.js';
import { launchDirect } from '../../lib/process/launchDirect.js';
import { reapGroup } from '../../lib/process/processGroups.js';
import { readProcStat } from '../../lib/process/procfs.js';
import { eventually, fixture, markedProcesses, MARKER_VARIABLE, ProcessTest } from './processHarness.js';

let t: ProcessTest;
const groups: number[] = [];

const request = (file: string, args: string[], extra: Partial<LaunchRequest> = {}): LaunchRequest => ({
  file,
  args,
  cwd: t.dir,
  baseEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin', [MARKER_VARIABLE]: t.marker },
  env: {},
  input: 'the input\n',
  maxOutputBytes: 1024,
  ...extra,
});

/** Launches and records every report in order; resolves with the reports once `done` came. */
const launch = (launched: LaunchRequest, onSpawn?: (pid: number) => void) => {
  const reports: string[] = [];
  let handle: LaunchHandle | undefined;
  const finished = new Promise<LaunchResult>((resolve) => {
    const listener: LaunchListener = {
      spawned: (pid) => {
        groups.push(pid);
        reports.push('spawned');
        onSpawn?.(pid);
      },
      overflow: (stream) => reports.push(`overflow:${stream}`),
      exited: () => reports.push('exited'),
      done: (result) => {
        reports.push('done');
        resolve(result);
      },
    };
    handle = launchDirect(launched, listener);
  });
  return {
    reports,
    finished,
    endPipes: () => {
      handle?.endPipes();
    },
  };
};

afterEach(async () => {
  await Promise.all(groups.splice(0).map((pgid) => reapGroup(pgid, 200)));
  await t.verifyClean({ dispose: () => Promise.resolve() });
});

describe('launchDirect', () => {
  it('runs the leader in its own group, writes stdin, and reports spawned, then done', async () => {
    t = new ProcessTest();
    let group: number | undefined;
    const { reports, finished } = launch(
      request('sh', ['-c', 'cat; echo "pgid=$(cut -d" " -f5 /proc/$$/stat) x=$X" >&2; exit 3'], { env: { X: 'run' } }),
      (pid) => (group = readProcStat(pid)?.pgid),
    );
    const result = await finished;
    // `exited` only when the exit was seen before both EOFs (usually the EOFs come first: nothing to wait for).
    expect(reports.filter((report) => report !== 'exited')).toEqual(['spawned', 'done']);
    expect(reports.indexOf('exited')).toBeLessThan(2);
    expect(result).toMatchObject({ exitCode: 3 });
    expect(Buffer.from(result.stdout).toString()).toBe('the input\n');
    expect(Buffer.from(result.stderr).toString()).toBe(`pgid=${String(groups[0])} x=run\n`);
    expect(group).toBe(groups[0]);
  });

  it('keeps exactly the cap, reports the overflow once, and keeps draining so the writer finishes', async () => {
    t = new ProcessTest();
    const { reports, finished } = launch(
      request('sh', ['-c', 'head -c 100000 /dev/zero; echo end >&2'], { maxOutputBytes: 10 }),
    );
    const result = await finished;
    expect(result.stdout).toHaveLength(10);
    expect(result.exitCode).toBe(0);
    expect(reports.filter((report) => report.startsWith('overflow'))).toEqual(['overflow:stdout']);
    expect(Buffer.from(result.stderr).toString()).toBe('end\n');
  });

  it('reports done with what was read when asked to stop waiting for pipes a grandchild holds', async () => {
    t = new ProcessTest();
    const { reports, finished, endPipes } = launch(request(fixture('background-holder.sh'), []));
    expect(await eventually(() => reports.includes('exited'), 10_000)).toBe(true);
    endPipes();
    const result = await finished;
    expect(result.exitCode).toBe(0);
    expect(Buffer.from(result.stdout).toString()).toBe('{"systemMessage":"answered"}\n');
    expect(markedProcesses(t.marker).length).toBeGreaterThan(0); // the holder: reaped by afterEach
  });

  it.each([
    ['a missing program', '/nonexistent/hookstream-hook', {}, 'ENOENT'],
    ['a file that is not executable', fixture('not-executable.sh'), {}, 'EACCES'],
    ['an oversized environment', 'true', { env: { HUGE: 'x'.repeat(300 * 1024) } }, 'E2BIG'],
  ])('reports %s as done with the error, nothing spawned', async (_what, file, extra, code) => {
    t = new ProcessTest();
    const { reports, finished } = launch(request(file, [], extra));
    const result = await finished;
    expect(reports).toEqual(['done']);
    expect(result.error).toContain(code);
    expect(result.exitCode).toBeUndefined();
    expect(result.outOfDescriptors).toBeUndefined();
  });
});
