/**
 * The labelled corpus (spec/fixtures/effects): every command and patch read, no call that writes, deletes or
 * reaches the network read as not doing so (false-safe), and precision per effect class reported.
 */
import { describe, expect, it } from 'vitest';
import { commandLabels, falseSafe, loadCorpus, patchLabels, perClass } from './corpusTools.js';

const sorted = (labels: readonly string[]) => [...labels].sort().join(' ');

describe('the labelled corpus', () => {
  const commands = loadCorpus('commands.jsonl');
  const patches = loadCorpus('patches.jsonl');

  it('holds at least 500 shell commands and 50 patches', () => {
    expect(commands.length).toBeGreaterThanOrEqual(500);
    expect(patches.length).toBeGreaterThanOrEqual(50);
  });

  it('reads no command that writes, deletes or reaches the network as having no such effect', () => {
    const misses = commands
      .map(({ text, expected }) => ({ text, missed: falseSafe(expected, commandLabels(text)) }))
      .filter((row) => row.missed.length > 0);
    expect(misses).toEqual([]);
  });

  it('reads no patch as touching fewer files than it does', () => {
    const misses = patches
      .map(({ text, expected }) => ({ text: text.slice(0, 60), missed: falseSafe(expected, patchLabels(text)) }))
      .filter((row) => row.missed.length > 0);
    expect(misses).toEqual([]);
  });

  it('matches the labels of every patch exactly', () => {
    for (const { text, expected } of patches)
      expect(sorted(patchLabels(text)), text.slice(0, 60)).toBe(sorted(expected));
  });

  it('reports precision per class, each at least 0.95', () => {
    const rows = commands.map(({ text, expected }) => ({ expected, actual: commandLabels(text) }));
    const exact = rows.filter((row) => sorted(row.expected) === sorted(row.actual)).length;
    const table = perClass(rows);
    const report = Object.entries(table).map(([kind, row]) => ({
      class: kind,
      precision: row.predicted === 0 ? 1 : row.both / row.predicted,
      recall: row.labelled === 0 ? 1 : row.both / row.labelled,
      labelled: row.labelled,
    }));
    console.log(`effects corpus: ${String(exact)}/${String(rows.length)} commands exactly as labelled`);
    console.table(report);
    for (const row of report) expect(row.precision, row.class).toBeGreaterThanOrEqual(0.95);
    expect(exact / rows.length).toBeGreaterThanOrEqual(0.95);
  });
});
