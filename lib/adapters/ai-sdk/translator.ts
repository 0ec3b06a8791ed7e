/**
 * The AI SDK translator (LanguageModelV3 call options and generate results ⇄ the stable format), built with
 * `createTranslator`. Hooks see the prompt's text: a system message's content, the text parts of user, assistant
 * and tool messages (files, reasoning, tool calls and results stay attached to their message and hidden).
 * Config: temperature, maxOutputTokens, topP, topK, stopSequences, presencePenalty, frequencyPenalty.
 * `toolChoice` reads auto → AUTO, none → NONE, required → ANY, a named tool → ANY with that name. Responses show
 * their text parts joined; an edit puts the new text in the first text part's place and keeps tool calls.
 */
import { createTranslator, type StableMessage, type ToolSelection } from '../../translate/index.js';
import type { HookToolConfig, MessageRole } from '../../events/inputs.js';
import type { AiCallOptions, AiContent, AiFinishReason, AiGenerateResult, AiMessage, AiUsage } from './types.js';

type TextPart = { type: 'text'; text: string };
const isText = (part: { type: string }): part is TextPart => part.type === 'text';

const ROLES: Record<AiMessage['role'], MessageRole> = {
  system: 'system',
  user: 'user',
  assistant: 'model',
  tool: 'tool',
};

const messageText = (message: AiMessage): string =>
  message.role === 'system'
    ? message.content
    : (message.content as Array<{ type: string }>)
        .filter(isText)
        .map((p) => p.text)
        .join('');

/** The content with `text` in place of its text parts (at the first one's place), every other part kept. */
function withText<P extends { type: string }>(content: readonly P[], text: string): P[] {
  const first = content.findIndex(isText);
  const kept = content.filter((part) => !isText(part));
  if (text === '' && kept.length > 0) return kept;
  kept.splice(first === -1 ? 0 : first, 0, { type: 'text', text } as unknown as P);
  return kept;
}

/** A new, text-only message; a `tool` message needs a call id a hook cannot give, so it becomes `user`. */
function createMessage(message: StableMessage): AiMessage {
  if (message.role === 'system') return { role: 'system', content: message.content };
  if (message.role === 'model') return { role: 'assistant', content: [{ type: 'text', text: message.content }] };
  return { role: 'user', content: [{ type: 'text', text: message.content }] };
}

function editMessage(source: AiMessage, change: StableMessage): AiMessage {
  const role = ROLES[source.role];
  if (change.role !== role) return createMessage(change);
  if (source.role === 'system') return { ...source, content: change.content };
  return { ...source, content: withText(source.content as Array<{ type: string }>, change.content) } as AiMessage;
}

function readToolChoice(options: AiCallOptions): HookToolConfig | undefined {
  const choice = options.toolChoice;
  if (choice === undefined) return undefined;
  if (choice.type === 'tool') return { mode: 'ANY', allowedFunctionNames: [choice.toolName] };
  return { mode: choice.type === 'none' ? 'NONE' : choice.type === 'required' ? 'ANY' : 'AUTO' };
}

function applyToolConfig(options: AiCallOptions, selection: ToolSelection): AiCallOptions {
  const tools = options.tools ?? [];
  if (selection.mode === 'NONE') return { ...options, toolChoice: { type: 'none' } };
  const allowed = new Set(selection.allowedFunctionNames);
  const kept = allowed.size === 0 ? tools : tools.filter((tool) => allowed.has(tool.name));
  if (kept.length === 0) return { ...options, tools: kept, toolChoice: { type: 'none' } };
  const only = kept.length === 1 ? kept[0]?.name : undefined;
  const toolChoice: AiCallOptions['toolChoice'] =
    selection.mode === 'AUTO'
      ? { type: 'auto' }
      : only !== undefined
        ? { type: 'tool', toolName: only }
        : { type: 'required' };
  return { ...options, tools: kept, toolChoice };
}

// Keyed by string: `ai` 7 added reasons (`interrupted`) that `ai` 6 lacks; an unknown one reads as OTHER.
const FINISH: Readonly<Record<string, string>> = {
  stop: 'STOP',
  'tool-calls': 'STOP',
  length: 'MAX_TOKENS',
  'content-filter': 'SAFETY',
  error: 'OTHER',
  other: 'OTHER',
};
const FINISH_BACK: Record<string, AiFinishReason['unified']> = {
  MAX_TOKENS: 'length',
  SAFETY: 'content-filter',
  OTHER: 'other',
};

export const emptyUsage = (): AiUsage => ({
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
});

const contentText = (content: readonly AiContent[]): string =>
  content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');

type Config = Pick<
  AiCallOptions,
  'temperature' | 'maxOutputTokens' | 'topP' | 'topK' | 'stopSequences' | 'presencePenalty' | 'frequencyPenalty'
>;
const field = <K extends keyof Config>(key: K) => ({
  read: (options: AiCallOptions) => options[key],
  write: (options: AiCallOptions, value: unknown) => ({ ...options, [key]: value as Config[K] }),
});

/** LanguageModelV3 call options and generate results ⇄ the stable hook format. */
export const aiSdkTranslator = createTranslator<AiCallOptions, AiGenerateResult, AiMessage>({
  name: 'ai-sdk',
  messages: (options) => options.prompt,
  withMessages: (options, prompt) => ({ ...options, prompt }),
  message: { role: (message) => ROLES[message.role], text: messageText, edit: editMessage, create: createMessage },
  config: {
    temperature: field('temperature'),
    maxOutputTokens: field('maxOutputTokens'),
    topP: field('topP'),
    topK: field('topK'),
    stopSequences: field('stopSequences'),
    presencePenalty: field('presencePenalty'),
    frequencyPenalty: field('frequencyPenalty'),
  },
  toolConfig: { read: readToolChoice, apply: applyToolConfig },
  response: {
    text: (result) => contentText(result.content),
    finishReason: (result) => FINISH[result.finishReason.unified] ?? 'OTHER',
    usage: (result) => ({
      ...(result.usage.inputTokens.total !== undefined && { promptTokenCount: result.usage.inputTokens.total }),
      ...(result.usage.outputTokens.total !== undefined && { candidatesTokenCount: result.usage.outputTokens.total }),
    }),
    withText: (result, text) => ({ ...result, content: withText(result.content, text) }),
    create: ({ text, finishReason }) => ({
      content: text === '' ? [] : [{ type: 'text', text }],
      finishReason: { unified: FINISH_BACK[finishReason ?? 'STOP'] ?? 'stop', raw: undefined },
      usage: emptyUsage(),
      warnings: [],
    }),
  },
});
