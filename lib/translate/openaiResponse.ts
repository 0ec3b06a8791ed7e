/** OpenAI Chat Completions response ⇄ stable response (see openai.ts for what is lossy). */
import type { LLMResponse } from '../events/inputs.js';
import {
  applyFieldEdits,
  candidateText,
  isFiniteNumber,
  keepIfSame,
  readFields,
  sameValue,
  type FieldMap,
  type StableCandidate,
} from './stableFormat.js';
import { readEditedResponse, resolveCandidates } from './stableResponse.js';
import type { OpenAIChoice, OpenAIResponse } from './openaiTypes.js';

const USAGE_FIELDS: FieldMap[] = [
  { stable: 'promptTokenCount', sdk: 'prompt_tokens', valid: isFiniteNumber },
  { stable: 'candidatesTokenCount', sdk: 'completion_tokens', valid: isFiniteNumber },
  { stable: 'totalTokenCount', sdk: 'total_tokens', valid: isFiniteNumber },
];

const FINISH_TO_STABLE: Record<string, string> = {
  stop: 'STOP',
  tool_calls: 'STOP',
  function_call: 'STOP',
  length: 'MAX_TOKENS',
  content_filter: 'SAFETY',
};

const FINISH_FROM_STABLE: Record<string, string> = {
  STOP: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  OTHER: 'stop',
};

/** A stable finish reason in OpenAI terms; OpenAI's own values pass as they are. */
const openaiFinish = (reason: string | undefined): string | null =>
  reason === undefined ? null : (FINISH_FROM_STABLE[reason] ?? (reason in FINISH_TO_STABLE ? reason : 'stop'));

function stableCandidate(choice: OpenAIChoice): StableCandidate {
  const content = choice.message.content;
  const out: StableCandidate = { content: { role: 'model', parts: typeof content === 'string' ? [content] : [] } };
  if (typeof choice.finish_reason === 'string') out.finishReason = FINISH_TO_STABLE[choice.finish_reason] ?? 'OTHER';
  out.index = choice.index;
  return out;
}

export function openaiToHookResponse(response: OpenAIResponse): LLMResponse {
  const candidates = response.choices.map(stableCandidate);
  const out: LLMResponse = { text: candidateText(candidates[0]), candidates };
  if (response.usage !== undefined) out.usageMetadata = readFields(response.usage, USAGE_FIELDS);
  return out;
}

/** The message content for edited parts: joined; no parts on a message whose content was null stays null. */
const contentOf = (parts: string[], previous: string | null): string | null =>
  parts.length === 0 && previous === null ? null : parts.join('');

function editChoice(source: OpenAIChoice, candidate: StableCandidate, before: StableCandidate): OpenAIChoice {
  let out = source;
  if (candidate.finishReason !== before.finishReason)
    out = { ...out, finish_reason: openaiFinish(candidate.finishReason) };
  if (candidate.index !== before.index && isFiniteNumber(candidate.index)) out = { ...out, index: candidate.index };
  if (!sameValue(candidate.content.parts, before.content.parts)) {
    const content = contentOf(candidate.content.parts, source.message.content);
    out = { ...out, message: { ...source.message, content } };
  }
  return out;
}

const freshChoice = (candidate: StableCandidate, position: number): OpenAIChoice => ({
  index: candidate.index ?? position,
  message: { role: 'assistant', content: candidate.content.parts.join('') },
  finish_reason: openaiFinish(candidate.finishReason) ?? 'stop',
  logprobs: null,
});

function freshUsage(usage: Record<string, unknown>): NonNullable<OpenAIResponse['usage']> {
  const count = (value: unknown) => (isFiniteNumber(value) ? value : 0);
  const prompt = count(usage.promptTokenCount);
  const completion = count(usage.candidatesTokenCount);
  const total = isFiniteNumber(usage.totalTokenCount) ? usage.totalTokenCount : prompt + completion;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: total };
}

export function openaiFromHookResponse(hookResponse: LLMResponse, original?: OpenAIResponse): OpenAIResponse {
  const edited = readEditedResponse(hookResponse);
  const derived = original === undefined ? undefined : readEditedResponse(openaiToHookResponse(original));
  const choices = resolveCandidates(edited, derived).map((candidate, i) => {
    const source = original?.choices[i];
    const before = derived?.candidates?.[i];
    return source !== undefined && before !== undefined
      ? editChoice(source, candidate, before)
      : freshChoice(candidate, i);
  });
  if (original === undefined) {
    return {
      id: 'chatcmpl-hookstream',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: edited.model ?? '',
      choices,
      ...(edited.usageMetadata && { usage: freshUsage(edited.usageMetadata) }),
    };
  }
  let result = original;
  const kept = keepIfSame(original.choices, choices);
  if (kept !== original.choices) result = { ...result, choices: kept };
  if (edited.usageMetadata !== undefined) {
    const usage =
      original.usage === undefined
        ? freshUsage(edited.usageMetadata)
        : applyFieldEdits(original.usage, edited.usageMetadata, derived?.usageMetadata ?? {}, USAGE_FIELDS);
    if (usage !== original.usage) result = { ...result, usage };
  }
  return result;
}
