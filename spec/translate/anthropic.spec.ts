import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { anthropicTranslator as t } from '../../lib/translate/anthropic.js';
import {
  anthropicText,
  isAnthropicText,
  type AnthropicBlock,
  type AnthropicMessage,
  type AnthropicRequest,
  type AnthropicResponse,
} from '../../lib/translate/anthropicTypes.js';
import { requestProperties } from './requestProperties.js';
import { responseProperties } from './responseProperties.js';

const text = fc.string({ maxLength: 12 });
const textBlock = fc.record(
  { type: fc.constant('text'), text, cache_control: fc.constant({ type: 'ephemeral' }) },
  { requiredKeys: ['type', 'text'] },
);
const toolId = fc.stringMatching(/^toolu_[a-z0-9]{4}$/);
const block: fc.Arbitrary<AnthropicBlock> = fc.oneof(
  { weight: 3, arbitrary: textBlock },
  fc.record({
    type: fc.constant('image'),
    source: fc.record({
      type: fc.constant('base64'),
      media_type: fc.constant('image/png'),
      data: fc.base64String({ maxLength: 8 }),
    }),
  }),
  fc.record({
    type: fc.constant('tool_use'),
    id: toolId,
    name: fc.constantFrom('read', 'write'),
    input: fc.dictionary(text, fc.integer()),
  }),
  fc.record({ type: fc.constant('tool_result'), tool_use_id: toolId, content: text }),
  fc.record({ type: fc.constant('thinking'), thinking: text, signature: fc.constant('sig') }),
);
const message: fc.Arbitrary<AnthropicMessage> = fc.record({
  role: fc.constantFrom('user' as const, 'assistant' as const),
  content: fc.oneof(text, fc.array(block, { maxLength: 4 })),
});
const request: fc.Arbitrary<AnthropicRequest> = fc.record(
  {
    model: fc.constantFrom('claude-sonnet-4-5', 'claude-opus-4-1'),
    system: fc.oneof(text, fc.array(textBlock, { maxLength: 3 })),
    messages: fc.array(message, { maxLength: 6 }),
    max_tokens: fc.integer({ min: 1, max: 4096 }),
    temperature: fc.double({ min: 0, max: 1, noNaN: true }),
    top_k: fc.nat(),
    stop_sequences: fc.array(text, { maxLength: 2 }),
    metadata: fc.record({ user_id: fc.constant('u1') }),
    tools: fc.constant([{ name: 'read', input_schema: { type: 'object' } }]),
    tool_choice: fc.constantFrom({ type: 'auto' as const }, { type: 'any' as const, disable_parallel_tool_use: true }),
  },
  { requiredKeys: ['model', 'messages', 'max_tokens'] },
);

const isMessage = (value: unknown): value is AnthropicMessage =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'content' in value;

describe('anthropicTranslator request properties', () => {
  requestProperties<AnthropicRequest>({
    translator: t,
    arbitrary: request,
    conversation: (r) => r.messages,
    system: (r) => r.system,
    // Messages carry `content`; the system slot is the content itself.
    text: (m) => anthropicText(isMessage(m) ? m.content : ((m as AnthropicRequest['system']) ?? '')),
    withoutText: (m) => {
      const { content, ...rest } = m as AnthropicMessage;
      return { ...rest, nonText: typeof content === 'string' ? [] : content.filter((b) => !isAnthropicText(b)) };
    },
    created: (role, value) => ({ role: role === 'model' ? 'assistant' : 'user', content: value }),
  });
});

const response: fc.Arbitrary<AnthropicResponse> = fc.record(
  {
    id: fc.constant('msg_1'),
    type: fc.constant('message' as const),
    role: fc.constant('assistant' as const),
    model: fc.constant('claude-sonnet-4-5'),
    content: fc.array(block, { maxLength: 4 }),
    stop_reason: fc.constantFrom('end_turn', 'tool_use', 'max_tokens', 'refusal', 'pause_turn', null),
    stop_sequence: fc.constant(null),
    usage: fc.record(
      { input_tokens: fc.nat(), output_tokens: fc.nat(), cache_read_input_tokens: fc.nat() },
      { requiredKeys: ['input_tokens', 'output_tokens'] },
    ),
  },
  { requiredKeys: ['id', 'type', 'role', 'content', 'stop_reason', 'usage'] },
);

