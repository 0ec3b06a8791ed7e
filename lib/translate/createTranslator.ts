/**
 * The open translator factory: a translator for any SDK from a description of its shapes, built on the same
 * ref-aligned rebuilding as the GenAI, OpenAI and Anthropic translators (rebuildMessages.ts). Unmodified round
 * trips return the very same request and response; an edited message lands on its own SDK message and keeps its
 * non-text parts; inserted or deleted messages shift nothing. A framework adapter is then a page of accessors.
 */
import type { HookMessage, HookToolConfig, LLMRequest, LLMResponse, MessageRole } from '../events/inputs.js';
import { normalizeHookRequest } from './legacyContents.js';
import { rebuildMessages, rebuildSystem, type SystemEntry } from './rebuildMessages.js';
import {
  applyFieldEdits,
  candidateText,
  configField,
  isRecord,
  keepIfSame,
  sameValue,
  type FieldMap,
  type StableCandidate,
  type StableConfigKey,
  type StableRole,
  type UnknownRecord,
} from './stableFormat.js';
import { readEditedResponse, resolveCandidates } from './stableResponse.js';
import type { LLMTranslator, ToolSelection } from './translator.js';

/** A message as hooks wrote it: what `edit` and `create` build an SDK message from. */
export interface StableMessage {
  role: StableRole;
  content: string;
  name?: string;
}

/** Stable token counts of a response (its `usageMetadata`). */
export interface StableUsage {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  totalTokenCount?: number;
}

/** The stable view of a response a custom translator builds a synthetic SDK response from. */
export interface StableAnswer {
  text: string;
  /** STOP, MAX_TOKENS, SAFETY or OTHER (or whatever a hook wrote). */
  finishReason?: string;
  usage?: StableUsage;
  model?: string;
}

/** Reads and writes one field of an SDK request. */
export interface RequestField<Req, V> {
  read(request: Req): V | undefined;
  /** `value` undefined: the hook deleted it (write the SDK's "unset"). */
  write(request: Req, value: V | undefined): Req;
}

export interface TranslatorSpec<Req, Res, Message> {
  /** Any name: shown in messages and telemetry. */
  name: string;
  /** The request's conversation, in order (system messages too, when the SDK keeps them in the list). */
  messages(request: Req): readonly Message[];
  /** `request` with `messages` as its conversation; called only when the list changed. */
  withMessages(request: Req, messages: Message[]): Req;
  message: {
    /** The stable role: `user`, `model` (assistant), `system` or `tool`. */
    role(message: Message): MessageRole;
    /** The text hooks see ('' for a message without text: it keeps its other parts). */
    text(message: Message): string;
    name?(message: Message): string | undefined;
    /** `source` with a hook's change: new text in place of its text parts (keep the rest), maybe a new role. */
    edit(source: Message, change: StableMessage): Message;
    /** A new, text-only message. */
    create(message: StableMessage): Message;
  };
  /** A system prompt the SDK keeps outside the conversation; shown to hooks as the first, `system` message. */
  system?: RequestField<Req, string>;
  model?: RequestField<Req, string>;
  /** The stable config keys the SDK has, each with its field. */
  config?: Partial<Record<StableConfigKey, RequestField<Req, unknown>>>;
  /** The tool restriction: how the request reads it, and how a BeforeToolSelection decision is applied. */
  toolConfig?: {
    read(request: Req): HookToolConfig | undefined;
    apply(request: Req, selection: ToolSelection): Req;
  };
  response: {
    /** The response's text (its first candidate's). */
    text(response: Res): string;
    finishReason?(response: Res): string | undefined;
    usage?(response: Res): StableUsage | undefined;
    /** `original` with `text` as its text (tool calls and metadata kept); called only when the text changed. */
    withText(original: Res, text: string): Res;
    /** A response built from the stable view alone (a BeforeModel hook's synthetic answer, or an empty one). */
    create(answer: StableAnswer): Res;
  };
}

const SYSTEM_REF = 'system';

const stableMessage = (message: HookMessage): StableMessage => {
  const out: StableMessage = { role: message.role === 'assistant' ? 'model' : message.role, content: message.content };
  if (message.name !== undefined) out.name = message.name;
  return out;
};

/** The config fields as FieldMaps over a record of their current values (readFields/applyFieldEdits do the rest). */
const configFieldMaps = (keys: readonly StableConfigKey[]): FieldMap[] => keys.map((key) => configField(key, key));

function readConfig<Req>(spec: TranslatorSpec<Req, unknown, unknown>, request: Req): UnknownRecord {
  const out: UnknownRecord = {};
  for (const [key, field] of Object.entries(spec.config ?? {})) {
    const value = field.read(request);
    if (value !== undefined && value !== null) out[key] = value;
  }
  return out;
}

function usageOf(usage: StableUsage | undefined): UnknownRecord | undefined {
  if (usage === undefined) return undefined;
  const out: UnknownRecord = {};
  for (const key of ['promptTokenCount', 'candidatesTokenCount', 'totalTokenCount'] as const)
    if (typeof usage[key] === 'number') out[key] = usage[key];
  return out;
}

