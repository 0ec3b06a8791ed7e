/**
 * Command-hook cost: one trivial `sh` hook through hookstream against a raw `child_process.spawn` of
 * the same command in the same run (median latency ratio), and the fan-out of 16 parallel hooks
 * against one.
 */
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { createHookSystem } from '../lib/index.js';
import { interleave, round3 } from './measure.js';

const COMMAND = 'cat >/dev/null; echo "{}"';
const fields = { tool_name: 'write_file', tool_input: { path: '/tmp/a' } };

const rawSpawn = (): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', COMMAND], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.on('error', () => undefined);
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', () => resolve());
    child.stdin.end(`${JSON.stringify(fields)}\n`);
  });

const settingsWith = (count: number) => ({
  tools: { enableHooks: true },
  hooks: {
    BeforeTool: [{ hooks: Array.from({ length: count }, (_, i) => ({ type: 'command', command: `${COMMAND} # ${i}` })) }],
  },
});

export const benchSpawn = async (): Promise<Record<string, unknown>> => {
  const projectDir = tmpdir();
  const single = createHookSystem({ projectDir, settings: settingsWith(1) });
  const fanOut = createHookSystem({ projectDir, settings: settingsWith(16) });
  try {
    const latency = await interleave(
      {
        rawSpawn,
        hookstream: async () => {
          await single.fire('BeforeTool', fields);
        },
      },
      { rounds: 15, batch: 8 },
    );
    const fan = await interleave(
      {
        oneHook: async () => {
          await single.fire('BeforeTool', fields);
        },
        sixteenHooks: async () => {
          await fanOut.fire('BeforeTool', fields);
        },
      },
      { rounds: 9, batch: 3 },
    );
    return {
      description: 'median milliseconds per event (interleaved rounds); trivial sh hook reading stdin and printing {}',
      latencyMs: { rawSpawn: round3(latency.rawSpawn ?? 0), hookstream: round3(latency.hookstream ?? 0) },
      hookstreamVsRawSpawn: round3((latency.hookstream ?? 0) / (latency.rawSpawn ?? 1)),
      fanOutMs: { oneHook: round3(fan.oneHook ?? 0), sixteenParallelHooks: round3(fan.sixteenHooks ?? 0) },
      sixteenVsOne: round3((fan.sixteenHooks ?? 0) / (fan.oneHook ?? 1)),
    };
  } finally {
    await Promise.all([single.dispose(), fanOut.dispose()]);
  }
};
