/**
 * Splits one ledger line, as bytes, into its hash, its record and its signature, and hashes the record's bytes
 * where they lie: the hash covers the record exactly as written, so a verifier need not canonicalise it again, and
 * the line is never copied into a string of its own — only the record is decoded, for JSON.parse.
 */
import { hash } from 'node:crypto';
import { errorText, isRecord } from '../core/guards.js';
import { isDigest, type DigestEncoding, type LedgerLine } from './ledgerFormat.js';

const PREFIX = Buffer.from('{"h":"');
const AFTER_HASH = Buffer.from('","r":');
const SIGNATURE_AT = ',"s":"';
const SIGNATURE = /^[A-Za-z0-9+/]+={0,2}$/;
/** The length of a SHA-256 as each version writes it: the line's version is told by where `","r":` follows. */
const LENGTHS: Readonly<Record<DigestEncoding, number>> = { base64url: 43, hex: 64 };
const CLOSE = 0x7d;
const QUOTE = 0x22;

/** A line split into its hash, the exact text of its record (what the hash covers), the record and its signature. */
export interface ParsedLine extends LedgerLine {
  readonly body: string;
  /** How the line's version writes digests, told by the length of `h`. */
  readonly encoding: DigestEncoding;
  /** The SHA-256 of the record's bytes as written, in the line's encoding. */
  readonly digest: string;
}

const startsWith = (data: Buffer, at: number, end: number, expected: Buffer): boolean =>
  end - at >= expected.length && data.compare(expected, 0, expected.length, at, at + expected.length) === 0;

/** The line `data[start, end)` (its newline excluded), or what makes it no ledger line. */
export const parseLine = (data: Buffer, start: number, end: number): ParsedLine | string => {
  if (!startsWith(data, start, end, PREFIX)) return 'it does not start like a ledger line ({"h":"<hash>","r":…)';
  const hashAt = start + PREFIX.length;
  const encoding: DigestEncoding | undefined = startsWith(data, hashAt + LENGTHS.base64url, end, AFTER_HASH)
    ? 'base64url'
    : startsWith(data, hashAt + LENGTHS.hex, end, AFTER_HASH)
      ? 'hex'
      : undefined;
  if (encoding === undefined) return 'it does not start like a ledger line ({"h":"<hash>","r":…)';
  const length = LENGTHS[encoding];
  const h = data.toString('latin1', hashAt, hashAt + length);
  const bodyAt = hashAt + length + AFTER_HASH.length;
  let bodyEnd: number;
  let s: string | undefined;
  const last = data[end - 1];
  if (end - bodyAt >= 2 && last === CLOSE && data[end - 2] === CLOSE) bodyEnd = end - 1;
  else if (end - bodyAt >= 2 && last === CLOSE && data[end - 2] === QUOTE) {
    // A signed checkpoint: base64 holds no quote, so the last `,"s":"` starts the signature.
    const at = data.lastIndexOf(SIGNATURE_AT, end - 1);
    s = at < bodyAt ? '' : data.toString('latin1', at + SIGNATURE_AT.length, end - 2);
    if (at < bodyAt || !SIGNATURE.test(s)) return '"s" is not a base64 signature';
    bodyEnd = at;
  } else return 'it does not end like a ledger line';
  const body = data.toString('utf8', bodyAt, bodyEnd);
  let r: unknown;
  try {
    r = JSON.parse(body);
  } catch (error) {
    return `its record is not JSON (${errorText(error)})`;
  }
  if (!isRecord(r)) return '"r" is not an object';
  const digest = hash('sha256', data.subarray(bodyAt, bodyEnd), encoding);
  // A hash equal to the record's digest is well formed; only another one need be checked.
  if (h !== digest && !isDigest(h, encoding)) return `"h" is not a SHA-256 hash in ${encoding}`;
  const line = { h, r: r as LedgerLine['r'], body, encoding, digest } as ParsedLine & { s?: string };
  if (s !== undefined) line.s = s;
  return line;
};
