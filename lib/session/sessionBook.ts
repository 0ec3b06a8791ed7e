/**
 * The engine's memory of sessions for policies: the registered policies, and per `session_id` the step counter
 * and each policy's instance. Bounded (least recently used sessions are dropped past `maxSessions`), serialisable
 * (`state` / `restore`), and deterministic: steps are pushed in the order events are fired and decided.
 */
import { InvalidHookError } from '../core/errors.js';
import { parseIsoTime } from '../core/isoTime.js';
import type { EventName } from '../events/names.js';
import type { HookResult, HookRun, Mutable } from '../model/types.js';
import type { PolicyDefinition, PolicyInstance } from './policyInstance.js';
import { createPolicyRoutes } from './policyRoutes.js';
import type { PolicyVerdict, SessionState, SessionStep } from './types.js';

/** A policy's verdict on one call, with its name. */
export interface NamedVerdict {
  readonly policy: string;
  readonly verdict: PolicyVerdict;
}

/** What `call` hands back: the event's number and the verdicts (in registration order). */
export interface PolicyCall {
  readonly sessionId: string;
  readonly seq: number;
  readonly verdicts: readonly NamedVerdict[];
}

/**
 * What an `outcome` step reads of a decided event's result: a live `HookResult`, or a recorded one (a replay
 * feeds the recording's outcomes).
 */
export interface OutcomeResult {
  readonly blocked: boolean;
  readonly decision?: HookResult['decision'];
  readonly hooks: readonly { readonly output?: HookRun['output'] }[];
}

interface Session {
  seq: number;
  /** Instances by the index of their definition (created on first use). */
  readonly instances: (PolicyInstance | undefined)[];
  /** Whether an instance failed: every step then visits every policy, so the failed one denies every call. */
  failed: boolean;
  /** By definition index: its instance's state does nothing with calls, so calls skip it. */
  readonly idle: boolean[];
  /** States restored for policies not registered yet: used when they are. */
  readonly pending: Map<string, unknown>;
}

export interface SessionBook {
  /** Whether any policy is registered: the facade's only per-event question when none is. */
  readonly active: boolean;
  add(definition: PolicyDefinition): () => boolean;
  /** Pushes the `call` step of an event now being decided; returns the policies' verdicts. */
  call(event: EventName, fields: Readonly<Record<string, unknown>>): PolicyCall;
  /** Pushes the `outcome` step of a decided event. */
  outcome(call: PolicyCall, event: EventName, fields: Readonly<Record<string, unknown>>, result: OutcomeResult): void;
  state(sessionId: string): SessionState | undefined;
  restore(state: SessionState): void;
}

export interface SessionBookOptions {
  /** The session of events without a `session_id`. */
  readonly sessionId: string;
  readonly now: () => number;
  /** Sessions kept at once (default 256). */
  readonly maxSessions?: number;
}

const NO_VERDICTS: readonly NamedVerdict[] = Object.freeze([]);

// The last timestamp parsed: an event's outcome step carries its call's timestamp, and parsing it is a good part
// of a step's fixed cost.
let lastStamp = '';
let lastParsed = NaN;

/** The step's time: the event's own `timestamp` when valid, so that a replay sees the recorded times. */
const timeOf = (fields: Readonly<Record<string, unknown>>, now: () => number): number => {
  const stamp = fields.timestamp;
  if (typeof stamp === 'string') {
    if (stamp !== lastStamp) {
      lastParsed = parseIsoTime(stamp);
      lastStamp = stamp;
    }
    if (!Number.isNaN(lastParsed)) return lastParsed;
  }
  return now();
};

/** `hookSpecificOutput.labels` of the result's hooks, deduplicated, in plan order. */
const labelsOf = (result: OutcomeResult): readonly string[] | undefined => {
  let labels: string[] | undefined;
  for (const run of result.hooks) {
    const given = run.output?.hookSpecificOutput?.labels;
    if (!Array.isArray(given)) continue;
    for (const label of given)
      if (typeof label === 'string' && !(labels ?? []).includes(label)) (labels ??= []).push(label);
  }
  return labels;
};

/** The session an event belongs to for policies: its `session_id`, else the facade's own session. */
export const sessionIdOf = (fields: Readonly<Record<string, unknown>>, fallback: string): string =>
  typeof fields.session_id === 'string' && fields.session_id !== '' ? fields.session_id : fallback;

