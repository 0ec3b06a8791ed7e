/**
 * Canonical JSON (RFC 8785, JCS) for the values a ledger holds: one text per meaning, so that a hash of it can
 * be checked by any verifier that canonicalises the same JSON. The rules, as RFC 8785 states them:
 * - object members sorted by their names' UTF-16 code units (what `<` compares in JavaScript), no whitespace;
 * - numbers as ECMAScript serialises them (`Number.prototype.toString`: `1e+21`, `0.1`, `-0` → `0`);
 *   NaN and the infinities are not JSON and are refused;
 * - strings with the minimal escapes: `"` `\` and the control characters (`\b \t \n \f \r`, else `\u00xx`
 *   in lower-case hex), every other character as itself; a lone surrogate is not text and is refused.
 * Members whose value is `undefined` (or a function, a symbol) are left out, as `JSON.stringify` does.
 */
import { HookstreamError, nameErrorClass } from '../core/errors.js';

/** A value that has no canonical JSON form (NaN, a BigInt, a lone surrogate, a cycle). */
export class CanonicalJsonError extends HookstreamError {
  static {
    nameErrorClass(this, 'CanonicalJsonError');
  }
}

const ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\f': '\\f',
  '\r': '\\r',
};

// Characters that need an escape, and surrogates (checked for lone ones).
// eslint-disable-next-line no-control-regex -- the control characters are what JSON must escape
const NEEDS_WORK = /["\\\u0000-\u001f\ud800-\udfff]/;
// eslint-disable-next-line no-control-regex -- as above
const ESCAPED = /["\\\u0000-\u001f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const escapeChar = (char: string): string => ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Below this length a loop over the code units is cheaper than a regular expression. */
const SCAN_BELOW = 64;

/** Whether `text` holds a character JSON escapes, or a surrogate (which may be lone). */
const needsWork = (text: string): boolean => {
  if (text.length >= SCAN_BELOW) return NEEDS_WORK.test(text);
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) return true;
  }
  return false;
};

/** A string as JCS writes it; throws for a lone surrogate. */
export const canonicalString = (text: string): string => {
  // Most strings need no escape: test once rather than rebuild them.
  if (!needsWork(text)) return `"${text}"`;
  if (LONE_SURROGATE.test(text))
    throw new CanonicalJsonError('a string holds a lone surrogate, which JSON cannot carry');
  return `"${text.replace(ESCAPED, escapeChar)}"`;
};

/** A number as JCS writes it; throws for NaN and the infinities. */
export const canonicalNumber = (value: number): string => {
  if (!Number.isFinite(value)) throw new CanonicalJsonError(`${String(value)} is not a JSON number`);
  // ECMAScript's Number-to-String is JCS's number form; -0 serialises as 0.
  return Object.is(value, -0) ? '0' : String(value);
};

/** Deeper nesting than this is taken for a cycle: cheaper than remembering every object on the way. */
const MAX_DEPTH = 512;

const write = (value: unknown, depth: number): string | undefined => {
  switch (typeof value) {
    case 'string':
      return canonicalString(value);
    case 'number':
      return canonicalNumber(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new CanonicalJsonError('a BigInt is not a JSON number');
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return 'null';
  if (depth > MAX_DEPTH)
    throw new CanonicalJsonError(`the value nests deeper than ${String(MAX_DEPTH)} levels (a cycle?)`);
  const json = (value as { toJSON?: unknown }).toJSON;
  if (typeof json === 'function') return write((json as () => unknown).call(value), depth + 1);
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) text += ',';
      text += write(value[index], depth + 1) ?? 'null';
    }
    return `${text}]`;
  }
  const record = value as Readonly<Record<string, unknown>>;
  // The default sort compares strings by UTF-16 code units: JCS's order, with no comparator to call.
  const keys = Object.keys(record).sort();
  let text = '{';
  let first = true;
  for (const key of keys) {
    const member = write(record[key], depth + 1);
    if (member === undefined) continue;
    text += first ? `${canonicalString(key)}:${member}` : `,${canonicalString(key)}:${member}`;
    first = false;
  }
  return `${text}}`;
};

/**
 * The RFC 8785 canonical JSON of `value`.
 *
 * @example
 * canonicalJson({ b: 1, a: [true, 'é\n'] }) // → '{"a":[true,"é\\n"],"b":1}'
 * @throws CanonicalJsonError for a value JSON cannot hold (NaN, Infinity, a BigInt, a lone surrogate, a cycle).
 */
export const canonicalJson = (value: unknown): string => write(value, 0) ?? 'null';

/**
 * The canonical JSON of a member's value at `depth` levels inside the value being written, or undefined when the
 * member is left out (its value is undefined): for serialisers that write the levels above it themselves.
 */
export const canonicalMember = (value: unknown, depth: number): string | undefined => write(value, depth);
