/**
 * The decision ledger's costs, side by side in one run: one function-hook event through `fire()` with the ledger
 * on and off (interleaved, same machine noise), the ledger's bytes per event with one guard (input by digest),
 * and `verifyLedger` over a ledger of `VERIFY_RECORDS` events written by the real writer. A quick run verifies a
 * tenth and extrapolates linearly to a million records (verification is one pass, record by record).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHookSystem } from '../dist/lib/index.js';
import { verifyLedger } from '../dist/lib/entry/observe.js';
import { interleave, micros, round3, scaled } from './measure.js';

const fields = { tool_name: 'write_file', tool_input: { path: '/tmp/a', content: 'x' } };

export interface LedgerFigures {
  description: string;
  microsecondsPerEvent: { ledgerOff: number; ledgerOn: number; overhead: number };
  bytesPerEvent: number;
  verify: { records: number; milliseconds: number; millisecondsPerMillion: number; extrapolated: boolean };
}

const guard = { type: 'function' as const, name: 'guard', required: true, run: () => ({ decision: 'allow' as const }) };

export const benchLedger = async (): Promise<LedgerFigures> => {
  const dir = mkdtempSync(join(tmpdir(), 'hookstream-ledger-bench-'));
  try {
    const off = createHookSystem({ projectDir: dir, trust: false });
    off.register('BeforeTool', guard);
    const on = createHookSystem({ projectDir: dir, trust: false, ledger: join(dir, 'bench.ledger') });
    on.register('BeforeTool', guard);
    const times = await interleave(
      {
        ledgerOff: async () => {
          await off.fire('BeforeTool', fields);
        },
        ledgerOn: async () => {
          await on.fire('BeforeTool', fields);
        },
      },
      { rounds: scaled(30, 5), batch: scaled(2000, 200) },
    );
    await Promise.all([off.dispose(), on.dispose()]);

    // Bytes per event: a fresh ledger of many events, its open record and checkpoints included.
    const sized = join(dir, 'sized.ledger');
    const events = scaled(10_000, 1000);
    const sizing = createHookSystem({ projectDir: dir, trust: false, ledger: sized });
    sizing.register('BeforeTool', guard);
    for (let i = 0; i < events; i++) await sizing.fire('BeforeTool', fields);
    await sizing.dispose();
    const bytesPerEvent = round3(statSync(sized).size / events);

    const records = scaled(1_000_000, 100_000);
    const big = join(dir, 'big.ledger');
    const writer = createHookSystem({ projectDir: dir, trust: false, ledger: { path: big, checkpointEvery: 1000 } });
    writer.register('BeforeTool', guard);
    for (let i = 0; i < records; i++) await writer.fire('BeforeTool', fields);
    await writer.dispose();
    const started = performance.now();
    const report = verifyLedger(big);
    const milliseconds = performance.now() - started;
    if (report.broken !== undefined || report.events !== records) throw new Error('the bench ledger did not verify');
    return {
      description: 'one function-hook event through fire() with the ledger off and on; bytes per event; verify',
      microsecondsPerEvent: {
        ledgerOff: micros(times.ledgerOff),
        ledgerOn: micros(times.ledgerOn),
        overhead: micros((times.ledgerOn ?? NaN) - (times.ledgerOff ?? NaN)),
      },
      bytesPerEvent,
      verify: {
        records,
        milliseconds: round3(milliseconds),
        millisecondsPerMillion: round3((milliseconds * 1_000_000) / records),
        extrapolated: records !== 1_000_000,
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  process.stdout.write(`${JSON.stringify(await benchLedger(), null, 2)}\n`);
}
