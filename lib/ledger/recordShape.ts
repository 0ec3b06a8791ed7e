/**
 * The schema of ledger records, checked by `audit verify`: a record that hashes correctly but was written by
 * something else (or by a future version) is reported with the member that is wrong, expected vs received.
 */
import { isRecord } from '../core/guards.js';
import { HASH_PATTERN, LEDGER_VERSION } from './ledgerFormat.js';
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

const checkGuard = (guard: unknown, pointer: string): string | undefined => {
  if (!isRecord(guard)) return wrong(pointer, 'an object', guard);
  if (typeof guard.status !== 'string' || !STATUSES.has(guard.status)) {
    return wrong(`${pointer}/status`, `one of ${GUARD_STATUSES.join(', ')}`, guard.status);
  }
  if (typeof guard.required !== 'boolean') return wrong(`${pointer}/required`, 'a boolean', guard.required);
  if (typeof guard.fingerprint !== 'string' || !HASH_PATTERN.test(guard.fingerprint)) {
    return wrong(`${pointer}/fingerprint`, 'a SHA-256 hash in hex', guard.fingerprint);
  }
  return text(guard, 'scope', pointer) ?? text(guard, 'name', pointer);
};

const checkEvent = (record: Readonly<Record<string, unknown>>): string | undefined => {
  const basics = text(record, 'at', '/r') ?? text(record, 'session', '/r') ?? text(record, 'event', '/r');
  if (basics !== undefined) return basics;
  const { input, decision, guards } = record;
  if (!isRecord(input) || typeof input.sha256 !== 'string' || !HASH_PATTERN.test(input.sha256)) {
    return wrong('/r/input/sha256', 'a SHA-256 hash in hex', isRecord(input) ? input.sha256 : input);
  }
  if (!isRecord(decision) || typeof decision.blocked !== 'boolean') {
    return wrong('/r/decision/blocked', 'a boolean', isRecord(decision) ? decision.blocked : decision);
  }
  if (!Array.isArray(guards)) return wrong('/r/guards', 'an array', guards);
  for (const [index, guard] of (guards as unknown[]).entries()) {
    const problem = checkGuard(guard, `/r/guards/${String(index)}`);
    if (problem !== undefined) return problem;
  }
  return undefined;
};

/** What is wrong with a record's shape, as `<pointer> must be …; received …`; undefined when nothing is. */
export const checkRecord = (record: Readonly<Record<string, unknown>>): string | undefined => {
  switch (record.type) {
    case 'event':
      return checkEvent(record);
    case 'checkpoint':
      return typeof record.records === 'number'
        ? text(record, 'at', '/r')
        : wrong('/r/records', 'a number', record.records);
    case 'open':
      if (record.ledger !== 'hookstream') return wrong('/r/ledger', '"hookstream"', record.ledger);
      if (record.version !== LEDGER_VERSION) return wrong('/r/version', String(LEDGER_VERSION), record.version);
      return text(record, 'session', '/r') ?? text(record, 'at', '/r');
    default:
      return wrong('/r/type', 'one of open, event, checkpoint', record.type);
  }
};
