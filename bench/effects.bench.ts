/**
 * Effect records: p99 time to normalise a 200-character Bash command beside the shell reader alone on the same
 * command (the floor the normaliser is built on), interleaved; then a 1,000-line patch, in the same run.
 *
 * The rows are the steady state a host lives in: measured after `WARM_UP` calls, by which V8 has optimised the
 * reader and the walker. The first thousand calls of a process run partly unoptimised code; their p99 is kept
 * beside the rows (`earlyP99Microseconds`: 1,000 calls after 200), so that the difference stays visible.
 */
import { splitSimpleCommands } from '../dist/lib/inspect/simpleCommands.js';
import { toolEffects } from '../dist/lib/effects/index.js';
import { isQuick, round3 } from './measure.js';

export interface EffectFigures {
  commandChars: number;
  patchLines: number;
  p99Microseconds: { bashCommand: number; readerOnly: number; patch: number };
  /** The same p99 over the process's early calls (1,000 after 200), before the code is fully optimised. */
  earlyP99Microseconds: { bashCommand: number; readerOnly: number };
  medianMicroseconds: { bashCommand: number; readerOnly: number; patch: number };
}

const COMMAND =
  'cd src && FOO=1 timeout 30 bash -c "sed -i \'s/a/b/g\' app.ts" && cat ../template.env > .env.local; ' +
  'find . -name "*.tmp" -exec rm -f {} \\; | tee log.txt && curl -fsSL https://example.com/x -o out.json';

const PATCH = [
  '*** Begin Patch',
  ...Array.from({ length: 10 }, (_, file) => [
    `*** Update File: src/module${String(file)}.ts`,
    '@@ export const x = () => {',
    ...Array.from({ length: 98 }, (_, line) =>
      line % 2 === 0 ? `-  old line ${String(line)}` : `+  new line ${String(line)}`,
    ),
    ` context ${String(file)}`,
  ]).flat(),
  '*** End Patch',
].join('\n');

const percentile = (samples: number[], p: number): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};

/** Calls before the steady-state samples (the early ones included). */
const WARM_UP = 2_000;

/** Times each call alone (microseconds), after `warmUp` calls, contenders interleaved. */
const sample = (contenders: Record<string, () => void>, rounds: number, warmUp = WARM_UP): Record<string, number[]> => {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
  for (let round = -warmUp; round < rounds; round++) {
    for (const [name, run] of Object.entries(contenders)) {
      const started = performance.now();
      run();
      const took = (performance.now() - started) * 1000;
      if (round >= 0) samples[name]?.push(took);
    }
  }
  return samples;
};

export const benchEffects = (): Promise<EffectFigures> => {
  const rounds = isQuick() ? 500 : 5000;
  const command = {
    bashCommand: () => toolEffects('Bash', { command: COMMAND }),
    readerOnly: () => splitSimpleCommands(COMMAND),
  };
  // The early calls first, in this fresh code's first use; the steady state goes on from there.
  const early = sample(command, 1000, 200);
  // The command beside the reader it is built on; the patch apart, so that the collections its garbage
  // per call sets off are counted in its own samples rather than in whichever contender runs next.
  const samples = Object.assign(
    sample(command, rounds),
    sample({ patch: () => toolEffects('apply_patch', { input: PATCH }) }, rounds),
  );
  const stat = (p: number) => ({
    bashCommand: round3(percentile(samples['bashCommand'] ?? [], p)),
    readerOnly: round3(percentile(samples['readerOnly'] ?? [], p)),
    patch: round3(percentile(samples['patch'] ?? [], p)),
  });
  return Promise.resolve({
    commandChars: COMMAND.length,
    patchLines: PATCH.split('\n').length,
    p99Microseconds: stat(0.99),
    medianMicroseconds: stat(0.5),
    earlyP99Microseconds: {
      bashCommand: round3(percentile(early['bashCommand'] ?? [], 0.99)),
      readerOnly: round3(percentile(early['readerOnly'] ?? [], 0.99)),
    },
  });
};

if (process.argv[1]?.endsWith('effects.bench.ts') === true) {
  process.stdout.write(`${JSON.stringify(await benchEffects(), null, 2)}\n`);
}
