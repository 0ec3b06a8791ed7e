/**
 * Property: `callKey` gives every input the key of its JSON text (FNV-1a over the text's code units, and the
 * text's length), whether it took the walk for plain string objects or serialised the input: strings with
 * escapes, surrogates and unicode, numeric names (JSON orders them first), nested and non-object inputs, objects
 * without a prototype, and the same input asked about again (a looked-up key).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callKey } from '../../lib/session/rules/callKey.js';
import type { SessionStep } from '../../lib/session/types.js';

/** The key as defined: the tool, the FNV-1a hash of the input's JSON in base 36, and its length. */
const referenceKey = (tool: string, input: unknown): string => {
  const text = JSON.stringify(input ?? null);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${tool}:${(hash >>> 0).toString(36)}:${String(text.length)}`;
};

let seq = 0;
const callOf = (tool: string, input: unknown): SessionStep => ({
  kind: 'call',
  seq: ++seq,
  event: 'BeforeTool',
  at: 0,
  tool,
  input: { tool_name: tool, tool_input: input },
});

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom('"', '\\', '\n', '\u0000', '\ud800', '\udc00x', 'é', '😀', 'make target3', '0', '10'),
);
const plainObject = fc.dictionary(fc.oneof(text, fc.constantFrom('0', '7', '10', '-1', 'command')), text, {
  maxKeys: 5,
});
const input = fc.oneof(
  plainObject,
  plainObject.map((object) => Object.assign(Object.create(null) as object, object)),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant(undefined),
);

describe('callKey', () => {
  it('is the key of the input JSON, walked or serialised, asked once or again', () => {
    fc.assert(
      fc.property(fc.constantFrom('Bash', 'Edit', 'web_fetch'), input, (tool, value) => {
        const expected = referenceKey(tool, value);
        expect(callKey(callOf(tool, value))).toBe(expected);
        expect(callKey(callOf(tool, value))).toBe(expected);
      }),
      { numRuns: 5_000 },
    );
  });

  it('serialises an object with a prototype of its own, as JSON.stringify reads it', () => {
    const base = { inherited: 'x' };
    const value = Object.assign(Object.create(base) as Record<string, string>, { command: 'ls' });
    expect(callKey(callOf('Bash', value))).toBe(referenceKey('Bash', value));
    expect(callKey(callOf('Bash', { command: 'ls' }))).toBe(referenceKey('Bash', { command: 'ls' }));
  });
});
