/**
 * The vocabulary of session policies: the steps a policy sees (an event starting, an event decided), the
 * verdict it answers, and the serialisable state of a session.
 */
import type { OperatorFunction } from 'rxjs';
import type { EventName } from '../events/names.js';

/**
 * One step of a session as policies see it. A `call` step is an event being decided now (in flight: a rate limit
 * counts it at once); its `outcome` step follows when the event is decided, with the same `seq`. The tool's result
 * arrives as the `call` of the AfterTool event that reports it (`input.tool_response`).
 */
export interface SessionStep {
  readonly kind: 'call' | 'outcome';
  /** The event's number in its session, from 1; an outcome carries its call's number. */
  readonly seq: number;
  readonly event: EventName;
  /** Milliseconds: the event's `timestamp` field when it has a valid one (replays keep their time), else the clock. */
  readonly at: number;
  /** `tool_name` of tool events. */
  readonly tool?: string;
  /** The event's fields as the host gave them. */
  readonly input: Readonly<Record<string, unknown>>;
  /** Outcome: the event's final decision (absent when nothing decided). */
  readonly decision?: string;
  /** Outcome: whether the event was blocked. */
  readonly blocked?: boolean;
  /** Outcome: labels the event's hooks gave its data (`hookSpecificOutput.labels`). */
  readonly labels?: readonly string[];
}

/** What a policy answers for a `call` step; nothing (or `allow` without context) lets it through. */
export interface PolicyVerdict {
  readonly decision: 'deny' | 'ask' | 'allow' | 'stop';
  /** Why, in one line; the result's reason names the policy and the triggering events after it. */
  readonly reason: string;
  /** `allow`: context for the model (joins the event's `additionalContext`). */
  readonly context?: string;
  /** The `seq` of the earlier events that triggered the verdict. */
  readonly because?: readonly number[];
}

/**
 * A session policy: an operator over one session's steps. Each `call` step must be answered synchronously:
 * the last verdict it emits while the step is pushed counts (none: allow); emissions at other times are ignored.
 */
export type SessionPolicy = OperatorFunction<SessionStep, PolicyVerdict | undefined>;

/** A session's state: what `restore` needs to continue it (JSON: store it with the session, restore on resume). */
export interface SessionState {
  readonly version: 1;
  readonly sessionId: string;
  /** The last `seq` given. */
  readonly seq: number;
  /** Per policy name: its state (a rule's own, or an operator policy's retained steps). */
  readonly policies: Readonly<Record<string, unknown>>;
}
