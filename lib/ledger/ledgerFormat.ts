/**
 * The ledger's line format, shared by the writer and the verifier. Each line is canonical JSON (RFC 8785)
 * `{"h":<hash>,"r":<record>}`, plus `"s":<signature>` on a signed checkpoint: `h` is the SHA-256 of the record's
 * canonical text, and every record holds `prev`, the `h` of the line before it (zeros for the first), and `seq`,
 * its position — so an edit, a deletion, a reordering or a splice breaks the chain at the line where it happened.
 * A checkpoint's `s` is an Ed25519 signature of its `h`: it seals every record before it, so records re-hashed
 * by someone without the key fail at the next checkpoint.
 */
import type { KeyObject } from 'node:crypto';
import { HookstreamError, nameErrorClass } from '../core/errors.js';
import { sha256 } from '../trust/fileMemo.js';

/** A ledger that cannot be opened, written or read. */
export class LedgerError extends HookstreamError {
  static {
    nameErrorClass(this, 'LedgerError');
  }
}

/** Format version, in every `open` record. */
export const LEDGER_VERSION = 1;

/** The `prev` of the first record of a ledger. */
export const GENESIS = '0'.repeat(64);

export const HASH_PATTERN = /^[0-9a-f]{64}$/;

/** A signing key's id, in `open` and checkpoint records: the SHA-256 of its public key's SPKI DER. */
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
