import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLineIndex } from '../../lib/diagnostics/lineIndex.js';

/** The old way: split the whole prefix for every lookup (quadratic over a file's problems). */
const naivePosition = (text: string, offset: number) => {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
};

describe('createLineIndex', () => {
  it('gives 1-based line and column, a \\r\\n line ending at its \\n', () => {
    const index = createLineIndex('ab\ncd\r\n\nx');
    expect(index.lines).toBe(4);
    expect(index.position(0)).toEqual({ line: 1, column: 1 });
    expect(index.position(2)).toEqual({ line: 1, column: 3 });
    expect(index.position(3)).toEqual({ line: 2, column: 1 });
    expect(index.position(5)).toEqual({ line: 2, column: 3 });
    expect(index.position(7)).toEqual({ line: 3, column: 1 });
    expect(index.position(8)).toEqual({ line: 4, column: 1 });
    expect(index.position(9)).toEqual({ line: 4, column: 2 });
    expect(createLineIndex('').position(0)).toEqual({ line: 1, column: 1 });
  });

  it('agrees with splitting the prefix, for any text and offset', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\n', '\r', 'é') }), fc.nat(), (text, seed) => {
        const offset = seed % (text.length + 1);
        expect(createLineIndex(text).position(offset)).toEqual(naivePosition(text, offset));
      }),
    );
  });

  it('answers each lookup in at most ⌈log2(lines)⌉ + 1 comparisons', () => {
    const lines = 100_000;
    const text = 'x\n'.repeat(lines - 1) + 'x';
    const index = createLineIndex(text);
    const lookups = 10_000;
    for (let i = 0; i < lookups; i++) index.position((i * 7919) % text.length);
    expect(index.lines).toBe(lines);
    expect(index.probes).toBeLessThanOrEqual(lookups * (Math.ceil(Math.log2(lines)) + 1));
  });
});
