/**
 * One recorded session run through session policies, log-only: each recorded event's `call` step goes to the
 * policies and their verdicts come back, never enforced — the `outcome` step is the recorded result, so the
 * policies see the session as it happened (a call they would have denied still happened). A session is what the
 * policies take it for: the event's `session_id`, else the recorder's session. `replay --policies` and `explain`
 * both replay sessions this way, so a verdict explained is the verdict replayed.
 */
import type { RecordedEvent, RecordingEntry } from '../observe/recording.js';
import {
  DEFAULT_POLICY_WINDOW,
  policyDefinition,
  type PolicyDefinition,
  type SessionRule,
} from '../session/policyInstance.js';
import { createSessionBook, sessionIdOf, type PolicyCall } from '../session/sessionBook.js';
import type { SessionPolicy } from '../session/types.js';

/** Policies by name, as `hooks.sessionPolicy(name, policy)` takes them: rules, or operators (window 200). */
export type NamedPolicies = Readonly<Record<string, SessionPolicy | SessionRule>>;

/** The definitions of named policies, in the record's order (which is the order their verdicts are listed in). */
export const definitionsOf = (policies: NamedPolicies): PolicyDefinition[] =>
  Object.entries(policies).map(([name, policy]) => policyDefinition(name, policy, DEFAULT_POLICY_WINDOW));

/**
 * One recorded session run through policies, from a fresh state: `push` gives an event's `call` step (its verdicts
 * are returned, not enforced), then its recorded outcome.
 */
export const createPolicySession = (
  sessionId: string,
  definitions: readonly PolicyDefinition[],
): { push(recorded: RecordedEvent): PolicyCall } => {
  // The recorded time of the event being pushed: windows see the session's own clock.
  let clock = 0;
  const book = createSessionBook({ sessionId, now: () => clock });
  for (const definition of definitions) book.add(definition);
  return {
    push: (recorded) => {
      const at = Date.parse(recorded.at);
      if (!Number.isNaN(at)) clock = at;
      const call = book.call(recorded.event, recorded.fields);
      book.outcome(call, recorded.event, recorded.fields, recorded.result);
      return call;
    },
  };
};

/**
 * The recording's events by policy session, in order of first appearance, each session's in file order: the order
 * they were decided, which numbers them as the live engine did for a host that fires one event at a time.
 */
export const policySessions = (entries: readonly RecordingEntry[]): Map<string, RecordingEntry[]> => {
  const sessions = new Map<string, RecordingEntry[]>();
  for (const entry of entries) {
    const id = sessionIdOf(entry.recorded.fields, entry.recorded.session);
    const events = sessions.get(id);
    if (events === undefined) sessions.set(id, [entry]);
    else events.push(entry);
  }
  return sessions;
};
