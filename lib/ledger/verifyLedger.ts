/**
 * Checks a ledger offline, line by line: each line canonical, its hash that of its record, its `prev` the hash of
 * the line before and its `seq` the next number, its record of a known shape, and — given the public key — every
 * checkpoint signed by it. The first line that fails is reported, with what it means (an edit, a deletion, a
 * reordering, a second ledger spliced in, a record re-hashed without the key); verification stops there, since
 * nothing after a break can be trusted. A line cut short by a crash is reported as a torn tail, not a break.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { errorText, isRecord } from '../core/guards.js';
import { sha256 } from '../trust/fileMemo.js';
import { canonicalJson } from './canonicalJson.js';
import { GENESIS, HASH_PATTERN, keyIdOf, LedgerError, type LedgerLine } from './ledgerFormat.js';
import { forEachLine } from './ledgerLines.js';
import { checkRecord } from './recordShape.js';

export type LedgerBreakKind = 'syntax' | 'canonical' | 'schema' | 'hash' | 'sequence' | 'chain' | 'signature';

/** The first line that fails. */
export interface LedgerBreak {
  line: number;
  kind: LedgerBreakKind;
  message: string;
}

/** A line a crash cut short. */
export interface TornLine {
  line: number;
  bytes: number;
  /** A later writer terminated it and said so in its `open` record. */
  recovered: boolean;
}

export interface LedgerReport {
  file: string;
  /** Records checked (lines that hold one). */
  records: number;
  events: number;
  checkpoints: number;
  /** `verified`: every checkpoint checked against the key; `unchecked`: no key given; `none`: none is signed. */
  signatures: 'verified' | 'unchecked' | 'none';
  broken?: LedgerBreak;
  torn: TornLine[];
  /** Lines of `open` records that say the writer before them did not close the ledger (a crash: events may be missing). */
  unclosedBefore: number[];
  /** The line of the last checkpoint: everything up to it is sealed. */
  sealedThrough?: number;
  /** Records after the last checkpoint (not yet sealed). */
  unsealed: number;
  /** The last record is the closing checkpoint of its writer. */
  closed: boolean;
}

/** `intact`: every line checks and the ledger was closed; `incomplete`: it checks, but ends unsealed or torn. */
export type LedgerVerdict = 'intact' | 'incomplete' | 'broken';

export const verdictOf = (report: LedgerReport): LedgerVerdict => {
  if (report.broken !== undefined) return 'broken';
  const tornTail = report.torn.some((torn) => !torn.recovered);
  return tornTail || !report.closed || report.unsealed > 0 ? 'incomplete' : 'intact';
};

export interface VerifyOptions {
  /** The Ed25519 public key (KeyObject or PEM text) checkpoints must be signed with. */
  publicKey?: KeyObject | string;
  /** Also check that each record is in RFC 8785 canonical form (the hash already covers its exact bytes). */
  canonical?: boolean;
  /** Called with each record that checked, and its line: `audit show` and `audit coverage` read through this. */
  onRecord?: (record: LedgerLine['r'], line: number) => void;
}

const publicKeyOf = (key: KeyObject | string): { key: KeyObject; id: string } => {
  let parsed: KeyObject;
  try {
    parsed = typeof key === 'string' ? createPublicKey(key) : key;
  } catch (error) {
    throw new LedgerError(`The key is not a public key in PEM form: ${errorText(error)}`, { cause: error });
  }
  if (parsed.asymmetricKeyType !== 'ed25519') {
    throw new LedgerError(`The key must be an Ed25519 key; received ${parsed.asymmetricKeyType ?? 'a secret key'}`);
  }
  const publicKey = parsed.type === 'private' ? createPublicKey(parsed) : parsed;
  return { key: publicKey, id: keyIdOf(publicKey) };
};

const PREFIX = '{"h":"';
const BODY_AT = PREFIX.length + 64 + '","r":'.length;
const SIGNATURE = /^[A-Za-z0-9+/]+={0,2}$/;

/** A line split into its hash, the exact text of its record (what the hash covers), the record and its signature. */
interface ParsedLine extends LedgerLine {
  readonly body: string;
}

/**
 * Splits a line without re-serialising it: the hash covers the record's bytes as written, so any edit to them —
 * whitespace included — fails the hash, and a verifier need not canonicalise each record again.
 */
const parseLine = (text: string): ParsedLine | string => {
  if (!text.startsWith(PREFIX) || text.slice(PREFIX.length + 64, BODY_AT) !== '","r":') {
    return 'it does not start like a ledger line ({"h":"<hash>","r":…)';
  }
  const h = text.slice(PREFIX.length, PREFIX.length + 64);
  if (!HASH_PATTERN.test(h)) return '"h" is not a SHA-256 hash in hex';
  let body: string;
  let s: string | undefined;
  if (text.endsWith('}}')) body = text.slice(BODY_AT, -1);
  else if (text.endsWith('"}')) {
    // A signed checkpoint: base64 holds no quote, so the last `,"s":"` starts the signature.
    const at = text.lastIndexOf(',"s":"');
    s = text.slice(at + 6, -2);
    if (at < BODY_AT || !SIGNATURE.test(s)) return '"s" is not a base64 signature';
    body = text.slice(BODY_AT, at);
  } else return 'it does not end like a ledger line';
  let r: unknown;
  try {
    r = JSON.parse(body);
  } catch (error) {
    return `its record is not JSON (${errorText(error)})`;
  }
  if (!isRecord(r)) return '"r" is not an object';
  const line = { h, r: r as LedgerLine['r'], body } as ParsedLine & { s?: string };
  if (s !== undefined) line.s = s;
  return line;
};

