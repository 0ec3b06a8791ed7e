/**
 * One writer per ledger file: a second process opening a ledger this one holds fails, naming the holder, instead
 * of splitting the chain, and writes its events once the holder closed it (one intact chain); a claim left by a
 * process that is gone is taken over; a claim is waited for, then refused, in process too.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimLedger } from '../../lib/ledger/ledgerClaim.js';
import { verdictOf, verifyLedger } from '../../lib/ledger/verifyLedger.js';
import { createHookSystem } from '../../lib/system/createHookSystem.js';

const WRITER = path.resolve(import.meta.dirname, '../fixtures/ledger/batchWriter.ts');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookstream-ledger-claim-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the batch writer (60 events) to its end; resolves with its exit code and stderr. */
const writer = async (ledger: string): Promise<{ code: number | null; stderr: string }> => {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, ledger, '60', 'other'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
};

describe('a ledger another process holds', () => {
  it('is not continued by a second writer: it fails naming the holder, then takes its turn on one intact chain', async () => {
    const ledger = path.join(dir, 'shared.ledger');
    // This process writes first and keeps the ledger open. A second writer without the claim would continue the
    // chain from the same record and split it; with it, it gives up after the claim's wait, naming this process.
    const holder = createHookSystem({ trust: false, ledger });
    let refused: Awaited<ReturnType<typeof writer>>;
    try {
      for (let i = 0; i < 10; i++) await holder.fire('SessionStart', { source: 'startup' });
      refused = await writer(ledger);
    } finally {
      await holder.dispose();
    }
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`being written by process ${String(process.pid)}`);
    expect(await writer(ledger)).toEqual({ code: 0, stderr: '' });
    const report = verifyLedger(ledger);
    expect(report.broken).toBeUndefined();
    expect(verdictOf(report)).toBe('intact');
    expect(report.events).toBe(70);
    expect(existsSync(`${ledger}.lock`)).toBe(false);
  }, 60_000);
});

/** The pid of a process that has exited: a holder that is gone. */
const deadPid = async (): Promise<number> => {
  const gone = spawn(process.execPath, ['-e', '0']);
  await once(gone, 'exit');
  return gone.pid ?? -1;
};

describe('claimLedger', () => {
  it('takes over a claim whose process is gone', async () => {
    const ledger = path.join(dir, 'x.ledger');
    const gone = await deadPid();
    writeFileSync(`${ledger}.lock`, `${String(gone)}\n`);
    const hooks = createHookSystem({ trust: false, ledger });
    await hooks.fire('SessionStart', { source: 'startup' });
    await hooks.dispose();
    expect(verdictOf(verifyLedger(ledger))).toBe('intact');
    expect(existsSync(`${ledger}.lock`)).toBe(false);
  });

  it('leaves a stale claim alone while another writer takes it over, then takes it over itself', async () => {
    const ledger = path.join(dir, 'z.ledger');
    const gone = await deadPid();
    writeFileSync(`${ledger}.lock`, `${String(gone)}\n`);
    // This process stands for the writer inside its takeover: the claim it is about to replace must stay put.
    writeFileSync(`${ledger}.lock.break`, `${String(process.pid)}\n`);
    expect(() => claimLedger(ledger, 50)).toThrow(/a second writer would split its chain/);
    expect(readFileSync(`${ledger}.lock`, 'utf8')).toBe(`${String(gone)}\n`);
    rmSync(`${ledger}.lock.break`);
    const release = claimLedger(ledger, 0);
    expect(readFileSync(`${ledger}.lock`, 'utf8')).toBe(`${String(process.pid)}\n`);
    expect(existsSync(`${ledger}.lock.break`)).toBe(false);
    release();
  });

  it('removes a break claim whose writer was killed inside its takeover', async () => {
    const ledger = path.join(dir, 'w.ledger');
    const gone = await deadPid();
    writeFileSync(`${ledger}.lock`, `${String(gone)}\n`);
    writeFileSync(`${ledger}.lock.break`, `${String(gone)}\n`);
    const release = claimLedger(ledger, 1000);
    expect(readFileSync(`${ledger}.lock`, 'utf8')).toBe(`${String(process.pid)}\n`);
    expect(existsSync(`${ledger}.lock.break`)).toBe(false);
    release();
  });

  it('fails, naming the holder, when a live writer keeps it past the wait', () => {
    const ledger = path.join(dir, 'y.ledger');
    const release = claimLedger(ledger);
    try {
      expect(() => claimLedger(ledger, 50)).toThrow(
        new RegExp(`being written by process ${String(process.pid)}; a second writer would split its chain`),
      );
    } finally {
      release();
    }
    // Released: the next claim gets it at once.
    claimLedger(ledger, 0)();
  });
});
