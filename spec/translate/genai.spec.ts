import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { genaiTranslator as t } from '../../lib/translate/genai.js';
import {
  isGenAIText,
  type GenAIContent,
  type GenAIPart,
  type GenAIRequest,
  type GenAIResponse,
} from '../../lib/translate/genaiTypes.js';
import { requestProperties } from './requestProperties.js';
import { responseProperties } from './responseProperties.js';

const text = fc.string({ maxLength: 12 });
const part: fc.Arbitrary<GenAIPart> = fc.oneof(
  { weight: 3, arbitrary: text.map((value) => ({ text: value })) },
  fc.record({ text, thought: fc.constant(true) }),
  fc.record({ inlineData: fc.record({ mimeType: fc.constant('image/png'), data: fc.base64String({ maxLength: 8 }) }) }),
  fc.record({ fileData: fc.record({ fileUri: fc.webUrl() }) }),
  fc.record({
    functionCall: fc.record({ name: fc.constantFrom('read', 'write'), args: fc.dictionary(text, fc.integer()) }),
  }),
  fc.record({
    functionResponse: fc.record({ name: fc.constantFrom('read', 'write'), response: fc.record({ ok: fc.boolean() }) }),
  }),
);
const parts = fc.array(part, { maxLength: 4 });
const content: fc.Arbitrary<GenAIContent> = fc.record({ role: fc.constantFrom('user', 'model'), parts });

