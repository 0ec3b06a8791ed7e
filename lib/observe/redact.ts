/**
 * Redaction of recorded values by JSON path (`record: { redact: ['tool_input.api_key'] }`): the values at
 * those paths are replaced by `"[REDACTED]"` before a line is written, so secrets never reach the file.
 * Paths are a small, strict subset of JSONPath — `$` optional, `.key` or `['key']`, `[0]`, `*` / `[*]` —
 * checked once when recording starts; a path that does not parse is an error naming where it stopped.
 * The values found at those paths are then cut out of every other string of the line too (a reason, a warning,
 * a hook's message or output that quotes them), and so is anything shaped like a credential (lib/core/secretText.ts).
 * Redaction copies only what it changes: the host's own objects are never changed.
 */
import { HookstreamError, nameErrorClass } from '../core/errors.js';
import { isRecord } from '../core/guards.js';
import { REDACTED, redactSecretText } from '../core/secretText.js';

export { REDACTED } from '../core/secretText.js';

/** A recording option or file hookstream cannot use: a bad redact path, an unreadable or malformed file. */
export class RecordingError extends HookstreamError {
  static {
    nameErrorClass(this, 'RecordingError');
  }
}

/** One step of a path: an object key, an array index, or every member. */
export type PathSegment = string | number | typeof WILDCARD;
export const WILDCARD = Symbol('*');

const fail = (path: string, at: number, expected: string): never => {
  throw new RecordingError(
    `Invalid redact path ${JSON.stringify(path)} at column ${at + 1}: expected ${expected}, e.g. "tool_input.api_key" or "$.llm_request.messages[*].content"`,
  );
};

/** Parses one path; throws RecordingError saying where it went wrong. */
export const parseJsonPath = (path: string): PathSegment[] => {
  const segments: PathSegment[] = [];
  let at = path.startsWith('$') ? 1 : 0;
  let first = true;
  while (at < path.length) {
    const char = path[at];
    if (char === '[') {
      const close = path.indexOf(']', at);
      if (close === -1) fail(path, at, 'a closing "]"');
      const inner = path.slice(at + 1, close);
      if (inner === '*') segments.push(WILDCARD);
      else if (/^\d+$/.test(inner)) segments.push(Number(inner));
      else if (/^'[^']*'$|^"[^"]*"$/.test(inner)) segments.push(inner.slice(1, -1));
      else fail(path, at + 1, 'an index, * or a quoted key inside [ ]');
      at = close + 1;
    } else {
      if (char === '.') at += 1;
      else if (!first || path.startsWith('$')) fail(path, at, '"." or "["');
      const match = /^(\*|[^.[\]]+)/.exec(path.slice(at));
      if (match === null) return fail(path, at, 'a key');
      segments.push(match[1] === '*' ? WILDCARD : (match[1] as string));
      at += match[0].length;
    }
    first = false;
  }
  if (segments.length === 0) fail(path, at, 'at least one key');
  return segments;
};

/** `value` with the members at `segments` replaced; unchanged branches are shared, changed ones copied. */
export const redactAt = (value: unknown, segments: readonly PathSegment[]): unknown => {
  const [head, ...rest] = segments;
  if (head === undefined) return REDACTED;
  if (Array.isArray(value)) {
    if (head === WILDCARD) return value.map((item: unknown) => redactAt(item, rest));
    if (typeof head !== 'number' || head >= value.length) return value;
    const copy: unknown[] = value.slice();
    copy[head] = redactAt(value[head], rest);
    return copy;
  }
  if (!isRecord(value)) return value;
  if (head === WILDCARD) {
    const copy: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) copy[key] = redactAt(member, rest);
    return copy;
  }
  const key = String(head);
  if (!Object.hasOwn(value, key)) return value;
  const copy: Record<string, unknown> = Object.assign({}, value);
  copy[key] = redactAt(value[key], rest);
  return copy;
};

/** Shorter values are not searched for elsewhere in a record: replacing every "a" or "1" would garble it. */
export const MIN_REPEATED_SECRET_LENGTH = 4;

/** Every string at `segments` in `value`, nested strings of an object or array there included. */
export const valuesAt = (value: unknown, segments: readonly PathSegment[], into: string[] = []): string[] => {
  const [head, ...rest] = segments;
  if (head === undefined) {
    if (typeof value === 'string') into.push(value);
    else if (typeof value === 'number') into.push(String(value));
    else if (Array.isArray(value)) for (const item of value as unknown[]) valuesAt(item, [], into);
    else if (isRecord(value)) for (const member of Object.values(value)) valuesAt(member, [], into);
    return into;
  }
  if (Array.isArray(value)) {
    if (head === WILDCARD) for (const item of value as unknown[]) valuesAt(item, rest, into);
    else if (typeof head === 'number') valuesAt(value[head], rest, into);
    return into;
  }
  if (!isRecord(value)) return into;
  if (head === WILDCARD) for (const member of Object.values(value)) valuesAt(member, rest, into);
  else if (Object.hasOwn(value, String(head))) valuesAt(value[String(head)], rest, into);
  return into;
};

/**
 * `value` with every string passed through `redactSecretText` (the `known` values and credential shapes cut
 * out): reasons, messages, warnings and hook outputs repeat what a hook saw. Copies only what changed.
 */
export const redactStrings = (value: unknown, known: readonly string[]): unknown => {
  if (typeof value === 'string') return redactSecretText(value, known);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, index) => {
      const redacted = redactStrings(item, known);
      if (redacted !== item) (copy ??= value.slice())[index] = redacted;
    });
    return copy ?? value;
  }
  if (!isRecord(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, member] of Object.entries(value)) {
    const redacted = redactStrings(member, known);
    if (redacted !== member) (copy ??= Object.assign({}, value))[key] = redacted;
  }
  return copy ?? value;
};
