/**
 * The schema of ledger records, checked by `audit verify`: a record that hashes correctly but was written by
 * something else (or by a future version) is reported with the member that is wrong, expected vs received.
 */
import { isRecord } from '../core/guards.js';
import { encodingOf, isDigest, type DigestEncoding } from './ledgerFormat.js';
import { GUARD_STATUSES, type GuardStatus } from './ledgerRecord.js';

const STATUSES: ReadonlySet<string> = new Set<GuardStatus>(GUARD_STATUSES);

const describe = (value: unknown): string =>
  value === undefined
    ? 'nothing'
    : Array.isArray(value)
      ? 'an array'
      : `${typeof value} ${JSON.stringify(value)}`.slice(0, 60);

const wrong = (pointer: string, expected: string, received: unknown): string =>
  `${pointer} must be ${expected}; received ${describe(received)}`;

const text = (record: Readonly<Record<string, unknown>>, key: string, pointer: string): string | undefined =>
  typeof record[key] === 'string' ? undefined : wrong(`${pointer}/${key}`, 'a string', record[key]);

const DIGEST_NAMES: Readonly<Record<DigestEncoding, string>> = {
  hex: 'a SHA-256 hash in hex',
  base64url: 'a SHA-256 hash in base64url',
};

const checkGuard = (guard: unknown, pointer: string, encoding: DigestEncoding): string | undefined => {
  if (!isRecord(guard)) return wrong(pointer, 'an object', guard);
  if (typeof guard.status !== 'string' || !STATUSES.has(guard.status)) {
    return wrong(`${pointer}/status`, `one of ${GUARD_STATUSES.join(', ')}`, guard.status);
  }
  if (typeof guard.required !== 'boolean') return wrong(`${pointer}/required`, 'a boolean', guard.required);
  if (typeof guard.fingerprint !== 'string' || !isDigest(guard.fingerprint, encoding)) {
    return wrong(`${pointer}/fingerprint`, DIGEST_NAMES[encoding], guard.fingerprint);
  }
  return text(guard, 'scope', pointer) ?? text(guard, 'name', pointer);
};

const checkEvent = (record: Readonly<Record<string, unknown>>, encoding: DigestEncoding): string | undefined => {
  const basics = text(record, 'at', '/r') ?? text(record, 'session', '/r') ?? text(record, 'event', '/r');
  if (basics !== undefined) return basics;
  const { input, decision, guards } = record;
  if (!isRecord(input) || typeof input.sha256 !== 'string' || !isDigest(input.sha256, encoding)) {
    return wrong('/r/input/sha256', DIGEST_NAMES[encoding], isRecord(input) ? input.sha256 : input);
  }
  if (!isRecord(decision) || typeof decision.blocked !== 'boolean') {
    return wrong('/r/decision/blocked', 'a boolean', isRecord(decision) ? decision.blocked : decision);
  }
  if (!Array.isArray(guards)) return wrong('/r/guards', 'an array', guards);
  for (let index = 0; index < guards.length; index++) {
    const problem = checkGuard(guards[index], `/r/guards/${String(index)}`, encoding);
    if (problem !== undefined) return problem;
  }
  return undefined;
};

/**
 * What is wrong with a record's shape, as `<pointer> must be …; received …`; undefined when nothing is.
 * `encoding` is how its line's version writes digests (an `open` record's version must be the one that writes so).
 */
export const checkRecord = (
  record: Readonly<Record<string, unknown>>,
  encoding: DigestEncoding,
): string | undefined => {
  switch (record.type) {
    case 'event':
      return checkEvent(record, encoding);
    case 'checkpoint':
      return typeof record.records === 'number'
        ? text(record, 'at', '/r')
        : wrong('/r/records', 'a number', record.records);
    case 'open':
      if (record.ledger !== 'hookstream') return wrong('/r/ledger', '"hookstream"', record.ledger);
      if (typeof record.version !== 'number' || encodingOf(record.version) !== encoding) {
        // Its line's hashes say which version wrote it: 1 in hex, 2 in base64url.
        return wrong('/r/version', encoding === 'hex' ? '1' : '2', record.version);
      }
      return text(record, 'session', '/r') ?? text(record, 'at', '/r');
    default:
      return wrong('/r/type', 'one of open, event, checkpoint', record.type);
  }
};
