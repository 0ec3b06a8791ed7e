/**
 * One writer per ledger file: two hosts writing one ledger at once (real processes) leave one intact chain with
 * every event of both, the second waiting for the first; a claim left by a killed writer is taken over; a claim
 * held past the wait fails the open, naming the holder, instead of splitting the chain.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

interface Writer {
  readonly child: ChildProcess;
  /** Resolves when the writer printed `line`. */
  printed(line: string): Promise<void>;
  /** Its exit code and stderr. */
  readonly done: Promise<{ code: number | null; stderr: string }>;
}

const writer = (ledger: string, label: string, pause = false): Writer => {
  const args = ['--import', 'tsx', WRITER, ledger, '60', label, ...(pause ? ['pause'] : [])];
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const waiting: { line: string; resolve: () => void }[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    for (const wait of waiting.filter((entry) => stdout.split('\n').includes(entry.line))) wait.resolve();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = once(child, 'exit').then(([code]) => ({ code: code as number | null, stderr }));
  return {
    child,
    printed: (line) =>
      stdout.split('\n').includes(line)
        ? Promise.resolve()
        : new Promise((resolve) => {
            waiting.push({ line, resolve });
          }),
    done,
  };
};

describe('a ledger written by two hosts at once', () => {
  it('is one intact chain holding every event of both', async () => {
    const ledger = path.join(dir, 'shared.ledger');
    // The first pauses halfway, holding its place in the chain; the second starts meanwhile. Without a claim it
    // would open at once and write all its events from the same record (it says `opened`); with one it waits.
    const first = writer(ledger, 'a', true);
    await first.printed('half');
    const second = writer(ledger, 'b');
    await second.printed('starting');
    await Promise.race([second.printed('opened'), new Promise((resolve) => setTimeout(resolve, 500))]);
    first.child.stdin?.write('go\n');
    expect(await Promise.all([first.done, second.done])).toEqual([
      { code: 0, stderr: '' },
      { code: 0, stderr: '' },
    ]);
    const report = verifyLedger(ledger);
    expect(report.broken).toBeUndefined();
    expect(verdictOf(report)).toBe('intact');
    expect(report.events).toBe(120);
    expect(report.unclosedBefore).toEqual([]);
    expect(existsSync(`${ledger}.lock`)).toBe(false);
  }, 60_000);
});

describe('claimLedger', () => {
  it('takes over a claim whose process is gone', async () => {
    const ledger = path.join(dir, 'x.ledger');
    const gone = spawn(process.execPath, ['-e', '0']);
    await once(gone, 'exit');
    writeFileSync(`${ledger}.lock`, `${String(gone.pid)}\n`);
    const hooks = createHookSystem({ trust: false, ledger });
    await hooks.fire('SessionStart', { source: 'startup' });
    await hooks.dispose();
    expect(verdictOf(verifyLedger(ledger))).toBe('intact');
    expect(existsSync(`${ledger}.lock`)).toBe(false);
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
