/**
 * The MCP sampling translator (`sampling/createMessage` params and result ⇄ the stable format), built with
 * `createTranslator`. Hooks see `systemPrompt` as the first, system message, and the text blocks of each
 * message (images, audio, tool use and results stay attached and hidden). Config: maxOutputTokens ↔ maxTokens
 * (required: a hook cannot delete it), temperature, stopSequences. A result's text is its text blocks; stop
 * reasons read endTurn/stopSequence/toolUse → STOP, maxTokens → MAX_TOKENS.
 */
import type {
  CreateMessageRequest,
  CreateMessageResult,
  CreateMessageResultWithTools,
  SamplingMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { createTranslator, type StableMessage } from '../../translate/index.js';

export type SamplingParams = CreateMessageRequest['params'];
/** A sampling answer as the SDK accepts it: text, or tool calls (`tool_use` blocks) when sampling with tools. */
export type SamplingResult = CreateMessageResult | CreateMessageResultWithTools;
type Block = { type: string; text?: unknown };

// An answer without content (a handler's malformed result, which the SDK rejects afterwards) has no text.
const blocks = (content: SamplingMessage['content'] | SamplingResult['content'] | undefined): Block[] =>
  Array.isArray(content) ? content : content === undefined || content === null ? [] : [content];
const isText = (block: Block): block is { type: 'text'; text: string } =>
  block.type === 'text' && typeof block.text === 'string';
const textOf = (content: SamplingMessage['content'] | SamplingResult['content']): string =>
  blocks(content)
    .filter(isText)
    .map((block) => block.text)
    .join('');

/** `content` with `text` in its text blocks' place (a single block stays single when it was the text). */
function withText<C extends SamplingMessage['content'] | SamplingResult['content']>(content: C, text: string): C {
  if (!Array.isArray(content)) {
    const block = content as Block;
    if (isText(block)) return { ...block, text } as C;
    return (text === '' ? content : [{ type: 'text', text }, block]) as C;
  }
  const list = content as Block[];
  const first = list.findIndex(isText);
  const kept = list.filter((block) => !isText(block));
  kept.splice(first === -1 ? 0 : first, 0, { type: 'text', text });
  return kept as unknown as C;
}

const role = (message: StableMessage): SamplingMessage['role'] => (message.role === 'model' ? 'assistant' : 'user');

const STOP_REASONS: Record<string, string> = {
  endTurn: 'STOP',
  stopSequence: 'STOP',
  toolUse: 'STOP',
  maxTokens: 'MAX_TOKENS',
};

export const mcpSamplingTranslator = createTranslator<SamplingParams, SamplingResult, SamplingMessage>({
  name: 'mcp-sampling',
  messages: (params) => params.messages,
  withMessages: (params, messages) => ({ ...params, messages }),
  message: {
    role: (message) => (message.role === 'assistant' ? 'model' : 'user'),
    text: (message) => textOf(message.content),
    edit: (source, change) => ({ ...source, role: role(change), content: withText(source.content, change.content) }),
    create: (change) => ({ role: role(change), content: { type: 'text', text: change.content } }),
  },
  system: {
    read: (params) => params.systemPrompt,
    write: (params, systemPrompt) => {
      const { systemPrompt: _old, ...rest } = params;
      return systemPrompt === undefined ? rest : { ...rest, systemPrompt };
    },
  },
  config: {
    maxOutputTokens: {
      read: (params) => params.maxTokens,
      write: (params, value) => (typeof value === 'number' ? { ...params, maxTokens: value } : params),
    },
    temperature: {
      read: (params) => params.temperature,
      write: (params, value) => ({ ...params, temperature: value as number | undefined }),
    },
    stopSequences: {
      read: (params) => params.stopSequences,
      write: (params, value) => ({ ...params, stopSequences: value as string[] | undefined }),
    },
  },
  response: {
    text: (result) => textOf(result.content),
    finishReason: (result) =>
      result.stopReason === undefined ? undefined : (STOP_REASONS[result.stopReason] ?? 'OTHER'),
    withText: (result, text) => ({ ...result, content: withText(result.content, text) }),
    create: ({ text, finishReason, model }) => ({
      role: 'assistant',
      content: { type: 'text', text },
      model: model ?? 'hookstream',
      stopReason: finishReason === 'MAX_TOKENS' ? 'maxTokens' : 'endTurn',
    }),
  },
});
