/**
 * How values and locations read in error messages, one way everywhere: settings problems, event input
 * errors and output warnings all say "at /json/pointer … received <value>" alike.
 */

/** RFC 6901 escaping of one reference token. */
export const escapePointerToken = (token: string | number): string =>
  String(token).replace(/~/g, '~0').replace(/\//g, '~1');

/** `pointer` extended by `tokens`, each escaped. */
export const joinPointer = (pointer: string, ...tokens: (string | number)[]): string =>
  pointer + tokens.map((token) => '/' + escapePointerToken(token)).join('');

const MAX_RECEIVED = 80;

/** A value as it appears in a message: JSON, shortened; `nothing` for a missing value. */
export function describeReceived(value: unknown): string {
  if (value === undefined) return 'nothing';
  let text: string;
  try {
    // undefined for functions and symbols, which settings parsed from JSON never hold.
    text = JSON.stringify(value) ?? `a ${typeof value}`;
  } catch {
    text = typeof value === 'bigint' ? `${value}n` : 'an unserialisable value';
  }
  return text.length > MAX_RECEIVED ? `${text.slice(0, MAX_RECEIVED - 1)}…` : text;
}
