/**
 * Command-hook cost: one trivial hook through hookstream against a raw `child_process.spawn` of the same
 * program in the same run (median latency ratio), for the shell form (`bash -c`), the exec form
 * (`sh -c …` as command + args) and a hook script file named as the command (started without a shell, against
 * both `bash -c file` and a raw spawn of the file itself); 16 parallel 200 ms hooks against one; a node hook spawned per event against
 * the same script as a persistent worker; then, each in a child process of its own, the same hook in a host
 * with 1 GiB of extra live memory (bigHost.bench.ts) and 10 000 runs' memory (commandMemory.bench.ts).
 */
import { fileURLToPath } from 'node:url';
import { benchBigHost } from './bigHost.bench.js';
import { benchCommandMemory } from './commandMemory.bench.js';
import { FAN_OUT, SLOW_SCRIPT } from './fanOut.bench.js';
import { interleave, round3, scaled } from './measure.js';
import { fields, rawSpawn, ranAll, systemWith } from './spawnBaseline.js';

const SCRIPT = 'cat >/dev/null; echo "{}"';
/** The same as a script file, as most users write a hook: `command` is its path, which needs no shell. */
const HOOK_SCRIPT = fileURLToPath(new URL('./fixtures/hook.sh', import.meta.url));
const POLICY_HOOK = fileURLToPath(new URL('./fixtures/policy-hook.mjs', import.meta.url));

export const benchSpawn = async (): Promise<Record<string, unknown>> => {
  const shellForm = systemWith([{ type: 'command', command: SCRIPT }]);
  const execForm = systemWith([{ type: 'command', command: 'sh', args: ['-c', SCRIPT] }]);
  const scriptFile = systemWith([{ type: 'command', command: HOOK_SCRIPT }]);
  const slowOne = systemWith([{ type: 'command', command: SLOW_SCRIPT }]);
  const fanOut = systemWith(
    Array.from({ length: FAN_OUT }, (_, i) => ({ type: 'command', command: `${SLOW_SCRIPT} # ${i}` })),
  );
  try {
    await Promise.all([
      ranAll(shellForm, 1),
      ranAll(execForm, 1),
      ranAll(scriptFile, 1),
      ranAll(slowOne, 1),
      ranAll(fanOut, FAN_OUT),
    ]);
    const latency = await interleave(
      {
        rawBash: () => rawSpawn('bash', ['-c', SCRIPT]),
        hookstreamShellForm: async () => {
          await shellForm.fire('BeforeTool', fields);
        },
        rawSh: () => rawSpawn('sh', ['-c', SCRIPT]),
        hookstreamExecForm: async () => {
          await execForm.fire('BeforeTool', fields);
        },
        rawBashScriptFile: () => rawSpawn('bash', ['-c', HOOK_SCRIPT]),
        rawScriptFile: () => rawSpawn(HOOK_SCRIPT, []),
        hookstreamScriptFile: async () => {
          await scriptFile.fire('BeforeTool', fields);
        },
      },
      { rounds: scaled(15, 3), batch: scaled(8, 2) },
    );
    const fan = await interleave(
      {
        oneHook: async () => {
          await slowOne.fire('BeforeTool', fields);
        },
        sixteenHooks: async () => {
          await fanOut.fire('BeforeTool', fields);
        },
      },
      { rounds: scaled(9, 3), batch: scaled(3, 1) },
    );
    const ms = (name: string): number => round3(latency[name] ?? 0);
    return {
      description: 'median milliseconds per event (interleaved rounds); a trivial hook that reads stdin and prints {}',
      latencyMs: {
        rawSpawnBash: ms('rawBash'),
        hookstreamShellForm: ms('hookstreamShellForm'),
        rawSpawnSh: ms('rawSh'),
        hookstreamExecFormSh: ms('hookstreamExecForm'),
        rawSpawnBashScriptFile: ms('rawBashScriptFile'),
        rawSpawnScriptFile: ms('rawScriptFile'),
        hookstreamScriptFile: ms('hookstreamScriptFile'),
      },
      ratios: {
        shellFormVsRawBash: round3(ms('hookstreamShellForm') / ms('rawBash')),
        execFormVsRawSh: round3(ms('hookstreamExecForm') / ms('rawSh')),
        scriptFileVsRawBash: round3(ms('hookstreamScriptFile') / ms('rawBashScriptFile')),
        scriptFileVsRawScript: round3(ms('hookstreamScriptFile') / ms('rawScriptFile')),
      },
      fanOutMs: { oneHook: round3(fan.oneHook ?? 0), sixteenParallelHooks: round3(fan.sixteenHooks ?? 0) },
      sixteenVsOne: round3((fan.sixteenHooks ?? 0) / (fan.oneHook ?? 1)),
      persistentVsSpawnNode: await benchPersistentVsSpawnNode(),
      bigHost: await benchBigHost(),
      commandMemory: await benchCommandMemory(),
    };
  } finally {
    await Promise.all([
      shellForm.dispose(),
      execForm.dispose(),
      scriptFile.dispose(),
      slowOne.dispose(),
      fanOut.dispose(),
    ]);
  }
};

/** The same node policy script (bench/fixtures/policy-hook.mjs), spawned per event vs one persistent worker. */
export const benchPersistentVsSpawnNode = async (): Promise<Record<string, unknown>> => {
  const spawned = systemWith([{ command: 'node', args: [POLICY_HOOK] }]);
  const persistent = systemWith([{ command: 'node', args: [POLICY_HOOK], persistent: true }]);
  try {
    const perEvent = await interleave(
      {
        spawnNode: async () => {
          await spawned.fire('BeforeTool', fields);
        },
        persistentNode: async () => {
          await persistent.fire('BeforeTool', fields);
        },
      },
      { rounds: scaled(11, 3), batch: scaled(4, 1) },
    );
    const spawnNodeMs = round3(perEvent.spawnNode ?? 0);
    const persistentNodeMs = round3(perEvent.persistentNode ?? 0);
    return {
      description: 'median milliseconds per event through hookstream; the worker starts during warm-up',
      spawnNodeMs,
      persistentNodeMs,
      spawnVsPersistent: round3(spawnNodeMs / persistentNodeMs),
    };
  } finally {
    await Promise.all([spawned.dispose(), persistent.dispose()]);
  }
};
