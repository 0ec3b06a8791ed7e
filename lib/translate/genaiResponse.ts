/** GenAI response ⇄ stable response (see genai.ts for what is lossy). */
import type { LLMResponse } from '../events/inputs.js';
import {
  applyFieldEdits,
  candidateText,
  isFiniteNumber,
  keepIfSame,
  readFields,
  rebuildTextParts,
  sameValue,
  type FieldMap,
  type StableCandidate,
} from './stableFormat.js';
import { readEditedResponse, resolveCandidates, stableSafetyRatings } from './stableResponse.js';
import { freshGenAIText, genaiText, isGenAIText, type GenAICandidate, type GenAIResponse } from './genaiTypes.js';

export const USAGE_FIELDS: FieldMap[] = ['promptTokenCount', 'candidatesTokenCount', 'totalTokenCount'].map((key) => ({
  stable: key,
  sdk: key,
  valid: isFiniteNumber,
}));

const CANDIDATE_FIELDS: FieldMap[] = [
  { stable: 'finishReason', sdk: 'finishReason', valid: (value) => typeof value === 'string' },
  { stable: 'index', sdk: 'index', valid: isFiniteNumber },
  {
    stable: 'safetyRatings',
    sdk: 'safetyRatings',
    valid: Array.isArray,
    read: (value) => stableSafetyRatings(value as unknown[]),
  },
];

const stableCandidate = (candidate: GenAICandidate): StableCandidate => ({
  content: { role: 'model', parts: genaiText(candidate.content?.parts) },
  ...readFields(candidate, CANDIDATE_FIELDS),
});

export function genaiToHookResponse(response: GenAIResponse): LLMResponse {
  const candidates = (response.candidates ?? []).map(stableCandidate);
  const out: LLMResponse = { text: candidateText(candidates[0]), candidates };
  if (response.usageMetadata !== undefined) out.usageMetadata = readFields(response.usageMetadata, USAGE_FIELDS);
  return out;
}

function editCandidate(source: GenAICandidate, candidate: StableCandidate, before: StableCandidate): GenAICandidate {
  let out = applyFieldEdits(source, candidate, before, CANDIDATE_FIELDS) ?? source;
  if (!sameValue(candidate.content.parts, before.content.parts)) {
    const content = source.content ?? { role: 'model' };
    const parts = rebuildTextParts(content.parts ?? [], candidate.content.parts, isGenAIText, freshGenAIText);
    out = { ...out, content: { ...content, parts } };
  }
  return out;
}

function freshCandidate({ content, safetyRatings, ...rest }: StableCandidate, position: number): GenAICandidate {
  const out: GenAICandidate = { ...rest, content: { role: 'model', parts: content.parts.map(freshGenAIText) } };
  out.index = rest.index ?? position;
  if (safetyRatings !== undefined) out.safetyRatings = safetyRatings as GenAICandidate['safetyRatings'];
  return out;
}

export function genaiFromHookResponse(hookResponse: LLMResponse, original?: GenAIResponse): GenAIResponse {
  const edited = readEditedResponse(hookResponse);
  const derived = original === undefined ? undefined : readEditedResponse(genaiToHookResponse(original));
  const candidates = resolveCandidates(edited, derived).map((candidate, i) => {
    const source = original?.candidates?.[i];
    const before = derived?.candidates?.[i];
    return source !== undefined && before !== undefined
      ? editCandidate(source, candidate, before)
      : freshCandidate(candidate, i);
  });
  if (original === undefined) {
    const usage = edited.usageMetadata && applyFieldEdits({}, edited.usageMetadata, {}, USAGE_FIELDS);
    return { candidates, ...(usage && { usageMetadata: usage }) };
  }
  let result = original;
  const kept = keepIfSame(original.candidates, candidates);
  if (kept !== original.candidates && (original.candidates !== undefined || kept.length > 0)) {
    result = { ...result, candidates: kept };
  }
  if (edited.usageMetadata !== undefined) {
    const usage = applyFieldEdits(
      original.usageMetadata,
      edited.usageMetadata,
      derived?.usageMetadata ?? {},
      USAGE_FIELDS,
    );
    if (usage !== original.usageMetadata) result = { ...result, usageMetadata: usage };
  }
  return result;
}
