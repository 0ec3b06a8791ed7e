import { describe, expect, it } from 'vitest';
import { compileMatcher } from '../../lib/plan/matcher.js';

const test = (pattern: string, target: string) => compileMatcher(pattern).matcher.test(target);

describe('compileMatcher', () => {
  it('keeps the pattern it was compiled from', () => {
    expect(compileMatcher('Edit|Write').matcher.pattern).toBe('Edit|Write');
  });

  it('matches everything for an empty pattern and for *', () => {
    for (const pattern of ['', '*']) {
      const { matcher, problem } = compileMatcher(pattern);
      expect(problem).toBeUndefined();
      expect(matcher.test('write_file')).toBe(true);
      expect(matcher.test('')).toBe(true);
    }
  });

  it('searches unanchored', () => {
    expect(test('Edit', 'MultiEdit')).toBe(true);
    expect(test('file', 'write_file')).toBe(true);
    expect(test('file', 'shell')).toBe(false);
  });

  it('honours anchors', () => {
    expect(test('^Edit$', 'Edit')).toBe(true);
    expect(test('^Edit$', 'MultiEdit')).toBe(false);
    expect(test('^write_', 'write_file')).toBe(true);
    expect(test('^write_', 'rewrite_file')).toBe(false);
  });

  it('supports alternation and groups', () => {
    const { matcher } = compileMatcher('^(write_file|replace)$');
    expect(matcher.test('write_file')).toBe(true);
    expect(matcher.test('replace')).toBe(true);
    expect(matcher.test('read_file')).toBe(false);
  });

  it('is case-sensitive', () => {
    expect(test('Bash', 'Bash')).toBe(true);
    expect(test('Bash', 'bash')).toBe(false);
  });

  it('accepts JS regex syntax: \\d, classes, named groups, escaped slashes', () => {
    expect(test('^tool\\d+$', 'tool42')).toBe(true);
    expect(test('^[a-z_]+$', 'write_file')).toBe(true);
    expect(test('^(?<verb>write)_', 'write_file')).toBe(true);
    expect(test('a\\/b', 'a/b')).toBe(true);
    expect(test('mcp__.*__query', 'mcp__db__query')).toBe(true);
  });

  it('treats the glob-looking write_* as a regex: write followed by zero or more underscores', () => {
    expect(test('write_*', 'write_file')).toBe(true);
    expect(test('write_*', 'writeFile')).toBe(true);
    expect(test('write_*', 'read_file')).toBe(false);
  });

  it('matches an invalid pattern by exact string and reports it', () => {
    const { matcher, problem } = compileMatcher('write_file(');
    expect(problem).toMatch(/"write_file\(" is not a valid regular expression/);
    expect(problem).toMatch(/exact string/);
    expect(matcher.test('write_file(')).toBe(true);
    expect(matcher.test('write_file')).toBe(false);
  });

  it('falls back to exact string for lookbehind, lookahead and backreferences, with a warning', () => {
    for (const pattern of ['(?<=x)y', 'a(?=b)', '(a)\\1']) {
      const { matcher, problem } = compileMatcher(pattern);
      expect(problem).toMatch(/linear time/);
      expect(problem).toContain(JSON.stringify(pattern));
      expect(matcher.test(pattern)).toBe(true);
    }
    // A backtracking engine would say true here; the fallback must not.
    expect(test('(?<=x)y', 'xy')).toBe(false);
    expect(test('a(?=b)', 'ab')).toBe(false);
    expect(test('(a)\\1', 'aa')).toBe(false);
  });

  it('returns promptly and correctly for catastrophic-backtracking patterns', () => {
    const hostile = 'a'.repeat(40) + '!';
    // No run of a's reaches the end of the string...
    expect(test('(a+)+$', hostile)).toBe(false);
    expect(test('(a+)+$', 'a'.repeat(40))).toBe(true);
    // ...but zero repetitions match the empty string at the end.
    expect(test('(a|a)*$', hostile)).toBe(true);
    expect(test('^(a|a)*$', hostile)).toBe(false);
    expect(test('^(a|aa)+$', 'a'.repeat(40))).toBe(true);
  });

  it('gives the same answer when a target repeats (memoised) and past the memo size', () => {
    const { matcher } = compileMatcher('^tool_[0-9]*[02468]$');
    const expected = (index: number) => index % 2 === 0;
    for (let round = 0; round < 2; round++) {
      for (let index = 0; index < 600; index++) {
        expect(matcher.test(`tool_${index}`)).toBe(expected(index));
      }
    }
  });

  it('does not share state between matchers of different patterns', () => {
    const edit = compileMatcher('Edit').matcher;
    const write = compileMatcher('Write').matcher;
    expect(edit.test('Edit')).toBe(true);
    expect(write.test('Edit')).toBe(false);
  });
});
