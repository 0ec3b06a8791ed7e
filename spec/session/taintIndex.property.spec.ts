/**
 * The taint index against a reference: after any sequence of sources added and dropped oldest-first (the flow
 * rule's use, growing and rebuilding the index's filter on the way), an input carrying a copied run of
 * `TAINT_MIN_LENGTH` characters of a retained source is always found, and an input sharing no piece with any
 * retained source finds nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTaintIndex, TAINT_MIN_LENGTH } from '../../lib/session/rules/taintIndex.js';

/** Text over letters the probes' own padding never contains, of 24–2,000 characters, from a seed. */
const sourceArb = fc.tuple(fc.integer({ min: 24, max: 2000 }), fc.integer()).map(([length, seed]) => {
  let x = seed;
  let text = '';
  while (text.length < length) {
    x = (Math.imul(x, 1103515245) + 12345) | 0;
    text += String.fromCharCode(97 + ((x >>> 16) % 4));
  }
  return text;
});

describe('taint index', () => {
  it('finds every retained source from any copied run of TAINT_MIN_LENGTH characters, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.array(sourceArb, { minLength: 20, maxLength: 150 }),
        fc.integer({ min: 1, max: 40 }),
        fc.nat(),
        (texts, keep, seed) => {
          const index = createTaintIndex<number>();
          const retained: number[] = [];
          texts.forEach((text, id) => {
            index.add(id, text);
            retained.push(id);
            while (retained.length > keep) {
              const dropped = retained.shift() as number;
              index.remove(dropped, texts[dropped] as string);
            }
          });
          for (const id of retained) {
            const text = texts[id] as string;
            const start = seed % (text.length - TAINT_MIN_LENGTH + 1);
            const copied = `xz ${text.slice(start, start + TAINT_MIN_LENGTH)} zx`;
            // Identical pieces may be owned by another retained source: any retained source is a right answer.
            expect(retained).toContain(index.find(copied));
          }
          expect(index.find('x'.repeat(64) + 'z'.repeat(64))).toBeUndefined();
        },
      ),
      { numRuns: 30 },
    );
  });
});
