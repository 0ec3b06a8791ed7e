import { describe, expect, it } from 'vitest';
import { assignFields, mergeFields } from '../../lib/rules/mergeFields.js';

describe('mergeFields', () => {
  it("merges shallowly, right wins per key, in a spread's key order, mutating neither side", () => {
    const base = { path: 'a.txt', content: 'x' };
    const patch = { mode: 'w', path: 'b.txt' };
    const merged = mergeFields(base, patch);
    expect(merged).toStrictEqual({ ...base, ...patch });
    expect(Object.keys(merged)).toEqual(['path', 'content', 'mode']);
    expect(base).toEqual({ path: 'a.txt', content: 'x' });
    expect(patch).toEqual({ mode: 'w', path: 'b.txt' });
  });

  it('treats an absent side as empty and always returns a new object', () => {
    const only = { a: 1 };
    expect(mergeFields(undefined, only)).toStrictEqual({ a: 1 });
    expect(mergeFields(only, undefined)).not.toBe(only);
    expect(mergeFields(undefined, undefined)).toStrictEqual({});
  });

  it('keeps a JSON `__proto__` key as an own field, as a spread does, without touching the prototype', () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}, "path": "b.txt"}') as Record<string, unknown>;
    const merged = mergeFields({ path: 'a.txt' }, patch);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.hasOwn(merged, '__proto__')).toBe(true);
    expect(merged).toStrictEqual({ ...{ path: 'a.txt' }, ...patch });
    expect((merged as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('assignFields', () => {
  it('copies onto the target and returns it', () => {
    const target: Record<string, unknown> = { a: 1 };
    expect(assignFields(target, { b: 2 })).toBe(target);
    expect(target).toEqual({ a: 1, b: 2 });
    expect(assignFields(target, undefined)).toBe(target);
  });
});
