/**
 * Checks a ledger offline, line by line: each line canonical, its hash that of its record, its `prev` the hash of
 * the line before and its `seq` the next number, its record of a known shape, and — given the public key — every
 * checkpoint signed by it. The first line that fails is reported, with what it means (an edit, a deletion, a
 * reordering, a second ledger spliced in, a record re-hashed without the key); verification stops there, since
 * nothing after a break can be trusted. A line cut short by a crash is reported as a torn tail, not a break.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { errorText, isRecord } from '../core/guards.js';
import { canonicalJson } from './canonicalJson.js';
import {
  encodingOf,
  GENESIS,
  GENESIS_OF,
  keyIdOf,
  LedgerError,
  recode,
  type DigestEncoding,
  type LedgerLine,
} from './ledgerFormat.js';
import { forEachLine } from './ledgerLines.js';
import { parseLine } from './parseLedgerLine.js';
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
  // The hash of the line before, as its version wrote it; a version 2 writer may continue a version 1 ledger.
  let prev = GENESIS;
  let prevEncoding: DigestEncoding = 'base64url';
  // How the version of the last `open` record writes digests: every line up to the next one writes them so.
  let segment: DigestEncoding | undefined;
  let seq = 0;
  let sealedLine = 0;
  let pendingTorn: TornLine | undefined;
  const fail = (line: number, kind: LedgerBreakKind, message: string): false => {
    report.broken = { line, kind, message: `line ${String(line)}: ${message}` };
    return false;
  };
  forEachLine(path, (data, start, end, line, terminated) => {
    if (!terminated) {
      report.torn.push({ line, bytes: end - start, recovered: false });
      return false;
    }
    const parsed = parseLine(data, start, end);
    if (typeof parsed === 'string') {
      // Perhaps a line a crash cut short: fine only when the next line is an `open` record that says so.
      if (pendingTorn !== undefined) return fail(pendingTorn.line, 'syntax', 'it is not a ledger line');
      pendingTorn = { line, bytes: end - start, recovered: false };
      return true;
    }
    const { h, r, s, encoding } = parsed;
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
    if (parsed.digest !== h) {
      return fail(line, 'hash', 'its record does not match its hash: it was edited after it was written');
    }
    if (r.seq !== seq) {
      const spliced = r.type === 'open' && r.prev === GENESIS_OF[encoding] && seq > 0;
      return fail(
        line,
        'sequence',
        spliced
          ? `a second ledger starts here (record 0 where record ${String(seq)} was expected): two ledgers were spliced`
          : `it holds record ${String(r.seq)} where record ${String(seq)} was expected: a record was deleted, reordered or inserted before it`,
      );
    }
    if (r.prev !== recode(prev, prevEncoding, encoding)) {
      return fail(line, 'chain', 'its prev is not the hash of the line before: the chain is broken here');
    }
    // An `open` record's version says how its segment writes digests; every other line writes them as its segment.
    const expected = r.type === 'open' && typeof r.version === 'number' ? encodingOf(r.version) : segment;
    if (expected !== undefined && expected !== encoding) {
      return fail(
        line,
        'schema',
        `/h must be a SHA-256 hash in ${expected}, as its ledger version writes; received one in ${encoding}`,
      );
    }
    const shape = checkRecord(r, encoding);
    if (shape !== undefined) return fail(line, 'schema', shape);
    if (r.type === 'open') segment = encoding;
    if (r.type === 'checkpoint') {
      if (signer !== undefined) {
        const range = `a record between line ${String(sealedLine + 1)} and line ${String(line)} was changed and re-hashed`;
        if (s === undefined)
          return fail(line, 'signature', `the checkpoint is not signed (${range}, or signing was off)`);
        if (r.keyId !== signer.id) return fail(line, 'signature', 'the checkpoint was signed with another key');
        const signature = Buffer.from(s, 'base64');
        // Base64 decoders ignore a signature's padding bits: only the one spelling the writer wrote is accepted.
        if (signature.toString('base64') !== s) {
          return fail(line, 'signature', "the checkpoint's signature is not spelled as it was written: it was edited");
        }
        if (!verify(null, Buffer.from(h, encoding), signer.key, signature)) {
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
    prevEncoding = encoding;
    seq++;
    options.onRecord?.(r, line);
    return true;
  });
  if (pendingTorn !== undefined && report.broken === undefined) {
    fail(pendingTorn.line, 'syntax', 'it is not a ledger line');
  }
  return report;
};
