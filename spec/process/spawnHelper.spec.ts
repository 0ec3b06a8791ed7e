/**
 * The spawn helper on its own, with real processes: it names itself in `ps`, spawns hooks as its
 * children with each base environment (sent once) plus the run's variables, guards the groups it started
 * — closing its channel (`stop()`, or the host dying) kills the ones not yet forgotten — and a death
 * fails the runs in flight and is reported once.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LaunchRequest, LaunchResult } from '../../lib/process/launch.js';
import { startSpawnHelper, type SpawnHelper } from '../../lib/process/spawnHelper.js';
import { HELPER_TITLE } from '../../lib/process/spawnHelperProtocol.js';
import { eventually, fixture, markedProcesses, MARKER_VARIABLE, ProcessTest } from './processHarness.js';

let t: ProcessTest;
let helper: SpawnHelper;
let deaths: string[];

beforeEach(() => {
  t = new ProcessTest();
  deaths = [];
  const started = startSpawnHelper((reason) => deaths.push(reason));
  if (typeof started === 'string') throw new Error(`no helper: ${started}`);
  helper = started;
});

afterEach(async () => {
  await t.verifyClean({ dispose: () => helper.stop() });
});

const base = (extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  [MARKER_VARIABLE]: t.marker,
  ...extra,
});

/** Runs one command through the helper; resolves with its pid (if it started) and result. */
const run = (command: string, baseEnv = base(), env: Record<string, string> = {}) => {
  let pid: number | undefined;
  const request: LaunchRequest = {
    file: 'sh',
    args: ['-c', command],
    cwd: t.dir,
    baseEnv,
    env,
    input: '',
    maxOutputBytes: 4096,
  };
  const finished = new Promise<LaunchResult>((resolve) => {
    const handle = helper.launch(request, {
      spawned: (spawned) => (pid = spawned),
      overflow: () => undefined,
      exited: () => undefined,
      done: (result) => {
        handle.forget();
        resolve(result);
      },
    });
  });
  return { finished, pid: () => pid };
};

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString();

describe('the spawn helper', () => {
  it('is a child of the host, named in ps once it runs', async () => {
    const pid = helper.pid ?? 0;
    expect(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]).toBe(String(process.pid));
    expect((await run('true').finished).exitCode).toBe(0);
    expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toContain(HELPER_TITLE);
  });

  it('spawns hooks as its children, with their base environment and their own variables', async () => {
    const shared = base({ WHO: 'first' });
    const other = base({ WHO: 'second' });
    const results = await Promise.all([
      run('echo "$PPID $WHO $RUN"', shared, { RUN: 'a' }).finished,
      run('echo "$PPID $WHO $RUN"', other, { RUN: 'b' }).finished,
      run('echo "$PPID $WHO $RUN"', shared, { RUN: 'c', WHO: 'own' }).finished,
    ]);
    const parent = String(helper.pid);
    expect(results.map((result) => text(result.stdout))).toEqual([
      `${parent} first a\n`,
      `${parent} second b\n`,
      `${parent} own c\n`,
    ]);
    expect(results.map((result) => result.exitCode)).toEqual([0, 0, 0]);
  });

  it('kills the groups it still guards when its channel closes, and fails their runs', async () => {
    const long = run(fixture('sleep-forever.sh'));
    expect(await eventually(() => long.pid() !== undefined && markedProcesses(t.marker).length > 0)).toBe(true);
    await helper.stop();
    const result = await long.finished;
    expect(result.error).toMatch(/^the spawn helper died \(exited with code 0/);
    expect(await eventually(() => markedProcesses(t.marker).length === 0)).toBe(true);
    expect(deaths).toEqual([]);
  });

  it('reports a death once, failing the runs in flight', async () => {
    const long = run(fixture('sleep-forever.sh'));
    expect(await eventually(() => long.pid() !== undefined)).toBe(true);
    process.kill(helper.pid ?? 0, 'SIGKILL');
    const result = await long.finished;
    expect(result.error).toBe('the spawn helper died (killed by SIGKILL)');
    expect(deaths).toEqual(['killed by SIGKILL']);
    // Killed by SIGKILL, the helper could not kill its hook: the host's supervisor does (here, the spec).
    process.kill(-(long.pid() ?? 0), 'SIGKILL');
    const late = await run('true').finished;
    expect(late.error).toBe('the spawn helper is gone');
  });
});
