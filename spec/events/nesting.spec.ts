import { describe, expect, it } from 'vitest';
import { MAX_NESTING_DEPTH, nestsDeeperThan } from '../../lib/events/nesting.js';
import { decodeHookOutput } from '../../lib/events/outputs.js';

/** `{ "a": { "a": … 1 } }` with `depth` objects, parsed from text as a hook's stdout would be. */
const nestedObjects = (depth: number): Record<string, unknown> =>
  JSON.parse('{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1)) as Record<string, unknown>;
const nestedArrays = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

describe('nestsDeeperThan', () => {
  it('counts the value itself as depth 1 and refuses only what lies past the limit', () => {
    expect(nestsDeeperThan(nestedObjects(MAX_NESTING_DEPTH))).toBe(false);
    expect(nestsDeeperThan(nestedObjects(MAX_NESTING_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan(nestedArrays(3), 3)).toBe(false);
    expect(nestsDeeperThan(nestedArrays(4), 3)).toBe(true);
    expect(nestsDeeperThan({ a: 1, b: 'x', c: null }, 1)).toBe(false);
    expect(nestsDeeperThan('text', 0)).toBe(false);
  });

  it('finds the deep branch among shallow siblings', () => {
    const value = { shallow: [1, 2], deep: nestedObjects(MAX_NESTING_DEPTH), more: { x: {} } };
    expect(nestsDeeperThan(value)).toBe(true);
  });

  it('walks 100 000 levels without recursion, and treats a cycle as too deep', () => {
    expect(nestsDeeperThan(nestedArrays(100_000))).toBe(true);
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle['self'] = cycle;
    expect(nestsDeeperThan(cycle)).toBe(true);
  });

  it('gives up on an object graph that shares nodes exponentially instead of walking it', () => {
    let node: Record<string, unknown> = {};
    for (let level = 0; level < 40; level++) node = { left: node, right: node };
    expect(nestsDeeperThan(node)).toBe(true);
  });
});

describe('decodeHookOutput: nesting', () => {
  it('refuses output nested past the limit as invalid, so the result still serialises', () => {
    const raw = { decision: 'deny', hookSpecificOutput: { extra: nestedArrays(100_000) } };
    const decoded = decodeHookOutput(raw);
    expect(decoded).toEqual({
      output: {},
      warnings: ['output nested deeper than 64 levels; not used'],
      invalid: 'output nested deeper than 64 levels; not used',
    });
    expect(() => JSON.stringify(decoded)).not.toThrow();
  });

  it('keeps output within the limit as it is', () => {
    const extra = nestedObjects(MAX_NESTING_DEPTH - 2);
    const decoded = decodeHookOutput({ decision: 'allow', hookSpecificOutput: { extra } });
    expect(decoded.invalid).toBeUndefined();
    expect(decoded.output).toEqual({ decision: 'allow', hookSpecificOutput: { extra } });
  });
});
