/**
 * The failure policy, one decorator over the whole executor stack (DESIGN §3 "Exit codes and stdout",
 * §5 "Failures"):
 * - a hook marked `failurePolicy: 'block'` (a strict function hook too) must not fail open: its real
 *   failures — a warning exit, a timeout, a crash or spawn failure — become a block saying what failed;
 * - a failure of hookstream itself while running a hook (`internal: true`) fails closed unless the
 *   system was created with `internalFailurePolicy: 'allow'`.
 * Success, blocks and cancellations pass through.
 */
import { isHookFailure } from '../core/outcomes.js';
import type { HookDefinition, HookRun } from '../core/types.js';
import { failClosed, type InternalFailurePolicy, type StartRun } from './startRun.js';

/** Whether a hook's own failures block (`failurePolicy: 'block'`, the same knob for every kind of hook). */
export const blocksOnFailure = (definition: HookDefinition): boolean => definition.failurePolicy === 'block';

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
  const blocked: HookRun = Object.assign({}, run);
  blocked.outcome = 'blocked';
  blocked.output = { decision: 'block', reason };
  blocked.message = reason;
  blocked.strictFailure = run.outcome;
  return blocked;
};

/** The decorator: applies both rules to every run of `start`. */
export const withFailurePolicy =
  (start: StartRun, internalFailurePolicy: InternalFailurePolicy): StartRun =>
  (hook, input, done, eventId) => {
    const strict = blocksOnFailure(hook.definition);
    return start(
      hook,
      input,
      (run) => {
        if (run.internal === true) done(internalFailurePolicy === 'block' ? failClosed(run) : run);
        else done(strict ? applyFailurePolicy(run, true) : run);
      },
      eventId,
    );
  };
