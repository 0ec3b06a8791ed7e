/**
 * `Date.parse` for the timestamps hosts send, faster: the UTC form `toISOString` writes
 * (`2026-11-28T09:00:00.000Z`, or without the milliseconds) is read digit by digit; anything else goes to
 * `Date.parse`. A session policy reads every event's time, and `Date.parse` was about 125 ns of it; this is a
 * few. The answer is `Date.parse`'s for every string (spec/core/isoTime.property.spec.ts holds it to that),
 * including its roll-over of days past a month's end (`02-30` is the 2nd of March).
 */

/** The digit at `index`, or -1. */
const digit = (text: string, index: number): number => {
  const code = text.charCodeAt(index) - 48;
  return code >= 0 && code <= 9 ? code : -1;
};

/** The two digits at `index` as a number, or -1 unless both are digits. */
const two = (text: string, index: number): number => {
  const high = digit(text, index);
  const low = digit(text, index + 1);
  return high < 0 || low < 0 ? -1 : high * 10 + low;
};

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
    const century = two(text, 0);
    const yearOfCentury = two(text, 2);
    const month = two(text, 5);
    const day = two(text, 8);
    const hour = two(text, 11);
    const minute = two(text, 14);
    const second = two(text, 17);
    const tenths = length === 24 ? digit(text, 20) : 0;
    const hundredths = length === 24 ? two(text, 21) : 0;
    if (
      century >= 0 &&
      yearOfCentury >= 0 &&
      month >= 1 &&
      month <= 12 &&
      day >= 1 &&
      day <= 31 &&
      hour >= 0 &&
      hour <= 23 &&
      minute >= 0 &&
      minute <= 59 &&
      second >= 0 &&
      second <= 59 &&
      tenths >= 0 &&
      hundredths >= 0
    )
      return (
        daysFromCivil(century * 100 + yearOfCentury, month, day) * 86_400_000 +
        hour * 3_600_000 +
        minute * 60_000 +
        second * 1000 +
        tenths * 100 +
        hundredths
      );
  }
  return Date.parse(text);
};
