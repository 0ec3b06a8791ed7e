/**
 * Property: `parseIsoTime` answers what `Date.parse` answers, for the canonical UTC form it reads itself (every
 * field's digits drawn over their whole two-digit range, so out-of-range months, days, hours and seconds are
 * generated too), for near-misses of that form (one character changed), and for any string.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseIsoTime } from '../../lib/core/isoTime.js';

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

const canonical = fc
  .record({
    year: fc.integer({ min: 0, max: 9999 }),
    month: fc.integer({ min: 0, max: 99 }),
    day: fc.integer({ min: 0, max: 99 }),
    hour: fc.integer({ min: 0, max: 99 }),
    minute: fc.integer({ min: 0, max: 99 }),
    second: fc.integer({ min: 0, max: 99 }),
    millis: fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined }),
  })
  .map(
    ({ year, month, day, hour, minute, second, millis }) =>
      `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}` +
      `${millis === undefined ? '' : `.${pad(millis, 3)}`}Z`,
  );

/** A plausible timestamp (in range) with one character replaced. */
const nearMiss = fc
  .tuple(
    fc.date({
      min: new Date('0001-01-01T00:00:00.000Z'),
      max: new Date('9999-12-31T23:59:59.999Z'),
      noInvalidDate: true,
    }),
    fc.nat(),
    fc.constantFrom('a', ' ', '-', ':', 'T', 'Z', '.', '+', 't', 'z', '9', '0', '/', '\u0660'),
  )
  .map(([date, at, replacement]) => {
    const text = date.toISOString();
    const index = at % text.length;
    return text.slice(0, index) + replacement + text.slice(index + 1);
  });

const agrees = (text: string): void => {
  expect(Object.is(parseIsoTime(text), Date.parse(text)), text).toBe(true);
};

describe('parseIsoTime', () => {
  it('reads the canonical form as Date.parse does, out-of-range fields included', () => {
    fc.assert(fc.property(canonical, agrees), { numRuns: 20_000 });
  });

  it('agrees with Date.parse on near-misses of the form and on any string', () => {
    fc.assert(fc.property(fc.oneof(nearMiss, fc.string({ maxLength: 30 })), agrees), { numRuns: 20_000 });
  });

  it('reads the edges: a leap day, a day rolled over, the first and last instants', () => {
    for (const text of [
      '2024-02-29T12:00:00.000Z',
      '2023-02-29T00:00:00.000Z',
      '2026-04-31T23:59:59.999Z',
      '0000-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
      '1969-12-31T23:59:59.999Z',
      '2026-01-01T24:00:00.000Z',
      '2026-11-28T09:00:00Z',
    ])
      agrees(text);
    expect(parseIsoTime('2026-11-28T09:00:00.000Z')).toBe(Date.UTC(2026, 10, 28, 9));
  });
});
