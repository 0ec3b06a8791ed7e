/**
 * A host killed with SIGKILL while it appends (a real child process): the ledger verifies up to its last
 * checkpoint, reports the unsealed or torn tail (exit 3, never a silently valid shorter chain), and the next writer
 * continues the chain, saying in its `open` record that the writer before it did not close the ledger.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verdictOf, verifyLedger } from '../../lib/ledger/verifyLedger.js';
import { createHookSystem } from '../../lib/system/createHookSystem.js';

const WRITER = path.resolve(import.meta.dirname, '../fixtures/ledger/writer.ts');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookstream-ledger-crash-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('ledger after SIGKILL', () => {
  it('verifies up to the last checkpoint, reports the tail, and is continued by the next writer', async () => {
    const ledger = path.join(dir, 'crash.ledger');
    const host = spawn(process.execPath, ['--import', 'tsx', WRITER, ledger], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = once(host, 'exit');
    try {
      let output = '';
      host.stdout.setEncoding('utf8');
      for await (const chunk of host.stdout) {
        output += String(chunk);
        if (output.includes('ready')) break;
      }
      host.kill('SIGKILL');
      const [, signal] = (await exited) as [number | null, string | null];
      expect(signal).toBe('SIGKILL');
    } finally {
      if (host.exitCode === null && host.signalCode === null) host.kill('SIGKILL');
    }

    const crashed = verifyLedger(ledger);
    expect(crashed.broken).toBeUndefined();
    expect(crashed.sealedThrough).toBeGreaterThan(1);
    expect(crashed.closed).toBe(false);
    expect(verdictOf(crashed)).toBe('incomplete');

    const hooks = createHookSystem({ trust: false, ledger });
    await hooks.fire('SessionStart', { source: 'resume' });
    await hooks.dispose();
    const continued = verifyLedger(ledger);
    expect(continued.broken).toBeUndefined();
    expect(verdictOf(continued)).toBe('intact');
    expect(continued.unclosedBefore).toHaveLength(1);
    expect(continued.torn.every((torn) => torn.recovered)).toBe(true);
    expect(continued.records).toBeGreaterThan(crashed.records);
  }, 60_000);

  it('a line cut mid-write is terminated by the next writer and reported as recovered', async () => {
    const ledger = path.join(dir, 'torn.ledger');
    const first = createHookSystem({ trust: false, ledger });
    await first.fire('SessionStart', { source: 'startup' });
    await first.fire('SessionStart', { source: 'resume' });
    await first.dispose();
    const text = readFileSync(ledger, 'utf8');
    const cut = text.indexOf('\n', text.indexOf('\n') + 1) + 30;
    writeFileSync(ledger, text.slice(0, cut));
    expect(verifyLedger(ledger).torn).toEqual([{ line: 3, bytes: 29, recovered: false }]);
    const second = createHookSystem({ trust: false, ledger });
    await second.fire('SessionStart', { source: 'resume' });
    await second.dispose();
    const report = verifyLedger(ledger);
    expect(report.broken).toBeUndefined();
    expect(report.torn).toEqual([{ line: 3, bytes: 29, recovered: true }]);
    expect(report.unclosedBefore).toEqual([4]);
    expect(verdictOf(report)).toBe('intact');
  });
});
