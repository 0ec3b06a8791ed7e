/**
 * The ledger's line format across versions: version 2 writes every digest of a record in base64url, each `h` the
 * SHA-256 of the record's bytes as written; a version 1 ledger (hex, written by the writer before) still verifies,
 * signatures included, and a version 2 writer continues it on one chain; a line whose digests are not in its
 * version's encoding is a schema break. Any single-byte edit of any line — record, hash, signature or newline —
 * is found, at that line.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../lib/ledger/canonicalJson.js';
import { verdictOf, verifyLedger } from '../../lib/ledger/verifyLedger.js';
import { createHookSystem } from '../../lib/system/createHookSystem.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookstream-ledger-format-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const fixture = (name: string): string => new URL(`../fixtures/ledger/${name}`, import.meta.url).pathname;
/** Version 1, written by the writer before version 2: signed, four events, a checkpoint every 3 records. */
const V1 = fixture('v1.ledger');
const V1_KEY = readFileSync(fixture('v1.pub.pem'), 'utf8');

const keys = generateKeyPairSync('ed25519');
const PUBLIC = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

const writeLedger = async (file: string, events: number, key?: typeof keys.privateKey): Promise<void> => {
  const hooks = createHookSystem({ trust: false, ledger: { path: file, checkpointEvery: 3, key } });
  hooks.register('BeforeTool', { type: 'function', name: 'guard', required: true, run: () => ({ decision: 'allow' }) });
  for (let i = 0; i < events; i++) await hooks.fire('BeforeTool', { tool_name: 'Write', tool_input: { n: i } });
  await hooks.dispose();
};

const linesOf = (file: string): string[] => readFileSync(file, 'utf8').split('\n').slice(0, -1);
const sha256 = (text: string, encoding: 'hex' | 'base64url'): string =>
  createHash('sha256').update(text).digest(encoding);

interface Line {
  h: string;
  r: { type: string; prev: string; version?: number; input?: { sha256: string }; guards?: { fingerprint: string }[] };
}

describe('version 2', () => {
  it('writes each digest in base64url; h is the SHA-256 of the record as written, prev the h before', async () => {
    const file = path.join(dir, 'a.ledger');
    await writeLedger(file, 2);
    let prev = 'A'.repeat(43);
    for (const text of linesOf(file)) {
      const line = JSON.parse(text) as Line;
      const record = text.slice(text.indexOf(',"r":') + 5, -1);
      expect(record).toBe(canonicalJson(line.r));
      expect(line.h).toBe(sha256(record, 'base64url'));
      expect(line.r.prev).toBe(prev);
      if (line.r.type === 'open') expect(line.r.version).toBe(2);
      if (line.r.type === 'event') {
        expect(line.r.input?.sha256).toMatch(/^[\w-]{43}$/);
        expect(line.r.guards?.[0]?.fingerprint).toMatch(/^[\w-]{43}$/);
      }
      prev = line.h;
    }
  });

  it('reports a line whose digests are in hex after a version 2 open record', async () => {
    const file = path.join(dir, 'a.ledger');
    await writeLedger(file, 2);
    const lines = linesOf(file);
    const last = JSON.parse(lines.at(-1) ?? '') as Line;
    last.r.prev = Buffer.from(last.r.prev, 'base64url').toString('hex');
    const record = canonicalJson(last.r);
    lines[lines.length - 1] = `{"h":"${sha256(record, 'hex')}","r":${record}}`;
    writeFileSync(file, `${lines.join('\n')}\n`);
    const broken = verifyLedger(file).broken;
    expect(broken).toMatchObject({ line: lines.length, kind: 'schema' });
    expect(broken?.message).toContain('base64url');
  });
});

describe('version 1', () => {
  it('still verifies, signatures included', () => {
    const report = verifyLedger(V1, { publicKey: V1_KEY, canonical: true });
    expect(report.broken).toBeUndefined();
    expect(verdictOf(report)).toBe('intact');
    expect(report).toMatchObject({ events: 4, signatures: 'verified' });
  });

  it('is continued by a version 2 writer on one chain', async () => {
    const file = path.join(dir, 'v1.ledger');
    copyFileSync(V1, file);
    const before = linesOf(file);
    await writeLedger(file, 2);
    const opened = JSON.parse(linesOf(file)[before.length] ?? '') as Line;
    expect(opened.r).toMatchObject({ type: 'open', version: 2 });
    const last = JSON.parse(before.at(-1) ?? '') as Line;
    expect(Buffer.from(opened.r.prev, 'base64url').toString('hex')).toBe(last.h);
    const report = verifyLedger(file);
    expect(report.broken).toBeUndefined();
    expect(verdictOf(report)).toBe('intact');
    expect(report.events).toBe(6);
  });

  it('finds an edit of one byte', () => {
    const file = path.join(dir, 'v1.ledger');
    const lines = linesOf(V1);
    lines[3] = (lines[3] ?? '').replace('"blocked":true', '"blocked":fals');
    writeFileSync(file, `${lines.join('\n')}\n`);
    expect(verifyLedger(file, { publicKey: V1_KEY }).broken).toMatchObject({ line: 4 });
  });
});

describe('any single-byte edit', () => {
  /** A signed ledger of two writers, and its bytes. */
  const signedLedger = async (): Promise<{ file: string; bytes: Buffer; lineAt: (offset: number) => number }> => {
    const file = path.join(dir, 'signed.ledger');
    await writeLedger(file, 4, keys.privateKey);
    await writeLedger(file, 2, keys.privateKey);
    const bytes = readFileSync(file);
    const lineAt = (offset: number): number => bytes.subarray(0, offset).filter((byte) => byte === 10).length + 1;
    return { file, bytes, lineAt };
  };

  it('is reported at the line it is in, checked with the key', async () => {
    const { file, bytes, lineAt } = await signedLedger();
    expect(verdictOf(verifyLedger(file, { publicKey: PUBLIC }))).toBe('intact');
    const edited = path.join(dir, 'edited.ledger');
    fc.assert(
      fc.property(fc.nat(bytes.length - 1), fc.integer({ min: 1, max: 255 }), (offset, delta) => {
        const copy = Buffer.from(bytes);
        copy[offset] = ((copy[offset] ?? 0) + delta) % 256;
        writeFileSync(edited, copy);
        const report = verifyLedger(edited, { publicKey: PUBLIC });
        expect(verdictOf(report)).not.toBe('intact');
        // The last newline edited leaves an unterminated last line: a torn tail there, not a valid shorter chain.
        const where = report.broken?.line ?? report.torn.find((torn) => !torn.recovered)?.line;
        expect(where).toBe(lineAt(offset));
      }),
      { numRuns: 300 },
    );
  });

  it('of a signature, into another spelling of the same bytes, is reported', async () => {
    const { file, bytes } = await signedLedger();
    const text = bytes.toString('utf8');
    const at = text.indexOf('=="}');
    expect(at).toBeGreaterThan(0);
    // A 64-byte signature ends in one character whose last 4 bits are padding: base64 decoders ignore them.
    const last = text[at - 1] ?? '';
    const twin = String.fromCharCode(last.charCodeAt(0) + 1);
    expect(Buffer.from(`AA${twin}==`, 'base64')).toEqual(Buffer.from(`AA${last}==`, 'base64'));
    writeFileSync(file, `${text.slice(0, at - 1)}${twin}${text.slice(at)}`);
    expect(verifyLedger(file, { publicKey: PUBLIC }).broken).toMatchObject({ kind: 'signature' });
  });
});
