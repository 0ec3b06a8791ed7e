/**
 * Fan-out alone (issue 10: 16 parallel 200 ms hooks ≤ 1.2× one), to look into that one figure without the
 * whole spawn bench: hookstream's 16-vs-1 ratio next to the same ratio for raw `child_process.spawn` of the
 * same script in the same run — the floor this machine sets (16 shells, their `cat` and `sleep`, on its cores).
 *
 * `npx tsx bench/fanOut.bench.ts [repeats]` (after `npm run build`) prints each repeat's figures and their
 * medians; it writes nothing to bench/results.json.
 */
import { fileURLToPath } from 'node:url';
import { interleave, median, round3, scaled } from './measure.js';
import { fields, rawSpawn, ranAll, systemWith } from './spawnBaseline.js';

/** A hook that waits 200 ms: fan-out helps hooks that wait, and this is what a fan-out should cost. */
export const SLOW_SCRIPT = 'cat >/dev/null; sleep 0.2; echo "{}"';
export const FAN_OUT = 16;

export interface FanOutFigures {
  description: string;
  hookstreamMs: { oneHook: number; sixteenParallelHooks: number };
  rawSpawnMs: { one: number; sixteenParallel: number };
  sixteenVsOne: { hookstream: number; rawSpawn: number };
}

/** One interleaved measurement of the four contenders. */
export const benchFanOut = async (): Promise<FanOutFigures> => {
  const slowOne = systemWith([{ type: 'command', command: SLOW_SCRIPT }]);
  const fanOut = systemWith(
    Array.from({ length: FAN_OUT }, (_, i) => ({ type: 'command', command: `${SLOW_SCRIPT} # ${i}` })),
  );
  try {
    await Promise.all([ranAll(slowOne, 1), ranAll(fanOut, FAN_OUT)]);
    const ms = await interleave(
      {
        oneHook: async () => {
          await slowOne.fire('BeforeTool', fields);
        },
        sixteenHooks: async () => {
          await fanOut.fire('BeforeTool', fields);
        },
        rawOne: () => rawSpawn('bash', ['-c', SLOW_SCRIPT], true),
        rawSixteen: async () => {
          await Promise.all(Array.from({ length: FAN_OUT }, () => rawSpawn('bash', ['-c', SLOW_SCRIPT], true)));
        },
      },
      { rounds: scaled(9, 3), batch: scaled(3, 1) },
    );
    const at = (name: string): number => round3(ms[name] ?? NaN);
    return {
      description: `median ms per event (interleaved rounds); ${FAN_OUT} parallel 200 ms hooks against one`,
      hookstreamMs: { oneHook: at('oneHook'), sixteenParallelHooks: at('sixteenHooks') },
      rawSpawnMs: { one: at('rawOne'), sixteenParallel: at('rawSixteen') },
      sixteenVsOne: {
        hookstream: round3(at('sixteenHooks') / at('oneHook')),
        rawSpawn: round3(at('rawSixteen') / at('rawOne')),
      },
    };
  } finally {
    await Promise.all([slowOne.dispose(), fanOut.dispose()]);
  }
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repeats = Math.max(1, Number(process.argv[2] ?? 3));
  const ratios: { hookstream: number[]; rawSpawn: number[] } = { hookstream: [], rawSpawn: [] };
  for (let i = 0; i < repeats; i++) {
    const figures = await benchFanOut();
    ratios.hookstream.push(figures.sixteenVsOne.hookstream);
    ratios.rawSpawn.push(figures.sixteenVsOne.rawSpawn);
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  }
  const summary = { hookstream: round3(median(ratios.hookstream)), rawSpawn: round3(median(ratios.rawSpawn)) };
  process.stdout.write(`median sixteenVsOne over ${repeats} repeats: ${JSON.stringify(summary)}\n`);
}
