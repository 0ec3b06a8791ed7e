/**
 * Appends chained records to a ledger file. The file is created 0600 through the safe writer (never through a
 * link) and only ever appended to. Records are batched: each event's line is queued and written with the others
 * of its tick (`setImmediate`), so an event costs a hash and a string, not a system call; a checkpoint every
 * `checkpointEvery` records (and at close) is written at once and synced to disk, signed when a key is given.
 * A host killed between batches loses at most the lines of the last tick, and a line cut mid-write is found by
 * the next writer (it terminates the torn line and says so in its `open` record) and by `hookstream audit verify`.
 * One process writes a ledger at a time (lib/ledger/ledgerClaim.ts): a second waits for the first, or fails.
 */
import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { closeSync, fstatSync, fsync, fsyncSync, readSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { errorText } from '../core/guards.js';
import { openAppendSafely } from '../core/safeWrite.js';
import type { Logger } from '../logging/logger.js';
import { canonicalJson } from './canonicalJson.js';
import { eventRecordJson } from './eventRecordJson.js';
import {
  DIGEST_PATTERN,
  digestOf,
  GENESIS,
  HASH_PATTERN,
  keyIdOf,
  LEDGER_VERSION,
  LedgerError,
  lineOf,
  recode,
  type Chained,
  type LedgerCheckpointBody,
  type LedgerOpenBody,
} from './ledgerFormat.js';
import type { LedgerEventBody } from './ledgerRecord.js';
import { claimLedger } from './ledgerClaim.js';
import { openLedgerForReading } from './ledgerLines.js';

export interface LedgerWriterOptions {
  readonly path: string;
  /** The directory no link may lead out of on the way to `path` (default: the file's own directory). */
  readonly root?: string | undefined;
  /** An Ed25519 private key (a KeyObject or PEM text): checkpoints are signed with it. */
  readonly key?: KeyObject | string | undefined;
  /** Records between checkpoints (default 256). */
  readonly checkpointEvery?: number | undefined;
  readonly session: string;
  readonly now: () => number;
  readonly logger: Logger;
}

export interface LedgerWriter {
  /** Chains `body` (it gets `seq` and `prev`) and queues its line. */
  append(body: Record<string, unknown>): void;
  /** Writes a closing checkpoint, syncs and closes the file. */
  close(): void;
}

export const DEFAULT_CHECKPOINT_EVERY = 256;

/** The longest tail read to find where an existing ledger's chain ends. */
const TAIL_BYTES = 1 << 20;

/** The signing key and its id (SHA-256 of the public key's SPKI DER). */
const signingKey = (key: KeyObject | string): { key: KeyObject; id: string } => {
  let privateKey: KeyObject;
  try {
    privateKey = typeof key === 'string' ? createPrivateKey(key) : key;
  } catch (error) {
    throw new LedgerError(`The ledger key is not a private key in PEM form: ${errorText(error)}`, { cause: error });
  }
  if (privateKey.type !== 'private' || privateKey.asymmetricKeyType !== 'ed25519') {
    throw new LedgerError(
      `The ledger key must be an Ed25519 private key; received a ${privateKey.asymmetricKeyType ?? 'secret'} ${privateKey.type} key`,
    );
  }
  return { key: privateKey, id: keyIdOf(createPublicKey(privateKey)) };
};

/**
 * Where the chain of the ledger at `path` ends: its last hash (in base64url, whichever version wrote it) and
 * sequence number, and a torn tail's length.
 */
const chainEnd = (path: string): { prev: string; seq: number; torn: number; closed: boolean } => {
  const fd = openLedgerForReading(path);
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return { prev: GENESIS, seq: -1, torn: 0, closed: true };
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    let read = 0;
    while (read < length) read += readSync(fd, buffer, read, length - read, size - length + read);
    const text = buffer.toString('utf8');
    const end = text.lastIndexOf('\n');
    const torn = Buffer.byteLength(text.slice(end + 1));
    // The whole tail read is one torn line (a crash while writing the first record): start the chain anew.
    if (end === -1 && size <= TAIL_BYTES) return { prev: GENESIS, seq: -1, torn, closed: false };
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const last = text.slice(start, end);
    let parsed: { h?: unknown; r?: { seq?: unknown; type?: unknown; closed?: unknown } } | undefined;
    try {
      parsed = JSON.parse(last) as typeof parsed;
    } catch {
      parsed = undefined;
    }
    const hash = parsed?.h;
    const seq = parsed?.r?.seq;
    const hex = typeof hash === 'string' && HASH_PATTERN.test(hash);
    if (typeof hash !== 'string' || !(hex || DIGEST_PATTERN.test(hash)) || typeof seq !== 'number') {
      throw new LedgerError(
        `The ledger ${path} does not end in a ledger record, so it cannot be continued: check it with "hookstream audit verify ${path}"`,
      );
    }
    // A version 1 ledger (hex) continued by this writer: its `open` record says the version changes here.
    const prev = hex ? recode(hash, 'hex', 'base64url') : hash;
    return { prev, seq, torn, closed: parsed?.r?.type === 'checkpoint' && parsed.r.closed === true };
  } finally {
    closeSync(fd);
  }
};