/**
 * Builds an `LLMTranslator` from accessors. What hooks cannot see (non-text parts, tool calls, fields without an
 * accessor) is kept from the original; a response has one candidate; a synthetic response comes from `create`.
 *
 * @example
 * const translator = createTranslator<Req, Res, Msg>({
 *   name: 'my-sdk',
 *   messages: (req) => req.messages,
 *   withMessages: (req, messages) => ({ ...req, messages }),
 *   message: { role: (m) => m.role, text: (m) => m.text, edit: (m, c) => ({ ...m, text: c.content }), create: (c) => ({ role: c.role, text: c.content }) },
 *   response: { text: (r) => r.text, withText: (r, text) => ({ ...r, text }), create: ({ text }) => ({ text }) },
 * });
 */
export function createTranslator<Req, Res, Message>(spec: TranslatorSpec<Req, Res, Message>): LLMTranslator<Req, Res> {
  const configKeys = Object.keys(spec.config ?? {}) as StableConfigKey[];
  const fieldMaps = configFieldMaps(configKeys);
  const generic = spec as unknown as TranslatorSpec<Req, unknown, unknown>;

  const toHookRequest = (request: Req): LLMRequest => {
    const messages: HookMessage[] = [];
    const system = spec.system?.read(request);
    if (system !== undefined) messages.push({ role: 'system', content: system, ref: SYSTEM_REF });
    spec.messages(request).forEach((message, i) => {
      const out: HookMessage = { role: spec.message.role(message), content: spec.message.text(message) };
      const name = spec.message.name?.(message);
      if (name !== undefined) out.name = name;
      out.ref = `messages/${i}`;
      messages.push(out);
    });
    const out: LLMRequest = { messages, config: readConfig(generic, request) };
    const model = spec.model?.read(request);
    if (model !== undefined) out.model = model;
    const toolConfig = spec.toolConfig?.read(request);
    if (toolConfig !== undefined) out.toolConfig = toolConfig;
    return out;
  };

  const withSystem = (request: Req, entries: readonly SystemEntry[]): Req => {
    const field = spec.system as RequestField<Req, string>;
    const original = field.read(request);
    const next = rebuildSystem<object>(
      entries,
      original,
      () => true,
      (text) => ({ text }),
    );
    return next === original ? request : field.write(request, next as string | undefined);
  };

  const fromHookRequest = (hookRequest: LLMRequest, original: Req): Req => {
    const derived = toHookRequest(original);
    // A partial request leaves the rest as it was (the older contents shape included).
    const edited = normalizeHookRequest({ ...derived, ...hookRequest });
    let result = original;
    if (spec.model && typeof edited.model === 'string' && edited.model !== derived.model)
      result = spec.model.write(result, edited.model);
    if (edited.messages !== undefined) {
      const sdkMessages = spec.messages(original);
      const offset = derived.messages?.[0]?.ref === SYSTEM_REF ? 1 : 0;
      const rebuilt = rebuildMessages(
        derived.messages ?? [],
        edited.messages,
        {
          source: (j) => (j < offset ? undefined : sdkMessages[j - offset]),
          edit: (source, message) => spec.message.edit(source, stableMessage(message)),
          create: (message) => spec.message.create(stableMessage(message)),
        },
        spec.system !== undefined,
      );
      const messages = keepIfSame(sdkMessages as Message[], rebuilt.messages);
      if (messages !== sdkMessages) result = spec.withMessages(result, messages);
      if (spec.system !== undefined) result = withSystem(result, rebuilt.system);
    }
    if (isRecord(edited.config) && spec.config !== undefined) {
      const before = derived.config ?? {};
      const after = applyFieldEdits<UnknownRecord>(before, edited.config, before, fieldMaps) ?? before;
      for (const key of configKeys) {
        if (!sameValue(after[key], before[key]))
          result = (spec.config[key] as RequestField<Req, unknown>).write(result, after[key]);
      }
    }
    const tools = edited.toolConfig;
    if (spec.toolConfig && tools !== undefined && !sameValue(tools, derived.toolConfig)) {
      const mode = tools.mode ?? derived.toolConfig?.mode ?? 'AUTO';
      result = spec.toolConfig.apply(result, { mode, allowedFunctionNames: tools.allowedFunctionNames ?? [] });
    }
    return result;
  };

  const toHookResponse = (response: Res): LLMResponse => {
    const text = spec.response.text(response);
    const candidate: StableCandidate = { content: { role: 'model', parts: text === '' ? [] : [text] }, index: 0 };
    const finishReason = spec.response.finishReason?.(response);
    if (finishReason !== undefined) candidate.finishReason = finishReason;
    const out: LLMResponse = { text, candidates: [candidate] };
    const usage = usageOf(spec.response.usage?.(response));
    if (usage !== undefined) out.usageMetadata = usage;
    return out;
  };

  const fromHookResponse = (hookResponse: LLMResponse, original?: Res): Res => {
    const edited = readEditedResponse(hookResponse);
    const derived = original === undefined ? undefined : readEditedResponse(toHookResponse(original));
    const [first] = resolveCandidates(edited, derived);
    const text = candidateText(first);
    if (original !== undefined)
      return text === spec.response.text(original) ? original : spec.response.withText(original, text);
    const answer: StableAnswer = { text };
    if (first?.finishReason !== undefined) answer.finishReason = first.finishReason;
    if (edited.usageMetadata !== undefined) answer.usage = edited.usageMetadata;
    if (edited.model !== undefined) answer.model = edited.model;
    return spec.response.create(answer);
  };

  return {
    name: spec.name,
    toHookRequest,
    fromHookRequest,
    toHookResponse,
    fromHookResponse,
    applyToolConfig: (request, selection) => (spec.toolConfig ? spec.toolConfig.apply(request, selection) : request),
  };
}
