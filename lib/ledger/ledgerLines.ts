/**
 * Reads a ledger file line by line in large chunks, so that a ledger of a million records is checked without
 * holding it in memory as one string. The last piece of a file that does not end in a newline is reported as
 * unterminated: a line the writer never finished.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { errorText } from '../core/guards.js';
import { LedgerError } from './ledgerFormat.js';

const CHUNK_BYTES = 16 << 20;

/** Opens the ledger at `path` for reading, never through a link. */
export const openLedgerForReading = (path: string): number => {
  try {
    return openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    throw new LedgerError(`Cannot read the ledger ${path}: ${errorText(error)}`, { cause: error });
  }
};

/**
 * Calls `visit` with each line as bytes — `data` from `start` up to `end` (its newline excluded) — its 1-based
 * number and whether a newline ended it; `visit` returns false to stop. The bytes are valid until `visit` returns
 * (the buffer is reused): a verifier hashes them as written and decodes only what it parses.
 */
export const forEachLine = (
  path: string,
  visit: (data: Buffer, start: number, end: number, line: number, terminated: boolean) => boolean,
): void => {
  const fd = openLedgerForReading(path);
  try {
    if (!fstatSync(fd).isFile()) throw new LedgerError(`The ledger ${path} is not a regular file`);
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let carry: Buffer | undefined;
    let line = 0;
    for (;;) {
      const read = readSync(fd, chunk, 0, CHUNK_BYTES, null);
      if (read === 0) break;
      const data = carry === undefined ? chunk.subarray(0, read) : Buffer.concat([carry, chunk.subarray(0, read)]);
      let start = 0;
      for (let end = data.indexOf(10, start); end !== -1; end = data.indexOf(10, start)) {
        line++;
        if (!visit(data, start, end, line, true)) return;
        start = end + 1;
      }
      // Copied: the chunk buffer is reused by the next read.
      carry = start < data.length ? Buffer.from(data.subarray(start)) : undefined;
    }
    if (carry !== undefined) visit(carry, 0, carry.length, line + 1, false);
  } finally {
    closeSync(fd);
  }
};
