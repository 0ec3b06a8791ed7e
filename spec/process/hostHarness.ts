/**
 * Real host processes for the process-level specs: a fixture of spec/fixtures/run/ started under tsx with
 * `<projectDir> <marker> <mode>`, its stdout collected. `stopHosts` (for `afterAll`) kills hosts a failed test
 * left running and every process carrying their markers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { eventually, fixture, markedProcesses } from './processHarness.js';

/** tsx compiles the host on start: seconds on a loaded 2-core machine. */
export const HOST_START_MS = 40_000;

export interface SpecHost {
  host: ChildProcess;
  marker: string;
  /** Whether the host printed `readyText` within HOST_START_MS. */
  ready: boolean;
  exited: Promise<[number | null, NodeJS.Signals | null]>;
  output: () => string;
}

const started: { host: ChildProcess; marker: string }[] = [];

export const startHost = async (name: string, mode: string, readyText: string): Promise<SpecHost> => {
  const marker = randomUUID();
  const host = spawn(process.execPath, ['--import', 'tsx', fixture(name), process.cwd(), marker, mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.push({ host, marker });
  let output = '';
  host.stdout.setEncoding('utf8');
  host.stdout.on('data', (chunk: string) => (output += chunk));
  const exited = once(host, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const ready = await eventually(() => output.includes(readyText), HOST_START_MS);
  return { host, marker, ready, exited, output: () => output };
};

export const stopHosts = (): void => {
  for (const { host, marker } of started.splice(0)) {
    if (host.exitCode === null && host.signalCode === null) host.kill('SIGKILL');
    for (const pid of markedProcesses(marker)) process.kill(pid, 'SIGKILL');
  }
};
