/**
 * The planner: for one event, which hooks run, in which order, and how (DESIGN §3 "Planning").
 * Matcher filter, disabled names, dedup by command (the highest-priority instance is kept), and the
 * sequential rule (any matching group with `sequential: true` makes the whole event sequential).
 */
import { EVENT_NAMES, MATCH_TARGET, type EventName } from '../events/names.js';
import type { HookEntry, HookPlan } from '../core/types.js';
import { hookKey } from './createEntry.js';
import type { HookRegistry } from './registry.js';

/** The string a matcher is tested against for `event`, or undefined when the event has none. */
export const matchTargetOf = (event: EventName, fields: Readonly<Record<string, unknown>>): string | undefined => {
  const key = MATCH_TARGET[event];
  if (key === undefined) return undefined;
  const value = fields[key];
  return typeof value === 'string' ? value : undefined;
};

const EMPTY_PLANS = new Map<EventName, HookPlan>(
  EVENT_NAMES.map((event) => [event, Object.freeze({ event, hooks: Object.freeze([]), sequential: false })]),
);

/** Targets remembered per event: tool names repeat, so a few hundred cover a session. */
const MEMO_LIMIT = 256;
/** The memo key of events that have no match target (one plan serves them all). */
const NO_TARGET = '\u0000';

/** The plans of one event for one registry state, by match target. */
interface EventPlans {
  readonly candidates: readonly HookEntry[];
  readonly byTarget: Map<string, HookPlan>;
}

export class HookPlanner {
  /** Memoised plans per event; dropped as soon as the registry hands out a new candidate list. */
  private readonly memo = new Map<EventName, EventPlans>();

  constructor(
    private readonly registry: HookRegistry,
    private readonly disabled: ReadonlySet<string> = new Set(),
  ) {}

  /**
   * The plan for one event; `hooks` is empty when nothing matches. Plans are frozen and memoised per
   * (event, match target): the registry builds new per-event lists on every change, so a changed
   * registry is a new list and its old plans are dropped.
   */
  createExecutionPlan(event: EventName, fields: Readonly<Record<string, unknown>>): HookPlan {
    const candidates = this.registry.getHooksForEvent(event);
    // No hook for the event at all: a shared plan, nothing allocated (hosts ask this on every model call).
    if (candidates.length === 0) return EMPTY_PLANS.get(event) as HookPlan;
    const target = matchTargetOf(event, fields);
    const key = target ?? NO_TARGET;
    let plans = this.memo.get(event);
    if (plans === undefined || plans.candidates !== candidates) {
      plans = { candidates, byTarget: new Map() };
      this.memo.set(event, plans);
    }
    const known = plans.byTarget.get(key);
    if (known !== undefined) return known;
    const plan = this.plan(event, candidates, target);
    if (plans.byTarget.size >= MEMO_LIMIT) plans.byTarget.clear();
    plans.byTarget.set(key, plan);
    return plan;
  }

  private plan(event: EventName, candidates: readonly HookEntry[], target: string | undefined): HookPlan {
    const seen = new Set<string>();
    const hooks: HookEntry[] = [];
    let sequential = false;
    for (const entry of candidates) {
      if (this.disabled.has(entry.name)) continue;
      if (entry.matcher && target !== undefined && !entry.matcher.test(target)) continue;
      if (entry.matcher && target === undefined && MATCH_TARGET[event] !== undefined) continue;
      const key = hookKey(entry.definition);
      if (seen.has(key)) continue;
      seen.add(key);
      hooks.push(entry);
      sequential ||= entry.sequential;
    }
    return Object.freeze({ event, hooks: Object.freeze(hooks), sequential });
  }
}