const request: fc.Arbitrary<GenAIRequest> = fc.record(
  {
    model: fc.constantFrom('gemini-2.5-pro', 'gemini-2.5-flash'),
    contents: fc.array(content, { maxLength: 6 }),
    config: fc.record(
      {
        temperature: fc.double({ min: 0, max: 2, noNaN: true }),
        maxOutputTokens: fc.nat(),
        topK: fc.nat(),
        stopSequences: fc.array(text, { maxLength: 2 }),
        seed: fc.integer(),
        systemInstruction: fc.oneof(text, fc.record({ role: fc.constant('system'), parts }), parts),
        tools: fc.constant([{ functionDeclarations: [{ name: 'read' }, { name: 'write' }] }]),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ['model', 'contents'] },
);

const textOfParts = (value: GenAIPart[] | undefined) =>
  (value ?? [])
    .filter(isGenAIText)
    .map((p) => p.text)
    .join('');
const systemText = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return textOfParts(value as GenAIPart[]);
  return textOfParts((value as GenAIContent).parts);
};

describe('genaiTranslator request properties', () => {
  requestProperties<GenAIRequest>({
    translator: t,
    arbitrary: request,
    conversation: (r) => r.contents,
    system: (r) => r.config?.systemInstruction,
    text: systemText,
    withoutText: (m) => {
      const c = m as GenAIContent;
      return { role: c.role, parts: (c.parts ?? []).filter((p) => !isGenAIText(p)) };
    },
    created: (role, value) => ({ role, parts: [{ text: value }] }),
  });
});

const candidate = fc.record(
  {
    content: fc.record({ role: fc.constant('model'), parts }),
    finishReason: fc.constantFrom('STOP', 'MAX_TOKENS', 'SAFETY'),
    index: fc.nat({ max: 3 }),
    safetyRatings: fc.array(
      fc.record({
        category: fc.constant('HARM_CATEGORY_HARASSMENT'),
        probability: fc.constant('LOW'),
        blocked: fc.boolean(),
      }),
      { maxLength: 2 },
    ),
    citationMetadata: fc.constant({ citations: [] }),
  },
  { requiredKeys: ['content'] },
);
const response: fc.Arbitrary<GenAIResponse> = fc.record(
  {
    candidates: fc.array(candidate, { maxLength: 3 }),
    usageMetadata: fc.record({
      promptTokenCount: fc.nat(),
      candidatesTokenCount: fc.nat(),
      totalTokenCount: fc.nat(),
      thoughtsTokenCount: fc.nat(),
    }),
    modelVersion: fc.constant('gemini-2.5-pro-001'),
  },
  { requiredKeys: [] },
);

describe('genaiTranslator response properties', () => {
  responseProperties<GenAIResponse>({
    translator: t,
    arbitrary: response,
    firstText: (r) => textOfParts(r.candidates?.[0]?.content?.parts),
    firstWithoutText: (r) => (r.candidates?.[0]?.content?.parts ?? []).filter((p) => !isGenAIText(p)),
    rest: (r) => (r.candidates ?? []).slice(1),
  });
});

const conversation: GenAIRequest = {
  model: 'gemini-2.5-pro',
  contents: [
    {
      role: 'user',
      parts: [
        { text: 'What is in ' },
        { inlineData: { mimeType: 'image/png', data: 'AAAA' } },
        { text: 'this picture?' },
      ],
    },
    { role: 'model', parts: [{ functionCall: { name: 'read', args: { path: 'a' } } }] },
    { role: 'user', parts: [{ functionResponse: { name: 'read', response: { ok: true } } }] },
    { role: 'model', parts: [{ text: 'thinking', thought: true }, { text: 'A cat.' }] },
  ],
  config: {
    temperature: 0.2,
    maxOutputTokens: 100,
    responseMimeType: 'text/plain',
    systemInstruction: { role: 'system', parts: [{ text: 'Be brief.' }] },
    tools: [{ functionDeclarations: [{ name: 'read' }, { name: 'write' }, { name: 'list' }] }, { googleSearch: {} }],
    toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
  },
};

describe('genaiTranslator.toHookRequest', () => {
  it('shows the system instruction first and one message per content, text only, with refs', () => {
    expect(t.toHookRequest(conversation)).toStrictEqual({
      model: 'gemini-2.5-pro',
      messages: [
        { role: 'system', content: 'Be brief.', ref: 'system' },
        { role: 'user', content: 'What is in this picture?', ref: 'contents/0' },
        { role: 'model', content: '', ref: 'contents/1' },
        { role: 'user', content: '', ref: 'contents/2' },
        { role: 'model', content: 'A cat.', ref: 'contents/3' },
      ],
      config: { temperature: 0.2, maxOutputTokens: 100 },
      toolConfig: { mode: 'AUTO' },
    });
  });
});

describe('genaiTranslator.fromHookRequest', () => {
  const stable = () => t.toHookRequest(conversation);

  it('collapses several text parts into the first one when a message text is edited', () => {
    const edited = stable();
    edited.messages = edited.messages?.map((m) => (m.ref === 'contents/0' ? { ...m, content: 'Describe' } : m));
    expect(t.fromHookRequest(edited, conversation).contents[0]).toStrictEqual({
      role: 'user',
      parts: [{ text: 'Describe' }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }],
    });
  });

  it('adds a text part before the other parts when a non-text message gets text', () => {
    const edited = stable();
    edited.messages = edited.messages?.map((m) => (m.ref === 'contents/1' ? { ...m, content: 'Reading.' } : m));
    expect(t.fromHookRequest(edited, conversation).contents[1]?.parts).toStrictEqual([
      { text: 'Reading.' },
      { functionCall: { name: 'read', args: { path: 'a' } } },
    ]);
  });

  it('keeps thought parts out of the text and in place', () => {
    const edited = stable();
    edited.messages = edited.messages?.map((m) => (m.ref === 'contents/3' ? { ...m, content: 'A dog.' } : m));
    expect(t.fromHookRequest(edited, conversation).contents[3]?.parts).toStrictEqual([
      { text: 'thinking', thought: true },
      { text: 'A dog.' },
    ]);
  });

  it('gathers system messages a hook adds into the system instruction, in order', () => {
    const edited = stable();
    edited.messages = [...(edited.messages ?? []), { role: 'system', content: 'Answer in French.' }];
    const out = t.fromHookRequest(edited, conversation);
    expect(out.config?.systemInstruction).toStrictEqual({
      role: 'system',
      parts: [{ text: 'Be brief.' }, { text: 'Answer in French.' }],
    });
    expect(out.contents).toBe(conversation.contents);
  });

  it('keeps a string system instruction a string', () => {
    const original: GenAIRequest = { model: 'm', contents: [], config: { systemInstruction: 'One.' } };
    const edited = t.toHookRequest(original);
    edited.messages = [{ role: 'system', content: 'Zero.' }, ...(edited.messages ?? [])];
    expect(t.fromHookRequest(edited, original).config?.systemInstruction).toBe('Zero.\n\nOne.');
  });

  it('creates a system instruction when a hook adds the first system message', () => {
    const original: GenAIRequest = { model: 'm', contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
    const edited = t.toHookRequest(original);
    edited.messages = [{ role: 'system', content: 'Be kind.' }, ...(edited.messages ?? [])];
    expect(t.fromHookRequest(edited, original)).toStrictEqual({
      ...original,
      config: { systemInstruction: 'Be kind.' },
    });
  });

  it('maps config edits onto the config and removes deleted fields, ignoring values of the wrong type', () => {
    const edited = stable();
    edited.config = { temperature: 1, topP: 0.9, stopSequences: 'not a list' };
    const config = t.fromHookRequest(edited, conversation).config;
    expect(config).toMatchObject({ temperature: 1, topP: 0.9, responseMimeType: 'text/plain' });
    expect(config).not.toHaveProperty('maxOutputTokens');
    expect(config).not.toHaveProperty('stopSequences');
  });

  it('applies the model and a changed toolConfig', () => {
    const edited = { ...stable(), model: 'gemini-2.5-flash', toolConfig: { mode: 'NONE' as const } };
    const out = t.fromHookRequest(edited, conversation);
    expect(out.model).toBe('gemini-2.5-flash');
    expect(out.config?.toolConfig).toStrictEqual({ functionCallingConfig: { mode: 'NONE' } });
  });

  it('leaves the request untouched when the hook sends only unrelated keys', () => {
    expect(t.fromHookRequest({ note: 'hello' }, conversation)).toBe(conversation);
  });
});

describe('genaiTranslator.applyToolConfig', () => {
  it('NONE sets mode NONE and keeps the declarations', () => {
    const out = t.applyToolConfig(conversation, { mode: 'NONE', allowedFunctionNames: [] });
    expect(out.config?.toolConfig).toStrictEqual({ functionCallingConfig: { mode: 'NONE' } });
    expect(out.config?.tools).toBe(conversation.config?.tools);
  });

  it('an allow-list keeps only those declarations and non-function tools', () => {
    const out = t.applyToolConfig(conversation, { mode: 'AUTO', allowedFunctionNames: ['list', 'read', 'missing'] });
    expect(out.config?.tools).toStrictEqual([
      { functionDeclarations: [{ name: 'read' }, { name: 'list' }] },
      { googleSearch: {} },
    ]);
    expect(out.config?.toolConfig).toStrictEqual({ functionCallingConfig: { mode: 'AUTO' } });
  });

  it('ANY with an allow-list also sets allowedFunctionNames', () => {
    const out = t.applyToolConfig(conversation, { mode: 'ANY', allowedFunctionNames: ['write'] });
    expect(out.config?.toolConfig).toStrictEqual({
      functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['write'] },
    });
    expect(out.config?.tools).toStrictEqual([{ functionDeclarations: [{ name: 'write' }] }, { googleSearch: {} }]);
  });

  it('ANY without names requires a call from any tool', () => {
    const out = t.applyToolConfig(conversation, { mode: 'ANY', allowedFunctionNames: [] });
    expect(out.config?.toolConfig).toStrictEqual({ functionCallingConfig: { mode: 'ANY' } });
    expect(out.config?.tools).toBe(conversation.config?.tools);
  });

  it('an allow-list matching no declared function means NONE', () => {
    const out = t.applyToolConfig(conversation, { mode: 'ANY', allowedFunctionNames: ['missing'] });
    expect(out.config?.toolConfig).toStrictEqual({ functionCallingConfig: { mode: 'NONE' } });
  });

  it('drops a tool entry left without declarations', () => {
    const original: GenAIRequest = {
      model: 'm',
      contents: [],
      config: { tools: [{ functionDeclarations: [{ name: 'a' }] }, { functionDeclarations: [{ name: 'b' }] }] },
    };
    expect(t.applyToolConfig(original, { mode: 'AUTO', allowedFunctionNames: ['b'] }).config?.tools).toStrictEqual([
      { functionDeclarations: [{ name: 'b' }] },
    ]);
  });

  it('returns a request without function declarations as is', () => {
    const original: GenAIRequest = { model: 'm', contents: [] };
    expect(t.applyToolConfig(original, { mode: 'NONE', allowedFunctionNames: [] })).toBe(original);
  });

  it('does not mutate the request', () => {
    const snapshot = structuredClone(conversation);
    t.applyToolConfig(conversation, { mode: 'ANY', allowedFunctionNames: ['read'] });
    expect(conversation).toStrictEqual(snapshot);
  });
});

