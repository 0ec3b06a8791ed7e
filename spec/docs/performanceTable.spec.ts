/**
 * The README's performance table is generated, never typed: between its markers README.md must hold exactly
 * what bench/table.ts renders from the committed bench/results.json, so that every published figure, target
 * and "met" is one that `npm run bench` measured.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TARGETS } from '../../bench/rows.js';
import { blockIn, END, README, readResults, renderBlock, renderTable, START } from '../../bench/table.js';

describe('README performance table', () => {
  it('is rendered from a full bench run that measured every target of issue 9', () => {
    const results = readResults();
    expect(results.quick, 'bench/results.json comes from `npm run bench -- --quick`: run the full bench').toBe(false);
    expect(results.targets.map((row) => row.id).sort()).toEqual(Object.keys(TARGETS).sort());
  });

  it('is exactly what bench/table.ts renders from bench/results.json', async () => {
    const readme = readFileSync(README, 'utf8');
    const block = blockIn(readme);
    const howTo = `README.md needs a ${START} … ${END} block under "## Performance": paste what \`npx tsx bench/table.ts\` prints`;
    expect(block, howTo).toBeDefined();
    const results = readResults();
    expect(block, 'the table differs from bench/results.json: run `npx tsx bench/table.ts --write-readme`').toBe(
      await renderTable(results),
    );
  });

  it('renders a block whose markers blockIn finds again', async () => {
    const results = readResults();
    expect(blockIn(await renderBlock(results))).toBe(await renderTable(results));
  });
});
