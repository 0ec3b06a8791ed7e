import { isLeft } from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { EVENT_FIELD_CODECS } from '../../lib/events/codecs.js';
import { describeExpected, formatDecodeErrors } from '../../lib/events/formatDecodeErrors.js';

const linesOf = (codec: t.Mixed, value: unknown): string[] => {
  const decoded = codec.decode(value);
  if (!isLeft(decoded)) throw new Error('expected the value to be rejected');
  return formatDecodeErrors(decoded.left);
};

const ROLES = '"user" | "model" | "system" | "assistant" | "tool"';

describe('formatDecodeErrors', () => {
  it('gives the JSON pointer, the expected type and the received value', () => {
    expect(linesOf(EVENT_FIELD_CODECS.BeforeTool, { tool_name: 'ls', tool_input: 'x' })).toEqual([
      '/tool_input: expected an object, received "x"',
    ]);
    expect(linesOf(EVENT_FIELD_CODECS.BeforeTool, { tool_name: 7, tool_input: {}, tool_call_id: false })).toEqual([
      '/tool_name: expected a string, received 7',
      '/tool_call_id: expected a string, received false',
    ]);
  });

  it('follows arrays and nested objects into the pointer', () => {
    const llm_request = {
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'robot', content: 'beep' },
      ],
    };
    expect(linesOf(EVENT_FIELD_CODECS.BeforeModel, { llm_request })).toEqual([
      `/llm_request/messages/1/role: expected ${ROLES}, received "robot"`,
    ]);
    const toolConfig = { mode: 'SOME', allowedFunctionNames: ['a', 3] };
    expect(linesOf(EVENT_FIELD_CODECS.BeforeToolSelection, { llm_request: { toolConfig } })).toEqual([
      '/llm_request/toolConfig/mode: expected "AUTO" | "ANY" | "NONE", received "SOME"',
      '/llm_request/toolConfig/allowedFunctionNames/1: expected a string, received 3',
    ]);
  });

  it('says "required" for a missing field, as settings problems do, and keeps the codec’s field order', () => {
    expect(linesOf(EVENT_FIELD_CODECS.AfterAgent, { prompt_response: 1 })).toEqual([
      '/prompt: required, a string',
      '/prompt_response: expected a string, received 1',
      '/stop_hook_active: required, true or false',
    ]);
    // The raw io-ts text this replaces: `Expecting UnknownRecord at 0.tool_input but instead got: undefined`.
    expect(linesOf(EVENT_FIELD_CODECS.BeforeTool, { tool_name: 'write_file' })).toEqual([
      '/tool_input: required, an object',
    ]);
  });

  it('reports a value that several intersection members reject once', () => {
    expect(linesOf(EVENT_FIELD_CODECS.BeforeModel, { llm_request: 'x' })).toEqual([
      '/llm_request: expected an object, received "x"',
    ]);
    expect(linesOf(EVENT_FIELD_CODECS.BeforeTool, 5)).toEqual(['expected an object, received 5']);
  });

  it('reports one line for a union whose every member rejects the value itself', () => {
    expect(linesOf(t.union([t.string, t.number]), true)).toEqual(['expected a string | a number, received true']);
    const Decision = t.type({ decision: t.union([t.keyof({ allow: null, deny: null }), t.null]) });
    expect(linesOf(Decision, { decision: 'maybe' })).toEqual([
      '/decision: expected "allow" | "deny" | null, received "maybe"',
    ]);
  });

  it('reports the union member the value came closest to', () => {
    const Shape = t.union([
      t.type({ kind: t.literal('circle'), radius: t.number }),
      t.type({ kind: t.literal('box'), size: t.type({ width: t.number, height: t.number }) }),
    ]);
    expect(linesOf(Shape, { kind: 'box', size: { width: 1, height: '2' } })).toEqual([
      '/size/height: expected a number, received "2"',
    ]);
    expect(linesOf(Shape, { kind: 'tri', radius: 1 })).toEqual(['/kind: expected "circle" | "box", received "tri"']);
    // Without a tag io-ts tries every member; the report follows the one whose problems lie deepest…
    const Untagged = t.union([t.type({ a: t.string, b: t.string }), t.type({ c: t.type({ d: t.number }) })]);
    expect(linesOf(Untagged, { c: { d: 'x' } })).toEqual(['/c/d: expected a number, received "x"']);
    // …then the one with fewer problems, then the first.
    expect(linesOf(Untagged, { a: 'x', b: 1 })).toEqual(['/b: expected a string, received 1']);
    expect(linesOf(Untagged, { a: 1, b: 1, c: 1 })).toEqual(['/c: expected an object, received 1']);
  });

  it('escapes pointer tokens (RFC 6901) and shortens long values', () => {
    expect(linesOf(t.type({ 'a/b': t.string, 'c~d': t.string }), { 'a/b': 1, 'c~d': 2 })).toEqual([
      '/a~1b: expected a string, received 1',
      '/c~0d: expected a string, received 2',
    ]);
    const [line] = linesOf(t.type({ text: t.number }), { text: 'y'.repeat(500) });
    expect(line).toMatch(/^\/text: expected a number, received "y+…$/);
    expect((line as string).length).toBeLessThan(120);
  });

  it('uses a custom codec’s name as the expected type, and its failure message when it gives one', () => {
    const Positive = t.refinement(t.number, (n) => n > 0, 'a positive number');
    expect(linesOf(t.type({ n: Positive }), { n: -1 })).toEqual(['/n: expected a positive number, received -1']);
    const Even = new t.Type<number>(
      'Even',
      (u): u is number => typeof u === 'number' && u % 2 === 0,
      (u, c) => (typeof u === 'number' && u % 2 === 0 ? t.success(u) : t.failure(u, c, 'must be an even number')),
      t.identity,
    );
    expect(linesOf(t.type({ n: Even }), { n: 3 })).toEqual(['/n: must be an even number']);
  });

  it('returns no lines for no errors', () => {
    expect(formatDecodeErrors([])).toEqual([]);
  });
});

describe('describeExpected', () => {
  it('reads io-ts structure as words and keeps enum and literal names', () => {
    expect(describeExpected(t.string)).toBe('a string');
    expect(describeExpected(t.boolean)).toBe('true or false');
    expect(describeExpected(t.array(t.string))).toBe('an array');
    expect(describeExpected(t.UnknownRecord)).toBe('an object');
    expect(describeExpected(t.literal('x'))).toBe('"x"');
    expect(describeExpected(t.union([t.literal('a'), t.null, t.null]))).toBe('"a" | null');
    expect(describeExpected(t.intersection([t.UnknownRecord, t.partial({ a: t.string })]))).toBe('an object');
  });
});
