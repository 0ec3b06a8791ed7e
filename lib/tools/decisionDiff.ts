/**
 * What changed between a recorded decision and the same event decided again: the decision, the reason,
 * the rewritten input, and the output the host applies (messages, context, stop, model request/response, a
 * replaced tool result, tool selection). Durations, warnings' wording and run details are not compared: a replay is a policy
 * regression test, and only what the agent would do differently counts as a change.
 */
import type { RecordedResult } from '../observe/recording.js';

/** One field that changed: its value in the recording and now (`undefined`: absent). */
export interface DecisionChange {
  readonly field: string;
  readonly before: unknown;
  readonly after: unknown;
}

/** The compared fields, in report order. */
const COMPARED_FIELDS = [
  'decision',
  'blocked',
  'reason',
  'toolInput',
  'llmRequest',
  'llmResponse',
  'toolResponse',
  'toolConfig',
  'stopped',
  'stopReason',
  'systemMessage',
  'additionalContext',
  'suppressOutput',
] as const satisfies readonly (keyof RecordedResult)[];

/** JSON with object keys sorted, so key order never counts as a change. */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, member: unknown) =>
    typeof member === 'object' && member !== null && !Array.isArray(member)
      ? Object.fromEntries(Object.entries(member).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : member,
  ) ?? 'undefined';

/** The changed fields between `before` (recorded) and `after` (replayed), in report order. */
export const diffDecisions = (before: Partial<RecordedResult>, after: Partial<RecordedResult>): DecisionChange[] => {
  const changes: DecisionChange[] = [];
  for (const field of COMPARED_FIELDS) {
    // `false` and absent mean the same for the flags; JSON round trips turn `undefined` members into absent ones.
    const [was, now] = [before[field], after[field]];
    if (canonicalJson(was ?? null) === canonicalJson(now ?? null)) continue;
    if ((was === false && now === undefined) || (was === undefined && now === false)) continue;
    changes.push({ field, before: was, after: now });
  }
  return changes;
};

/** A value as a report shows it: `(none)` when absent, strings quoted, objects as compact JSON. */
export const showValue = (value: unknown): string => (value === undefined ? '(none)' : canonicalJson(value));
