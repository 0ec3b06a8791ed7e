/**
 * Per-hook conditions (Claude Code's `if`) applied to a plan: a plan is memoised per match target, but a
 * condition reads the whole tool input (`Bash(git commit:*)`), so it is tested on every event, after the
 * matcher and dedup and before anything is spawned. Plans without a conditional hook — every plan of
 * hookstream's own files — pass through untouched, decided once per plan.
 */
import type { HookEntry, HookPlan } from '../model/types.js';
import { beginEffectPass, endEffectPass } from './effectRecords.js';

const conditional = new WeakMap<HookPlan, boolean>();

/**
 * A hook's condition tested once per distinct condition for one event's fields: the hooks of one group share
 * their group's condition object (an `effects` matcher reads the whole shell command), so a group of three
 * hooks reads the command once, not three times. Made per call, so no result outlives the fields it is for.
 */
const conditionTester = (fields: Readonly<Record<string, unknown>>): ((hook: HookEntry) => boolean) => {
  let last: HookEntry['condition'];
  let held = true;
  return (hook) => {
    const condition = hook.condition;
    if (condition === undefined) return true;
    if (condition !== last) {
      last = condition;
      held = condition.test(fields);
    }
    return held;
  };
};

const hasConditions = (plan: HookPlan): boolean => {
  let known = conditional.get(plan);
  if (known === undefined) {
    known =
      plan.hooks.some((hook) => hook.condition !== undefined) ||
      (plan.background?.some((hook) => hook.condition !== undefined) ?? false);
    conditional.set(plan, known);
  }
  return known;
};

/**
 * `plan` without the hooks whose condition does not hold for `fields`; `plan` itself when none has a condition
 * or every condition holds.
 *
 * @example
 * applyConditions(plan, { tool_name: 'Write', tool_input: { file_path: 'src/a.ts' } }); // drops an `if: "Write(.env*)"` hook
 */
export const applyConditions = (plan: HookPlan, fields: Readonly<Record<string, unknown>>): HookPlan => {
  if (!hasConditions(plan)) return plan;
  const holds = conditionTester(fields);
  // One pass: the event's effect matchers read its call once between them.
  beginEffectPass();
  let hooks: HookEntry[];
  let background: HookEntry[] | undefined;
  try {
    hooks = plan.hooks.filter(holds);
    background = plan.background?.filter(holds);
  } finally {
    endEffectPass();
  }
  if (hooks.length === plan.hooks.length && background?.length === plan.background?.length) return plan;
  let sequential = false;
  for (const hook of hooks) sequential ||= hook.sequential;
  return Object.freeze({
    event: plan.event,
    hooks: Object.freeze(hooks),
    sequential,
    // Background hooks whose conditions all fail leave the plan as one without any.
    background: background === undefined || background.length === 0 ? undefined : Object.freeze(background),
  });
};

/** Whether any of `hooks` runs; a condition that failed is not tested again for the next hook of its group. */
const anyHolds = (hooks: readonly HookEntry[], fields: Readonly<Record<string, unknown>>): boolean => {
  let failed: HookEntry['condition'];
  for (const hook of hooks) {
    const condition = hook.condition;
    if (condition === undefined) return true;
    if (condition === failed) continue;
    // The first condition tested opens the pass (a plan without any opens none).
    beginEffectPass();
    if (condition.test(fields)) return true;
    failed = condition;
  }
  return false;
};

/**
 * Whether `applyConditions(plan, fields)` would keep a hook, without building the filtered plan: `hasHooks`
 * with the event's fields asks this on the host's hot path.
 */
export const anyHookRuns = (plan: HookPlan, fields: Readonly<Record<string, unknown>>): boolean => {
  try {
    // Background hooks run too, though the event does not wait for them.
    return anyHolds(plan.hooks, fields) || (plan.background !== undefined && anyHolds(plan.background, fields));
  } finally {
    endEffectPass();
  }
};
