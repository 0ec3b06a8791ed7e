/**
 * The process-level safety net, in a real host process (spec/fixtures/run/host.ts): a signal to a host
 * with no handler of its own still terminates it, and kills its hooks; a host that handles the signal
 * keeps running while its hooks get SIGTERM — and SIGKILL after the grace when they ignore it;
 * `process.exit` SIGKILLs hooks that ignore SIGTERM; a host killed by SIGKILL leaves nothing behind (its
 * spawn helper kills the groups it started, then exits).
 */
import { afterAll, describe, it } from 'vitest';
import { processAlive } from '../../lib/process/processGroups.js';
import { HOST_START_MS, startHost as startSpecHost, stopHosts } from './hostHarness.js';
import { eventually, markedProcesses } from './processHarness.js';

const startHost = async (mode: 'default' | 'own-handler' | 'own-sigint' | 'exit' | 'wait' | 'forget') => {
  const host = await startSpecHost('host.ts', mode, mode === 'forget' ? 'ran ' : 'ready');
  const helperPid = Number(/(?:ready|ran) (\d+)/.exec(host.output())?.[1]);
  return { ...host, helperPid };
};

afterAll(stopHosts);

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
    'a host with its own SIGINT handler: a hook that ignores SIGTERM is SIGKILLed after the grace, nothing re-raised',
    async ({ expect }) => {
      const { host, marker, ready, exited, output } = await startHost('own-sigint');
      expect(ready).toBe(true);
      // The hook's loop runs (its trap is set): a SIGTERM now is ignored, as the test needs.
      expect(await eventually(() => markedProcesses(marker).length >= 2)).toBe(true);
      host.kill('SIGINT');
      // The hook's own timeout is the default minute: only the grace (300 ms) after SIGTERM ends it this soon.
      expect(await eventually(() => output().includes('run '), 10_000)).toBe(true);
      const [code, signal] = await exited;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      expect(output()).toContain('host handled SIGINT');
      expect(output()).toContain('run failed SIGKILL');
      expect(markedProcesses(marker)).toEqual([]);
    },
    HOST_START_MS + 20_000,
  );

  it(
    'a host killed by SIGKILL: its spawn helper kills the hook it started, then exits',
    async ({ expect }) => {
      const { host, marker, ready, exited, helperPid } = await startHost('wait');
      expect(ready).toBe(true);
      expect(Number.isInteger(helperPid)).toBe(true);
      expect(markedProcesses(marker).length).toBeGreaterThan(0);
      host.kill('SIGKILL');
      const [, signal] = await exited;
      expect(signal).toBe('SIGKILL');
      expect(await eventually(() => markedProcesses(marker).length === 0, 5000)).toBe(true);
      expect(await eventually(() => !processAlive(helperPid), 5000)).toBe(true);
    },
    HOST_START_MS + 20_000,
  );

  it(
    'an executor never disposed does not keep its host alive, and its spawn helper exits with the host',
    async ({ expect }) => {
      const { ready, exited, helperPid, output } = await startHost('forget');
      expect(ready).toBe(true);
      expect(output()).toContain('run success');
      expect(Number.isInteger(helperPid)).toBe(true);
      const [code, signal] = await exited;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      expect(await eventually(() => !processAlive(helperPid), 5000)).toBe(true);
    },
    HOST_START_MS + 20_000,
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
