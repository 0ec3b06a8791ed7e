import { describe, expect, it } from 'vitest';
import { normalizeHookRequest, normalizeHookResponse } from '../../lib/translate/legacyContents.js';
import { genaiTranslator } from '../../lib/translate/genai.js';
import { openaiTranslator } from '../../lib/translate/openai.js';
import type { GenAIRequest } from '../../lib/translate/genaiTypes.js';
import type { OpenAIRequest } from '../../lib/translate/openaiTypes.js';

describe('normalizeHookRequest', () => {
  it('turns the older contents/parts shape into stable messages and config', () => {
    expect(
      normalizeHookRequest({
        model: 'gemini-2.5-pro',
        contents: [
          { role: 'user', parts: ['Hello ', { text: 'there' }, { inlineData: { data: 'x' } }] },
          { role: 'model', parts: [{ text: 'Hi!' }] },
        ],
        systemInstruction: { role: 'system', parts: ['Be brief.'] },
        generationConfig: { temperature: 0.4, maxOutputTokens: 64 },
      }),
    ).toStrictEqual({
      model: 'gemini-2.5-pro',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello there' },
        { role: 'model', content: 'Hi!' },
      ],
      config: { temperature: 0.4, maxOutputTokens: 64 },
    });
  });

  it('lets contents win over messages carried along by a shallow merge, and generationConfig over config', () => {
    const out = normalizeHookRequest({
      messages: [{ role: 'user', content: 'old', ref: 'contents/0' }],
      config: { temperature: 1, topK: 3 },
      contents: [{ role: 'user', parts: ['new'] }],
      generationConfig: { temperature: 0 },
    });
    expect(out.messages).toStrictEqual([{ role: 'user', content: 'new' }]);
    expect(out.config).toStrictEqual({ temperature: 0, topK: 3 });
  });

  it('accepts a string system instruction', () => {
    expect(normalizeHookRequest({ systemInstruction: 'Rules.' }).messages).toStrictEqual([
      { role: 'system', content: 'Rules.' },
    ]);
  });

  it('replaces only the system messages with systemInstruction, and only the others with contents', () => {
    const messages = [
      { role: 'system', content: 'Old rules.', ref: 'system' },
      { role: 'user', content: 'hi', ref: 'contents/0' },
    ];
    expect(normalizeHookRequest({ messages, systemInstruction: 'New rules.' }).messages).toStrictEqual([
      { role: 'system', content: 'New rules.' },
      { role: 'user', content: 'hi', ref: 'contents/0' },
    ]);
    // The older shape has no refs, so the kept system message drops its own: all pair by position.
    expect(normalizeHookRequest({ messages, contents: [{ role: 'user', parts: ['hello'] }] }).messages).toStrictEqual([
      { role: 'system', content: 'Old rules.' },
      { role: 'user', content: 'hello' },
    ]);
  });

  it('keeps stable messages, their name and ref, and coerces odd roles and contents', () => {
    expect(
      normalizeHookRequest({
        messages: [
          { role: 'assistant', content: 'a', name: 'bot', ref: 'messages/0' },
          { role: 'function', content: ['b', { text: 'c' }] },
          { role: 'wizard', content: { any: 1 } },
          { role: 'user' },
          'not a message',
        ],
      }).messages,
    ).toStrictEqual([
      { role: 'model', content: 'a', name: 'bot', ref: 'messages/0' },
      { role: 'tool', content: 'bc' },
      { role: 'user', content: '{"any":1}' },
      { role: 'user', content: '' },
    ]);
  });

  it('flattens a GenAI-like toolConfig and drops invalid fields', () => {
    expect(
      normalizeHookRequest({ toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['a'] } } })
        .toolConfig,
    ).toStrictEqual({ mode: 'ANY', allowedFunctionNames: ['a'] });
    expect(
      normalizeHookRequest({ toolConfig: { mode: 'SOMETIMES', allowedFunctionNames: 'a' } }).toolConfig,
    ).toStrictEqual({});
  });

  it('passes unknown keys through and turns a non-object into an empty request', () => {
    expect(normalizeHookRequest({ extra: 1 })).toStrictEqual({ extra: 1 });
    expect(normalizeHookRequest('nope')).toStrictEqual({});
    expect(normalizeHookRequest(null)).toStrictEqual({});
  });
});

describe('normalizeHookResponse', () => {
  it('unwraps { text } parts, drops other parts and fills text from the first candidate', () => {
    expect(
      normalizeHookResponse({
        candidates: [
          {
            content: { role: 'model', parts: [{ text: 'Hello' }, ' world', { functionCall: {} }] },
            finishReason: 'STOP',
          },
          { content: { role: 'model', parts: ['second'] } },
        ],
      }),
    ).toStrictEqual({
      text: 'Hello world',
      candidates: [
        { content: { role: 'model', parts: ['Hello', ' world'] }, finishReason: 'STOP' },
        { content: { role: 'model', parts: ['second'] } },
      ],
    });
  });

  it('keeps a given text even when it differs from the candidates', () => {
    expect(normalizeHookResponse({ text: 'edited', candidates: [{ content: { parts: ['original'] } }] }).text).toBe(
      'edited',
    );
  });

  it('tolerates candidates without content and drops a non-object usage', () => {
    expect(normalizeHookResponse({ candidates: [{}], usageMetadata: 3 })).toStrictEqual({
      text: '',
      candidates: [{ content: { role: 'model', parts: [] } }],
    });
  });

  it('turns a non-object into an empty response', () => {
    expect(normalizeHookResponse(undefined)).toStrictEqual({});
  });
});

describe('the older shape through the translators', () => {
  const original: GenAIRequest = {
    model: 'gemini-2.5-pro',
    contents: [
      { role: 'user', parts: [{ text: 'Show ' }, { fileData: { fileUri: 'gs://b/f.png' } }] },
      { role: 'model', parts: [{ functionCall: { name: 'read', args: {} } }] },
      { role: 'user', parts: [{ text: 'thanks' }] },
    ],
    config: { systemInstruction: 'Be brief.', temperature: 0.2 },
  };

  it('a hook answering in the contents shape edits messages positionally and keeps non-text parts', () => {
    const hookOutput = {
      ...genaiTranslator.toHookRequest(original),
      contents: [
        { role: 'user', parts: ['Show me'] },
        { role: 'model', parts: [] },
        { role: 'user', parts: [{ text: 'thank you' }] },
      ],
      generationConfig: { temperature: 0.9 },
    };
    const out = genaiTranslator.fromHookRequest(hookOutput, original);
    expect(out.contents).toStrictEqual([
      { role: 'user', parts: [{ text: 'Show me' }, { fileData: { fileUri: 'gs://b/f.png' } }] },
      original.contents[1],
      { role: 'user', parts: [{ text: 'thank you' }] },
    ]);
    // No systemInstruction in the hook's answer: the system instruction stays as it was.
    expect(out.config).toStrictEqual({ systemInstruction: 'Be brief.', temperature: 0.9 });
  });

  it('the contents shape works for other SDKs too', () => {
    const openai: OpenAIRequest = {
      model: 'gpt-4.1',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hi' },
      ],
    };
    const out = openaiTranslator.fromHookRequest(
      { systemInstruction: { parts: [{ text: 'Be brief.' }] }, contents: [{ role: 'user', parts: ['hello'] }] },
      openai,
    );
    expect(out.messages).toStrictEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'hello' },
    ]);
  });
});
