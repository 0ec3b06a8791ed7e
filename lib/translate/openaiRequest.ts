/** OpenAI Chat Completions request ⇄ stable request (see openai.ts for what is lossy). */
import type { HookMessage, LLMRequest } from '../events/inputs.js';
import { normalizeHookRequest } from './legacyContents.js';
import { rebuildMessages } from './rebuildMessages.js';
import {
  applyFieldEdits,
  canonicalRole,
  configField,
  isRecord,
  keepIfSame,
  messageTexts,
  readFields,
  rebuildTextParts,
  sameValue,
  type FieldMap,
  without,
  type StableRole,
} from './stableFormat.js';
import { openaiApplyToolConfig, openaiToolConfig } from './openaiTools.js';
import { freshOpenAIText, isOpenAIText, openaiText, type OpenAIMessage, type OpenAIRequest } from './openaiTypes.js';

/** `stop` may be one string: read as a one-item list, written back as a string when it was one and still fits. */
const STOP_FIELD = configField('stopSequences', 'stop', {
  read: (value) => (typeof value === 'string' ? [value] : value),
  write: (value, previous) => {
    const list = value as string[];
    return typeof previous === 'string' && list.length === 1 ? list[0] : list;
  },
});

/** The config fields; the token limit goes to `max_tokens` only when the request already uses that older name. */
function fields(request: OpenAIRequest): FieldMap[] {
  const legacyLimit = request.max_completion_tokens == null && request.max_tokens != null;
  return [
    configField('temperature', 'temperature'),
    configField('maxOutputTokens', legacyLimit ? 'max_tokens' : 'max_completion_tokens'),
    configField('topP', 'top_p'),
    STOP_FIELD,
    configField('candidateCount', 'n'),
    configField('presencePenalty', 'presence_penalty'),
    configField('frequencyPenalty', 'frequency_penalty'),
  ];
}

const ROLE_TO_STABLE: Record<string, StableRole> = {
  system: 'system',
  developer: 'system',
  assistant: 'model',
  tool: 'tool',
  function: 'tool',
};

/** A new or re-roled message: `tool` becomes `user`, since a tool message needs a call id a hook cannot give. */
function openaiRole(role: string, source?: OpenAIMessage): OpenAIMessage['role'] {
  const stable = canonicalRole(role);
  if (stable === 'system') return source?.role === 'developer' ? 'developer' : 'system';
  return stable === 'model' ? 'assistant' : 'user';
}

export function openaiToHookRequest(request: OpenAIRequest): LLMRequest {
  const messages = request.messages.map((message, i): HookMessage => {
    const out: HookMessage = { role: ROLE_TO_STABLE[message.role] ?? 'user', content: openaiText(message.content) };
    if (typeof message.name === 'string') out.name = message.name;
    out.ref = `messages/${i}`;
    return out;
  });
  const out: LLMRequest = { model: request.model, messages, config: readFields(request, fields(request)) };
  const toolConfig = openaiToolConfig(request.tool_choice);
  if (toolConfig !== undefined) out.toolConfig = toolConfig;
  return out;
}

function editMessage(source: OpenAIMessage, message: HookMessage, before: HookMessage): OpenAIMessage {
  let out = source;
  if (message.content !== before.content) {
    const content = source.content;
    out = {
      ...out,
      content: Array.isArray(content)
        ? rebuildTextParts(
            content,
            messageTexts(
              message.content,
              content.some((p) => !isOpenAIText(p)),
            ),
            isOpenAIText,
            freshOpenAIText,
          )
        : message.content,
    };
  }
  if (canonicalRole(message.role) !== canonicalRole(before.role)) {
    // Only an assistant may carry tool calls; only a tool message has a call id.
    const role = openaiRole(message.role, source);
    const rest = without(out, 'tool_call_id', 'tool_calls');
    out =
      role === 'assistant' && out.tool_calls !== undefined
        ? { ...rest, role, tool_calls: out.tool_calls }
        : { ...rest, role };
  }
  if (message.name !== before.name) {
    out = message.name === undefined ? { ...without(out, 'name'), role: out.role } : { ...out, name: message.name };
  }
  return out;
}

const createMessage = (message: HookMessage): OpenAIMessage => ({
  role: openaiRole(message.role),
  content: message.content,
  ...(message.name !== undefined && { name: message.name }),
});

export function openaiFromHookRequest(hookRequest: LLMRequest, original: OpenAIRequest): OpenAIRequest {
  const derived = openaiToHookRequest(original);
  // A partial request leaves the rest as it was (the older contents shape included).
  const edited = normalizeHookRequest({ ...derived, ...hookRequest });
  let result = original;
  if (typeof edited.model === 'string' && edited.model !== original.model) result = { ...result, model: edited.model };
  if (edited.messages !== undefined) {
    const codec = { source: (j: number) => original.messages[j], edit: editMessage, create: createMessage };
    const messages = keepIfSame(
      original.messages,
      rebuildMessages(derived.messages ?? [], edited.messages, codec, false).messages,
    );
    if (messages !== original.messages) result = { ...result, messages };
  }
  if (isRecord(edited.config))
    result = applyFieldEdits(result, edited.config, derived.config ?? {}, fields(original)) ?? result;
  const tools = edited.toolConfig;
  if (tools !== undefined && !sameValue(tools, derived.toolConfig)) {
    const mode = tools.mode ?? derived.toolConfig?.mode ?? 'AUTO';
    result = openaiApplyToolConfig(result, { mode, allowedFunctionNames: tools.allowedFunctionNames ?? [] });
  }
  return result;
}
