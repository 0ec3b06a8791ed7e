/**
 * Tamper evidence of the ledger: a ledger written through the facade verifies; one byte edited, a record deleted,
 * two records reordered, the file truncated, two ledgers spliced, and a record replaced by a re-hashed one
 * without the signing key are each reported at the right line, with the exit status `hookstream audit verify`
 * gives CI. The file is created 0600; reopening continues the chain.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../lib/cli/program.js';
import { canonicalJson } from '../../lib/ledger/canonicalJson.js';
import { verdictOf, verifyLedger } from '../../lib/ledger/verifyLedger.js';
import { createHookSystem } from '../../lib/system/createHookSystem.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookstream-ledger-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const keys = generateKeyPairSync('ed25519');
const PRIVATE = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PUBLIC = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** Writes a ledger of `events` BeforeTool events (checkpoint every 3 records), signed when `signed`. */
const writeLedger = async (file: string, events: number, signed = false, session = 's-1'): Promise<void> => {
  const hooks = createHookSystem({
    sessionId: session,
    trust: false,
    ledger: { path: file, checkpointEvery: 3, ...(signed ? { key: PRIVATE } : {}) },
  });
  hooks.register('BeforeTool', { type: 'function', name: 'guard', required: true, run: () => ({ decision: 'allow' }) });
  for (let i = 0; i < events; i++) await hooks.fire('BeforeTool', { tool_name: 'Write', tool_input: { n: i } });
  await hooks.dispose();
};

const linesOf = (file: string): string[] => readFileSync(file, 'utf8').split('\n').slice(0, -1);
/** A fresh ledger `a.ledger` of `events` events, and its lines to tamper with. */
const freshLedger = async (events: number): Promise<{ file: string; lines: string[] }> => {
  const file = path.join(dir, 'a.ledger');
  await writeLedger(file, events);
  return { file, lines: linesOf(file) };
};
const writeLines = (file: string, lines: readonly string[]): void => {
  writeFileSync(file, `${lines.join('\n')}\n`);
};

const cli = async (...argv: string[]): Promise<{ status: number; out: string }> => {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const context = { stdout, stderr, stdin: new PassThrough(), color: false, cwd: dir, status: 0 };
  const status = await runCli(argv, context);
  return { status, out };
};

describe('ledger file', () => {
  it('is created 0600, verifies intact, and a reopened ledger continues the chain', async () => {
    const file = path.join(dir, 'a.ledger');
    await writeLedger(file, 4);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await writeLedger(file, 2, false, 's-2');
    const report = verifyLedger(file);
    expect(report.broken).toBeUndefined();
    expect(verdictOf(report)).toBe('intact');
    expect(report.events).toBe(6);
    expect(report.unclosedBefore).toEqual([]);
    expect((await cli('audit', 'verify', file)).status).toBe(0);
  });

  it('holds canonical JSON lines whose hash is the SHA-256 of the record text', async () => {
    const file = path.join(dir, 'a.ledger');
    await writeLedger(file, 2);
    for (const line of linesOf(file)) {
      const parsed = JSON.parse(line) as { h: string; r: unknown };
      expect(line).toBe(`{"h":"${parsed.h}","r":${canonicalJson(parsed.r)}}`);
      expect(createHash('sha256').update(canonicalJson(parsed.r)).digest('base64url')).toBe(parsed.h);
    }
    expect(verifyLedger(file, { canonical: true }).broken).toBeUndefined();
  });
});

