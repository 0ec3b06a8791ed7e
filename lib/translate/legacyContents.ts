/**
 * Normalizes what hooks send back into the stable LLM format. Hooks written against the seed API use
 * an older GenAI-like shape: `{ contents: [{ role, parts: [string | { text }] }], systemInstruction,
 * generationConfig }` and candidates whose parts are `{ text }` objects; both are accepted here.
 */
import type { HookMessage, LLMRequest, LLMResponse } from '../events/inputs.js';
import {
  canonicalRole,
  isRecord,
  isStringList,
  without,
  type StableCandidate,
  type StableRole,
  type UnknownRecord,
} from './stableFormat.js';

const ROLES = new Set<string>(['user', 'model', 'system', 'assistant', 'tool']);

/** Text of a part list of strings and `{ text }` objects; other parts are skipped. */
const partsText = (parts: unknown[]): string[] =>
  parts.flatMap((part) =>
    typeof part === 'string' ? [part] : isRecord(part) && typeof part.text === 'string' ? [part.text] : [],
  );

/** A message's content as text: strings as is, part lists joined, anything else stringified. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (content === undefined || content === null) return '';
  if (Array.isArray(content)) return partsText(content).join('');
  if (isRecord(content) && Array.isArray(content.parts)) return partsText(content.parts).join('');
  return JSON.stringify(content);
}

const stableRole = (role: unknown): StableRole =>
  typeof role === 'string' && ROLES.has(role) ? canonicalRole(role) : role === 'function' ? 'tool' : 'user';

function toMessage(value: UnknownRecord, content: unknown): HookMessage {
  const message: HookMessage = { role: stableRole(value.role), content: contentText(content) };
  if (typeof value.name === 'string') message.name = value.name;
  if (typeof value.ref === 'string') message.ref = value.ref;
  return message;
}

const isSystem = (message: HookMessage): boolean => message.role === 'system';

/** The system instruction of the older shape: a string, a `{ parts }` content or a part list. */
function systemMessage(instruction: unknown): HookMessage[] {
  if (instruction === undefined || instruction === null) return [];
  return [{ role: 'system', content: contentText(instruction) }];
}

/** `{ mode, allowedFunctionNames }`, also from the GenAI-like `{ functionCallingConfig: {...} }`; bad fields dropped. */
function stableToolConfig(value: unknown): LLMRequest['toolConfig'] {
  const flat = isRecord(value) && isRecord(value.functionCallingConfig) ? value.functionCallingConfig : value;
  if (!isRecord(flat)) return undefined;
  const out: NonNullable<LLMRequest['toolConfig']> = {};
  if (flat.mode === 'AUTO' || flat.mode === 'ANY' || flat.mode === 'NONE') out.mode = flat.mode;
  if (isStringList(flat.allowedFunctionNames)) out.allowedFunctionNames = flat.allowedFunctionNames;
  return out;
}

/**
 * The stable request a hook meant. In the older shape `contents` replaces the non-system messages and
 * `systemInstruction` the system ones; either one absent keeps those of `messages` (a shallow merge carries the
 * original's along, and only a hook writes the older keys). `generationConfig` is merged over `config`. Messages
 * with non-string content are coerced to text; other keys pass through.
 */
export function normalizeHookRequest(value: unknown): LLMRequest {
  if (!isRecord(value)) return {};
  const { contents, systemInstruction, generationConfig, messages, config, toolConfig, ...rest } = value;
  const out: LLMRequest = { ...rest };
  const current = Array.isArray(messages)
    ? messages.filter(isRecord).map((item) => toMessage(item, item.content))
    : undefined;
  if (Array.isArray(contents) || systemInstruction !== undefined) {
    const system =
      systemInstruction === undefined ? (current?.filter(isSystem) ?? []) : systemMessage(systemInstruction);
    const conversation = Array.isArray(contents)
      ? contents.filter(isRecord).map((item) => toMessage(item, item.parts))
      : (current?.filter((message) => !isSystem(message)) ?? []);
    // The older shape has no refs: kept system messages drop theirs too, so every message pairs by position.
    const all = [...system, ...conversation];
    out.messages = Array.isArray(contents) ? all.map((message) => without(message, 'ref')) : all;
  } else if (current !== undefined) {
    out.messages = current;
  }
  if (isRecord(config) || isRecord(generationConfig)) {
    out.config = { ...(isRecord(config) ? config : {}), ...(isRecord(generationConfig) ? generationConfig : {}) };
  }
  const tools = stableToolConfig(toolConfig);
  if (tools !== undefined) out.toolConfig = tools;
  return out;
}

function toCandidate(value: UnknownRecord): StableCandidate {
  const content = value.content;
  const parts = isRecord(content) && Array.isArray(content.parts) ? partsText(content.parts) : [];
  const candidate: StableCandidate = { content: { role: 'model', parts } };
  if (typeof value.finishReason === 'string') candidate.finishReason = value.finishReason;
  if (typeof value.index === 'number') candidate.index = value.index;
  if (Array.isArray(value.safetyRatings)) candidate.safetyRatings = value.safetyRatings.filter(isRecord);
  return candidate;
}

/**
 * The stable response a hook meant: candidate parts become strings (`{ text }` objects unwrapped, other parts
 * dropped) and a missing `text` is the first candidate's text. Other keys pass through; a value that is not an
 * object gives `{}`.
 */
export function normalizeHookResponse(value: unknown): LLMResponse {
  if (!isRecord(value)) return {};
  const { candidates, text, ...rest } = value;
  const out: LLMResponse = { ...rest };
  if (typeof text === 'string') out.text = text;
  if (Array.isArray(candidates)) {
    const stable = candidates.filter(isRecord).map(toCandidate);
    out.candidates = stable;
    if (out.text === undefined && stable[0] !== undefined) out.text = stable[0].content.parts.join('');
  }
  if (!isRecord(out.usageMetadata)) delete out.usageMetadata;
  return out;
}
