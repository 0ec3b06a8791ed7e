/**
 * The OpenAI Agents SDK translator (a Model's request and response ⇄ the stable format), built with
 * `createTranslator`. `systemInstructions` is the system slot; input items show their text: user and system
 * messages, assistant `output_text`, function-call results (a function call itself shows '' and stays attached);
 * a string input is one user message. Config: temperature, topP, maxOutputTokens ↔ `modelSettings.maxTokens`;
 * `modelSettings.toolChoice` and the tools list carry the tool restriction. A response's text is its assistant
 * messages' `output_text`; an edit keeps function calls. A synthetic response gets an empty `Usage`.
 */
import {
  Usage,
  type AgentInputItem,
  type AgentOutputItem,
  type ModelRequest,
  type ModelResponse,
} from '@openai/agents';
import type { HookToolConfig, MessageRole } from '../../events/inputs.js';
import { isRecord } from '../../core/guards.js';
import { createTranslator, type StableMessage, type ToolSelection } from '../../translate/index.js';

type Part = { type?: unknown; text?: unknown };
const TEXT_PARTS = new Set(['input_text', 'output_text', 'text']);
const isText = (part: unknown): part is { type: string; text: string } =>
  isRecord(part) && TEXT_PARTS.has(String(part.type)) && typeof part.text === 'string';
const partsText = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content
          .filter(isText)
          .map((p) => p.text)
          .join('')
      : '';

/** `content` with `text` in place of its text parts (a string stays a string). */
function withText(content: unknown, text: string, kind: 'input_text' | 'output_text'): unknown {
  if (typeof content === 'string' || !Array.isArray(content)) return text;
  const first = content.findIndex(isText);
  const kept = (content as Part[]).filter((part) => !isText(part));
  kept.splice(first === -1 ? 0 : first, 0, { type: kind, text });
  return kept;
}

type Item = AgentInputItem & { role?: string; type?: string; content?: unknown; output?: unknown };

function roleOf(item: Item): MessageRole {
  if (item.role === 'user') return 'user';
  if (item.role === 'system') return 'system';
  if (item.type === 'function_call_result') return 'tool';
  return 'model';
}

function textOf(item: Item): string {
  if (item.type === 'function_call_result')
    return isRecord(item.output) ? partsText([item.output]) : partsText(item.output);
  return item.role === undefined ? '' : partsText(item.content);
}

function createItem(message: StableMessage): AgentInputItem {
  if (message.role === 'system') return { role: 'system', content: message.content };
  if (message.role === 'model')
    return {
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: message.content }],
    };
  return { role: 'user', content: message.content };
}

function editItem(source: AgentInputItem, change: StableMessage): AgentInputItem {
  const item = source as Item;
  if (roleOf(item) !== change.role) return createItem(change);
  if (item.type === 'function_call_result')
    return { ...item, output: { type: 'text', text: change.content } } as AgentInputItem;
  if (item.role === undefined) return source;
  const kind = item.role === 'assistant' ? 'output_text' : 'input_text';
  return { ...item, content: withText(item.content, change.content, kind) } as AgentInputItem;
}

const inputItems = (request: ModelRequest): AgentInputItem[] =>
  typeof request.input === 'string' ? [{ role: 'user', content: request.input }] : request.input;

function readToolChoice(request: ModelRequest): HookToolConfig | undefined {
  const choice = request.modelSettings.toolChoice;
  if (choice === undefined) return undefined;
  if (choice === 'none') return { mode: 'NONE' };
  if (choice === 'auto') return { mode: 'AUTO' };
  if (choice === 'required') return { mode: 'ANY' };
  return { mode: 'ANY', allowedFunctionNames: [String(choice)] };
}

function applyToolConfig(request: ModelRequest, selection: ToolSelection): ModelRequest {
  if (selection.mode === 'NONE') return { ...request, modelSettings: { ...request.modelSettings, toolChoice: 'none' } };
  const allowed = new Set(selection.allowedFunctionNames);
  const nameOf = (tool: unknown) => (isRecord(tool) && typeof tool.name === 'string' ? tool.name : '');
  const tools = allowed.size === 0 ? request.tools : request.tools.filter((tool) => allowed.has(nameOf(tool)));
  const only = tools.length === 1 ? nameOf(tools[0]) : undefined;
  const toolChoice = selection.mode === 'AUTO' ? 'auto' : (only ?? 'required');
  return { ...request, tools, modelSettings: { ...request.modelSettings, toolChoice } };
}

const setting = (key: 'temperature' | 'topP' | 'maxTokens') => ({
  read: (request: ModelRequest) => request.modelSettings[key],
  write: (request: ModelRequest, value: unknown) => ({
    ...request,
    modelSettings: { ...request.modelSettings, [key]: value as number | undefined },
  }),
});

type OutputItem = AgentOutputItem & { role?: string; content?: unknown };
const isAssistant = (item: AgentOutputItem): boolean => (item as OutputItem).role === 'assistant';

/** The response's text: its assistant messages' output text. */
export const responseText = (response: ModelResponse): string =>
  response.output
    .filter(isAssistant)
    .map((item) => partsText((item as OutputItem).content))
    .join('');

/** `output` with `text` as its (first assistant message's) text; function calls and other items kept. */
export function outputWithText(output: AgentOutputItem[], text: string): AgentOutputItem[] {
  const first = output.findIndex(isAssistant);
  const message = {
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text }],
  } as AgentOutputItem;
  if (first === -1) return text === '' ? output : [message, ...output];
  const kept = output.filter((item, i) => i === first || !isAssistant(item));
  return kept.map((item) =>
    item === output[first]
      ? ({ ...item, content: withText((item as OutputItem).content, text, 'output_text') } as AgentOutputItem)
      : item,
  );
}

/** A Model request and response ⇄ the stable hook format. */
export const agentsTranslator = createTranslator<ModelRequest, ModelResponse, AgentInputItem>({
  name: 'openai-agents',
  messages: inputItems,
  withMessages: (request, input) => ({ ...request, input }),
  message: {
    role: (item) => roleOf(item),
    text: (item) => textOf(item),
    edit: editItem,
    create: createItem,
  },
  system: {
    read: (request) => (request.systemInstructions === '' ? undefined : request.systemInstructions),
    write: (request, systemInstructions) => ({ ...request, systemInstructions }),
  },
  config: { temperature: setting('temperature'), topP: setting('topP'), maxOutputTokens: setting('maxTokens') },
  toolConfig: { read: readToolChoice, apply: applyToolConfig },
  response: {
    text: responseText,
    usage: (response) => ({
      promptTokenCount: response.usage.inputTokens,
      candidatesTokenCount: response.usage.outputTokens,
      totalTokenCount: response.usage.totalTokens,
    }),
    withText: (response, text) => ({ ...response, output: outputWithText(response.output, text) }),
    create: ({ text }) => ({ usage: new Usage(), output: outputWithText([], text) }),
  },
});
