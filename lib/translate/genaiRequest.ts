/** GenAI request ⇄ stable request, and tool restriction (see genai.ts for what is lossy). */
import type { HookMessage, LLMRequest } from '../events/inputs.js';
import { normalizeHookRequest } from './legacyContents.js';
import { rebuildMessages, rebuildSystem, type SystemEntry } from './rebuildMessages.js';
import {
  applyFieldEdits,
  canonicalRole,
  configField,
  isRecord,
  isStringList,
  keepIfSame,
  messageTexts,
  readFields,
  rebuildTextParts,
  sameValue,
  STABLE_CONFIG_KEYS,
  without,
  type StableConfigKey,
  type StableRole,
} from './stableFormat.js';
import {
  freshGenAIText,
  genaiText,
  isGenAIText,
  type GenAIConfig,
  type GenAIContent,
  type GenAIPart,
  type GenAIRequest,
} from './genaiTypes.js';
import { genaiApplyToolConfig } from './genaiTools.js';

/** GenAI uses the stable names for every config field. */
const FIELDS = (Object.keys(STABLE_CONFIG_KEYS) as StableConfigKey[]).map((key) => configField(key, key));

const SYSTEM_REF = 'system';

const stableRole = (role: string | undefined): StableRole =>
  role === 'model' ? 'model' : role === 'function' || role === 'tool' ? 'tool' : 'user';

/** GenAI has two speakers; tool results travel in `user` turns. */
const genaiRole = (role: string): string => (canonicalRole(role) === 'model' ? 'model' : 'user');

/** The system instruction as text or parts; a lone part counts as a one-part list. */
function systemParts(instruction: GenAIConfig['systemInstruction']): string | GenAIPart[] | undefined {
  if (instruction === undefined || typeof instruction === 'string' || Array.isArray(instruction)) return instruction;
  return Array.isArray(instruction.parts) ? instruction.parts : [instruction];
}

function readToolConfig(config: GenAIConfig | undefined): LLMRequest['toolConfig'] {
  const calling = config?.toolConfig?.functionCallingConfig;
  if (calling === undefined) return undefined;
  const out: NonNullable<LLMRequest['toolConfig']> = {};
  if (calling.mode === 'AUTO' || calling.mode === 'ANY' || calling.mode === 'NONE') out.mode = calling.mode;
  if (isStringList(calling.allowedFunctionNames)) out.allowedFunctionNames = calling.allowedFunctionNames;
  return out;
}

export function genaiToHookRequest(request: GenAIRequest): LLMRequest {
  const messages: HookMessage[] = [];
  const system = systemParts(request.config?.systemInstruction);
  if (system !== undefined) {
    const content = typeof system === 'string' ? system : genaiText(system).join('');
    messages.push({ role: 'system', content, ref: SYSTEM_REF });
  }
  request.contents.forEach((content, i) => {
    messages.push({ role: stableRole(content.role), content: genaiText(content.parts).join(''), ref: `contents/${i}` });
  });
  const out: LLMRequest = { model: request.model, messages, config: readFields(request.config, FIELDS) };
  const toolConfig = readToolConfig(request.config);
  if (toolConfig !== undefined) out.toolConfig = toolConfig;
  return out;
}

function editContent(source: GenAIContent, message: HookMessage, before: HookMessage): GenAIContent {
  let out = source;
  if (message.content !== before.content) {
    const parts = source.parts ?? [];
    const texts = messageTexts(
      message.content,
      parts.some((part) => !isGenAIText(part)),
    );
    out = { ...out, parts: rebuildTextParts(parts, texts, isGenAIText, freshGenAIText) };
  }
  if (canonicalRole(message.role) !== canonicalRole(before.role)) out = { ...out, role: genaiRole(message.role) };
  return out;
}

/** The config with its system instruction rebuilt from the system messages, in the original's form. */
function withSystem(config: GenAIConfig | undefined, entries: SystemEntry[]): GenAIConfig | undefined {
  const instruction = config?.systemInstruction;
  const parts = systemParts(instruction);
  const next = rebuildSystem(entries, parts, isGenAIText, freshGenAIText);
  if (next === parts) return config;
  if (next === undefined) return without(config ?? {}, 'systemInstruction');
  if (typeof next === 'string') return { ...config, systemInstruction: next };
  const content = isRecord(instruction) && !Array.isArray(instruction) && Array.isArray(instruction.parts);
  return { ...config, systemInstruction: content ? { ...instruction, parts: [...next] } : [...next] };
}

export function genaiFromHookRequest(hookRequest: LLMRequest, original: GenAIRequest): GenAIRequest {
  const derived = genaiToHookRequest(original);
  // A partial request leaves the rest as it was (the older contents shape included).
  const edited = normalizeHookRequest({ ...derived, ...hookRequest });
  const derivedMessages = derived.messages ?? [];
  let result = original;
  if (typeof edited.model === 'string' && edited.model !== original.model) result = { ...result, model: edited.model };
  let config = original.config;
  if (edited.messages !== undefined) {
    const offset = derivedMessages[0]?.ref === SYSTEM_REF ? 1 : 0;
    const rebuilt = rebuildMessages(
      derivedMessages,
      edited.messages,
      {
        source: (j) => (j < offset ? undefined : original.contents[j - offset]),
        edit: editContent,
        create: (message) => ({ role: genaiRole(message.role), parts: [freshGenAIText(message.content)] }),
      },
      true,
    );
    const contents = keepIfSame(original.contents, rebuilt.messages);
    if (contents !== original.contents) result = { ...result, contents };
    config = withSystem(config, rebuilt.system);
  }
  if (isRecord(edited.config)) config = applyFieldEdits(config, edited.config, derived.config ?? {}, FIELDS);
  if (config !== original.config && config !== undefined) result = { ...result, config };
  const tools = edited.toolConfig;
  if (tools !== undefined && !sameValue(tools, derived.toolConfig)) {
    const mode = tools.mode ?? derived.toolConfig?.mode ?? 'AUTO';
    result = genaiApplyToolConfig(result, { mode, allowedFunctionNames: tools.allowedFunctionNames ?? [] });
  }
  return result;
}