/**
 * Verifies the ledger at `path`.
 *
 * @example
 * const report = verifyLedger('decisions.ledger', { publicKey: readFileSync('ledger.pub', 'utf8') });
 * if (verdictOf(report) === 'broken') console.error(`line ${report.broken.line}: ${report.broken.message}`);
 * @throws LedgerError when the file cannot be read or the key is not an Ed25519 key.
 */
export const verifyLedger = (path: string, options: VerifyOptions = {}): LedgerReport => {
  const signer = options.publicKey === undefined ? undefined : publicKeyOf(options.publicKey);
  const report: LedgerReport = {
    file: path,
    records: 0,
    events: 0,
    checkpoints: 0,
    signatures: 'none',
    torn: [],
    unclosedBefore: [],
    unsealed: 0,
    closed: false,
  };
  let prev = GENESIS;
  let seq = 0;
  let sealedLine = 0;
  let pendingTorn: TornLine | undefined;
  const fail = (line: number, kind: LedgerBreakKind, message: string): false => {
    report.broken = { line, kind, message: `line ${String(line)}: ${message}` };
    return false;
  };
  forEachLine(path, (text, line, terminated) => {
    if (!terminated) {
      report.torn.push({ line, bytes: Buffer.byteLength(text), recovered: false });
      return false;
    }
    const parsed = parseLine(text);
    if (typeof parsed === 'string') {
      // Perhaps a line a crash cut short: fine only when the next line is an `open` record that says so.
      if (pendingTorn !== undefined) return fail(pendingTorn.line, 'syntax', 'it is not a ledger line');
      pendingTorn = { line, bytes: Buffer.byteLength(text), recovered: false };
      return true;
    }
    const { h, r, s } = parsed;
    if (pendingTorn !== undefined) {
      if (r.type !== 'open' || !isRecord(r.recovered)) {
        return fail(pendingTorn.line, 'syntax', 'it is not a ledger line, and no writer reported it as a torn line');
      }
      pendingTorn.recovered = true;
      report.torn.push(pendingTorn);
      pendingTorn = undefined;
    }
    if (options.canonical === true && canonicalJson(r) !== parsed.body) {
      return fail(line, 'canonical', 'its record is not in canonical form (RFC 8785)');
    }
    if (sha256(parsed.body) !== h) {
      return fail(line, 'hash', 'its record does not match its hash: it was edited after it was written');
    }
    if (r.seq !== seq) {
      const spliced = r.type === 'open' && r.prev === GENESIS && seq > 0;
      return fail(
        line,
        'sequence',
        spliced
          ? `a second ledger starts here (record 0 where record ${String(seq)} was expected): two ledgers were spliced`
          : `it holds record ${String(r.seq)} where record ${String(seq)} was expected: a record was deleted, reordered or inserted before it`,
      );
    }
    if (r.prev !== prev) {
      return fail(line, 'chain', 'its prev is not the hash of the line before: the chain is broken here');
    }
    const shape = checkRecord(r);
    if (shape !== undefined) return fail(line, 'schema', shape);
    if (r.type === 'checkpoint') {
      if (signer !== undefined) {
        const range = `a record between line ${String(sealedLine + 1)} and line ${String(line)} was changed and re-hashed`;
        if (s === undefined)
          return fail(line, 'signature', `the checkpoint is not signed (${range}, or signing was off)`);
        if (r.keyId !== signer.id) return fail(line, 'signature', 'the checkpoint was signed with another key');
        if (!verify(null, Buffer.from(h, 'hex'), signer.key, Buffer.from(s, 'base64'))) {
          return fail(line, 'signature', `the checkpoint's signature does not verify: ${range}`);
        }
        report.signatures = 'verified';
      } else if (s !== undefined) report.signatures = 'unchecked';
      report.checkpoints++;
      sealedLine = line;
      report.sealedThrough = line;
      report.unsealed = 0;
      report.closed = r.closed === true;
    } else {
      if (r.type === 'event') report.events++;
      if (r.type === 'open' && isRecord(r.recovered) && r.recovered.previousUnclosed === true) {
        report.unclosedBefore.push(line);
      }
      report.unsealed++;
      report.closed = false;
    }
    report.records++;
    prev = h;
    seq++;
    options.onRecord?.(r, line);
    return true;
  });
  if (pendingTorn !== undefined && report.broken === undefined) {
    fail(pendingTorn.line, 'syntax', 'it is not a ledger line');
  }
  return report;
};
