/**
 * The one blocking rule: which decision a hook expressed, and whether it blocks. Used by the
 * executors (the run's outcome), the chain (a block ends it), aggregation and the testing kit alike.
 */
import type { EventName } from '../events/names.js';
import type { HookDecision, HookOutput } from '../events/outputs.js';

/** Whether `event` reads `hookSpecificOutput.permissionDecision` (Claude's PreToolUse and PreModelSwitch answer). */
export const readsPermissionDecision = (event: EventName): boolean =>
  event === 'BeforeTool' || event === 'PreModelSwitch';

/**
 * The decision a hook expressed. BeforeTool (and PreModelSwitch) also honour the compatibility field
 * `hookSpecificOutput.permissionDecision` when the top-level `decision` is absent — unlike the seed,
 * also during multi-hook merging, so a compatibility-only block is never lost.
 */
export const effectiveDecision = (event: EventName, output: HookOutput | undefined): HookDecision | undefined => {
  const top = output?.decision ?? undefined;
  if (top !== undefined || !readsPermissionDecision(event)) return top;
  return output?.hookSpecificOutput?.permissionDecision ?? undefined;
};

/** Whether the output decides to block (`block` or `deny`, compatibility field included). */
export const isBlockingOutput = (event: EventName, output: HookOutput | undefined): boolean => {
  const decision = effectiveDecision(event, output);
  return decision === 'block' || decision === 'deny';
};

/** Whether a run ends a sequential chain: a blocked outcome, or an output that decides to block. */
export const isBlockingRun = (
  event: EventName,
  run: { readonly outcome: string; readonly output?: HookOutput },
): boolean => run.outcome === 'blocked' || isBlockingOutput(event, run.output);
