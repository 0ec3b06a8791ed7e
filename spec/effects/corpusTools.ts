/**
 * The labelled corpus of spec/fixtures/effects (one JSON object per line: a command or a patch and its expected
 * effects) and how a reading is scored against a label: `executes` is not labelled (every program run is one),
 * `unknown` is compared without its reason.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EffectSink, effectText, patchEffects, toolEffects, type Effect } from '../../lib/effects/index.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/effects');

export interface Labelled {
  readonly text: string;
  readonly expected: readonly string[];
}

export const loadCorpus = (file: 'commands.jsonl' | 'patches.jsonl'): Labelled[] =>
  readFileSync(path.join(FIXTURES, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const row = JSON.parse(line) as { command?: string; patch?: string; effects: string[] };
      return { text: row.command ?? row.patch ?? '', expected: row.effects };
    });

/** The comparable form of effects: no `executes`, `unknown` without its reason. */
export const labelsOf = (effects: readonly Effect[]): string[] => [
  ...new Set(
    effects
      .filter((effect) => effect.effect !== 'executes')
      .map((effect) => (effect.effect === 'unknown' ? 'unknown' : effectText(effect))),
  ),
];

export const commandLabels = (command: string): string[] => labelsOf(toolEffects('Bash', { command }).effects);

export const patchLabels = (patch: string): string[] => {
  const sink = new EffectSink();
  patchEffects(patch, sink);
  return labelsOf(sink.effects);
};

const DANGEROUS = ['writes', 'deletes', 'egress'];
const classOf = (label: string): string => label.slice(0, label.indexOf('(') === -1 ? undefined : label.indexOf('('));

/**
 * The expected effects a reading misses without saying it could not tell: an expected write, delete or egress
 * whose class is absent from `actual` (with no `unknown`), or a labelled path or host that `actual` names
 * neither exactly nor as unknown (`writes(?)`).
 */
export const falseSafe = (expected: readonly string[], actual: readonly string[]): string[] => {
  if (actual.includes('unknown')) return [];
  return expected.filter((label) => {
    const kind = classOf(label);
    if (!DANGEROUS.includes(kind)) return false;
    return !actual.includes(label) && !actual.includes(`${kind}(?)`);
  });
};

/** Per class: of the calls read as having it, how many were labelled with it (precision), and the reverse (recall). */
export const perClass = (rows: readonly { expected: readonly string[]; actual: readonly string[] }[]) => {
  const table: Record<string, { predicted: number; labelled: number; both: number }> = {};
  for (const { expected, actual } of rows) {
    const want = new Set(expected.map(classOf));
    const got = new Set(actual.map(classOf));
    for (const kind of new Set([...want, ...got])) {
      const row = (table[kind] ??= { predicted: 0, labelled: 0, both: 0 });
      if (got.has(kind)) row.predicted += 1;
      if (want.has(kind)) row.labelled += 1;
      if (got.has(kind) && want.has(kind)) row.both += 1;
    }
  }
  return table;
};
