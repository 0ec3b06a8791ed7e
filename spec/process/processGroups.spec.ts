/**
 * The process-level safety net, in a real host process (spec/fixtures/run/host.ts): a signal to a host
 * with no handler of its own still terminates it, and kills its hooks; a host that handles the signal
 * keeps running while its hooks get SIGTERM; `process.exit` SIGKILLs hooks that ignore SIGTERM.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { afterAll, describe, it } from 'vitest';
import { eventually, fixture, markedProcesses } from './processHarness.js';

const markers: string[] = [];
/** tsx compiles the host on start: seconds on a loaded 2-core machine. */
const HOST_START_MS = 40_000;

const startHost = async (mode: 'default' | 'own-handler' | 'exit') => {
  const marker = randomUUID();
  markers.push(marker);
  const host = spawn(process.execPath, ['--import', 'tsx', fixture('host.ts'), process.cwd(), marker, mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  host.stdout.setEncoding('utf8');
  host.stdout.on('data', (chunk: string) => (output += chunk));
  const exited = once(host, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const ready = await eventually(() => output.includes('ready'), HOST_START_MS);
  return { host, marker, ready, exited, output: () => output };
};

afterAll(() => {
  for (const marker of markers.splice(0)) for (const pid of markedProcesses(marker)) process.kill(pid, 'SIGKILL');
});

// Concurrent: each test waits seconds for a host to compile and start.
describe.concurrent('process-level handlers', () => {
  it(
    'a host without its own SIGTERM handler still dies of SIGTERM, and its hooks die with it',
    async ({ expect }) => {
      const { host, marker, ready, exited } = await startHost('default');
      expect(ready).toBe(true);
      expect(markedProcesses(marker).length).toBeGreaterThan(0);
      host.kill('SIGTERM');
      const [code, signal] = await exited;
      expect({ code, signal }).toEqual({ code: null, signal: 'SIGTERM' });
      expect(await eventually(() => markedProcesses(marker).length === 0)).toBe(true);
    },
    HOST_START_MS + 10_000,
  );

  it(
    'a host that handles SIGTERM keeps running; its hooks get SIGTERM',
    async ({ expect }) => {
      const { host, marker, ready, exited, output } = await startHost('own-handler');
      expect(ready).toBe(true);
      host.kill('SIGTERM');
      const [code] = await exited;
      expect(code).toBe(0);
      expect(output()).toContain('host handled SIGTERM');
      expect(output()).toContain('run failed SIGTERM');
      expect(markedProcesses(marker)).toEqual([]);
    },
    HOST_START_MS + 10_000,
  );

  it(
    'process.exit SIGKILLs live hooks, even one that ignores SIGTERM',
    async ({ expect }) => {
      const { marker, ready, exited } = await startHost('exit');
      expect(ready).toBe(true);
      const [code] = await exited;
      expect(code).toBe(3);
      expect(await eventually(() => markedProcesses(marker).length === 0)).toBe(true);
    },
    HOST_START_MS + 10_000,
  );
});
