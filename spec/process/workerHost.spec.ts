/**
 * Persistent workers and the life of their host, in a real host process (spec/fixtures/run/worker-host.ts): an
 * idle worker does not keep its host alive and ends with it; a host killed by SIGKILL closes the
 * worker's stdin, and a worker that exits on EOF (as the README asks) leaves nothing behind; one that ignores
 * EOF and SIGTERM is killed by the spawn helper, which guards the workers' groups.
 */
import { afterAll, describe, it } from 'vitest';
import { processAlive } from '../../lib/process/processGroups.js';
import { HOST_START_MS, startHost as startSpecHost, stopHosts } from './hostHarness.js';
import { eventually, markedProcesses } from './processHarness.js';

const startHost = async (mode: 'idle' | 'wait' | 'stubborn') => {
  const { ready: answered, output, ...rest } = await startSpecHost('worker-host.ts', mode, 'answered');
  const [, worker, helper] = /answered (\d+) (\d+|none)/.exec(output()) ?? [];
  return { ...rest, answered, workerPid: Number(worker), helperPid: Number(helper) };
};

afterAll(stopHosts);

describe.concurrent('a persistent worker and its host', () => {
  it(
    'an idle worker lets its host exit, and goes with it',
    async ({ expect }) => {
      const { marker, answered, exited, workerPid } = await startHost('idle');
      expect(answered).toBe(true);
      expect(workerPid).toBeGreaterThan(0);
      const [code] = await exited;
      expect(code).toBe(0);
      expect(await eventually(() => markedProcesses(marker).length === 0)).toBe(true);
    },
    HOST_START_MS + 10_000,
  );

  it(
    'a host killed by SIGKILL: the worker reads EOF and exits',
    async ({ expect }) => {
      const { host, marker, answered, exited } = await startHost('wait');
      expect(answered).toBe(true);
      expect(markedProcesses(marker)).toHaveLength(1);
      host.kill('SIGKILL');
      const [, signal] = await exited;
      expect(signal).toBe('SIGKILL');
      expect(await eventually(() => markedProcesses(marker).length === 0)).toBe(true);
    },
    HOST_START_MS + 10_000,
  );

  it(
    'a host killed by SIGKILL: a worker that ignores EOF and SIGTERM is killed by the spawn helper, which exits',
    async ({ expect }) => {
      const { host, marker, answered, exited, workerPid, helperPid } = await startHost('stubborn');
      expect(answered).toBe(true);
      expect(markedProcesses(marker)).toEqual([workerPid]);
      expect(Number.isInteger(helperPid)).toBe(true);
      host.kill('SIGKILL');
      const [, signal] = await exited;
      expect(signal).toBe('SIGKILL');
      // EOF and a SIGTERM would leave it running: only the helper's SIGKILL to its group ends it.
      expect(await eventually(() => markedProcesses(marker).length === 0, 5000)).toBe(true);
      expect(await eventually(() => !processAlive(helperPid), 5000)).toBe(true);
    },
    HOST_START_MS + 10_000,
  );
});
