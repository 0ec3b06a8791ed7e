/**
 * Redaction of recorded values by JSON path (`record: { redact: ['tool_input.api_key'] }`): the values at
 * those paths are replaced by `"[REDACTED]"` before a line is written, so secrets never reach the file.
 * Paths are a small, strict subset of JSONPath — `$` optional, `.key` or `['key']`, `[0]`, `*` / `[*]` —
 * checked once when recording starts; a path that does not parse is an error naming where it stopped.
 * Redaction copies only along the paths: the host's own objects are never changed.
 */
import { HookstreamError, nameErrorClass } from '../core/errors.js';
import { isRecord } from '../core/guards.js';
import { REDACTED } from '../core/secretText.js';

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
