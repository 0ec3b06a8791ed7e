/**
 * One line saying what an event was about — `write_file {"path":"a.txt","content":"hi"}`, `startup`,
 * `"fix the bug"`, `model gemini-2.5 · 3 messages` — for a dashboard row or a replay report. It is a
 * digest, not a copy: long values are cut, so a row never carries a whole file's content.
 */
import { isRecord } from '../core/guards.js';
import { MATCH_TARGET, type EventName } from '../events/names.js';
import { shorten } from './hookLabel.js';

/** Longest digest, in characters. */
export const DIGEST_MAX_LENGTH = 120;

/** JSON of `value`, or its text when it cannot be serialised (a cycle, a BigInt). */
const jsonOf = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

const requestDigest = (request: unknown): string | undefined => {
  if (!isRecord(request)) return undefined;
  const parts: string[] = [];
  if (typeof request.model === 'string') parts.push(`model ${request.model}`);
  if (Array.isArray(request.messages)) {
    parts.push(`${request.messages.length} message${request.messages.length === 1 ? '' : 's'}`);
  }
  return parts.length > 0 ? parts.join(' · ') : undefined;
};

/** The digest of an event's fields (`fields` as the host passed them, or a whole hook input). */
export const inputDigest = (event: EventName, fields: Readonly<Record<string, unknown>>): string => {
  const targetField = MATCH_TARGET[event];
  const target = targetField === undefined ? undefined : fields[targetField];
  if (typeof target === 'string') {
    const detail = fields.tool_input;
    return shorten(detail === undefined ? target : `${target} ${jsonOf(detail)}`, DIGEST_MAX_LENGTH);
  }
  if (typeof fields.prompt === 'string') return shorten(JSON.stringify(fields.prompt), DIGEST_MAX_LENGTH);
  const request = requestDigest(fields.llm_request);
  if (request !== undefined) return shorten(request, DIGEST_MAX_LENGTH);
  return shorten(jsonOf(fields), DIGEST_MAX_LENGTH);
};
