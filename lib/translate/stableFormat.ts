/**
 * Helpers shared by the SDK translators: the stable response shape, text extraction and rebuilding of
 * part lists, and copy-on-write field mapping. Every helper returns its input unchanged (same object)
 * when nothing was edited, which is what makes unmodified round trips exact.
 */
import { isDeepStrictEqual } from 'node:util';
import type { HookMessage, LLMResponse } from '../events/inputs.js';

export type StableRole = HookMessage['role'];
export type UnknownRecord = Record<string, unknown>;

/** A candidate of the stable response: text parts only, as strings. */
export type StableCandidate = {
  content: { role: 'model'; parts: string[] };
  finishReason?: string;
  index?: number;
  safetyRatings?: Array<{ category?: unknown; probability?: unknown }>;
};

export const sameValue = isDeepStrictEqual;

export { isRecord } from '../core/guards.js';

export const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** `assistant` and `model` name the same speaker; the stable format says `model`. */
export const canonicalRole = (role: string): StableRole => (role === 'assistant' ? 'model' : (role as StableRole));

/** The stable empty/no-op response: used when BeforeModel blocks without supplying `llm_response`. */
export function emptyResponse(): LLMResponse {
  return { text: '', candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'STOP', index: 0 }] };
}

export const candidateText = (candidate: StableCandidate | undefined): string =>
  candidate === undefined ? '' : candidate.content.parts.join('');

/** Text a message's parts become: empty text on a message that has other parts means "no text part". */
export const messageTexts = (text: string, hasOtherParts: boolean): string[] =>
  text === '' && hasOtherParts ? [] : [text];

/**
 * Replaces the text parts of `parts` by `texts`, leaving every other part where it was. Same count: each text part
 * takes its new text in place (keeping its other keys). Otherwise the old text parts go and the new ones are put
 * where the first old one was (at the start when there was none).
 */
export function rebuildTextParts<P extends object>(
  parts: readonly P[],
  texts: readonly string[],
  isText: (part: P) => boolean,
  freshText: (text: string) => P,
): P[] {
  const textAt = parts.flatMap((part, i) => (isText(part) ? [i] : []));
  const withText = (template: P, text: string): P =>
    (template as { text?: unknown }).text === text ? template : { ...template, text };
  if (textAt.length === texts.length) {
    let next = 0;
    return parts.map((part) => (isText(part) ? withText(part, texts[next++] ?? '') : part));
  }
  const first = textAt[0];
  const template = first === undefined ? undefined : parts[first];
  const kept = parts.filter((part) => !isText(part));
  const fresh = texts.map((text) => (template === undefined ? freshText(text) : withText(template, text)));
  kept.splice(first ?? 0, 0, ...fresh);
  return kept;
}

/** A shallow copy of `record` without `keys` (optional keys only: the type stays `T`, as `Omit` loses index signatures). */
export function without<T extends object>(record: T, ...keys: Array<keyof T>): T {
  const copy = { ...record };
  for (const key of keys) Reflect.deleteProperty(copy, key);
  return copy;
}

/** How one stable field maps onto one SDK field. */
export interface FieldMap {
  stable: string;
  sdk: string;
  valid: (value: unknown) => boolean;
  /** SDK value → stable value (default: as is). */
  read?: (value: unknown) => unknown;
  /** Stable value → SDK value, given the SDK's previous value (default: as is). */
  write?: (value: unknown, previous: unknown) => unknown;
  /** The SDK requires the field: a hook deleting it keeps the previous value. */
  required?: boolean;
}

/** The stable view of the mapped fields of `source`; null and absent SDK values are both left out. */
export function readFields(source: UnknownRecord | undefined, fields: readonly FieldMap[]): UnknownRecord {
  const out: UnknownRecord = {};
  for (const field of fields) {
    const value = source?.[field.sdk];
    if (value !== undefined && value !== null) out[field.stable] = field.read ? field.read(value) : value;
  }
  return out;
}

/**
 * Applies to `target` only the stable fields whose value differs from `derived` (what `target` read as): null or
 * absent deletes the SDK field, a valid value sets it, an invalid one is ignored. Copy-on-write.
 */
export function applyFieldEdits<T extends UnknownRecord>(
  target: T | undefined,
  edited: UnknownRecord,
  derived: UnknownRecord,
  fields: readonly FieldMap[],
): T | undefined {
  let out = target;
  for (const field of fields) {
    const value = edited[field.stable];
    if (sameValue(value, derived[field.stable])) continue;
    if (value === undefined || value === null) {
      if (field.required || out === undefined || !(field.sdk in out)) continue;
      out = without(out, field.sdk);
    } else if (field.valid(value)) {
      out = { ...out, [field.sdk]: field.write ? field.write(value, out?.[field.sdk]) : value } as T;
    }
  }
  return out;
}

/** The config fields of the stable format and their validators. */
export const STABLE_CONFIG_KEYS = {
  temperature: isFiniteNumber,
  maxOutputTokens: isFiniteNumber,
  topP: isFiniteNumber,
  topK: isFiniteNumber,
  stopSequences: isStringList,
  candidateCount: isFiniteNumber,
  presencePenalty: isFiniteNumber,
  frequencyPenalty: isFiniteNumber,
} as const;

export type StableConfigKey = keyof typeof STABLE_CONFIG_KEYS;

/** A field map for one stable config key. */
export const configField = (stable: StableConfigKey, sdk: string, extra: Partial<FieldMap> = {}): FieldMap => ({
  stable,
  sdk,
  valid: STABLE_CONFIG_KEYS[stable],
  ...extra,
});

/** Keeps `original` (same array) when every item is the same object, so untouched lists stay identical. */
export const keepIfSame = <T>(original: readonly T[] | undefined, next: T[]): T[] =>
  original !== undefined && original.length === next.length && original.every((item, i) => item === next[i])
    ? (original as T[])
    : next;
