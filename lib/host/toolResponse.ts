/**
 * A typed tool result as hooks see it (`tool_response`, a JSON object on stdin) and a hook's replacement back in
 * the tool's terms. The input codec wants an object, so a result that is not one travels as `{ result }`.
 */
import { errorText, isRecord } from '../core/guards.js';

/** The JSON form of `value` (what a command hook would read); a value JSON cannot hold reads as its text. */
function jsonForm(value: unknown): unknown {
  if (value === undefined) return null;
  try {
    return JSON.parse(JSON.stringify(value)) as unknown;
  } catch (error) {
    // A cycle or a BigInt: hooks still get something readable.
    return `a value JSON cannot hold (${errorText(error)})`;
  }
}

/** The `tool_response` hooks get for a tool's result: its JSON form, a non-object wrapped as `{ result }`. */
export function toToolResponse(value: unknown): Record<string, unknown> {
  const json = jsonForm(value);
  return isRecord(json) ? json : { result: json };
}

/**
 * A replacement `tool_response` in the tool's terms: the inverse of `toToolResponse`. For a result that was
 * wrapped, the replacement's `result` is the new value (a hook answering an object without `result` is taken as is).
 */
export function fromToolResponse<T>(response: Record<string, unknown>, original: T | undefined): T {
  const wrapped = !isRecord(jsonForm(original));
  return (wrapped && Object.hasOwn(response, 'result') ? response.result : response) as T;
}

/** The text a model reads for a result: a string as is, `llmContent` when it is one, else JSON. */
export function responseText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isRecord(value) && typeof value.llmContent === 'string') return value.llmContent;
  if (isRecord(value) && typeof value.result === 'string' && Object.keys(value).length === 1) return value.result;
  return JSON.stringify(value) ?? String(value);
}
