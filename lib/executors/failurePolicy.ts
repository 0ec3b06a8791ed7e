/**
 * Strict hooks (DESIGN §3 "Exit codes and stdout"): a hook marked `failurePolicy: 'block'` (or a strict
 * function hook) must not fail open. Its real failures — a warning exit, a timeout, a crash or spawn
 * failure — become a block whose reason says what failed. Success, blocks and cancellations pass through.
 */
import { isHookFailure } from '../core/outcomes.js';
import type { HookRun } from '../core/types.js';

/**
 * Turns a failed run of a strict hook into a blocking run; returns every other run unchanged.
 *
 * @example applyFailurePolicy({ name: 'lint', outcome: 'timeout', message: 'Hook "lint" timed out after 500 ms', ... }, true)
 * // → outcome 'blocked', output { decision: 'block', reason: 'Hook "lint" failed (strict): timed out after 500 ms' }
 */
export const applyFailurePolicy = (run: HookRun, strict: boolean): HookRun => {
  if (!strict || !isHookFailure(run.outcome)) return run;
  // Messages usually start with `Hook "<name>"` already; say the name once.
  const prefix = `Hook "${run.name}" `;
  const detail =
    run.message === undefined
      ? run.outcome
      : run.message.startsWith(prefix)
        ? run.message.slice(prefix.length)
        : run.message;
  const reason = `Hook "${run.name}" failed (strict): ${detail}`;
  return {
    ...run,
    outcome: 'blocked',
    output: { decision: 'block', reason },
    message: reason,
    strictFailure: run.outcome,
  };
};
