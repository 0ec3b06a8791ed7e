import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { openaiTranslator as t } from '../../lib/translate/openai.js';
import {
  isOpenAIText,
  openaiText,
  type OpenAIContentPart,
  type OpenAIMessage,
  type OpenAIRequest,
  type OpenAIResponse,
} from '../../lib/translate/openaiTypes.js';
import { requestProperties } from './requestProperties.js';
import { responseProperties } from './responseProperties.js';

const text = fc.string({ maxLength: 12 });
const part: fc.Arbitrary<OpenAIContentPart> = fc.oneof(
  { weight: 3, arbitrary: text.map((value) => ({ type: 'text', text: value })) },
  fc.record({ type: fc.constant('image_url'), image_url: fc.record({ url: fc.webUrl() }) }),
  fc.record({
    type: fc.constant('input_audio'),
    input_audio: fc.record({ data: fc.base64String({ maxLength: 8 }), format: fc.constant('wav') }),
  }),
);
const toolCall = fc.record({
  id: fc.stringMatching(/^call_[a-z0-9]{4}$/),
  type: fc.constant('function'),
  function: fc.record({ name: fc.constantFrom('read', 'write'), arguments: fc.constant('{}') }),
});
const message: fc.Arbitrary<OpenAIMessage> = fc.oneof(
  fc.record({ role: fc.constantFrom('system' as const, 'developer' as const), content: text }),
  fc.record(
    {
      role: fc.constant('user' as const),
      content: fc.oneof(text, fc.array(part, { maxLength: 4 })),
      name: fc.constantFrom('ann', 'bob'),
    },
    { requiredKeys: ['role', 'content'] },
  ),
  fc.record(
    {
      role: fc.constant('assistant' as const),
      content: fc.option(text, { nil: null }),
      tool_calls: fc.array(toolCall, { minLength: 1, maxLength: 2 }),
    },
    { requiredKeys: ['role', 'content'] },
  ),
  fc.record({
    role: fc.constant('tool' as const),
    content: text,
    tool_call_id: fc.stringMatching(/^call_[a-z0-9]{4}$/),
  }),
);
const request: fc.Arbitrary<OpenAIRequest> = fc.record(
  {
    model: fc.constantFrom('gpt-4.1', 'o3'),
    messages: fc.array(message, { maxLength: 6 }),
    temperature: fc.double({ min: 0, max: 2, noNaN: true }),
    max_tokens: fc.nat(),
    max_completion_tokens: fc.nat(),
    stop: fc.oneof(text, fc.array(text, { maxLength: 2 }), fc.constant(null)),
    n: fc.integer({ min: 1, max: 3 }),
    seed: fc.integer(),
    tools: fc.constant([{ type: 'function', function: { name: 'read' } }]),
    tool_choice: fc.constantFrom('auto' as const, 'none' as const, 'required' as const),
  },
  { requiredKeys: ['model', 'messages'] },
);

describe('openaiTranslator request properties', () => {
  requestProperties<OpenAIRequest>({
    translator: t,
    arbitrary: request,
    conversation: (r) => r.messages,
    system: () => undefined,
    text: (m) => openaiText((m as OpenAIMessage).content),
    withoutText: (m) => {
      const { content, ...rest } = m as OpenAIMessage;
      return { ...rest, nonText: Array.isArray(content) ? content.filter((p) => !isOpenAIText(p)) : [] };
    },
    created: (role, value) => ({ role: role === 'model' ? 'assistant' : 'user', content: value }),
  });
});

