/**
 * A tiny SDK and its translator for the model specs: requests are `{ messages, tools, toolMode }`, responses
 * `{ text }`. Every method counts its calls so specs can prove that no translation happened.
 */
import type { LLMRequest, LLMResponse } from '../../lib/events/index.js';
import {
  normalizeHookRequest,
  normalizeHookResponse,
  type LLMTranslator,
  type ToolSelection,
} from '../../lib/translate/index.js';

export interface FakeRequest {
  messages: Array<{ role: string; content: string }>;
  tools: string[];
  toolMode?: string;
  temperature?: number;
}
export interface FakeResponse {
  text: string;
}

export type CountingTranslator = LLMTranslator<FakeRequest, FakeResponse> & {
  calls: Record<string, number>;
  total(): number;
};

export function fakeTranslator(): CountingTranslator {
  const calls: Record<string, number> = {};
  const count = (name: string) => (calls[name] = (calls[name] ?? 0) + 1);
  return {
    name: 'genai',
    calls,
    total: () => Object.values(calls).reduce((a, b) => a + b, 0),
    toHookRequest(request): LLMRequest {
      count('toHookRequest');
      return {
        model: 'fake',
        messages: request.messages.map((m) => ({
          role: m.role === 'assistant' ? 'model' : 'user',
          content: m.content,
        })),
        config: request.temperature === undefined ? {} : { temperature: request.temperature },
        toolConfig: { mode: (request.toolMode ?? 'AUTO') as 'AUTO', allowedFunctionNames: request.tools },
      };
    },
    fromHookRequest(hookRequest, original) {
      count('fromHookRequest');
      const edited = normalizeHookRequest(hookRequest);
      const temperature = edited.config?.temperature;
      return {
        ...original,
        messages: (edited.messages ?? []).map((m) => ({ role: m.role, content: m.content })),
        ...(typeof temperature === 'number' && { temperature }),
      };
    },
    toHookResponse(response): LLMResponse {
      count('toHookResponse');
      return { text: response.text, candidates: [{ content: { role: 'model', parts: [response.text] } }] };
    },
    fromHookResponse(hookResponse, original) {
      count('fromHookResponse');
      const text = normalizeHookResponse(hookResponse).text ?? '';
      return original !== undefined && original.text === text ? original : { text };
    },
    applyToolConfig(request, selection: ToolSelection) {
      count('applyToolConfig');
      if (selection.mode === 'NONE') return { ...request, tools: [], toolMode: 'NONE' };
      const allowed = new Set(selection.allowedFunctionNames);
      const tools = allowed.size === 0 ? request.tools : request.tools.filter((tool) => allowed.has(tool));
      return { ...request, tools, toolMode: selection.mode };
    },
  };
}

export const userRequest = (text = 'hello'): FakeRequest => ({
  messages: [{ role: 'user', content: text }],
  tools: ['read_file', 'write_file', 'run_shell_command'],
});
