/**
 * The planner: for one event, which hooks run, in which order, and how.
 * Matcher filter, disabled names, dedup by command with trust decided first (the highest-priority
 * trusted instance is kept, lib/plan/dedup.ts), the background split (`async` hooks go to
 * `plan.background`, decided once per memoised plan so an event without one pays nothing), and the
 * sequential rule (any matching group with `sequential: true` makes the whole event sequential).
 */
import { EVENT_NAMES, MATCH_TARGET, type EventName } from '../events/names.js';
import type { HookEntry, HookPlan } from '../model/types.js';
import { isConfigured } from '../kinds/table.js';
import { contestedKeys, dedupEntries, type PlanTrust } from './dedup.js';
import type { HookRegistry } from './registry.js';
import { anyHookRuns, applyConditions } from './conditions.js';
import { conditionSkips, DISABLED_NAME, NO_SKIPS, type PlanExplanation, type PlanSkip } from './planSkips.js';

/** The string a matcher is tested against for `event`, or undefined when the event has none. */
export const matchTargetOf = (event: EventName, fields: Readonly<Record<string, unknown>>): string | undefined => {
  const key = MATCH_TARGET[event];
  if (key === undefined) return undefined;
  const value = fields[key];
  return typeof value === 'string' ? value : undefined;
};

const EMPTY_PLANS = new Map<EventName, HookPlan>(
  EVENT_NAMES.map((event) => [
    event,
    Object.freeze({ event, hooks: Object.freeze([]), sequential: false, background: undefined }),
  ]),
);

/** Targets remembered per event: tool names repeat, so a few hundred cover a session. */
const MEMO_LIMIT = 256;
/** The memo key of events that have no match target (one plan serves them all). */
const NO_TARGET = '\u0000';

/**
 * Hooks of one target whose dedup depends on trust (a command shared by an entry that needs approval):
 * planned again on every event, since an approval or an edit changes the answer.
 */
interface Contested {
  readonly matching: readonly HookEntry[];
  readonly contested: ReadonlySet<string>;
}

/** The plans of one event for one registry state, by match target. */
interface EventPlans {
  readonly candidates: readonly HookEntry[];
  readonly byTarget: Map<string, HookPlan | Contested>;
}

const isContested = (value: HookPlan | Contested): value is Contested => 'contested' in value;

export class HookPlanner {
  /** Memoised plans per event; dropped as soon as the registry hands out a new candidate list. */
  private readonly memo = new Map<EventName, EventPlans>();
  /** What each memoised plan left out (switched off, deduplicated): recorded once, where it was dropped. */
  private readonly skips = new WeakMap<HookPlan, readonly PlanSkip[]>();
  /** Settings hooks switched off by a file's own switch (never registered), by event, built on first `explain`. */
  private inactiveByEvent: Map<EventName, { entry: Omit<HookEntry, 'id'>; reason: string }[]> | undefined;

  /**
   * @param trust Decides, before dedup, which of two copies of a command may shadow the other; without it
   * the highest-priority copy is kept whatever its trust.
   */
  constructor(
    private readonly registry: HookRegistry,
    private readonly disabled: ReadonlySet<string> = new Set(),
    private readonly trust?: PlanTrust,
    /** Settings hooks that never run (switched off by their file's scope rule), each with the switch's reason. */
    private readonly inactive: ReadonlyMap<Omit<HookEntry, 'id'>, string> = new Map(),
  ) {}

  /**
   * The plan for one event; `hooks` is empty when nothing matches. Plans are frozen and memoised per
   * (event, match target): the registry builds new per-event lists on every change, so a changed
   * registry is a new list and its old plans are dropped. Where trust decides a dedup, the matching
   * hooks are memoised and the dedup is done per event (a few `stat` calls per contested hook).
   */
  createExecutionPlan(event: EventName, fields: Readonly<Record<string, unknown>>): HookPlan {
    const plan = this.matchedPlan(event, fields);
    // The shared empty plan has no condition to apply: the no-hook path skips the lookup.
    return plan.hooks.length === 0 && plan.background === undefined ? plan : applyConditions(plan, fields);
  }

  /** The plan before `if` conditions: matcher, disabled names and dedup (memoised per match target). */
  private matchedPlan(event: EventName, fields: Readonly<Record<string, unknown>>): HookPlan {
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
    let known = plans.byTarget.get(key);
    if (known === undefined) {
      known = this.match(event, candidates, target);
      if (plans.byTarget.size >= MEMO_LIMIT) plans.byTarget.clear();
      plans.byTarget.set(key, known);
    }
    return isContested(known) ? planOf(event, dedupEntries(known.matching, this.trust, known.contested).kept) : known;
  }

