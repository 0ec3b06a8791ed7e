/**
 * The body of a ledger record for one decided event: which event, when, about what (the SHA-256 of its
 * canonical input), what was decided, and one entry per guard the event planned — every hook whose matcher let
 * the event through — with exactly one status saying whether it ran and decided, ran and failed, or why it did
 * not run. The planner's own reasons (switched off, deduplicated, condition false) and the run records' outcomes
 * (untrusted, skipped by the host, failed) are carried over; nothing is decided again here.
 */
import type { HookEntry, HookPlan, HookResult, HookRun, Mutable } from '../model/types.js';
import type { EventName } from '../events/names.js';
import { isChainSkip } from '../engine/runPlan.js';
import { isMissingCallback } from '../executors/callbackExecutor.js';
import type { PlanExplanation } from '../plan/planSkips.js';
import { redactSecretText } from '../core/secretText.js';
import { canonicalJson } from './canonicalJson.js';
import { digestOf } from './ledgerFormat.js';

/** What became of one planned guard: exactly one per guard. */
export type GuardStatus =
  | 'ran-and-decided'
  | 'ran-and-failed'
  | 'not-run-untrusted'
  | 'not-run-condition-false'
  | 'not-run-deduplicated'
  | 'not-run-disabled'
  | 'not-run-chain-ended'
  | 'not-run-internal-failure'
  | 'skipped-by-host'
  | 'background';

export const GUARD_STATUSES: readonly GuardStatus[] = [
  'ran-and-decided',
  'ran-and-failed',
  'not-run-untrusted',
  'not-run-condition-false',
  'not-run-deduplicated',
  'not-run-disabled',
  'not-run-chain-ended',
  'not-run-internal-failure',
  'skipped-by-host',
  'background',
];

/** Why a guard that ran did not decide. */
export type GuardFailure = 'timeout' | 'crash' | 'bad-output' | 'canceled' | 'internal';

/** One planned guard in a ledger record. */
export interface LedgerGuard {
  /** The scope it came from: runtime (host code), project, user, system, extension. */
  scope: HookEntry['origin']['source'];
  name: string;
  file?: string;
  /** JSON pointer of the hook in its settings file. */
  pointer?: string;
  /**
   * SHA-256 (base64url) of what trust pins (`pin: "trust"`), else of its event, matcher and definition
   * (`pin: "definition"`).
   */
  fingerprint: string;
  pin: 'trust' | 'definition';
  required: boolean;
  status: GuardStatus;
  /** ran-and-decided: allow, block, deny or ask. */
  decision?: string;
  /** ran-and-failed: what went wrong. */
  failure?: GuardFailure;
  /** not-run-*: the switch, the condition, or the fingerprint of the copy that stands for it. */
  by?: string;
  durationMs?: number;
}

/** The decision of the event as recorded. */
export interface LedgerDecision {
  decision?: string;
  blocked: boolean;
  reason?: string;
  internal?: true;
}

/** The body of an event record (before the chain adds `seq` and `prev`). */
export interface LedgerEventBody {
  type: 'event';
  at: string;
  session: string;
  eventId?: number;
  event: EventName;
  input: { sha256: string; value?: unknown };
  decision: LedgerDecision;
  guards: LedgerGuard[];
}

/** Computes a hook's identity fingerprint; `trusted` tells whether trust pinned it. */
export type GuardIdentity = (entry: Omit<HookEntry, 'id'>) => { fingerprint: string; pin: 'trust' | 'definition' };

const definitionPrints = new WeakMap<object, string>();

/** SHA-256 (base64url) of a hook's event, matcher and definition (a function hook by its name): stable across runs. */
export const definitionFingerprint = (entry: Omit<HookEntry, 'id'>): string => {
  let print = definitionPrints.get(entry);
  if (print === undefined) {
    // A function hook's code is not data: it is printed by its name.
    const definition = 'run' in entry.definition ? { type: 'function', name: entry.name } : entry.definition;
    print = digestOf(canonicalJson({ event: entry.event, matcher: entry.matcher?.pattern ?? '', hook: definition }));
    definitionPrints.set(entry, print);
  }
  return print;
};

const guardOf = (entry: Omit<HookEntry, 'id'>, identity: GuardIdentity, status: GuardStatus): LedgerGuard => {
  const { fingerprint, pin } = identity(entry);
  const guard: LedgerGuard = {
    scope: entry.origin.source,
    name: entry.name,
    fingerprint,
    pin,
    required: entry.definition.required === true,
    status,
  };
  if (entry.origin.file !== undefined) guard.file = entry.origin.file;
  if (entry.origin.pointer !== undefined) guard.pointer = entry.origin.pointer;
  return guard;
};

