/**
 * Why an event of a recording was decided as it was, and what the session policies say of it now: the target's
 * session is replayed log-only (as `replay --policies` replays it, lib/tools/policySession.ts) up to and including
 * the event; each policy's verdict is given with the earlier events it names resolved to their lines, and the
 * policies that decide the event are the ones whose verdicts determine the outcome when they are joined with the
 * recorded hooks' runs, by the engine's own rules (lib/session/joinVerdicts.ts).
 */
import { decidingRuns } from '../aggregate/decidingRuns.js';
import { assembleHookResult } from '../aggregate/hookResult.js';
import { HookstreamInternalError } from '../core/errors.js';
import type { HookResult, HookRun } from '../model/types.js';
import { inputDigest } from '../observe/inputDigest.js';
import type { RecordedEvent, RecordingEntry } from '../observe/recording.js';
import { joinVerdicts, policyOfRun } from '../session/joinVerdicts.js';
import type { NamedVerdict } from '../session/sessionBook.js';
import type { PolicyVerdict } from '../session/types.js';
import { targetEvent } from './eventTarget.js';
import { createPolicySession, definitionsOf, policySessions, type NamedPolicies } from './policySession.js';

/** An event of the recording: where it is, and what it was (the input digest replay prints). */
export interface ExplainedRef {
  /** Line of the event in the recording. */
  readonly line: number;
  /** The event's number in its session: what verdict reasons name as `event #N`. */
  readonly seq: number;
  readonly event: string;
  readonly input: string;
}

/** An outcome and the runs that decided it. */
export interface DecidedOutcome {
  readonly decision?: string;
  readonly reason?: string;
  readonly stopped: boolean;
  readonly stopReason?: string;
  /** The runs that decided it, by name as the result lists them: hooks, and `policy:<name>` for session policies. */
  readonly decidedBy: readonly string[];
}

/** One policy's verdict on the event now. */
export interface ExplainedVerdict {
  readonly policy: string;
  /** Absent: the policy gave no verdict (it lets the event through). */
  readonly decision?: PolicyVerdict['decision'];
  readonly reason?: string;
  /** An allow's context for the model. */
  readonly context?: string;
  /** The earlier events the verdict was decided from, in the order the policy named them. */
  readonly because: readonly ExplainedRef[];
}

export interface EventExplanation {
  readonly event: ExplainedRef & { readonly session: string };
  /** The result as recorded, with the hooks or policies that decided it. */
  readonly recorded: DecidedOutcome;
  /** The recorded hooks' runs joined with the policies' verdicts now (the recorded policy runs left out). */
  readonly now: DecidedOutcome;
  /** The policies that decide the event now; empty when none does (no verdict, or the hooks' outcome stands). */
  readonly decidedBy: readonly string[];
  /** Every policy's verdict, in the policies' order. */
  readonly verdicts: readonly ExplainedVerdict[];
}

/** `result`'s outcome, decided by `deciding` (its runs that {@link decidingRuns} names). */
const outcomeOf = (
  result: Pick<HookResult, 'decision' | 'reason' | 'stopped' | 'stopReason'>,
  deciding: readonly HookRun[],
): DecidedOutcome => {
  // Fields in reading order, the optional ones only when set (JSON shows what was decided first).
  const outcome: Record<string, unknown> = {};
  if (result.decision !== undefined) outcome.decision = result.decision;
  if (result.reason !== undefined) outcome.reason = result.reason;
  outcome.stopped = result.stopped;
  if (result.stopReason !== undefined) outcome.stopReason = result.stopReason;
  outcome.decidedBy = deciding.map((run) => run.name);
  return outcome as unknown as DecidedOutcome;
};

/** The recorded hooks' runs (policy runs left out) folded again, then joined with the verdicts now. */
const joinedNow = (recorded: RecordedEvent, verdicts: readonly NamedVerdict[]): HookResult => {
  const hooks = recorded.result.hooks
    .filter((run) => policyOfRun(run) === undefined)
    .map((run) => Object.assign({}, run));
  const base = assembleHookResult(recorded.event, recorded.fields, hooks, { durationMs: recorded.durationMs });
  return joinVerdicts(base, recorded.fields, verdicts, 'union');
};

const explainVerdict = (
  policy: string,
  verdict: PolicyVerdict | undefined,
  earlier: ReadonlyMap<number, ExplainedRef>,
): ExplainedVerdict => {
  if (verdict === undefined) return { policy, because: [] };
  // A verdict names events of its own session, all replayed before this one.
  const because = (verdict.because ?? []).flatMap((seq) => {
    const ref = earlier.get(seq);
    return ref === undefined ? [] : [ref];
  });
  const explained: ExplainedVerdict = { policy, decision: verdict.decision, reason: verdict.reason, because };
  if (verdict.context !== undefined) (explained as { context?: string }).context = verdict.context;
  return explained;
};

/**
 * Explains the event `target` names in `entries` against `policies`: a line of the recording (`"12"`), `"#N"`
 * (event N of the only session) or `"<session>#N"`.
 *
 * @throws {@link EventTargetError} when the target names no event of the recording.
 *
 * @example
 * ```ts
 * const why = explainEvent(readRecording('session.jsonl'), { 'two-shells': limit({ match: '^Bash$', count: 2 }) }, '5');
 * console.log(why.decidedBy, why.verdicts.map((verdict) => verdict.because.map((ref) => ref.line)));
 * ```
 */
export const explainEvent = (
  entries: readonly RecordingEntry[],
  policies: NamedPolicies,
  target: string,
): EventExplanation => {
  const sessions = policySessions(entries);
  const { session, index, entry } = targetEvent(target, sessions);
  const events = (sessions.get(session) ?? []).slice(0, index + 1);
  const replayer = createPolicySession(session, definitionsOf(policies));
  const earlier = new Map<number, ExplainedRef>();
  let ref: ExplainedRef | undefined;
  let verdicts: readonly NamedVerdict[] = [];
  for (const { line, recorded } of events) {
    const call = replayer.push(recorded);
    ref = { line, seq: call.seq, event: recorded.event, input: inputDigest(recorded.event, recorded.fields) };
    earlier.set(call.seq, ref);
    verdicts = call.verdicts;
  }
  // The target is the last event replayed: `ref` is set.
  if (ref === undefined) throw new HookstreamInternalError(`explainEvent: ${target} was not replayed`);
  const recorded = entry.recorded;
  const now = joinedNow(recorded, verdicts);
  const decidingNow = decidingRuns(recorded.event, recorded.fields, now, now.hooks);
  const given = new Map(verdicts.map((named) => [named.policy, named.verdict]));
  return {
    event: { ...ref, session },
    recorded: outcomeOf(
      recorded.result,
      decidingRuns(recorded.event, recorded.fields, recorded.result, recorded.result.hooks),
    ),
    now: outcomeOf(now, decidingNow),
    decidedBy: decidingNow.flatMap((run) => policyOfRun(run) ?? []),
    verdicts: Object.keys(policies).map((policy) => explainVerdict(policy, given.get(policy), earlier)),
  };
};
