/**
 * Outcome classes of a hook run, one definition each (`HookRun.outcome`). Every predicate that
 * asks "did this hook fail?" reads these sets instead of keeping its own list.
 */
import type { HookOutcome } from './types.js';

/** Failures of the hook itself, which a `failurePolicy: 'block'` turns into a block. */
const HOOK_FAILURES: ReadonlySet<HookOutcome> = new Set<HookOutcome>(['warning', 'timeout', 'failed']);

/** Outcomes reported as a line in `warnings` and logged at `warn`: the hook's failures and hooks that did not run for want of approval. */
const WARNING_OUTCOMES: ReadonlySet<HookOutcome> = new Set<HookOutcome>([
  'warning',
  'timeout',
  'failed',
  'untrusted',
  'canceled',
]);

export const isHookFailure = (outcome: HookOutcome): boolean => HOOK_FAILURES.has(outcome);
export const isWarningOutcome = (outcome: HookOutcome): boolean => WARNING_OUTCOMES.has(outcome);
