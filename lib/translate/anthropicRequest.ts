/** Anthropic Messages request ⇄ stable request (see anthropic.ts for what is lossy). */
import type { HookMessage, LLMRequest } from '../events/inputs.js';
import { normalizeHookRequest } from './legacyContents.js';
import { rebuildMessages, rebuildSystem } from './rebuildMessages.js';
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
  without,
} from './stableFormat.js';
import { anthropicApplyToolConfig, anthropicToolConfig } from './anthropicTools.js';
import {
  anthropicText,
  freshAnthropicText,
  isAnthropicText,
  type AnthropicMessage,
  type AnthropicRequest,
} from './anthropicTypes.js';

/** `max_tokens` is required by the API: a hook deleting it keeps the original limit. */
const FIELDS = [
  configField('maxOutputTokens', 'max_tokens', { required: true }),
  configField('temperature', 'temperature'),
  configField('topP', 'top_p'),
  configField('topK', 'top_k'),
  configField('stopSequences', 'stop_sequences'),
];

const SYSTEM_REF = 'system';

const anthropicRole = (role: string): AnthropicMessage['role'] =>
  canonicalRole(role) === 'model' ? 'assistant' : 'user';

export function anthropicToHookRequest(request: AnthropicRequest): LLMRequest {
  const messages: HookMessage[] = [];
  if (request.system !== undefined) {
    messages.push({ role: 'system', content: anthropicText(request.system), ref: SYSTEM_REF });
  }
  request.messages.forEach((message, i) => {
    const role = message.role === 'assistant' ? 'model' : 'user';
    messages.push({ role, content: anthropicText(message.content), ref: `messages/${i}` });
  });
  const out: LLMRequest = { model: request.model, messages, config: readFields(request, FIELDS) };
  const toolConfig = anthropicToolConfig(request.tool_choice);
  if (toolConfig !== undefined) out.toolConfig = toolConfig;
  return out;
}

function editMessage(source: AnthropicMessage, message: HookMessage, before: HookMessage): AnthropicMessage {
  let out = source;
  if (message.content !== before.content) {
    const content = source.content;
    const hasOther = typeof content !== 'string' && content.some((block) => !isAnthropicText(block));
    out = {
      ...out,
      content:
        typeof content === 'string'
          ? message.content
          : rebuildTextParts(content, messageTexts(message.content, hasOther), isAnthropicText, freshAnthropicText),
    };
  }
  if (canonicalRole(message.role) !== canonicalRole(before.role)) out = { ...out, role: anthropicRole(message.role) };
  return out;
}

/** The request with its `system` rebuilt from the system messages, in the original's form. */
function withSystem(
  request: AnthropicRequest,
  next: AnthropicRequest['system'] | readonly unknown[],
): AnthropicRequest {
  if (next === request.system) return request;
  if (next === undefined) return without(request, 'system');
  return { ...request, system: typeof next === 'string' ? next : ([...next] as AnthropicRequest['system']) };
}

export function anthropicFromHookRequest(hookRequest: LLMRequest, original: AnthropicRequest): AnthropicRequest {
  const derived = anthropicToHookRequest(original);
  // A partial request leaves the rest as it was (the older contents shape included).
  const edited = normalizeHookRequest({ ...derived, ...hookRequest });
  const derivedMessages = derived.messages ?? [];
  let result = original;
  if (typeof edited.model === 'string' && edited.model !== original.model) result = { ...result, model: edited.model };
  if (edited.messages !== undefined) {
    const offset = derivedMessages[0]?.ref === SYSTEM_REF ? 1 : 0;
    const rebuilt = rebuildMessages(
      derivedMessages,
      edited.messages,
      {
        source: (j) => (j < offset ? undefined : original.messages[j - offset]),
        edit: editMessage,
        create: (message) => ({ role: anthropicRole(message.role), content: message.content }),
      },
      true,
    );
    const messages = keepIfSame(original.messages, rebuilt.messages);
    if (messages !== original.messages) result = { ...result, messages };
    result = withSystem(result, rebuildSystem(rebuilt.system, original.system, isAnthropicText, freshAnthropicText));
  }
  if (isRecord(edited.config)) result = applyFieldEdits(result, edited.config, derived.config ?? {}, FIELDS) ?? result;
  const tools = edited.toolConfig;
  if (tools !== undefined && !sameValue(tools, derived.toolConfig)) {
    const mode = tools.mode ?? derived.toolConfig?.mode ?? 'AUTO';
    result = anthropicApplyToolConfig(result, { mode, allowedFunctionNames: tools.allowedFunctionNames ?? [] });
  }
  return result;
}
