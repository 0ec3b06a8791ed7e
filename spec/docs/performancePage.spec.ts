/**
 * docs/performance.md is generated, never typed: it must be exactly what bench/report.ts renders from the
 * committed bench/results.json, so that every published figure, target and "met" is one `npm run bench` measured.
 */
import { describe, expect, it } from 'vitest';
import { TARGETS } from '../../bench/rows.js';
import { GENERATED, readPage, renderPage } from '../../bench/report.js';
import { readResults, renderSpread } from '../../bench/table.js';

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

  it("shows how far each contender's rounds lay from its median", () => {
    const rows = renderSpread({
      'engine.noHook': { rounds: 9, min: 0.0009, p25: 0.00095, median: 0.001, p75: 0.0011, max: 0.002 },
      'spawn.hook': { rounds: 5, min: 4, p25: 4.5, median: 5, p75: 5, max: 6 },
    });
    expect(rows.slice(2)).toEqual([
      '| `engine.noHook` | 9 | 1 µs | −5.0 % / +10.0 % | −10.0 % / +100.0 % |',
      '| `spawn.hook` | 5 | 5 ms | −10.0 % / +0.0 % | −20.0 % / +20.0 % |',
    ]);
    const spread = readResults().spread;
    if (spread !== undefined) for (const name of Object.keys(spread)) expect(readPage()).toContain(`\`${name}\``);
  });

  it('says that it is generated, on its first line', () => {
    expect(readPage().split('\n')[0]).toBe(GENERATED);
  });
});