const choice = fc.record(
  {
    index: fc.nat({ max: 3 }),
    message: fc.record(
      {
        role: fc.constant('assistant' as const),
        content: fc.option(text, { nil: null }),
        tool_calls: fc.array(toolCall, { maxLength: 2 }),
        refusal: fc.constant(null),
      },
      { requiredKeys: ['role', 'content'] },
    ),
    finish_reason: fc.constantFrom('stop', 'length', 'tool_calls', 'content_filter', null),
    logprobs: fc.constant(null),
  },
  { requiredKeys: ['index', 'message', 'finish_reason'] },
);
const response: fc.Arbitrary<OpenAIResponse> = fc.record(
  {
    id: fc.constant('chatcmpl-1'),
    object: fc.constant('chat.completion'),
    created: fc.nat(),
    model: fc.constant('gpt-4.1'),
    choices: fc.array(choice, { maxLength: 3 }),
    usage: fc.record({ prompt_tokens: fc.nat(), completion_tokens: fc.nat(), total_tokens: fc.nat() }),
    system_fingerprint: fc.constant('fp_1'),
  },
  { requiredKeys: ['id', 'choices'] },
);

describe('openaiTranslator response properties', () => {
  responseProperties<OpenAIResponse>({
    translator: t,
    arbitrary: response,
    firstText: (r) => r.choices[0]?.message.content ?? '',
    firstWithoutText: (r) => {
      const first = r.choices[0];
      return first === undefined
        ? []
        : [first.message.tool_calls, first.message.refusal].filter((v) => v !== undefined);
    },
    rest: (r) => r.choices.slice(1),
  });
});

const conversation: OpenAIRequest = {
  model: 'gpt-4.1',
  messages: [
    { role: 'developer', content: 'Be brief.' },
    {
      role: 'user',
      name: 'ann',
      content: [
        { type: 'text', text: 'What is ' },
        { type: 'image_url', image_url: { url: 'https://x/cat.png' } },
        { type: 'text', text: 'this?' },
      ],
    },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read', arguments: '{}' } }],
    },
    { role: 'tool', tool_call_id: 'call_1', content: 'secret=42' },
  ],
  max_tokens: 50,
  stop: 'END',
  response_format: { type: 'text' },
  tools: [
    { type: 'function', function: { name: 'read' } },
    { type: 'function', function: { name: 'write' } },
  ],
  tool_choice: { type: 'function', function: { name: 'read' } },
  parallel_tool_calls: false,
};

describe('openaiTranslator.toHookRequest', () => {
  it('maps roles, names, text and config to the stable format', () => {
    expect(t.toHookRequest(conversation)).toStrictEqual({
      model: 'gpt-4.1',
      messages: [
        { role: 'system', content: 'Be brief.', ref: 'messages/0' },
        { role: 'user', content: 'What is this?', name: 'ann', ref: 'messages/1' },
        { role: 'model', content: '', ref: 'messages/2' },
        { role: 'tool', content: 'secret=42', ref: 'messages/3' },
      ],
      config: { maxOutputTokens: 50, stopSequences: ['END'] },
      toolConfig: { mode: 'ANY', allowedFunctionNames: ['read'] },
    });
  });

  it('reads max_completion_tokens first and allowed_tools as a mode plus names', () => {
    const stable = t.toHookRequest({
      model: 'o3',
      messages: [],
      max_tokens: 1,
      max_completion_tokens: 2,
      tool_choice: {
        type: 'allowed_tools',
        allowed_tools: { mode: 'required', tools: [{ type: 'function', function: { name: 'a' } }] },
      },
    });
    expect(stable.config).toStrictEqual({ maxOutputTokens: 2 });
    expect(stable.toolConfig).toStrictEqual({ mode: 'ANY', allowedFunctionNames: ['a'] });
  });
});

