/**
 * The four adapter translators (built with `createTranslator`): an unmodified round trip gives back the very same
 * request and response, a hook's edit lands on its own message and keeps what hooks cannot see, and a synthetic
 * response is a valid one of the framework's shape.
 */
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { aiSdkTranslator, type AiCallOptions, type AiGenerateResult } from '../../lib/adapters/ai-sdk/index.js';
import { langchainTranslator, type LangChainModelRequest } from '../../lib/adapters/langchain/index.js';
import { mcpSamplingTranslator, type SamplingParams } from '../../lib/adapters/mcp/index.js';
import { agentsTranslator } from '../../lib/adapters/openai-agents/index.js';
import type { ModelRequest, ModelResponse } from '@openai/agents';
import type { LLMRequest } from '../../lib/events/index.js';

/** The stable request with the first user message's text replaced and a system message put first. */
const edited = (view: LLMRequest, text: string): LLMRequest => ({
  ...view,
  messages: [
    { role: 'system', content: 'Injected' },
    ...(view.messages ?? []).map((m) => (m.role === 'user' && m.content !== '' ? { ...m, content: text } : m)),
  ],
});

describe('aiSdkTranslator', () => {
  const options: AiCallOptions = {
    prompt: [
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'file', data: { type: 'data', data: 'aGk=' }, mediaType: 'image/png' },
        ],
      },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'bash', input: { command: 'ls' } }],
      },
    ],
    temperature: 0.2,
    toolChoice: { type: 'auto' },
  };
  const result: AiGenerateResult = {
    content: [
      { type: 'text', text: 'key AKIA' },
      { type: 'tool-call', toolCallId: 'c2', toolName: 'bash', input: '{}' },
    ],
    finishReason: { unified: 'tool-calls', raw: undefined },
    usage: {
      inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 2, text: 2, reasoning: undefined },
    },
    warnings: [],
  };

  it('round-trips untouched and edits in place', () => {
    const view = aiSdkTranslator.toHookRequest(options);
    expect(view.config).toEqual({ temperature: 0.2 });
    expect(view.toolConfig).toEqual({ mode: 'AUTO' });
    expect(aiSdkTranslator.fromHookRequest(view, options)).toBe(options);
    const out = aiSdkTranslator.fromHookRequest(edited(view, 'look closer'), options);
    expect(out.prompt[0]).toEqual({ role: 'system', content: 'Injected' });
    expect(out.prompt[2]?.content).toEqual([
      { type: 'text', text: 'look closer' },
      { type: 'file', data: { type: 'data', data: 'aGk=' }, mediaType: 'image/png' },
    ]);
    expect(out.prompt[3]).toBe(options.prompt[2]);
  });

  it('responses keep their tool calls through a text edit; a synthetic one is a complete result', () => {
    const view = aiSdkTranslator.toHookResponse(result);
    expect(view).toMatchObject({ text: 'key AKIA', usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2 } });
    expect(aiSdkTranslator.fromHookResponse(view, result)).toBe(result);
    expect(aiSdkTranslator.fromHookResponse({ text: 'key [x]' }, result).content).toEqual([
      { type: 'text', text: 'key [x]' },
      result.content[1],
    ]);
    expect(aiSdkTranslator.fromHookResponse({ text: 'canned' })).toMatchObject({
      content: [{ type: 'text', text: 'canned' }],
      finishReason: { unified: 'stop' },
      warnings: [],
    });
  });
});

describe('mcpSamplingTranslator', () => {
  const params: SamplingParams = {
    messages: [{ role: 'user', content: { type: 'text', text: 'Summarize' } }],
    systemPrompt: 'Be brief.',
    maxTokens: 100,
  };
  it('round-trips untouched; a new system message joins the systemPrompt; maxTokens cannot be deleted', () => {
    const view = mcpSamplingTranslator.toHookRequest(params);
    expect(view.config).toEqual({ maxOutputTokens: 100 });
    expect(mcpSamplingTranslator.fromHookRequest(view, params)).toBe(params);
    const out = mcpSamplingTranslator.fromHookRequest({ ...edited(view, 'Summarize briefly'), config: {} }, params);
    expect(out).toMatchObject({ systemPrompt: 'Injected\n\nBe brief.', maxTokens: 100 });
    expect(out.messages[0]?.content).toEqual({ type: 'text', text: 'Summarize briefly' });
  });
});

describe('langchainTranslator', () => {
  const request = {
    messages: [
      new HumanMessage('look'),
      new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'bash', args: {} }] }),
      new ToolMessage({ content: 'ok', tool_call_id: 'c1' }),
    ],
    systemMessage: new SystemMessage('Be brief.'),
    systemPrompt: 'Be brief.',
    tools: [],
    modelSettings: { temperature: 0 },
  } as unknown as LangChainModelRequest;

  it('round-trips untouched; an edit keeps the message class and ids; the system slot is systemMessage', () => {
    const view = langchainTranslator.toHookRequest(request);
    expect(view.messages?.map((m) => m.role)).toEqual(['system', 'user', 'model', 'tool']);
    expect(langchainTranslator.fromHookRequest(view, request)).toBe(request);
    const out = langchainTranslator.fromHookRequest(edited(view, 'look closer'), request);
    expect(out.systemMessage.text).toBe('Injected\n\nBe brief.');
    expect(out.messages[0]).toBeInstanceOf(HumanMessage);
    expect(out.messages[0]?.text).toBe('look closer');
    expect(out.messages[1]).toBe(request.messages[1]);
    const answer = new AIMessage({ content: 'key AKIA', tool_calls: [{ id: 'c2', name: 'bash', args: {} }] });
    const redacted = langchainTranslator.fromHookResponse({ text: 'key [x]' }, answer);
    expect([redacted.text, redacted.tool_calls?.[0]?.id]).toEqual(['key [x]', 'c2']);
  });
});

describe('agentsTranslator', () => {
  const request = {
    input: [
      { role: 'user', content: 'clean up' },
      { type: 'function_call', callId: 'c1', name: 'bash', arguments: '{}', status: 'completed' },
      {
        type: 'function_call_result',
        callId: 'c1',
        name: 'bash',
        status: 'completed',
        output: { type: 'text', text: 'ok' },
      },
    ],
    systemInstructions: 'Be brief.',
    modelSettings: { temperature: 0.5 },
    tools: [],
    outputType: 'text',
    handoffs: [],
    tracing: false,
  } as unknown as ModelRequest;

  it('round-trips untouched; a function call result shows as a tool message; a synthetic response has a Usage', () => {
    const view = agentsTranslator.toHookRequest(request);
    expect(view.messages?.map((m) => [m.role, m.content])).toEqual([
      ['system', 'Be brief.'],
      ['user', 'clean up'],
      ['model', ''],
      ['tool', 'ok'],
    ]);
    expect(agentsTranslator.fromHookRequest(view, request)).toBe(request);
    const out = agentsTranslator.fromHookRequest(edited(view, 'clean up gently'), request);
    expect(out.systemInstructions).toBe('Injected\n\nBe brief.');
    expect((out.input as unknown[])[0]).toEqual({ role: 'user', content: 'clean up gently' });
    const synthetic: ModelResponse = agentsTranslator.fromHookResponse({ text: 'canned' });
    expect(synthetic.usage.totalTokens).toBe(0);
    expect(agentsTranslator.toHookResponse(synthetic).text).toBe('canned');
  });
});
