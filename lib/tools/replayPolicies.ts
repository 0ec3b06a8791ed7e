/**
 * A recording against session policies, log-only (each session replayed as lib/tools/policySession.ts does): per
 * event, the verdicts that differ from the recorded ones (its result's `policy:<name>` runs) are reported.
 * Sessions are replayed one at a time, in order of first appearance, each from a fresh state.
 */
import { inputDigest } from '../observe/inputDigest.js';
import type { RecordedEvent, RecordingEntry } from '../observe/recording.js';
import { policyOfRun, verdictReason } from '../session/joinVerdicts.js';
import type { NamedVerdict } from '../session/sessionBook.js';
import { createPolicySession, definitionsOf, policySessions, type NamedPolicies } from './policySession.js';

export type { NamedPolicies } from './policySession.js';

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
    const policy = policyOfRun(run);
    const output = run.output;
    if (policy === undefined || output === undefined) continue;
    // The shapes verdictRun writes: a decision with its reason, or a stop.
    const text =
      output.continue === false
        ? `stop: ${String(output.stopReason)}`
        : `${String(output.decision)}: ${String(output.reason)}`;
    verdicts.set(policy, text);
  }
  return verdicts;
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