describe('openaiTranslator.fromHookRequest', () => {
  const stable = () => t.toHookRequest(conversation);

  it('redacts a tool result and keeps its call id', () => {
    const edited = stable();
    edited.messages = edited.messages?.map((m) => ({ ...m, content: m.content.replace(/secret=\d+/, 'secret=***') }));
    const out = t.fromHookRequest(edited, conversation);
    expect(out.messages[3]).toStrictEqual({ role: 'tool', tool_call_id: 'call_1', content: 'secret=***' });
    expect(out.messages.slice(0, 3)).toStrictEqual(conversation.messages.slice(0, 3));
  });

  it('edits a multi-part user message into its first text part, keeping the image and the name', () => {
    const edited = stable();
    edited.messages = edited.messages?.map((m) => (m.ref === 'messages/1' ? { ...m, content: 'Describe' } : m));
    expect(t.fromHookRequest(edited, conversation).messages[1]).toStrictEqual({
      role: 'user',
      name: 'ann',
      content: [
        { type: 'text', text: 'Describe' },
        { type: 'image_url', image_url: { url: 'https://x/cat.png' } },
      ],
    });
  });

  it('an edited developer message stays developer; a new system message stays where it was put', () => {
    const edited = stable();
    edited.messages = [
      ...(edited.messages ?? []).map((m, i) => (i === 0 ? { ...m, content: 'Be very brief.' } : m)),
      { role: 'system', content: 'Wrap up.' },
    ];
    const out = t.fromHookRequest(edited, conversation);
    expect(out.messages[0]).toStrictEqual({ role: 'developer', content: 'Be very brief.' });
    expect(out.messages[4]).toStrictEqual({ role: 'system', content: 'Wrap up.' });
  });

  it('a new tool message becomes a user message; a new model message an assistant one', () => {
    const edited = stable();
    edited.messages = [
      ...(edited.messages ?? []),
      { role: 'tool', content: 'note' },
      { role: 'model', content: 'ok', name: 'bot' },
    ];
    expect(t.fromHookRequest(edited, conversation).messages.slice(4)).toStrictEqual([
      { role: 'user', content: 'note' },
      { role: 'assistant', content: 'ok', name: 'bot' },
    ]);
  });

  it('changing a role drops the fields the new role cannot carry', () => {
    const edited = stable();
    edited.messages = edited.messages?.map((m) => (m.ref === 'messages/3' ? { ...m, role: 'user' as const } : m));
    expect(t.fromHookRequest(edited, conversation).messages[3]).toStrictEqual({ role: 'user', content: 'secret=42' });
  });

  it('maps config edits, keeping max_tokens and a string stop when the request used them', () => {
    const edited = stable();
    edited.config = { maxOutputTokens: 80, stopSequences: ['DONE'], temperature: 0.1, topK: 5, candidateCount: 2 };
    const out = t.fromHookRequest(edited, conversation);
    expect(out).toMatchObject({
      max_tokens: 80,
      stop: 'DONE',
      temperature: 0.1,
      n: 2,
      response_format: { type: 'text' },
    });
    expect(out).not.toHaveProperty('max_completion_tokens');
    expect(out).not.toHaveProperty('top_k');
  });

  it('writes a new token limit to max_completion_tokens and deletes removed fields', () => {
    const original: OpenAIRequest = { model: 'o3', messages: [], temperature: 1 };
    const out = t.fromHookRequest({ config: { maxOutputTokens: 10 } }, original);
    expect(out).toStrictEqual({ model: 'o3', messages: [], max_completion_tokens: 10 });
  });

  it('applies a changed toolConfig', () => {
    const out = t.fromHookRequest({ ...stable(), toolConfig: { mode: 'NONE' } }, conversation);
    expect(out.tool_choice).toBe('none');
  });
});

