/** Anthropic Messages response ⇄ stable response (see anthropic.ts for what is lossy). */
import type { LLMResponse } from '../events/inputs.js';
import {
  applyFieldEdits,
  candidateText,
  isFiniteNumber,
  rebuildTextParts,
  sameValue,
  type FieldMap,
  type StableCandidate,
} from './stableFormat.js';
import { readEditedResponse, resolveCandidates } from './stableResponse.js';
import { freshAnthropicText, isAnthropicText, type AnthropicResponse } from './anthropicTypes.js';

/** `totalTokenCount` is shown (input + output) but has no field to be written to. */
const USAGE_FIELDS: FieldMap[] = [
  { stable: 'promptTokenCount', sdk: 'input_tokens', valid: isFiniteNumber },
  { stable: 'candidatesTokenCount', sdk: 'output_tokens', valid: isFiniteNumber },
];

const STOP_TO_STABLE: Record<string, string> = {
  end_turn: 'STOP',
  stop_sequence: 'STOP',
  tool_use: 'STOP',
  max_tokens: 'MAX_TOKENS',
  model_context_window_exceeded: 'MAX_TOKENS',
  refusal: 'SAFETY',
  pause_turn: 'OTHER',
};

const STOP_FROM_STABLE: Record<string, string> = {
  STOP: 'end_turn',
  MAX_TOKENS: 'max_tokens',
  SAFETY: 'refusal',
  RECITATION: 'refusal',
  OTHER: 'end_turn',
};

/** A stable finish reason in Anthropic terms; Anthropic's own values pass as they are. */
const anthropicStop = (reason: string | undefined): string | null =>
  reason === undefined ? null : (STOP_FROM_STABLE[reason] ?? (reason in STOP_TO_STABLE ? reason : 'end_turn'));

export function anthropicToHookResponse(response: AnthropicResponse): LLMResponse {
  const parts = response.content.filter(isAnthropicText).map((block) => block.text as string);
  const candidate: StableCandidate = { content: { role: 'model', parts } };
  if (typeof response.stop_reason === 'string')
    candidate.finishReason = STOP_TO_STABLE[response.stop_reason] ?? 'OTHER';
  candidate.index = 0;
  const { input_tokens: input, output_tokens: output } = response.usage;
  return {
    text: candidateText(candidate),
    candidates: [candidate],
    usageMetadata: { promptTokenCount: input, candidatesTokenCount: output, totalTokenCount: input + output },
  };
}

const count = (value: unknown): number => (isFiniteNumber(value) ? value : 0);

export function anthropicFromHookResponse(hookResponse: LLMResponse, original?: AnthropicResponse): AnthropicResponse {
  const edited = readEditedResponse(hookResponse);
  const derived = original === undefined ? undefined : readEditedResponse(anthropicToHookResponse(original));
  const [first] = resolveCandidates(edited, derived);
  if (original === undefined) {
    return {
      id: 'msg_hookstream',
      type: 'message',
      role: 'assistant',
      model: edited.model ?? '',
      content: (first?.content.parts ?? []).map(freshAnthropicText),
      stop_reason: anthropicStop(first?.finishReason) ?? 'end_turn',
      stop_sequence: null,
      usage: {
        input_tokens: count(edited.usageMetadata?.promptTokenCount),
        output_tokens: count(edited.usageMetadata?.candidatesTokenCount),
      },
    };
  }
  // Only the first candidate exists in Anthropic; removing every candidate removes the text blocks.
  const before = derived?.candidates?.[0];
  let result = original;
  const parts = first?.content.parts ?? [];
  if (!sameValue(parts, before?.content.parts)) {
    result = { ...result, content: rebuildTextParts(original.content, parts, isAnthropicText, freshAnthropicText) };
  }
  if (first !== undefined && first.finishReason !== before?.finishReason) {
    result = { ...result, stop_reason: anthropicStop(first.finishReason) };
  }
  if (edited.usageMetadata !== undefined) {
    const usage = applyFieldEdits(original.usage, edited.usageMetadata, derived?.usageMetadata ?? {}, USAGE_FIELDS);
    if (usage !== undefined && usage !== original.usage) result = { ...result, usage };
  }
  return result;
}
