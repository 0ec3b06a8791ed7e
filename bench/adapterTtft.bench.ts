/**
 * Time to first token through each streaming adapter with an AfterModel hook, against the same framework's own
 * stream with no hookstream at all, interleaved. Every model streams the same answer one character every
 * `EVERY_MS` (LangChain's `FakeListChatModel` pace, which LangChain runs here; the AI SDK's mock model and a
 * scripted Agents SDK `Model` are given the same). The hook is the in-process AWS-key redaction that declares the
 * tail it still needs (`holdBack`), as a streaming hook should. A sample ends at the first text the consumer gets.
 */
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { Agent, run, setTracingDisabled, type Model, type StreamEvent } from '@openai/agents';
import { simulateReadableStream, streamText, wrapLanguageModel } from 'ai';
import * as aiTest from 'ai/test';
import { createAgent } from 'langchain';
import { createHookSystem } from '../dist/lib/index.js';
import { hookMiddleware as aiSdkMiddleware } from '../dist/lib/adapters/ai-sdk/index.js';
import { hookMiddleware as langchainMiddleware } from '../dist/lib/adapters/langchain/index.js';
import { hookModel } from '../dist/lib/adapters/openai-agents/index.js';
import { interleave, round3, scaled } from './measure.js';

const EVERY_MS = 10;
const ANSWER = 'The deploy finished without errors today, nothing to rotate.';

const KEY = /AKIA[0-9A-Z]{16}/g;
const PARTIAL_KEY = /(?:AKIA[0-9A-Z]{0,15}|AKI|AK|A)$/;
const hooks = createHookSystem();
hooks.register('AfterModel', {
  type: 'function',
  name: 'redact-keys-streaming',
  run: (input) => {
    const text = input.llm_response.text ?? '';
    const redacted = text.replaceAll(KEY, '[REDACTED]');
    return {
      hookSpecificOutput: {
        holdBack: PARTIAL_KEY.exec(redacted)?.[0].length ?? 0,
        ...(redacted !== text && { llm_response: { text: redacted } }),
      },
    };
  },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `consume` until it reports the first text, then aborts the rest of the turn. */
async function firstText(consume: (signal: AbortSignal) => AsyncIterable<string>): Promise<void> {
  const controller = new AbortController();
  try {
    for await (const text of consume(controller.signal)) if (text !== '') break;
  } finally {
    controller.abort();
  }
}

// LangChain: createAgent over LangChain's own streaming test model.
const langchainAgent = (hooked: boolean) =>
  createAgent({
    model: new FakeListChatModel({ responses: [ANSWER], sleep: EVERY_MS }),
    tools: [],
    ...(hooked && { middleware: [langchainMiddleware(hooks)] }),
  });
const langchainTurn = (agent: ReturnType<typeof createAgent>) => () =>
  firstText(async function* (signal) {
    const input = { messages: [{ role: 'user', content: 'status?' }] };
    for await (const [message] of await agent.stream(input, { streamMode: 'messages', signal })) yield message.text;
  });

// AI SDK: streamText over the SDK's own mock model, its stream simulated at the same pace.
const MockLanguageModel = ((aiTest as Record<string, unknown>).MockLanguageModelV4 ??
  aiTest.MockLanguageModelV3) as typeof aiTest.MockLanguageModelV4;
const aiModel = () =>
  new MockLanguageModel({
    doStream: () =>
      Promise.resolve({
        stream: simulateReadableStream({
          initialDelayInMs: EVERY_MS,
          chunkDelayInMs: EVERY_MS,
          chunks: [
            { type: 'text-start', id: 't' },
            ...[...ANSWER].map((delta) => ({ type: 'text-delta', id: 't', delta })),
            { type: 'text-end', id: 't' },
            {
              type: 'finish',
              finishReason: { unified: 'stop', raw: 'stop' },
              usage: {
                inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
                outputTokens: { total: 1, text: 1, reasoning: 0 },
              },
            },
          ],
        }),
      }),
  } as ConstructorParameters<typeof MockLanguageModel>[0]);
const aiTurn = (hooked: boolean) => () =>
  firstText((abortSignal) => {
    const base = aiModel();
    const model = hooked ? wrapLanguageModel({ model: base, middleware: aiSdkMiddleware(hooks) }) : base;
    return streamText({ model, prompt: 'status?', abortSignal }).textStream;
  });

// OpenAI Agents SDK: a scripted Model (the SDK's own interface) at the same pace.
setTracingDisabled(true);
const agentsModel: Model = {
  getResponse: () => Promise.reject(new Error('the bench streams')),
  getStreamedResponse: async function* (request): AsyncIterable<StreamEvent> {
    yield { type: 'response_started' };
    for (const delta of ANSWER) {
      await sleep(EVERY_MS);
      if (request.signal?.aborted === true) return;
      yield { type: 'output_text_delta', delta };
    }
    const output = [
      { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: ANSWER }] },
    ];
    const usage = { requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 };
    yield { type: 'response_done', response: { id: 'r', usage, output } } as StreamEvent;
  },
};
const agentsTurn = (agent: Agent) => () =>
  firstText(async function* (signal) {
    const streamed = await run(agent, 'status?', { stream: true, signal });
    yield* streamed.toTextStream() as AsyncIterable<string>;
  });

export interface AdapterTtftFigures {
  description: string;
  firstTokenMs: Record<
    'langchainRaw' | 'langchainHooked' | 'aiSdkRaw' | 'aiSdkHooked' | 'agentsRaw' | 'agentsHooked',
    number
  >;
  vsRaw: { langchain: number; aiSdk: number; agents: number };
}

export async function benchAdapterTtft(): Promise<AdapterTtftFigures> {
  const ms = await interleave(
    {
      langchainRaw: langchainTurn(langchainAgent(false)),
      langchainHooked: langchainTurn(langchainAgent(true)),
      aiSdkRaw: aiTurn(false),
      aiSdkHooked: aiTurn(true),
      agentsRaw: agentsTurn(new Agent({ name: 'raw', model: agentsModel })),
      agentsHooked: agentsTurn(new Agent({ name: 'hooked', model: hookModel(hooks, agentsModel) })),
    },
    { rounds: scaled(20, 3), batch: 1 },
  );
  await hooks.dispose();
  const at = (name: keyof AdapterTtftFigures['firstTokenMs']): number => round3(ms[name] ?? NaN);
  const firstTokenMs = {
    langchainRaw: at('langchainRaw'),
    langchainHooked: at('langchainHooked'),
    aiSdkRaw: at('aiSdkRaw'),
    aiSdkHooked: at('aiSdkHooked'),
    agentsRaw: at('agentsRaw'),
    agentsHooked: at('agentsHooked'),
  };
  return {
    description:
      `median of interleaved rounds: ms from the call to the first streamed text, a model streaming one ` +
      `character every ${String(EVERY_MS)} ms, an in-process redaction hook declaring its tail (hooked) or no ` +
      `hookstream at all (raw)`,
    firstTokenMs,
    vsRaw: {
      langchain: round3(firstTokenMs.langchainHooked / firstTokenMs.langchainRaw),
      aiSdk: round3(firstTokenMs.aiSdkHooked / firstTokenMs.aiSdkRaw),
      agents: round3(firstTokenMs.agentsHooked / firstTokenMs.agentsRaw),
    },
  };
}