const failureOf = (run: Readonly<HookRun>, outcome: HookRun['outcome']): GuardFailure => {
  if (run.internal === true) return 'internal';
  if (outcome === 'timeout') return 'timeout';
  if (outcome === 'canceled') return 'canceled';
  return run.message?.includes('output was not used') === true ? 'bad-output' : 'crash';
};

/** Fills `guard` from the run record of its hook. */
const applyRun = (guard: LedgerGuard, run: Readonly<HookRun>): void => {
  guard.durationMs = run.durationMs;
  // A required hook the host has no callback for fails rather than skips: it still never ran.
  if (isMissingCallback(run)) {
    guard.status = 'skipped-by-host';
    return;
  }
  const failed = run.strictFailure ?? run.outcome;
  switch (failed) {
    case 'success':
      guard.decision = run.output?.decision === 'approve' ? 'allow' : (run.output?.decision ?? 'allow');
      return;
    case 'blocked':
      guard.decision = run.output?.decision === 'deny' ? 'deny' : 'block';
      return;
    case 'untrusted':
      guard.status = 'not-run-untrusted';
      return;
    case 'skipped':
      guard.status = isChainSkip(run) ? 'not-run-chain-ended' : 'skipped-by-host';
      return;
    default:
      guard.status = 'ran-and-failed';
      guard.failure = failureOf(run, failed);
  }
};

/** The recorded decision of `result`; reasons are cut of anything shaped like a credential. */
export const ledgerDecision = (result: HookResult, known: readonly string[]): LedgerDecision => {
  const decision: LedgerDecision = { blocked: result.blocked };
  if (result.decision !== undefined) decision.decision = result.decision;
  if (result.reason !== undefined) decision.reason = redactSecretText(result.reason, known);
  if (result.internal === true) decision.internal = true;
  return decision;
};

/**
 * The guards of one event, in plan order, then background hooks, then those the planner left out.
 *
 * @param plan The plan the event ran (undefined: no hook ran — the fast path, or hooks switched off).
 * @param explanation What the planner left out, and the plan before conditions.
 * @param off Set when hooks are switched off altogether: every matched guard is `not-run-disabled` by it.
 */
export const ledgerGuards = (
  plan: HookPlan | undefined,
  result: HookResult,
  explanation: PlanExplanation,
  identity: GuardIdentity,
  off?: string,
): LedgerGuard[] => {
  const guards: LedgerGuard[] = [];
  if (off !== undefined) {
    // Switched off as a whole: the planner's plan is what would have run.
    for (const entry of explanation.matched.hooks) guards.push(disabledBy(entry, identity, off));
    for (const entry of explanation.matched.background ?? []) guards.push(disabledBy(entry, identity, off));
  } else if (plan !== undefined) {
    // The result holds one run per planned hook, in plan order, unless hookstream itself failed the event.
    const paired = result.hooks.length === plan.hooks.length && result.internal !== true;
    plan.hooks.forEach((entry, index) => {
      const run = paired ? result.hooks[index] : undefined;
      const guard = guardOf(entry, identity, run === undefined ? 'not-run-internal-failure' : 'ran-and-decided');
      if (run !== undefined) applyRun(guard, run);
      guards.push(guard);
    });
    for (const entry of plan.background ?? []) guards.push(guardOf(entry, identity, 'background'));
  }
  for (const skip of explanation.skipped) {
    const status = `not-run-${skip.cause}` as GuardStatus;
    const guard = guardOf(skip.entry, identity, status);
    guard.by = skip.cause === 'deduplicated' ? identity(skip.by).fingerprint : skip.by;
    guards.push(guard);
  }
  return guards;
};

const disabledBy = (entry: Omit<HookEntry, 'id'>, identity: GuardIdentity, off: string): LedgerGuard => {
  const guard = guardOf(entry, identity, 'not-run-disabled');
  guard.by = off;
  return guard;
};

let lastAt = Number.NaN;
let lastIso = '';

/** `at` in ISO 8601; events of one millisecond share the text, rather than each formatting a Date. */
const isoOf = (at: number): string => {
  if (at !== lastAt) {
    lastIso = new Date(at).toISOString();
    lastAt = at;
  }
  return lastIso;
};

/** The record body of one event. */
export const ledgerEventBody = (
  at: number,
  session: string,
  event: EventName,
  input: LedgerEventBody['input'],
  decision: LedgerDecision,
  guards: LedgerGuard[],
  eventId: number | undefined,
): LedgerEventBody => {
  const body: Mutable<LedgerEventBody> = {
    type: 'event',
    at: isoOf(at),
    session,
    event,
    input,
    decision,
    guards,
  };
  if (eventId !== undefined) body.eventId = eventId;
  return body;
};
