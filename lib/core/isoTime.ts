/**
 * `Date.parse` for the timestamps hosts send, in a third of the time: the UTC form `toISOString` writes
 * (`2026-11-28T09:00:00.000Z`, or without the milliseconds) is read digit by digit; anything else goes to
 * `Date.parse`. A session policy reads every event's time: `Date.parse` takes about 120 ns on Node 20, this
 * about 40. The answer is `Date.parse`'s for every string (spec/core/isoTime.property.spec.ts holds it to that),
 * including its roll-over of days past a month's end (`02-30` is the 2nd of March).
 */

/** The digit at `index`: a number outside 0–9 (see `notDigit`) for any other character. */
const at = (text: string, index: number): number => text.charCodeAt(index) - 48;

/** Whether `value` (from `at`) is not a digit; NaN (past the end) is not either. */
const notDigit = (value: number): boolean => !(value >= 0 && value <= 9);

/** Days from 1970-01-01 to a proleptic Gregorian date; days past the month's end roll over, as in `Date.UTC`. */
const daysFromCivil = (year: number, month: number, day: number): number => {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
};

/** Milliseconds since the epoch of an ISO timestamp, exactly as `Date.parse` reads it (NaN when it cannot). */
export const parseIsoTime = (text: string): number => {
  const length = text.length;
  if (
    (length === 24 || length === 20) &&
    text.charCodeAt(4) === 45 && // -
    text.charCodeAt(7) === 45 &&
    text.charCodeAt(10) === 84 && // T
    text.charCodeAt(13) === 58 && // :
    text.charCodeAt(16) === 58 &&
    text.charCodeAt(length - 1) === 90 && // Z
    (length === 20 || text.charCodeAt(19) === 46) // .
  ) {
    // Every digit read first and checked at once: fewer branches than field by field.
    const y0 = at(text, 0);
    const y1 = at(text, 1);
    const y2 = at(text, 2);
    const y3 = at(text, 3);
    const mo0 = at(text, 5);
    const mo1 = at(text, 6);
    const d0 = at(text, 8);
    const d1 = at(text, 9);
    const h0 = at(text, 11);
    const h1 = at(text, 12);
    const mi0 = at(text, 14);
    const mi1 = at(text, 15);
    const s0 = at(text, 17);
    const s1 = at(text, 18);
    const f0 = length === 24 ? at(text, 20) : 0;
    const f1 = length === 24 ? at(text, 21) : 0;
    const f2 = length === 24 ? at(text, 22) : 0;
    if (!(
      notDigit(y0) ||
      notDigit(y1) ||
      notDigit(y2) ||
      notDigit(y3) ||
      notDigit(mo0) ||
      notDigit(mo1) ||
      notDigit(d0) ||
      notDigit(d1) ||
      notDigit(h0) ||
      notDigit(h1) ||
      notDigit(mi0) ||
      notDigit(mi1) ||
      notDigit(s0) ||
      notDigit(s1) ||
      notDigit(f0) ||
      notDigit(f1) ||
      notDigit(f2)
    )) {
      const month = mo0 * 10 + mo1;
      const day = d0 * 10 + d1;
      const hour = h0 * 10 + h1;
      const minute = mi0 * 10 + mi1;
      const second = s0 * 10 + s1;
      if (month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59 && second <= 59)
        return (
          daysFromCivil(y0 * 1000 + y1 * 100 + y2 * 10 + y3, month, day) * 86_400_000 +
          hour * 3_600_000 +
          minute * 60_000 +
          second * 1000 +
          f0 * 100 +
          f1 * 10 +
          f2
        );
    }
  }
  return Date.parse(text);
};