  /**
   * Every hook whose matcher lets this event through and that is not in `final` (the plan the event ran), with
   * the reason it was dropped: switched off, deduplicated (by which copy) or its condition failed. The
   * switch and dedup reasons are those recorded when the plan was memoised; conditions are read by comparing
   * `final` with the plan before them. Meant for watchers that account for every guard: it costs a memo lookup.
   */
  explain(event: EventName, fields: Readonly<Record<string, unknown>>, final?: HookPlan): PlanExplanation {
    const target = matchTargetOf(event, fields);
    const matched = this.matchedPlan(event, fields);
    const skipped: PlanSkip[] = [];
    const known = this.memo.get(event)?.byTarget.get(target ?? NO_TARGET);
    if (known !== undefined && isContested(known)) {
      // Trust decided this dedup on this event: ask it again (what the event saw, unless an approval came since).
      const { dropped } = dedupEntries(known.matching, this.trust, known.contested);
      for (const [entry, twin] of dropped) skipped.push({ entry, cause: 'deduplicated', by: twin });
      this.disabledSkips(event, target, skipped);
    } else {
      for (const skip of this.skips.get(matched) ?? NO_SKIPS) skipped.push(skip);
    }
    conditionSkips(matched, final, skipped);
    for (const { entry, reason } of this.inactiveFor(event)) {
      if (matchesTarget(entry, event, target)) skipped.push({ entry, cause: 'disabled', by: reason });
    }
    return { matched, skipped };
  }

  /** Hooks dropped for a disabled name, pushed onto `into`. */
  private disabledSkips(event: EventName, target: string | undefined, into: PlanSkip[]): void {
    if (this.disabled.size === 0) return;
    for (const entry of this.registry.getHooksForEvent(event)) {
      if (this.disabled.has(entry.name) && matchesTarget(entry, event, target)) {
        into.push({ entry, cause: 'disabled', by: DISABLED_NAME });
      }
    }
  }

  private inactiveFor(event: EventName): readonly { entry: Omit<HookEntry, 'id'>; reason: string }[] {
    if (this.inactive.size === 0) return [];
    if (this.inactiveByEvent === undefined) {
      this.inactiveByEvent = new Map();
      for (const [entry, reason] of this.inactive) {
        const list = this.inactiveByEvent.get(entry.event);
        if (list === undefined) this.inactiveByEvent.set(entry.event, [{ entry, reason }]);
        else list.push({ entry, reason });
      }
    }
    return this.inactiveByEvent.get(event) ?? [];
  }

  /** The matching hooks of one target: a plan, or the hooks to dedup anew on each event when trust decides. */
  private match(event: EventName, candidates: readonly HookEntry[], target: string | undefined): HookPlan | Contested {
    const matching: HookEntry[] = [];
    for (const entry of candidates) {
      if (this.disabled.has(entry.name) || !matchesTarget(entry, event, target)) continue;
      matching.push(entry);
    }
    const contested = contestedKeys(matching, this.trust);
    if (contested.size > 0) return { matching, contested };
    const { kept, dropped } = dedupEntries(matching, undefined, contested);
    const plan = planOf(event, kept);
    // Recorded once per memoised plan: an event pays nothing for it.
    if (dropped.size > 0 || this.disabled.size > 0) {
      const skipped: PlanSkip[] = [];
      for (const [entry, twin] of dropped) skipped.push({ entry, cause: 'deduplicated', by: twin });
      this.disabledSkips(event, target, skipped);
      if (skipped.length > 0) this.skips.set(plan, Object.freeze(skipped));
    }
    return plan;
  }

  /**
   * Whether any hook would be planned for `event`: for `target` (a tool name, a SessionStart source, …) when
   * given, else for some target — so a host can skip building an input no hook will see. No plan is built
   * (dedup never empties a plan): one pass over the event's hooks, matchers memoised per target.
   *
   * Given the event's fields instead, the answer is exactly whether `createExecutionPlan` would plan a hook:
   * `if` conditions included (a hook whose condition fails for this tool call does not count), from the
   * memoised plan and without allocating a filtered one.
   */
  hasHooks(event: EventName, target?: string | Readonly<Record<string, unknown>>): boolean {
    if (typeof target === 'object') return anyHookRuns(this.matchedPlan(event, target), target);
    for (const entry of this.registry.getHooksForEvent(event)) {
      if (this.disabled.has(entry.name)) continue;
      if (target === undefined || matchesTarget(entry, event, target)) return true;
    }
    return false;
  }
}

/**
 * Whether `entry`'s matcher lets it run for `target`, the event's match target (undefined: the host gave none,
 * or the event has none). A matcher on an event with a target never matches an event that lacks it.
 */
const matchesTarget = (entry: Omit<HookEntry, 'id'>, event: EventName, target: string | undefined): boolean =>
  entry.matcher === undefined ||
  (target !== undefined ? entry.matcher.test(target) : MATCH_TARGET[event] === undefined);

/**
 * Whether a hook runs in the background (Claude's and Codex's `async`; `asyncRewake` implies it, as in Claude
 * Code): the event neither waits for it nor lets it decide. Function hooks always run in the foreground.
 */
export const isBackgroundHook = (entry: HookEntry): boolean => {
  const definition = entry.definition;
  return isConfigured(definition) && (definition.async === true || definition.asyncRewake === true);
};

/**
 * A frozen plan of `hooks`: background hooks split off, sequential when any foreground hook says so (a
 * background hook in a sequential group runs beside the chain, not in it). Every plan has the same fields.
 */
export const planOf = (event: EventName, hooks: HookEntry[]): HookPlan => {
  let sequential = false;
  let background: HookEntry[] | undefined;
  for (const entry of hooks) {
    if (isBackgroundHook(entry)) (background ??= []).push(entry);
    else sequential ||= entry.sequential;
  }
  if (background === undefined) return Object.freeze({ event, hooks: Object.freeze(hooks), sequential, background });
  const foreground = hooks.filter((entry) => !isBackgroundHook(entry));
  return Object.freeze({ event, hooks: Object.freeze(foreground), sequential, background: Object.freeze(background) });
};
