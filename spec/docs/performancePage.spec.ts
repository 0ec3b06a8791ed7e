/**
 * docs/performance.md is generated, never typed: it must be exactly what bench/report.ts renders from the
 * committed bench/results.json, so that every published figure, target and "met" is one `npm run bench` measured.
 */
import { describe, expect, it } from 'vitest';
import { TARGETS } from '../../bench/rows.js';
import { GENERATED, readPage, renderPage } from '../../bench/report.js';
import { readResults } from '../../bench/table.js';

describe('docs/performance.md', () => {
  it('is rendered from a full bench run that measured every target', () => {
    const results = readResults();
    expect(results.quick, 'bench/results.json comes from `npm run bench -- --quick`: run the full bench').toBe(false);
    expect(results.targets.map((row) => row.id).sort()).toEqual(Object.keys(TARGETS).sort());
  });

  it('is exactly what bench/report.ts renders from bench/results.json', async () => {
    expect(readPage(), 'the page differs from bench/results.json: run `npx tsx bench/report.ts`').toBe(
      await renderPage(readResults()),
    );
  });

  it('says that it is generated, on its first line', () => {
    expect(readPage().split('\n')[0]).toBe(GENERATED);
  });
});
