/**
 * The event record serialiser written for the record's shape is the generic RFC 8785 writer, faster: for any
 * event record — every optional member present or not, any strings (escapes, non-ASCII, astral characters), any
 * numbers, any recorded input — both give the same text, and both refuse what JSON cannot hold.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, CanonicalJsonError } from '../../lib/ledger/canonicalJson.js';
import { eventRecordJson } from '../../lib/ledger/eventRecordJson.js';
import type { Chained } from '../../lib/ledger/ledgerFormat.js';
import { GUARD_STATUSES, type LedgerEventBody } from '../../lib/ledger/ledgerRecord.js';

type Record = LedgerEventBody & Chained;

const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }));
const number = fc.oneof(fc.nat(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(-0));

const guard = fc.record(
  {
    scope: fc.constantFrom('runtime', 'project', 'user', 'system', 'extension') as fc.Arbitrary<'runtime'>,
    name: text,
    file: text,
    pointer: text,
    fingerprint: text,
    pin: fc.constantFrom('trust', 'definition') as fc.Arbitrary<'trust'>,
    required: fc.boolean(),
    status: fc.constantFrom(...GUARD_STATUSES),
    decision: text,
    failure: fc.constantFrom('timeout', 'crash', 'bad-output', 'canceled', 'internal') as fc.Arbitrary<'timeout'>,
    by: text,
    durationMs: number,
  },
  { requiredKeys: ['scope', 'name', 'fingerprint', 'pin', 'required', 'status'] },
);

const record: fc.Arbitrary<Record> = fc.record(
  {
    type: fc.constant('event' as const),
    at: text,
    session: text,
    eventId: number,
    event: text as fc.Arbitrary<LedgerEventBody['event']>,
    input: fc.record({ sha256: text, value: fc.jsonValue() }, { requiredKeys: ['sha256'] }),
    decision: fc.record(
      { decision: text, blocked: fc.boolean(), reason: text, internal: fc.constant(true as const) },
      { requiredKeys: ['blocked'] },
    ),
    guards: fc.array(guard, { maxLength: 4 }),
    seq: fc.nat(),
    prev: text,
  },
  { requiredKeys: ['type', 'at', 'session', 'event', 'input', 'decision', 'guards', 'seq', 'prev'] },
);

/** The text, or the class of the error thrown. */
const outcome = (write: () => string): string => {
  try {
    return write();
  } catch (error) {
    return error instanceof CanonicalJsonError ? 'CanonicalJsonError' : String(error);
  }
};

describe('eventRecordJson', () => {
  it('writes what canonicalJson writes, for any event record', () => {
    fc.assert(
      fc.property(record, (body) => {
        expect(outcome(() => eventRecordJson(body))).toBe(outcome(() => canonicalJson(body)));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a lone surrogate or a number JSON cannot hold, as canonicalJson does', () => {
    const body: Record = {
      type: 'event',
      at: '2026-11-29T00:00:00.000Z',
      session: 's',
      event: 'BeforeTool',
      input: { sha256: 'x' },
      decision: { blocked: false },
      guards: [],
      seq: 1,
      prev: 'p',
    };
    expect(eventRecordJson(body)).toBe(canonicalJson(body));
    expect(() => eventRecordJson({ ...body, session: '\ud800' })).toThrow(CanonicalJsonError);
    expect(() => eventRecordJson({ ...body, eventId: Number.NaN })).toThrow(CanonicalJsonError);
    expect(() => eventRecordJson({ ...body, input: { sha256: 'x', value: { n: Infinity } } })).toThrow(
      CanonicalJsonError,
    );
  });
});
