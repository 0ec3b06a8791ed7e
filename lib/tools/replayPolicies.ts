/**
 * A recording against session policies, log-only: each recorded event's `call` step goes to the policies and
 * their verdicts are noted, never enforced — the `outcome` step is the recorded result, so the policies see the
 * session as it happened (a call they would have denied still happened). Per event, the verdicts that differ
 * from the recorded ones (its result's `policy:<name>` runs) are reported. A session is what the policies take it
 * for (the event's `session_id`, else the recorder's session). Sessions are replayed one at a time, in order of
 * first appearance, each from a fresh state, and a session's events in file order: the order they were decided,
 * which numbers them as the live engine did for a host that fires one event at a time.
 */
import { inputDigest } from '../observe/inputDigest.js';
import type { RecordedEvent, RecordingEntry } from '../observe/recording.js';
import { verdictReason } from '../session/joinVerdicts.js';
import {
  DEFAULT_POLICY_WINDOW,
  policyDefinition,
  type PolicyDefinition,
  type SessionRule,
} from '../session/policyInstance.js';
import { createSessionBook, sessionIdOf, type NamedVerdict, type PolicyCall } from '../session/sessionBook.js';
import type { SessionPolicy } from '../session/types.js';

/** Policies by name, as `hooks.sessionPolicy(name, policy)` takes them: rules, or operators (window 200). */
export type NamedPolicies = Readonly<Record<string, SessionPolicy | SessionRule>>;

/** One policy whose verdict on an event changed: `deny: session policy "x": …` as a result's run shows it. */
export interface VerdictChange {
  readonly policy: string;
  /** The recorded verdict (absent: none recorded). */
  readonly before?: string;
  /** The verdict now (absent: none). */
  readonly after?: string;
}

/** A replayed event whose policy verdicts changed. */
export interface PolicyReplayChange {
  /** Line of the event in the recording. */
  readonly line: number;
  readonly event: string;
  readonly session: string;
  /** The event's number in its session: what verdict reasons name as `event #N`. */
  readonly seq: number;
  readonly input: string;
  readonly changes: readonly VerdictChange[];
}

export interface PolicyReplayReport {
  /** Events replayed. */
  readonly events: number;
  /** Verdicts the policies gave, over all events. */
  readonly verdicts: number;
  /** The events whose verdicts differ from the recorded ones, in file order. */
  readonly changed: readonly PolicyReplayChange[];
}

/** A verdict as the run record of its result shows it: `deny: session policy "x": …` and the events it names. */
const verdictText = (named: NamedVerdict): string => `${named.verdict.decision}: ${verdictReason(named)}`;

/** The verdicts recorded for an event: its result's `policy:<name>` runs, as {@link verdictText} by policy name. */
const recordedVerdicts = (recorded: RecordedEvent): Map<string, string> => {
  const verdicts = new Map<string, string>();
  for (const run of recorded.result.hooks) {
    if (run.source !== 'runtime' || !run.name.startsWith('policy:') || run.output === undefined) continue;
    const output = run.output;
    // The shapes verdictRun writes: a decision with its reason, or a stop.
    const text =
      output.continue === false
        ? `stop: ${String(output.stopReason)}`
        : `${String(output.decision)}: ${String(output.reason)}`;
    verdicts.set(run.name.slice('policy:'.length), text);
  }
  return verdicts;
};

/** The definitions of named policies, in the record's order (which is the order their verdicts are listed in). */
const definitionsOf = (policies: NamedPolicies): PolicyDefinition[] =>
  Object.entries(policies).map(([name, policy]) => policyDefinition(name, policy, DEFAULT_POLICY_WINDOW));

/**
 * One recorded session run through policies: `push` gives an event's `call` step (its verdicts are returned, not
 * enforced), then its recorded outcome.
 */
const createPolicySession = (
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

/** The recording's events by policy session, in order of first appearance, each session's in file order. */
const policySessions = (entries: readonly RecordingEntry[]): Map<string, RecordingEntry[]> => {
  const sessions = new Map<string, RecordingEntry[]>();
  for (const entry of entries) {
    const id = sessionIdOf(entry.recorded.fields, entry.recorded.session);
    const events = sessions.get(id);
    if (events === undefined) sessions.set(id, [entry]);
    else events.push(entry);
  }
  return sessions;
};

/** Recorded and current verdicts of one event, by policy: the current policies' order, then recorded-only ones. */
const diffVerdicts = (before: ReadonlyMap<string, string>, now: readonly NamedVerdict[]): VerdictChange[] => {
  const changes: VerdictChange[] = [];
  const after = new Map(now.map((named) => [named.policy, verdictText(named)]));
  for (const policy of new Set([...after.keys(), ...before.keys()])) {
    const was = before.get(policy);
    const is = after.get(policy);
    if (was === is) continue;
    const change: VerdictChange = { policy };
    if (was !== undefined) (change as { before?: string }).before = was;
    if (is !== undefined) (change as { after?: string }).after = is;
    changes.push(change);
  }
  return changes;
};

/**
 * Runs `policies` over `entries` in log-only mode and compares each event's verdicts with the recorded ones.
 *
 * @example
 * ```ts
 * const report = replayPolicies(readRecording('session.jsonl'), { 'two-shells': limit({ match: '^Bash$', count: 2 }) });
 * ```
 */
export const replayPolicies = (entries: readonly RecordingEntry[], policies: NamedPolicies): PolicyReplayReport => {
  const definitions = definitionsOf(policies);
  const changed: PolicyReplayChange[] = [];
  let verdicts = 0;
  for (const [session, events] of policySessions(entries)) {
    const replayer = createPolicySession(session, definitions);
    for (const { line, recorded } of events) {
      const call = replayer.push(recorded);
      verdicts += call.verdicts.length;
      const changes = diffVerdicts(recordedVerdicts(recorded), call.verdicts);
      if (changes.length === 0) continue;
      changed.push({
        line,
        event: recorded.event,
        session,
        seq: call.seq,
        input: inputDigest(recorded.event, recorded.fields),
        changes,
      });
    }
  }
  changed.sort((a, b) => a.line - b.line);
  return { events: entries.length, verdicts, changed };
};