export const createSessionBook = (options: SessionBookOptions): SessionBook => {
  const definitions: PolicyDefinition[] = [];
  const routes = createPolicyRoutes(definitions);
  const sessions = new Map<string, Session>();
  const maxSessions = options.maxSessions ?? 256;
  const fallbackId = options.sessionId;
  const now = options.now;

  // The session most recently used: already last in the recency order, so a run of its events skips the re-insert.
  let recent: Session | undefined;
  let recentId = '';

  const sessionOf = (id: string): Session => {
    if (recent !== undefined && id === recentId) return recent;
    let session = sessions.get(id);
    if (session === undefined) {
      session = { seq: 0, instances: [], failed: false, idle: [], pending: new Map() };
      if (sessions.size >= maxSessions) {
        const oldest = sessions.keys().next().value as string;
        for (const instance of (sessions.get(oldest) as Session).instances) instance?.close();
        sessions.delete(oldest);
      }
    } else sessions.delete(id);
    // Re-inserted: the Map's order is the recency order the bound evicts by.
    sessions.set(id, session);
    recent = session;
    recentId = id;
    return session;
  };

  const instanceAt = (session: Session, index: number): PolicyInstance => {
    let instance = session.instances[index];
    if (instance === undefined) {
      const definition = definitions[index] as PolicyDefinition;
      instance = definition.create(session.pending.get(definition.name));
      session.pending.delete(definition.name);
      session.instances[index] = instance;
    }
    return instance;
  };

  /** Pushes `step` to one policy; its verdict joins `verdicts` (a new array once there is one). */
  const visit = (
    session: Session,
    index: number,
    step: SessionStep,
    verdicts: NamedVerdict[] | undefined,
  ): NamedVerdict[] | undefined => {
    const instance = instanceAt(session, index);
    const verdict = instance.push(step);
    if (instance.failed) session.failed = true;
    if (instance.callsIdle !== undefined) session.idle[index] = instance.callsIdle();
    if (verdict === undefined || step.kind !== 'call') return verdicts;
    const named: NamedVerdict = { policy: (definitions[index] as PolicyDefinition).name, verdict };
    if (verdicts === undefined) return [named];
    verdicts.push(named);
    return verdicts;
  };

  // Each step visits only the policies its route reaches (in registration order); a policy out of a step's scope
  // would do nothing with it. Once one failed, the session's steps visit them all again.
  const push = (session: Session, step: SessionStep): NamedVerdict[] | undefined => {
    let verdicts: NamedVerdict[] | undefined;
    // A restored state is taken up by the session's next step, whether or not that step reaches its policy: a
    // policy unregistered later leaves nothing behind for a namesake.
    if (session.pending.size > 0)
      for (let i = 0; i < definitions.length; i++)
        if (session.pending.has((definitions[i] as PolicyDefinition).name)) instanceAt(session, i);
    if (session.failed) {
      for (let i = 0; i < definitions.length; i++) verdicts = visit(session, i, step, verdicts);
      return verdicts;
    }
    const route = routes.of(step.kind, step.event, step.tool);
    const calls = step.kind === 'call';
    const idle = session.idle;
    for (let r = 0; r < route.length; r++) {
      const index = route[r] as number;
      if (!calls || idle[index] !== true) verdicts = visit(session, index, step, verdicts);
    }
    return verdicts;
  };

  // `active` is a data property kept in step with `definitions`: the facade reads it per event, and a getter on this
  // literal was a call that the no-hook path of `decide()` paid per value (~2 % of it on Node 20).
  const book: Mutable<SessionBook> = {
    active: false,
    add: (definition) => {
      if (definitions.some((known) => known.name === definition.name))
        throw new InvalidHookError(`A session policy named "${definition.name}" is already registered`);
      definitions.push(definition);
      book.active = true;
      routes.reset();
      return () => {
        const index = definitions.indexOf(definition);
        if (index < 0) return false;
        definitions.splice(index, 1);
        book.active = definitions.length > 0;
        routes.reset();
        for (const session of sessions.values()) {
          session.instances[index]?.close();
          session.instances.splice(index, 1);
          session.idle.splice(index, 1);
        }
        return true;
      };
    },
    call: (event, fields) => {
      const sessionId = sessionIdOf(fields, fallbackId);
      const session = sessionOf(sessionId);
      const seq = ++session.seq;
      // One shape for every call step (`tool` present, maybe undefined): the rules reading it stay monomorphic.
      const step: SessionStep = {
        kind: 'call',
        seq,
        event,
        at: timeOf(fields, now),
        tool: typeof fields.tool_name === 'string' ? fields.tool_name : undefined,
        input: fields,
      };
      return { sessionId, seq, verdicts: push(session, step) ?? NO_VERDICTS };
    },
    outcome: (call, event, fields, result) => {
      const session = sessions.get(call.sessionId);
      if (session === undefined) return;
      const tool = typeof fields.tool_name === 'string' ? fields.tool_name : undefined;
      // No policy reacts to this outcome (and none is failed or waiting for its state): no step to build.
      if (!session.failed && session.pending.size === 0 && routes.of('outcome', event, tool).length === 0) return;
      const step: SessionStep = {
        kind: 'outcome',
        seq: call.seq,
        event,
        at: timeOf(fields, now),
        input: fields,
        blocked: result.blocked,
      };
      const mutable = step as { tool?: string; decision?: string; labels?: readonly string[] };
      if (tool !== undefined) mutable.tool = tool;
      if (result.decision !== undefined) mutable.decision = result.decision;
      const labels = labelsOf(result);
      if (labels !== undefined) mutable.labels = labels;
      push(session, step);
    },
    state: (sessionId) => {
      const session = sessions.get(sessionId);
      if (session === undefined) return undefined;
      const policies: Record<string, unknown> = Object.fromEntries(session.pending);
      for (let i = 0; i < definitions.length; i++)
        policies[(definitions[i] as PolicyDefinition).name] = instanceAt(session, i).state();
      return { version: 1, sessionId, seq: session.seq, policies };
    },
    restore: (state) => {
      if (state.version !== 1 || typeof state.sessionId !== 'string' || !Number.isInteger(state.seq))
        throw new InvalidHookError('restoreSession: expected a state from sessionState() (version 1)');
      const old = sessions.get(state.sessionId);
      if (old !== undefined) for (const instance of old.instances) instance?.close();
      sessions.delete(state.sessionId);
      recent = undefined;
      const session = sessionOf(state.sessionId);
      session.seq = state.seq;
      for (const [name, policyState] of Object.entries(state.policies)) session.pending.set(name, policyState);
    },
  };
  return book;
};