describe('genaiTranslator responses', () => {
  const original: GenAIResponse = {
    candidates: [
      {
        content: {
          role: 'model',
          parts: [{ text: 'My SSN is ' }, { text: '123' }, { functionCall: { name: 'read', args: {} } }],
        },
        finishReason: 'STOP',
        index: 0,
        safetyRatings: [{ category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE', blocked: false }],
      },
    ],
    usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 4, totalTokenCount: 7, thoughtsTokenCount: 1 },
    modelVersion: 'v1',
  };

  it('shows the text, text-only candidates, simplified safety ratings and three token counts', () => {
    expect(t.toHookResponse(original)).toStrictEqual({
      text: 'My SSN is 123',
      candidates: [
        {
          content: { role: 'model', parts: ['My SSN is ', '123'] },
          finishReason: 'STOP',
          index: 0,
          safetyRatings: [{ category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' }],
        },
      ],
      usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 4, totalTokenCount: 7 },
    });
  });

  it('a text-only redaction replaces the text parts and keeps the function call', () => {
    const edited = { ...t.toHookResponse(original), text: 'My SSN is [redacted]' };
    const out = t.fromHookResponse(edited, original);
    expect(out.candidates?.[0]?.content?.parts).toStrictEqual([
      { text: 'My SSN is [redacted]' },
      { functionCall: { name: 'read', args: {} } },
    ]);
    expect(out.modelVersion).toBe('v1');
  });

  it('a part edit of the same count edits the parts in place', () => {
    const edited = t.toHookResponse(original);
    edited.candidates = [{ ...edited.candidates?.[0], content: { role: 'model', parts: ['My SSN is ', '***'] } }];
    expect(t.fromHookResponse(edited, original).candidates?.[0]?.content?.parts).toStrictEqual([
      { text: 'My SSN is ' },
      { text: '***' },
      { functionCall: { name: 'read', args: {} } },
    ]);
  });

  it('a partial response with only text is a redaction of the original', () => {
    const out = t.fromHookResponse({ text: 'nothing here' }, original);
    expect(textOfParts(out.candidates?.[0]?.content?.parts)).toBe('nothing here');
    expect(out.usageMetadata).toBe(original.usageMetadata);
  });

  it('edits of finish reason, safety ratings and usage land', () => {
    const edited = t.toHookResponse(original);
    edited.candidates = [{ ...edited.candidates?.[0], finishReason: 'SAFETY', safetyRatings: [] }];
    edited.usageMetadata = { promptTokenCount: 3, candidatesTokenCount: 0, totalTokenCount: 3 };
    const out = t.fromHookResponse(edited, original);
    expect(out.candidates?.[0]).toMatchObject({ finishReason: 'SAFETY', safetyRatings: [] });
    expect(out.usageMetadata).toStrictEqual({
      promptTokenCount: 3,
      candidatesTokenCount: 0,
      totalTokenCount: 3,
      thoughtsTokenCount: 1,
    });
  });

  it('builds a synthetic response from the stable one alone', () => {
    expect(t.fromHookResponse({ text: 'Blocked by policy.' })).toStrictEqual({
      candidates: [
        { content: { role: 'model', parts: [{ text: 'Blocked by policy.' }] }, finishReason: 'STOP', index: 0 },
      ],
    });
  });
});