describe('anthropicTranslator response properties', () => {
  responseProperties<AnthropicResponse>({
    translator: t,
    arbitrary: response,
    firstText: (r) => anthropicText(r.content),
    firstWithoutText: (r) => r.content.filter((b) => !isAnthropicText(b)),
    rest: () => [],
  });
});

const conversation: AnthropicRequest = {
  model: 'claude-sonnet-4-5',
  system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
  messages: [
    { role: 'user', content: 'List files' },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Listing.' },
        { type: 'tool_use', id: 'toolu_1', name: 'ls', input: {} },
      ],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'a.txt' }] },
  ],
  max_tokens: 1024,
  top_k: 40,
  tools: [
    { name: 'ls', input_schema: { type: 'object' } },
    { name: 'cat', input_schema: { type: 'object' } },
  ],
  tool_choice: { type: 'auto', disable_parallel_tool_use: true },
};

describe('anthropicTranslator.toHookRequest', () => {
  it('shows system first, roles as user/model, and the mapped config', () => {
    expect(t.toHookRequest(conversation)).toStrictEqual({
      model: 'claude-sonnet-4-5',
      messages: [
        { role: 'system', content: 'Be brief.', ref: 'system' },
        { role: 'user', content: 'List files', ref: 'messages/0' },
        { role: 'model', content: 'Listing.', ref: 'messages/1' },
        { role: 'user', content: '', ref: 'messages/2' },
      ],
      config: { maxOutputTokens: 1024, topK: 40 },
      toolConfig: { mode: 'AUTO' },
    });
  });
});

describe('anthropicTranslator.fromHookRequest', () => {
  const stable = () => t.toHookRequest(conversation);

  it('an edited system text keeps its cache_control; a new system message is appended as a block', () => {
    const edited = stable();
    edited.messages = [
      ...(edited.messages ?? []).map((m) => (m.ref === 'system' ? { ...m, content: 'Be terse.' } : m)),
      { role: 'system', content: 'No emoji.' },
    ];
    expect(t.fromHookRequest(edited, conversation).system).toStrictEqual([
      { type: 'text', text: 'Be terse.', cache_control: { type: 'ephemeral' } },
      { type: 'text', text: 'No emoji.' },
    ]);
  });

  it('clearing the text of a message with a tool call keeps only the tool call', () => {
    const edited = stable();
    edited.messages = edited.messages?.map((m) => (m.ref === 'messages/1' ? { ...m, content: '' } : m));
    expect(t.fromHookRequest(edited, conversation).messages[1]).toStrictEqual({
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'ls', input: {} }],
    });
  });

  it('a hook that prepends context as a user message gets a new string message', () => {
    const edited = stable();
    edited.messages = [{ role: 'user', content: 'Context: repo is small.' }, ...(edited.messages ?? [])];
    const out = t.fromHookRequest(edited, conversation);
    expect(out.messages).toStrictEqual([
      { role: 'user', content: 'Context: repo is small.' },
      ...conversation.messages,
    ]);
    expect(out.system).toBe(conversation.system);
  });

  it('removing every system message removes system', () => {
    const edited = stable();
    edited.messages = edited.messages?.filter((m) => m.role !== 'system');
    expect(t.fromHookRequest(edited, conversation)).not.toHaveProperty('system');
  });

  it('maps config edits; max_tokens is required and survives deletion; unsupported fields are ignored', () => {
    const out = t.fromHookRequest({ config: { temperature: 0.3, topP: 0.8, presencePenalty: 1 } }, conversation);
    expect(out).toMatchObject({ max_tokens: 1024, temperature: 0.3, top_p: 0.8 });
    expect(out).not.toHaveProperty('top_k');
    expect(out).not.toHaveProperty('presence_penalty');
  });
});

