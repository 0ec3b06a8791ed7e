/**
 * The response side of the stable format shared by all translators: normalizing what a hook returned and
 * deciding which candidates it asks for (the `text` rule).
 */
import type { LLMResponse } from '../events/inputs.js';
import { normalizeHookResponse } from './legacyContents.js';
import { candidateText, isRecord, type StableCandidate, type UnknownRecord } from './stableFormat.js';

/** A hook's response, normalized: candidates typed, `text` as given (filled from the candidates when absent). */
export interface EditedResponse {
  text?: string;
  candidates?: StableCandidate[];
  usageMetadata?: UnknownRecord;
  model?: string;
}

export function readEditedResponse(value: LLMResponse): EditedResponse {
  const normalized = normalizeHookResponse(value);
  const out: EditedResponse = {};
  if (typeof normalized.text === 'string') out.text = normalized.text;
  if (normalized.candidates !== undefined) out.candidates = normalized.candidates as unknown as StableCandidate[];
  if (isRecord(normalized.usageMetadata)) out.usageMetadata = normalized.usageMetadata;
  if (typeof normalized.model === 'string') out.model = normalized.model;
  return out;
}

const withText = (candidate: StableCandidate | undefined, text: string): StableCandidate => ({
  ...(candidate ?? { finishReason: 'STOP', index: 0 }),
  content: { role: 'model', parts: text === '' ? [] : [text] },
});

/**
 * The candidates an edited response asks for. With the original's stable view (`derived`): absent `candidates`
 * means unchanged, and when `text` changed but the first candidate's text did not, `text` replaces the first
 * candidate's text (a hook that only edits `text`, e.g. to redact, is honoured; if both changed the candidates
 * win). Without an original: `text` fills the first candidate when that has no text; with no candidate at all
 * one is made (empty when there is no `text` either), so a synthetic SDK response always has a first choice.
 */
export function resolveCandidates(edited: EditedResponse, derived?: EditedResponse): StableCandidate[] {
  const base = edited.candidates ?? derived?.candidates ?? [];
  const { text } = edited;
  const first = base[0];
  if (derived !== undefined) {
    if (text === undefined) return base;
    const textChanged = text !== derived.text;
    const firstUnchanged = candidateText(first) === candidateText(derived.candidates?.[0]);
    return textChanged && firstUnchanged ? [withText(first, text), ...base.slice(1)] : base;
  }
  if (first === undefined) return [withText(undefined, text ?? '')];
  if (text === undefined || text === '' || candidateText(first) !== '') return base;
  return [withText(first, text), ...base.slice(1)];
}

/** The stable safety ratings: category and probability only (the SDK's other keys, e.g. `blocked`, are hidden). */
export const stableSafetyRatings = (ratings: unknown[]): Array<{ category?: unknown; probability?: unknown }> =>
  ratings.filter(isRecord).map(({ category, probability }) => ({
    ...(category !== undefined && { category }),
    ...(probability !== undefined && { probability }),
  }));
