/**
 * The ledger's line format, shared by the writer and the verifier. Each line is canonical JSON (RFC 8785)
 * `{"h":<hash>,"r":<record>}`, plus `"s":<signature>` on a signed checkpoint: `h` is the SHA-256 of the record's
 * canonical text, and every record holds `prev`, the `h` of the line before it (zeros for the first), and `seq`,
 * its position — so an edit, a deletion, a reordering or a splice breaks the chain at the line where it happened.
 * A checkpoint's `s` is an Ed25519 signature of its `h`: it seals every record before it, so records re-hashed
 * by someone without the key fail at the next checkpoint.
 *
 * Version 2 writes the digests of a record (`h`, `prev`, the input's and the guards' SHA-256) in base64url, 43
 * characters where hex takes 64: a record with one guard is 84 bytes shorter. Version 1 wrote them in hex; its
 * ledgers are still read, and a version 2 writer may continue one (its `open` record says where the version changes).
 */
import { hash, type KeyObject } from 'node:crypto';
import { HookstreamError, nameErrorClass } from '../core/errors.js';
import { sha256 } from '../trust/fileMemo.js';

/** A ledger that cannot be opened, written or read. */
export class LedgerError extends HookstreamError {
  static {
    nameErrorClass(this, 'LedgerError');
  }
}

/** Format version this writer writes, in every `open` record. */
export const LEDGER_VERSION = 2;

/** How a version writes a SHA-256: 1 in hex, 2 in base64url without padding. */
export type DigestEncoding = 'hex' | 'base64url';

export const encodingOf = (version: number): DigestEncoding | undefined =>
  version === 2 ? 'base64url' : version === 1 ? 'hex' : undefined;

/** A SHA-256 in hex (version 1, and key ids in every version). */
export const HASH_PATTERN = /^[0-9a-f]{64}$/;

/** A SHA-256 in base64url: 43 characters, the last one carrying 4 bits (so each digest has one spelling). */
export const DIGEST_PATTERN = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

const BASE64URL = new Uint8Array(128);
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_')
  BASE64URL[char.charCodeAt(0)] = 1;
const LAST = new Uint8Array(128);
for (const char of 'AEIMQUYcgkosw048') LAST[char.charCodeAt(0)] = 1;

/** `DIGEST_PATTERN.test`, by table: a verifier checks two or three digests per record, and this is 4× faster. */
const isBase64urlDigest = (text: string): boolean => {
  if (text.length !== 43 || LAST[text.charCodeAt(42)] !== 1) return false;
  for (let index = 0; index < 42; index++) if (BASE64URL[text.charCodeAt(index)] !== 1) return false;
  return true;
};

/** Whether `text` is a SHA-256 as `encoding` writes it. */
export const isDigest = (text: string, encoding: DigestEncoding): boolean =>
  encoding === 'hex' ? HASH_PATTERN.test(text) : isBase64urlDigest(text);

/** The `prev` of the first record of a ledger: 32 zero bytes. */
export const GENESIS = 'A'.repeat(43);

export const GENESIS_OF: Readonly<Record<DigestEncoding, string>> = { hex: '0'.repeat(64), base64url: GENESIS };

/** The SHA-256 of `data` as version 2 writes it; one call into OpenSSL, no Hash object per record. */
export const digestOf = (data: string | Uint8Array): string => hash('sha256', data, 'base64url');

/** `digest` (written as `from` writes it) as `to` writes it. */
export const recode = (digest: string, from: DigestEncoding, to: DigestEncoding): string =>
  from === to ? digest : Buffer.from(digest, from).toString(to);

/** A signing key's id, in `open` and checkpoint records: the SHA-256 of its public key's SPKI DER, in hex. */
export const keyIdOf = (publicKey: KeyObject): string => sha256(publicKey.export({ type: 'spki', format: 'der' }));

/** Written when a writer opens the file (a new ledger, or one more session appended to it). */
export interface LedgerOpenBody {
  type: 'open';
  ledger: 'hookstream';
  version: typeof LEDGER_VERSION;
  at: string;
  session: string;
  /** SHA-256 of the signing key's public key (SPKI DER), when checkpoints are signed. */
  keyId?: string;
  /**
   * The writer before did not close the ledger (a crash: its last batch may be lost), and when the file ended in a
   * line it cut short, that line's length in bytes (the line is terminated here, never continued).
   */
  recovered?: { previousUnclosed: true; tornBytes?: number };
}

/** Seals the records before it; signed when a key is configured. */
export interface LedgerCheckpointBody {
  type: 'checkpoint';
  at: string;
  /** Records written by this writer so far, this one excluded. */
  records: number;
  keyId?: string;
  /** The writer closed the ledger: nothing follows from it. */
  closed?: true;
}

/** What the chain adds to every record body. */
export interface Chained {
  seq: number;
  prev: string;
}

/** A line of the ledger, as parsed. */
export interface LedgerLine {
  h: string;
  r: Record<string, unknown> & Chained & { type: string };
  s?: string;
}

/** The text of one line for the canonical record text `record` (a newline is added). */
export const lineOf = (hash: string, record: string, signature?: string): string =>
  signature === undefined ? `{"h":"${hash}","r":${record}}\n` : `{"h":"${hash}","r":${record},"s":"${signature}"}\n`;
