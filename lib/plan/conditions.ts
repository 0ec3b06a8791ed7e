/**
 * Per-hook conditions (Claude Code's `if`) applied to a plan: a plan is memoised per match target, but a
 * condition reads the whole tool input (`Bash(git commit:*)`), so it is tested on every event, after the
 * matcher and dedup and before anything is spawned. Plans without a conditional hook — every plan of
 * hookstream's own files — pass through untouched, decided once per plan.
 */
import type { HookPlan } from '../core/types.js';

const conditional = new WeakMap<HookPlan, boolean>();

const hasConditions = (plan: HookPlan): boolean => {
  let known = conditional.get(plan);
  if (known === undefined) {
    known = plan.hooks.some((hook) => hook.condition !== undefined);
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
  const hooks = plan.hooks.filter((hook) => hook.condition === undefined || hook.condition.test(fields));
  if (hooks.length === plan.hooks.length) return plan;
  let sequential = false;
  for (const hook of hooks) sequential ||= hook.sequential;
  return Object.freeze({ event: plan.event, hooks: Object.freeze(hooks), sequential });
};
