import { describe, expect, it } from 'vitest';
import { callModelWithHooks } from '../../lib/host/modelHooks.js';
import { genaiTranslator, type GenAIRequest, type GenAIResponse } from '../../lib/translate/index.js';
import type { HookInput, HookOutput } from '../../lib/index.js';
import { plainSystem, systemWith } from './hostHarness.js';

const request = (): GenAIRequest => ({
  model: 'gemini-2.5-flash',
  contents: [
    { role: 'user', parts: [{ text: 'show me the config' }] },
    { role: 'model', parts: [{ functionCall: { name: 'read_file', args: { path: '.env' } } }] },
    { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { content: 'TOKEN=sk-123' } } }] },
    { role: 'user', parts: [{ text: 'now summarise it' }] },
  ],
  config: {
    temperature: 0.7,
    tools: [{ functionDeclarations: [{ name: 'read_file' }, { name: 'write_file' }, { name: 'run_shell_command' }] }],
  },
});

const answer = (text: string): GenAIResponse => ({
  candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
  usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 3, totalTokenCount: 13 },
});

const recordingModel = (text: string) => {
  const requests: GenAIRequest[] = [];
  return { requests, call: (req: GenAIRequest) => (requests.push(req), answer(text)) };
};

const specific = (event: string, fields: Record<string, unknown>): HookOutput => ({
  hookSpecificOutput: { hookEventName: event, ...fields },
});

describe('callModelWithHooks with the GenAI translator and command hooks', () => {
  it('restricts the offered function declarations with BeforeToolSelection', async () => {
    const hooks = systemWith('command', {
      BeforeToolSelection: [
        {
          output: specific('BeforeToolSelection', {
            toolConfig: { mode: 'AUTO', allowedFunctionNames: ['read_file'] },
          }),
        },
      ],
    });
    const model = recordingModel('ok');
    await callModelWithHooks(hooks, request(), model.call, { translator: genaiTranslator });
    const sent = model.requests[0];
    expect(sent?.config?.tools).toEqual([{ functionDeclarations: [{ name: 'read_file' }] }]);
    expect(sent?.config?.toolConfig?.functionCallingConfig?.mode).toBe('AUTO');
    expect(sent?.contents).toEqual(request().contents);
  });

  it('sets function calling mode NONE', async () => {
    const hooks = systemWith('command', {
      BeforeToolSelection: [{ output: specific('BeforeToolSelection', { toolConfig: { mode: 'NONE' } }) }],
    });
    const model = recordingModel('ok');
    await callModelWithHooks(hooks, request(), model.call, { translator: genaiTranslator });
    expect(model.requests[0]?.config?.toolConfig?.functionCallingConfig?.mode).toBe('NONE');
  });

  it('redacts a secret from the response with AfterModel', async () => {
    const hooks = systemWith('command', {
      AfterModel: [{ output: specific('AfterModel', { llm_response: { text: 'TOKEN=[REDACTED]' } }) }],
    });
    const outcome = await callModelWithHooks(hooks, request(), recordingModel('TOKEN=sk-123').call, {
      translator: genaiTranslator,
    });
    expect(outcome.response.candidates?.[0]?.content?.parts).toEqual([{ text: 'TOKEN=[REDACTED]' }]);
    expect(outcome.response.usageMetadata).toEqual(answer('').usageMetadata);
  });

  it('returns a synthetic GenAI response when BeforeModel blocks with one', async () => {
    const hooks = systemWith('command', {
      BeforeModel: [
        { output: { decision: 'block', ...specific('BeforeModel', { llm_response: { text: 'canned answer' } }) } },
      ],
    });
    const model = recordingModel('never');
    const outcome = await callModelWithHooks(hooks, request(), model.call, { translator: genaiTranslator });
    expect(model.requests).toEqual([]);
    expect(outcome.response.candidates?.[0]?.content?.parts).toEqual([{ text: 'canned answer' }]);
  });
});

describe('callModelWithHooks with the GenAI translator and function hooks', () => {
  it('lands a text edit on its own message and keeps function call and response parts', async () => {
    const hooks = systemWith('function', {
      BeforeModel: [
        {
          run: (input: HookInput) => {
            if (input.hook_event_name !== 'BeforeModel') return undefined;
            const messages = (input.llm_request.messages ?? []).map((m) =>
              m.content === 'now summarise it' ? { ...m, content: 'now summarise it in one line' } : m,
            );
            return specific('BeforeModel', { llm_request: { messages } });
          },
        },
      ],
    });
    const model = recordingModel('ok');
    await callModelWithHooks(hooks, request(), model.call, { translator: genaiTranslator });
    const expected = request();
    expected.contents[3] = { role: 'user', parts: [{ text: 'now summarise it in one line' }] };
    expect(model.requests[0]).toEqual(expected);
  });

  it('sends the very same request object when no model hook is registered', async () => {
    const hooks = plainSystem();
    const model = recordingModel('ok');
    const original = request();
    const outcome = await callModelWithHooks(hooks, original, model.call, { translator: genaiTranslator });
    expect(model.requests[0]).toBe(original);
    expect(outcome.request).toBe(original);
  });
});
