/**
 * Canonical JSON by RFC 8785's rules: members sorted by UTF-16 code units, ECMAScript number forms, minimal
 * string escapes; values JSON cannot hold are refused; whatever the key order, one text per value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, CanonicalJsonError } from '../../lib/ledger/canonicalJson.js';

describe('canonicalJson', () => {
  it('sorts members by UTF-16 code units, at every level', () => {
    // RFC 8785 §3.2.3's order: "\r" < "1" < "\u0080" < "\u00f6" < "\u20ac" < "\ud83d\ude00" < "\ufb33".
    const value = { '\u20ac': 1, '\r': 2, '\ufb33': 3, '1': 4, '\ud83d\ude00': 5, '\u0080': 6, '\u00f6': 7 };
    expect(canonicalJson(value)).toBe('{"\\r":2,"1":4,"\u0080":6,"\u00f6":7,"\u20ac":1,"\ud83d\ude00":5,"\ufb33":3}');
    expect(canonicalJson({ b: [{ d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[{"c":2,"d":1}]}');
  });

  it('writes numbers as ECMAScript does', () => {
    const numbers = [0, -0, 1e21, 1e-7, 0.000001, 123456789012345680000, 4.5, -1.5e-10, 333333333.3333333];
    expect(canonicalJson(numbers)).toBe(
      '[0,0,1e+21,1e-7,0.000001,123456789012345680000,4.5,-1.5e-10,333333333.3333333]',
    );
  });

  it('escapes only what JSON must, control characters in lower-case hex', () => {
    expect(canonicalJson('a"b\\c\n\t\b\f\r\u0001\u001f é €')).toBe('"a\\"b\\\\c\\n\\t\\b\\f\\r\\u0001\\u001f é €"');
  });

  it('leaves out undefined members and refuses what JSON cannot hold', () => {
    expect(canonicalJson({ a: undefined, b: () => 1, c: [undefined] })).toBe('{"c":[null]}');
    for (const bad of [Number.NaN, Infinity, 1n, '\ud800x']) {
      expect(() => canonicalJson({ bad })).toThrow(CanonicalJsonError);
    }
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => canonicalJson(cycle)).toThrow(CanonicalJsonError);
  });

  it('gives one text per value, whatever the key order, and parses back to the value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(canonicalJson(JSON.parse(text))).toBe(text);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
