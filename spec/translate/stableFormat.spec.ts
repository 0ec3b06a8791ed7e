import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyFieldEdits,
  configField,
  emptyResponse,
  rebuildTextParts,
  type StableCandidate,
} from '../../lib/translate/stableFormat.js';
import { resolveCandidates } from '../../lib/translate/stableResponse.js';
import { genaiTranslator } from '../../lib/translate/genai.js';
import { openaiTranslator } from '../../lib/translate/openai.js';
import { anthropicTranslator } from '../../lib/translate/anthropic.js';

type Part = { text?: string; other?: number };
const isText = (part: Part) => part.text !== undefined;
const fresh = (text: string): Part => ({ text });

describe('rebuildTextParts', () => {
  it('replaces text parts in place when the count is the same, keeping their other keys', () => {
    const parts: Part[] = [{ text: 'a', other: 1 }, { other: 2 }, { text: 'b' }];
    expect(rebuildTextParts(parts, ['A', 'b'], isText, fresh)).toStrictEqual([
      { text: 'A', other: 1 },
      { other: 2 },
      { text: 'b' },
    ]);
  });

  it("collapses into the first text part's place when the count differs", () => {
    const parts: Part[] = [{ other: 1 }, { text: 'a' }, { other: 2 }, { text: 'b' }];
    expect(rebuildTextParts(parts, ['ab'], isText, fresh)).toStrictEqual([{ other: 1 }, { text: 'ab' }, { other: 2 }]);
  });

  it('puts text first when there was none, and removes all text for no texts', () => {
    expect(rebuildTextParts<Part>([{ other: 1 }], ['x'], isText, fresh)).toStrictEqual([{ text: 'x' }, { other: 1 }]);
    expect(rebuildTextParts<Part>([{ text: 'a' }, { other: 1 }], [], isText, fresh)).toStrictEqual([{ other: 1 }]);
  });

  it('keeps every non-text part in order (property)', () => {
    const part = fc.oneof(
      fc.string().map((text) => ({ text })),
      fc.nat().map((other) => ({ other })),
    );
    fc.assert(
      fc.property(fc.array(part), fc.array(fc.string(), { maxLength: 3 }), (parts: Part[], texts) => {
        const out = rebuildTextParts(parts, texts, isText, fresh);
        expect(out.filter((p) => !isText(p))).toStrictEqual(parts.filter((p) => !isText(p)));
        expect(out.filter(isText).map((p) => p.text)).toStrictEqual(texts);
      }),
    );
  });
});

describe('applyFieldEdits', () => {
  const fields = [configField('temperature', 'temp'), configField('maxOutputTokens', 'max', { required: true })];
  const target = { temp: 1, max: 10, other: 'x' };
  const derived = { temperature: 1, maxOutputTokens: 10 };

  it('returns the same object when nothing changed', () => {
    expect(applyFieldEdits(target, { ...derived }, derived, fields)).toBe(target);
  });

  it('sets changed values, deletes removed ones, keeps required ones and ignores invalid ones', () => {
    expect(applyFieldEdits(target, { temperature: 0.5 }, derived, fields)).toStrictEqual({
      temp: 0.5,
      max: 10,
      other: 'x',
    });
    expect(applyFieldEdits(target, { maxOutputTokens: 10 }, derived, fields)).toStrictEqual({ max: 10, other: 'x' });
    expect(applyFieldEdits(target, { temperature: null }, derived, fields)).toStrictEqual({ max: 10, other: 'x' });
    expect(applyFieldEdits(target, { temperature: '0.5', maxOutputTokens: 10 }, derived, fields)).toBe(target);
  });
});

describe('resolveCandidates (the text rule)', () => {
  const candidate = (...parts: string[]): StableCandidate => ({ content: { role: 'model', parts }, index: 0 });
  const derived = { text: 'ab', candidates: [candidate('a', 'b'), candidate('c')] };

  it('a changed text with unchanged candidates replaces the first candidate text', () => {
    expect(resolveCandidates({ text: 'X', candidates: derived.candidates }, derived)).toStrictEqual([
      candidate('X'),
      candidate('c'),
    ]);
  });

  it('changed candidates win over a changed text', () => {
    expect(resolveCandidates({ text: 'X', candidates: [candidate('Y')] }, derived)).toStrictEqual([candidate('Y')]);
  });

  it('absent candidates mean unchanged; an empty text removes the text', () => {
    expect(resolveCandidates({}, derived)).toBe(derived.candidates);
    expect(resolveCandidates({ text: '' }, derived)[0]).toStrictEqual(candidate());
  });

  it('without an original, text fills an empty first candidate or makes one', () => {
    expect(resolveCandidates({ text: 'T' })).toStrictEqual([
      { content: { role: 'model', parts: ['T'] }, finishReason: 'STOP', index: 0 },
    ]);
    expect(resolveCandidates({ text: 'T', candidates: [candidate()] })).toStrictEqual([candidate('T')]);
    expect(resolveCandidates({ text: 'T', candidates: [candidate('U')] })).toStrictEqual([candidate('U')]);
    expect(resolveCandidates({})).toStrictEqual([
      { content: { role: 'model', parts: [] }, finishReason: 'STOP', index: 0 },
    ]);
  });
});

describe('emptyResponse', () => {
  it('is one empty candidate that stopped', () => {
    expect(emptyResponse()).toStrictEqual({
      text: '',
      candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'STOP', index: 0 }],
    });
    expect(emptyResponse()).not.toBe(emptyResponse());
  });

  it('becomes an empty but well-formed response in every SDK', () => {
    expect(genaiTranslator.fromHookResponse(emptyResponse())).toStrictEqual({
      candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'STOP', index: 0 }],
    });
    expect(openaiTranslator.fromHookResponse(emptyResponse()).choices).toStrictEqual([
      { index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'stop', logprobs: null },
    ]);
    expect(anthropicTranslator.fromHookResponse(emptyResponse())).toMatchObject({
      content: [],
      stop_reason: 'end_turn',
    });
  });
});