const writeAll = (fd: number, text: string): void => {
  const bytes = Buffer.from(text, 'utf8');
  for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset, bytes.length - offset);
};

/** The canonical text of a chained record: event records, one per event, through the serialiser of their shape. */
const recordText = (body: Record<string, unknown>): string =>
  body.type === 'event' ? eventRecordJson(body as unknown as LedgerEventBody & Chained) : canonicalJson(body);

/**
 * Opens (or creates) the ledger and writes its `open` record.
 *
 * @throws LedgerError when the file cannot be opened safely, does not end in a ledger record, or the key is unusable.
 */
export const openLedgerWriter = (options: LedgerWriterOptions): LedgerWriter => {
  const path = resolve(options.path);
  const signer = options.key === undefined ? undefined : signingKey(options.key);
  const every = options.checkpointEvery ?? DEFAULT_CHECKPOINT_EVERY;
  if (!Number.isInteger(every) || every < 1) {
    throw new LedgerError(`ledger.checkpointEvery must be a whole number of records ≥ 1; received ${String(every)}`);
  }
  let fd: number;
  try {
    // A file the host named: its directory is the root, and only the file itself must not be a link. A file a
    // project's settings named: the project is the root, so no link in the repository leads the ledger out of it.
    fd = openAppendSafely(options.root ?? dirname(path), path, { mode: 0o600 });
  } catch (error) {
    throw new LedgerError(`Cannot open the ledger ${options.path}: ${errorText(error)}`, { cause: error });
  }
  // Claimed before the chain's end is read: a writer that came first has finished, or is still writing and
  // this one waits, or fails naming it; either way no two writers continue from the same record.
  let release: () => void;
  let end: ReturnType<typeof chainEnd>;
  try {
    release = claimLedger(path);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  try {
    end = chainEnd(path);
  } catch (error) {
    closeSync(fd);
    release();
    throw error;
  }
  let prev = end.prev;
  let seq = end.seq;
  let pending: string[] = [];
  let scheduled = false;
  let written = 0;
  let failed = false;
  let closed = false;

  const flush = (): void => {
    scheduled = false;
    if (pending.length === 0 || failed) return;
    const text = pending.join('');
    pending = [];
    try {
      writeAll(fd, text);
    } catch (error) {
      // Loud, and the ledger stops: a gap written later would look like tampering.
      failed = true;
      options.logger.error(`ledger ${options.path}: writing failed, no further event is recorded: ${errorText(error)}`);
    }
  };
  const chain = (body: Record<string, unknown>): { hash: string; text: string } => {
    body.seq = ++seq;
    body.prev = prev;
    const text = recordText(body);
    // One SHA-256 per record, of the text as written: the verifier hashes the same bytes.
    prev = digestOf(text);
    return { hash: prev, text };
  };
  const checkpoint = (last: boolean): void => {
    const body: LedgerCheckpointBody = {
      type: 'checkpoint',
      at: new Date(options.now()).toISOString(),
      records: written,
    };
    if (signer !== undefined) body.keyId = signer.id;
    if (last) body.closed = true;
    const { hash, text } = chain(body as unknown as Record<string, unknown>);
    const signature =
      signer === undefined ? undefined : sign(null, Buffer.from(hash, 'base64url'), signer.key).toString('base64');
    pending.push(lineOf(hash, text, signature));
    flush();
    if (failed) return;
    if (last) fsyncSync(fd);
    else {
      // On disk before the next checkpoint, without blocking the event loop for the disk.
      fsync(fd, (error) => {
        if (error !== null) options.logger.error(`ledger ${options.path}: sync failed: ${error.message}`);
      });
    }
  };

  const open: LedgerOpenBody = {
    type: 'open',
    ledger: 'hookstream',
    version: LEDGER_VERSION,
    at: new Date(options.now()).toISOString(),
    session: options.session,
  };
  if (signer !== undefined) open.keyId = signer.id;
  if (!end.closed) {
    open.recovered = { previousUnclosed: true };
    if (end.torn > 0) open.recovered.tornBytes = end.torn;
  }
  // A torn line is ended, never continued: the next line starts clean.
  if (end.torn > 0) pending.push('\n');
  const opened = chain(open as unknown as Record<string, unknown>);
  pending.push(lineOf(opened.hash, opened.text));
  flush();
  // A host that exits without `dispose()` still writes what it queued, and leaves no claim behind.
  const atExit = (): void => {
    flush();
    release();
  };
  process.once('exit', atExit);

  return {
    append: (body) => {
      if (closed || failed) return;
      const { hash, text } = chain(body);
      pending.push(lineOf(hash, text));
      written++;
      if (written % every === 0) checkpoint(false);
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    close: () => {
      if (closed) return;
      closed = true;
      process.removeListener('exit', atExit);
      try {
        if (!failed) checkpoint(true);
      } finally {
        closeSync(fd);
        release();
      }
    },
  };
};
