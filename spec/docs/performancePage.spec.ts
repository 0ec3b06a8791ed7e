/**
 * docs/performance.md is generated, never typed: it must be exactly what bench/report.ts renders from the
 * committed bench/results.json, so that every published figure, target and "met" is one `npm run bench` measured.
 */
import { describe, expect, it } from 'vitest';
import { TARGETS, targetRows } from '../../bench/rows.js';
import { GENERATED, readPage, renderPage } from '../../bench/report.js';
import { readResults, renderSpread, renderTable } from '../../bench/table.js';

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

  it('derives the worker fleet rows from the broker bench, each against its target', () => {
    const rows = targetRows({
      broker: {
        latency: {
          remote: { p50: 0.41, p99: 3.2, perSecond: 2500 },
          durable: { p50: 2.5, p99: 6 },
          local: { p50: 0.004, p99: 0.01 },
        },
        load: {
          events: 10_000,
          eventsPerSecond: 3000,
          p50: 20,
          p99: 600,
          worst: 1800,
          hookTimeoutMs: 10_000,
          redeliveries: 40,
          lost: 0,
          appliedTwice: 0,
          orderViolations: 0,
        },
      },
    });
    expect(rows.map((row) => [row.id, row.measured.value, row.met])).toEqual([
      ['broker.remote.p50', 0.41, true],
      ['broker.remote.p99', 3.2, false],
      ['broker.remote.throughput', 2500, true],
      ['broker.durable.p50', 2.5, true],
      ['broker.load.worstOverTimeout', -8200, true],
    ]);
    const table = renderTable({ ...readResults(), targets: rows, comparisons: [] });
    expect(table[6]).toBe(
      "| slowest of 10 k events (200 sessions, 4 workers, one SIGKILLed, the server restarted), beyond the hook's " +
        '10000 ms timeout | 1800 ms | that run, p99: 600 ms | -8200 ms | ≤ +1000 ms | yes |',
    );
  });

  it('says that it is generated, on its first line', () => {
    expect(readPage().split('\n')[0]).toBe(GENERATED);
  });
});
