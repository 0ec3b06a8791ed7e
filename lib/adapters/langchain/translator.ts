/**
 * The LangChain translator (a `createAgent` ModelRequest and its AIMessage ⇄ the stable format), built with
 * `createTranslator`. The request's `systemMessage` is the system slot (its text); messages show their text (image and other
 * content blocks, tool calls, tool call ids stay attached and hidden); `modelSettings` carries the config keys a
 * provider understands under the stable names; `toolChoice` and the tools list carry the tool restriction.
 * Messages are built with `@langchain/core/messages`, the peer every LangChain install has.
 */
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { HookToolConfig, MessageRole } from '../../events/inputs.js';
import { isRecord } from '../../core/guards.js';
import { createTranslator, type LLMTranslator, type StableMessage, type ToolSelection } from '../../translate/index.js';
import type { LangChainModelRequest } from './types.js';

const ROLES: Record<string, MessageRole> = { human: 'user', ai: 'model', system: 'system', tool: 'tool' };

type Block = { type?: unknown; text?: unknown };
const isTextBlock = (block: unknown): block is { type: 'text'; text: string } =>
  isRecord(block) && block.type === 'text' && typeof block.text === 'string';

/** The message's text: a string content, else its text blocks joined. */
export const textOf = (message: BaseMessage): string =>
  typeof message.content === 'string'
    ? message.content
    : (message.content as Block[])
        .filter(isTextBlock)
        .map((b) => b.text)
        .join('');

/** `content` with `text` in place of its text blocks (a string stays a string). */
function withText(content: BaseMessage['content'], text: string): BaseMessage['content'] {
  if (typeof content === 'string') return text;
  const blocks = content as Block[];
  const first = blocks.findIndex(isTextBlock);
  const kept = blocks.filter((block) => !isTextBlock(block));
  kept.splice(first === -1 ? 0 : first, 0, { type: 'text', text });
  return kept as BaseMessage['content'];
}

/** A copy of `message` with new content: the same class and every field that says who it is and what it called. */
export function withContent<M extends BaseMessage>(message: M, content: BaseMessage['content']): M {
  const fields = {
    content,
    id: message.id,
    name: message.name,
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
  };
  if (message instanceof AIMessage)
    return new AIMessage({
      ...fields,
      tool_calls: message.tool_calls,
      invalid_tool_calls: message.invalid_tool_calls,
      usage_metadata: message.usage_metadata,
    }) as unknown as M;
  if (message instanceof ToolMessage)
    return new ToolMessage({
      ...fields,
      tool_call_id: message.tool_call_id,
      status: message.status,
      artifact: message.artifact as unknown,
    }) as unknown as M;
  if (message instanceof SystemMessage) return new SystemMessage(fields) as unknown as M;
  return new HumanMessage(fields) as unknown as M;
}

/** A new, text-only message; a `tool` message needs a call id a hook cannot give, so it becomes a human one. */
function createMessage(message: StableMessage): BaseMessage {
  if (message.role === 'system') return new SystemMessage(message.content);
  if (message.role === 'model') return new AIMessage(message.content);
  return new HumanMessage(message.content);
}

const roleOf = (message: BaseMessage): MessageRole => ROLES[message.type] ?? 'user';

function readToolChoice(request: LangChainModelRequest): HookToolConfig | undefined {
  const choice = request.toolChoice;
  if (choice === undefined) return undefined;
  if (typeof choice === 'object') return { mode: 'ANY', allowedFunctionNames: [choice.function.name] };
  return { mode: choice === 'none' ? 'NONE' : choice === 'required' ? 'ANY' : 'AUTO' };
}

function applyToolConfig(request: LangChainModelRequest, selection: ToolSelection): LangChainModelRequest {
  if (selection.mode === 'NONE') return { ...request, toolChoice: 'none' };
  const allowed = new Set(selection.allowedFunctionNames);
  const nameOf = (tool: unknown) => (isRecord(tool) && typeof tool.name === 'string' ? tool.name : '');
  const tools = allowed.size === 0 ? request.tools : request.tools.filter((tool) => allowed.has(nameOf(tool)));
  const only = tools.length === 1 ? nameOf(tools[0]) : undefined;
  const toolChoice: LangChainModelRequest['toolChoice'] =
    selection.mode === 'AUTO'
      ? 'auto'
      : only !== undefined
        ? { type: 'function', function: { name: only } }
        : 'required';
  return { ...request, tools, toolChoice };
}

const setting = (key: string) => ({
  read: (request: LangChainModelRequest) => request.modelSettings?.[key],
  write: (request: LangChainModelRequest, value: unknown) => {
    const settings = Object.assign({}, request.modelSettings);
    if (value === undefined) Reflect.deleteProperty(settings, key);
    else settings[key] = value;
    return { ...request, modelSettings: settings };
  },
});

/** A createAgent model request and the model's AIMessage ⇄ the stable hook format. */
export const langchainTranslator: LLMTranslator<LangChainModelRequest, AIMessage> = createTranslator<
  LangChainModelRequest,
  AIMessage,
  BaseMessage
>({
  name: 'langchain',
  messages: (request) => request.messages,
  withMessages: (request, messages) => ({ ...request, messages }),
  message: {
    role: roleOf,
    text: textOf,
    name: (message) => message.name,
    edit: (source, change) =>
      change.role === roleOf(source)
        ? withContent(source, withText(source.content, change.content))
        : createMessage(change),
    create: createMessage,
  },
  system: {
    read: (request) => (request.systemMessage.text === '' ? undefined : request.systemMessage.text),
    write: (request, text) => ({ ...request, systemMessage: new SystemMessage(text ?? '') }),
  },
  config: {
    temperature: setting('temperature'),
    maxOutputTokens: setting('maxTokens'),
    topP: setting('topP'),
    stopSequences: setting('stop'),
  },
  toolConfig: { read: readToolChoice, apply: applyToolConfig },
  response: {
    text: textOf,
    finishReason: (message) => (message.tool_calls?.length ? 'STOP' : undefined),
    usage: (message) =>
      message.usage_metadata && {
        promptTokenCount: message.usage_metadata.input_tokens,
        candidatesTokenCount: message.usage_metadata.output_tokens,
        totalTokenCount: message.usage_metadata.total_tokens,
      },
    withText: (message, text) => withContent(message, withText(message.content, text)),
    create: ({ text }) => new AIMessage(text),
  },
});