describe('anthropicTranslator.applyToolConfig', () => {
  it('NONE sets tool_choice none and keeps the tools', () => {
    const out = t.applyToolConfig(conversation, { mode: 'NONE', allowedFunctionNames: ['ls'] });
    expect(out.tool_choice).toStrictEqual({ type: 'none' });
    expect(out.tools).toBe(conversation.tools);
  });

  it('ANY with one allowed name forces that tool and keeps disable_parallel_tool_use', () => {
    const out = t.applyToolConfig(conversation, { mode: 'ANY', allowedFunctionNames: ['cat'] });
    expect(out.tool_choice).toStrictEqual({ type: 'tool', name: 'cat', disable_parallel_tool_use: true });
    expect(out.tools).toStrictEqual([{ name: 'cat', input_schema: { type: 'object' } }]);
  });

  it('ANY with several names is any over the filtered tools; AUTO is auto', () => {
    expect(
      t.applyToolConfig(conversation, { mode: 'ANY', allowedFunctionNames: ['ls', 'cat'] }).tool_choice,
    ).toStrictEqual({
      type: 'any',
      disable_parallel_tool_use: true,
    });
    const auto = t.applyToolConfig(conversation, { mode: 'AUTO', allowedFunctionNames: ['ls'] });
    expect(auto.tool_choice).toStrictEqual({ type: 'auto', disable_parallel_tool_use: true });
    expect(auto.tools?.map((tool) => tool.name)).toStrictEqual(['ls']);
  });

  it('returns a request without tools as is', () => {
    const original: AnthropicRequest = { model: 'm', messages: [], max_tokens: 1 };
    expect(t.applyToolConfig(original, { mode: 'NONE', allowedFunctionNames: [] })).toBe(original);
  });
});

describe('anthropicTranslator responses', () => {
  const original: AnthropicResponse = {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content: [
      { type: 'thinking', thinking: 'hmm', signature: 's' },
      { type: 'text', text: 'Key: sk-123' },
      { type: 'tool_use', id: 'toolu_1', name: 'ls', input: {} },
    ],
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 2 },
  };

  it('shows one candidate with its text blocks and the token counts with their sum', () => {
    expect(t.toHookResponse(original)).toStrictEqual({
      text: 'Key: sk-123',
      candidates: [{ content: { role: 'model', parts: ['Key: sk-123'] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    });
  });

  it('a redaction of text keeps thinking and tool_use blocks in place', () => {
    const out = t.fromHookResponse({ ...t.toHookResponse(original), text: 'Key: [redacted]' }, original);
    expect(out.content).toStrictEqual([
      { type: 'thinking', thinking: 'hmm', signature: 's' },
      { type: 'text', text: 'Key: [redacted]' },
      { type: 'tool_use', id: 'toolu_1', name: 'ls', input: {} },
    ]);
    expect(out.stop_reason).toBe('tool_use');
  });

  it('maps an edited finish reason and output token count', () => {
    const edited = t.toHookResponse(original);
    edited.candidates = [{ ...edited.candidates?.[0], finishReason: 'MAX_TOKENS' }];
    edited.usageMetadata = { promptTokenCount: 10, candidatesTokenCount: 7, totalTokenCount: 99 };
    const out = t.fromHookResponse(edited, original);
    expect(out.stop_reason).toBe('max_tokens');
    expect(out.usage).toStrictEqual({ input_tokens: 10, output_tokens: 7, cache_read_input_tokens: 2 });
  });

  it('builds a synthetic message from the stable response alone', () => {
    expect(t.fromHookResponse({ text: 'Blocked.' })).toStrictEqual({
      id: 'msg_hookstream',
      type: 'message',
      role: 'assistant',
      model: '',
      content: [{ type: 'text', text: 'Blocked.' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 0, output_tokens: 0 },
    });
  });
});
