import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  JsonSyntaxError,
  escapePointerToken,
  joinPointer,
  parseJsonDocument,
} from '../../lib/diagnostics/jsonLocate.js';

const syntaxError = (text: string): JsonSyntaxError => {
  try {
    parseJsonDocument(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error;
    throw error;
  }
  throw new Error('expected a syntax error');
};

describe('parseJsonDocument', () => {
  const text = ['{', '  "a": 1,', '  "list": [true, "x",', '    { "deep": null }],', '  "a/b~c": "s"', '}'].join('\n');

  it('returns the same value as JSON.parse', () => {
    expect(parseJsonDocument(text).value).toEqual(JSON.parse(text));
  });

  it('locates values by JSON pointer, 1-based', () => {
    const document = parseJsonDocument(text);
    expect(document.locate('')).toEqual({ line: 1, column: 1 });
    expect(document.locate('/a')).toEqual({ line: 2, column: 8 });
    expect(document.locate('/list')).toEqual({ line: 3, column: 11 });
    expect(document.locate('/list/1')).toEqual({ line: 3, column: 18 });
    expect(document.locate('/list/2/deep')).toEqual({ line: 4, column: 15 });
  });

  it('locates member names with locateKey', () => {
    const document = parseJsonDocument(text);
    expect(document.locateKey('/list')).toEqual({ line: 3, column: 3 });
    // Array elements have no name: the value's position is used.
    expect(document.locateKey('/list/1')).toEqual({ line: 3, column: 18 });
  });

  it('unescapes ~0 and ~1 in pointers (RFC 6901)', () => {
    expect(joinPointer('', 'a/b~c')).toBe('/a~1b~0c');
    expect(escapePointerToken(3)).toBe('3');
    expect(parseJsonDocument(text).locate(joinPointer('', 'a/b~c'))).toEqual({ line: 5, column: 12 });
  });

  it('falls back to the nearest existing ancestor for a pointer that names nothing', () => {
    const document = parseJsonDocument(text);
    expect(document.locate('/list/2/missing')).toEqual({ line: 4, column: 5 });
    expect(document.locate('/nothing/here')).toEqual({ line: 1, column: 1 });
  });

  it('ignores a BOM and keeps columns of the visible text', () => {
    const document = parseJsonDocument('\uFEFF{"a": 1}');
    expect(document.value).toEqual({ a: 1 });
    expect(document.locate('/a')).toEqual({ line: 1, column: 7 });
  });

  it('accepts line and block comments', () => {
    const document = parseJsonDocument('// header\n{ /* inline */ "a": [1, // one\n 2] }');
    expect(document.value).toEqual({ a: [1, 2] });
    expect(document.locate('/a/1')).toEqual({ line: 3, column: 2 });
  });

  it('accepts a trailing comma before } and ], as JSONC editors write it', () => {
    const document = parseJsonDocument('{\n  "a": [1, 2,],\n  "b": { "c": true, },\n}\n');
    expect(document.value).toEqual({ a: [1, 2], b: { c: true } });
    expect(document.locate('/b/c')).toEqual({ line: 3, column: 15 });
  });

  it('keeps a "__proto__" member as an own property, like JSON.parse', () => {
    const value = parseJsonDocument('{"__proto__": {"polluted": true}}').value as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it('decodes string escapes exactly', () => {
    expect(parseJsonDocument('"a\\n\\u00e9\\"\\\\\\/"').value).toBe('a\né"\\/');
  });

  it('reports the line and column of a syntax error', () => {
    expect(syntaxError('{\n  "a": 1\n  "b": 2\n}').position).toEqual({ line: 3, column: 3 });
    expect(syntaxError('{\n  "a": 1\n  "b": 2\n}').message).toMatch(/expected ',' or '}'.*at 3:3/);
    expect(syntaxError('[1, 2,,]').position).toEqual({ line: 1, column: 7 });
    expect(syntaxError('[,]').position).toEqual({ line: 1, column: 2 });
    expect(syntaxError('{,}').reason).toMatch(/member name in double quotes/);
    expect(syntaxError('{"a": 1,,}').position).toEqual({ line: 1, column: 9 });
    expect(syntaxError('{"a": "open\n}').reason).toBe('control character in string');
    expect(syntaxError('{"a": "open').reason).toBe('unterminated string');
    expect(syntaxError('{} x').reason).toMatch(/after the end of the document/);
    expect(syntaxError('').reason).toBe('unexpected end of input');
    expect(syntaxError("{'a': 1}").reason).toMatch(/member name in double quotes/);
    expect(syntaxError('{"a": 01}').position).toEqual({ line: 1, column: 8 });
    expect(syntaxError('/* never closed').reason).toBe('unterminated comment');
    expect(syntaxError('"\\x"').reason).toBe('invalid escape sequence');
  });

  it('fails an unterminated 100 000-character string where it starts (the string scan never backtracks exponentially)', () => {
    const error = syntaxError(`{"a": "${'x'.repeat(100_000)}`);
    expect(error.reason).toBe('unterminated string');
    expect(error.position).toEqual({ line: 1, column: 7 });
    expect(syntaxError(`{"a": "${'\\n'.repeat(50_000)}\\q"}`).reason).toBe('invalid escape sequence');
  });

  it('reads a string too long for the regex engine (20 million characters) by walking it', () => {
    const long = 'x'.repeat(20_000_000);
    expect((parseJsonDocument(`{"a": "${long}"}`).value as { a: string }).a).toHaveLength(20_000_000);
  });

  it('reports absurd nesting as a syntax error instead of crashing', () => {
    expect(syntaxError('['.repeat(200_000)).reason).toBe('nesting too deep');
  });

  it('agrees with JSON.parse on any JSON text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        const source = JSON.stringify(value, null, pretty ? 2 : undefined);
        expect(parseJsonDocument(source).value).toEqual(JSON.parse(source));
      }),
    );
  });

  it('locates every value of any JSON text at the start of its own text', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        const source = JSON.stringify(value, null, 2);
        const lines = source.split('\n');
        const document = parseJsonDocument(source);
        const visit = (node: unknown, pointer: string): void => {
          const { line, column } = document.locate(pointer);
          const rest = (lines[line - 1] ?? '').slice(column - 1);
          const start = JSON.stringify(node, null, 2).split('\n')[0] ?? '';
          expect(rest.startsWith(start)).toBe(true);
          if (Array.isArray(node)) {
            for (const [index, child] of node.entries()) visit(child, joinPointer(pointer, index));
          } else if (node !== null && typeof node === 'object')
            for (const [key, child] of Object.entries(node)) visit(child, joinPointer(pointer, key));
        };
        visit(value, '');
      }),
    );
  });
});