describe('openaiTranslator.applyToolConfig', () => {
  it('NONE sets tool_choice none and keeps the tools', () => {
    const out = t.applyToolConfig(conversation, { mode: 'NONE', allowedFunctionNames: [] });
    expect(out.tool_choice).toBe('none');
    expect(out.tools).toBe(conversation.tools);
  });

  it('AUTO with an allow-list filters the tools and chooses auto', () => {
    const out = t.applyToolConfig(conversation, { mode: 'AUTO', allowedFunctionNames: ['write'] });
    expect(out.tools).toStrictEqual([{ type: 'function', function: { name: 'write' } }]);
    expect(out.tool_choice).toBe('auto');
  });

  it('ANY with one allowed name forces that function', () => {
    const out = t.applyToolConfig(conversation, { mode: 'ANY', allowedFunctionNames: ['write'] });
    expect(out.tool_choice).toStrictEqual({ type: 'function', function: { name: 'write' } });
  });

  it('ANY with several or no names requires some tool', () => {
    expect(t.applyToolConfig(conversation, { mode: 'ANY', allowedFunctionNames: ['read', 'write'] }).tool_choice).toBe(
      'required',
    );
    expect(t.applyToolConfig(conversation, { mode: 'ANY', allowedFunctionNames: [] }).tool_choice).toBe('required');
  });

  it('forces a custom tool in its own form', () => {
    const original: OpenAIRequest = {
      model: 'm',
      messages: [],
      tools: [{ type: 'custom', custom: { name: 'grammar' } }],
    };
    expect(t.applyToolConfig(original, { mode: 'ANY', allowedFunctionNames: ['grammar'] }).tool_choice).toStrictEqual({
      type: 'custom',
      custom: { name: 'grammar' },
    });
  });

  it('an allow-list matching no tool means none', () => {
    const out = t.applyToolConfig(conversation, { mode: 'AUTO', allowedFunctionNames: ['missing'] });
    expect(out.tool_choice).toBe('none');
    expect(out.tools).toBe(conversation.tools);
  });

  it('returns a request without tools as is', () => {
    const original: OpenAIRequest = { model: 'm', messages: [] };
    expect(t.applyToolConfig(original, { mode: 'ANY', allowedFunctionNames: ['a'] })).toBe(original);
  });
});

describe('openaiTranslator responses', () => {
  const original: OpenAIResponse = {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model: 'gpt-4.1',
    choices: [
      { index: 0, message: { role: 'assistant', content: 'Call me at 555-1234' }, finish_reason: 'stop' },
      { index: 1, message: { role: 'assistant', content: null, tool_calls: [] }, finish_reason: 'tool_calls' },
    ],
    usage: {
      prompt_tokens: 1,
      completion_tokens: 2,
      total_tokens: 3,
      completion_tokens_details: { reasoning_tokens: 0 },
    },
  };

  it('shows one candidate per choice with mapped finish reasons', () => {
    expect(t.toHookResponse(original)).toStrictEqual({
      text: 'Call me at 555-1234',
      candidates: [
        { content: { role: 'model', parts: ['Call me at 555-1234'] }, finishReason: 'STOP', index: 0 },
        { content: { role: 'model', parts: [] }, finishReason: 'STOP', index: 1 },
      ],
      usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 2, totalTokenCount: 3 },
    });
  });

  it('a redaction of text lands in the first choice; other fields stay', () => {
    const out = t.fromHookResponse({ ...t.toHookResponse(original), text: 'Call me at [phone]' }, original);
    expect(out.choices[0]?.message.content).toBe('Call me at [phone]');
    expect(out.choices[1]).toBe(original.choices[1]);
    expect(out.usage).toBe(original.usage);
  });

  it('maps edited finish reasons and usage back, keeping unchanged tool_calls reasons', () => {
    const edited = t.toHookResponse(original);
    edited.candidates = edited.candidates?.map((c, i) => (i === 0 ? { ...c, finishReason: 'MAX_TOKENS' } : c));
    edited.usageMetadata = { promptTokenCount: 1, candidatesTokenCount: 9, totalTokenCount: 10 };
    const out = t.fromHookResponse(edited, original);
    expect(out.choices.map((c) => c.finish_reason)).toStrictEqual(['length', 'tool_calls']);
    expect(out.usage).toStrictEqual({
      prompt_tokens: 1,
      completion_tokens: 9,
      total_tokens: 10,
      completion_tokens_details: { reasoning_tokens: 0 },
    });
  });

  it('builds a synthetic completion from the stable response alone', () => {
    const out = t.fromHookResponse({ text: 'Blocked.', model: 'gpt-4.1', usageMetadata: { promptTokenCount: 4 } });
    expect(typeof out.created).toBe('number');
    expect({ ...out, created: 0 }).toStrictEqual({
      id: 'chatcmpl-hookstream',
      object: 'chat.completion',
      created: 0,
      model: 'gpt-4.1',
      choices: [
        { index: 0, message: { role: 'assistant', content: 'Blocked.' }, finish_reason: 'stop', logprobs: null },
      ],
      usage: { prompt_tokens: 4, completion_tokens: 0, total_tokens: 4 },
    });
  });
});
