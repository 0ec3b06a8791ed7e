import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCEPTED_EVENT_NAMES } from '../../lib/events/names.js';
import { closestName, didYouMean, editDistance, repairPattern } from '../../lib/diagnostics/suggest.js';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent transpositions, ignoring case', () => {
    expect(editDistance('BeforeTol', 'BeforeTool')).toBe(1);
    expect(editDistance('BeforeToool', 'BeforeTool')).toBe(1);
    expect(editDistance('BefroeTool', 'BeforeTool')).toBe(1);
    expect(editDistance('beforetool', 'BeforeTool')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('is symmetric, zero only for equal words, and at least the difference in length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const distance = editDistance(a, b);
        expect(editDistance(b, a)).toBe(distance);
        expect(distance === 0).toBe(a.toLowerCase() === b.toLowerCase());
        expect(distance).toBeGreaterThanOrEqual(Math.abs(a.length - b.length));
      }),
    );
  });
});

describe('closestName and didYouMean', () => {
  it('suggests the event meant by a typo, an alias, or a wrong case', () => {
    expect(closestName('BeforeTol', ACCEPTED_EVENT_NAMES)).toBe('BeforeTool');
    expect(closestName('PreToolUs', ACCEPTED_EVENT_NAMES)).toBe('PreToolUse');
    expect(closestName('sessionstart', ACCEPTED_EVENT_NAMES)).toBe('SessionStart');
    expect(didYouMean('AfterTol', ACCEPTED_EVENT_NAMES)).toBe('; did you mean AfterTool?');
  });

  it('suggests nothing for a name that is not close to any candidate', () => {
    expect(closestName('BeforeLunch', ACCEPTED_EVENT_NAMES)).toBeUndefined();
    expect(closestName('x', ['matcher', 'hooks'])).toBeUndefined();
    expect(didYouMean('theme', ['tools', 'hooksConfig', 'hooks'])).toBe('');
  });

  it('prefers the closer candidate, then the earlier one', () => {
    expect(closestName('hoks', ['hooksConfig', 'hooks'])).toBe('hooks');
    expect(closestName('ab', ['ac', 'ad'])).toBe('ac');
  });

  it('answers a repeated name from memory, bounded: the same answer every time', () => {
    const names = ['matcher', 'sequential', 'hooks'];
    for (let index = 0; index < 1000; index++) expect(closestName(`zz${index % 300}`, names)).toBeUndefined();
    expect(closestName('matchr', names)).toBe('matcher');
    expect(closestName('matchr', names)).toBe('matcher');
  });
});

describe('repairPattern', () => {
  const compiles = (pattern: string): boolean => {
    try {
      new RegExp(pattern);
      return true;
    } catch {
      return false;
    }
  };

  it('closes what was left open, or drops a stray closer', () => {
    expect(repairPattern('(write_file', compiles)).toBe('(write_file)');
    expect(repairPattern('^(write_file|[replace', compiles)).toBe('^(write_file|[replace])');
    expect(repairPattern('write_file)', compiles)).toBe('write_file');
    expect(repairPattern('(a))', compiles)).toBe('(a)');
  });

  it('reads escaped brackets and brackets inside a class as literals', () => {
    expect(repairPattern('\\(write_file', compiles)).toBeUndefined();
    expect(repairPattern('[(]x', compiles)).toBeUndefined();
  });

  it('gives nothing when brackets are not the problem or no candidate compiles', () => {
    expect(repairPattern('a{2,1}', compiles)).toBeUndefined();
    expect(repairPattern('(', () => false)).toBeUndefined();
  });
});
