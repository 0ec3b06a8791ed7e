/**
 * Persistent workers and the life of their host, in a real host process (spec/fixtures/run/worker-host.ts): an
 * idle worker does not keep its host alive and ends with it; a host killed by SIGKILL closes the
 * worker's stdin, and a worker that exits on EOF (as the README asks) leaves nothing behind; one that ignores
 * EOF and SIGTERM is killed by the spawn helper, which guards the workers' groups.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { afterAll, describe, it } from 'vitest';
import { eventually, fixture, markedProcesses } from './processHarness.js';

const markers: string[] = [];
/** tsx compiles the host on start: seconds on a loaded 2-core machine. */
const HOST_START_MS = 40_000;

const startHost = async (mode: 'idle' | 'wait' | 'stubborn') => {
  const marker = randomUUID();
  markers.push(marker);
  const host = spawn(process.execPath, ['--import', 'tsx', fixture('worker-host.ts'), process.cwd(), marker, mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  host.stdout.setEncoding('utf8');
  host.stdout.on('data', (chunk: string) => (output += chunk));
  const exited = once(host, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const answered = await eventually(() => output.includes('answered'), HOST_START_MS);
  const [, worker, helper] = /answered (\d+) (\d+|none)/.exec(output) ?? [];
  return { host, marker, answered, exited, workerPid: Number(worker), helperPid: Number(helper) };
};

const processExists = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterAll(() => {
  for (const marker of markers.splice(0)) for (const pid of markedProcesses(marker)) process.kill(pid, 'SIGKILL');
});

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
      expect(await eventually(() => !processExists(helperPid), 5000)).toBe(true);
    },
    HOST_START_MS + 10_000,
  );
});
