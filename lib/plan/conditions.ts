/**
 * Per-hook conditions (Claude Code's `if`) applied to a plan: a plan is memoised per match target, but a
 * condition reads the whole tool input (`Bash(git commit:*)`), so it is tested on every event, after the
 * matcher and dedup and before anything is spawned. Plans without a conditional hook — every plan of
 * hookstream's own files — pass through untouched, decided once per plan.
 */
import type { HookEntry, HookPlan } from '../model/types.js';

const conditional = new WeakMap<HookPlan, boolean>();

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
  const holds = (hook: HookEntry): boolean => hook.condition === undefined || hook.condition.test(fields);
  const hooks = plan.hooks.filter(holds);
  const background = plan.background?.filter(holds);
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

/**
 * Whether `applyConditions(plan, fields)` would keep a hook, without building the filtered plan: `hasHooks`
 * with the event's fields asks this on the host's hot path.
 */
export const anyHookRuns = (plan: HookPlan, fields: Readonly<Record<string, unknown>>): boolean => {
  for (const hook of plan.hooks) if (hook.condition === undefined || hook.condition.test(fields)) return true;
  // Background hooks run too, though the event does not wait for them.
  const background = plan.background;
  if (background === undefined) return false;
  for (const hook of background) if (hook.condition === undefined || hook.condition.test(fields)) return true;
  return false;
};
