/**
 * Why a hook whose matcher let an event through is not in the event's plan: switched off (a settings switch
 * or a disabled name), deduplicated (another copy stands for it), or its `if` condition failed. The planner
 * records these where it drops them, once per memoised plan, so a watcher that must account for every guard
 * (the decision ledger) reads them instead of deciding them a second time.
 */
import type { HookEntry, HookPlan } from '../model/types.js';

/** A hook the planner left out of a plan, and why. */
export type PlanSkip =
  | { readonly entry: Omit<HookEntry, 'id'>; readonly cause: 'disabled'; readonly by: string }
  | { readonly entry: Omit<HookEntry, 'id'>; readonly cause: 'deduplicated'; readonly by: Omit<HookEntry, 'id'> }
  | { readonly entry: Omit<HookEntry, 'id'>; readonly cause: 'condition-false'; readonly by: string };

/** What the planner tells a watcher about one event: the plan before conditions, and every hook it left out. */
export interface PlanExplanation {
  /** The plan after matcher, switches and dedup, before `if` conditions. */
  readonly matched: HookPlan;
  readonly skipped: readonly PlanSkip[];
}

/** The reason a name in `hooksConfig.disabled` gives when it reaches the host's hooks. */
export const DISABLED_NAME = 'named in "hooksConfig.disabled"';

export const NO_SKIPS: readonly PlanSkip[] = Object.freeze([]);

/**
 * The hooks of `matched` that `final` (the plan after conditions) does not hold: their condition failed. The
 * two plans are compared by identity, so no condition is tested again.
 */
export const conditionSkips = (matched: HookPlan, final: HookPlan | undefined, into: PlanSkip[]): void => {
  if (final === undefined || final === matched) return;
  const kept = new Set<HookEntry>(final.hooks);
  if (final.background !== undefined) for (const hook of final.background) kept.add(hook);
  const visit = (hook: HookEntry): void => {
    if (!kept.has(hook) && hook.condition !== undefined) {
      into.push({ entry: hook, cause: 'condition-false', by: hook.condition.rule });
    }
  };
  for (const hook of matched.hooks) visit(hook);
  if (matched.background !== undefined) for (const hook of matched.background) visit(hook);
};