describe('tampering', () => {
  it('one byte edited: the hash fails at that line', async () => {
    const { file, lines } = await freshLedger(5);
    const line = lines[2] ?? '';
    const at = line.indexOf('"sha256":"') + 10;
    lines[2] = `${line.slice(0, at)}${line[at] === '0' ? '1' : '0'}${line.slice(at + 1)}`;
    writeLines(file, lines);
    expect(verifyLedger(file).broken).toMatchObject({ line: 3, kind: 'hash' });
    const run = await cli('audit', 'verify', file);
    expect(run.status).toBe(2);
    expect(run.out).toContain('line 3:');
  });

  it('a record deleted: reported where the gap is', async () => {
    const { file, lines } = await freshLedger(5);
    lines.splice(2, 1);
    writeLines(file, lines);
    expect(verifyLedger(file).broken).toMatchObject({ line: 3, kind: 'sequence' });
  });

  it('two records reordered: reported at the first of them', async () => {
    const { file, lines } = await freshLedger(5);
    [lines[2], lines[3]] = [lines[3] ?? '', lines[2] ?? ''];
    writeLines(file, lines);
    expect(verifyLedger(file).broken).toMatchObject({ line: 3, kind: 'sequence' });
  });

  it('truncated at a record: not closed, the unsealed tail reported (exit 3)', async () => {
    const { file, lines } = await freshLedger(5);
    writeLines(file, lines.slice(0, 6));
    const report = verifyLedger(file);
    expect(report.broken).toBeUndefined();
    expect(report.closed).toBe(false);
    expect(verdictOf(report)).toBe('incomplete');
    expect((await cli('audit', 'verify', file)).status).toBe(3);
  });

  it('truncated mid-line: a torn tail at that line', async () => {
    const file = path.join(dir, 'a.ledger');
    await writeLedger(file, 5);
    const text = readFileSync(file, 'utf8');
    const cut = text.indexOf('\n', text.indexOf('\n') + 1) + 40;
    writeFileSync(file, text.slice(0, cut));
    const report = verifyLedger(file);
    expect(report.broken).toBeUndefined();
    expect(report.torn).toEqual([{ line: 3, bytes: 39, recovered: false }]);
    expect(verdictOf(report)).toBe('incomplete');
  });

  it('two ledgers spliced: reported where the second begins', async () => {
    const first = path.join(dir, 'a.ledger');
    const second = path.join(dir, 'b.ledger');
    await writeLedger(first, 2);
    await writeLedger(second, 2);
    const lines = [...linesOf(first), ...linesOf(second)];
    const spliced = path.join(dir, 'spliced.ledger');
    writeLines(spliced, lines);
    const broken = verifyLedger(spliced).broken;
    expect(broken).toMatchObject({ line: linesOf(first).length + 1, kind: 'sequence' });
    expect(broken?.message).toContain('spliced');
  });

  it('a record replaced by a re-hashed one without the key: the next checkpoint fails its signature', async () => {
    const file = path.join(dir, 'a.ledger');
    await writeLedger(file, 5, true);
    expect(verifyLedger(file, { publicKey: PUBLIC }).signatures).toBe('verified');
    const lines = linesOf(file);
    // Change record 2 and re-hash it and every record after it: the chain is whole again.
    let prev = '';
    const forged = lines.map((line, index) => {
      const parsed = JSON.parse(line) as { h: string; r: Record<string, unknown>; s?: string };
      if (index === 2) (parsed.r.decision as Record<string, unknown>).blocked = true;
      if (index > 2) parsed.r.prev = prev;
      if (index < 2) {
        prev = parsed.h;
        return line;
      }
      const text = canonicalJson(parsed.r);
      prev = createHash('sha256').update(text).digest('base64url');
      return parsed.s === undefined ? `{"h":"${prev}","r":${text}}` : `{"h":"${prev}","r":${text},"s":"${parsed.s}"}`;
    });
    writeLines(file, forged);
    // Without the key only the chain is checked, and it holds.
    expect(verifyLedger(file).broken).toBeUndefined();
    const checkpoint = forged.findIndex((line, index) => index > 2 && line.includes('"type":"checkpoint"')) + 1;
    const broken = verifyLedger(file, { publicKey: PUBLIC }).broken;
    expect(broken).toMatchObject({ line: checkpoint, kind: 'signature' });
    expect(broken?.message).toContain('between line');
    writeFileSync(path.join(dir, 'ledger.pub'), PUBLIC);
    const run = await cli('audit', 'verify', file, '--key', 'ledger.pub');
    expect(run.status).toBe(2);
    expect(run.out).toContain(`line ${String(checkpoint)}:`);
  });

  it('an edited record is not taken for a torn one', async () => {
    const { file, lines } = await freshLedger(3);
    lines[1] = (lines[1] ?? '').slice(0, 50);
    writeLines(file, lines);
    expect(verifyLedger(file).broken).toMatchObject({ line: 2, kind: 'syntax' });
  });
});
