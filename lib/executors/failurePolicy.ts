/**
 * The failure policy, one decorator over the whole executor stack, so no way a guard can fail (untrusted,
 * not started, crashed, timed out) lets its event through unchecked:
 * - a hook marked `required: true` or `failurePolicy: 'block'` (a strict function hook too) must give its
 *   verdict: not approved (`untrusted`), not started, crashed (an exit other than 0 and 2 — `node` exits 1
 *   when its script is missing —, a signal, unusable output) or timed out becomes a block saying what
 *   failed. The two names are one rule: `required` is what a guard says, `failurePolicy` is x-code's knob;
 * - a failure of hookstream itself while running a hook (`internal: true`) fails closed unless the
 *   system was created with `internalFailurePolicy: 'allow'`.
 * Success, blocks and cancellations pass through. This decorator sits above trust, so an `untrusted`
 * run reaches it like any other.
 */
import { isHookFailure } from '../model/outcomes.js';
import type { HookDefinition, HookRun } from '../model/types.js';
import { failClosed, type InternalFailurePolicy, type StartRun } from './startRun.js';

/** Whether a hook's own failures block, and under which name the reason says so; `undefined`: they fail open. */
export type HookFailureMode = 'strict' | 'required' | undefined;

/** The mode of `definition`; `failurePolicy: 'block'` names it when both are set. */
export const failureModeOf = (definition: HookDefinition): HookFailureMode =>
  definition.failurePolicy === 'block' ? 'strict' : definition.required === true ? 'required' : undefined;

/** Whether a hook's own failures block (`failurePolicy: 'block'` or `required: true`, the same knobs for every kind of hook). */
export const blocksOnFailure = (definition: HookDefinition): boolean => failureModeOf(definition) !== undefined;

/** Whether `run` blocks under `mode`: a failure of the hook, or its not being approved. */
const blocks = (run: HookRun, mode: HookFailureMode): boolean =>
  mode !== undefined && (run.outcome === 'untrusted' || isHookFailure(run.outcome));

/** What went wrong, without the `Hook "<name>" ` prefix most messages start with (the reason says the name once). */
const detailOf = (run: HookRun): string => {
  if (run.outcome === 'untrusted') {
    return 'it is not approved for this project (new or changed since approval); review it, then run `hookstream trust`';
  }
  if (run.message === undefined) return run.outcome;
  const prefix = `Hook "${run.name}" `;
  return run.message.startsWith(prefix) ? run.message.slice(prefix.length) : run.message;
};

/**
 * Turns a run that `mode` refuses into a blocking run; returns every other run unchanged. `true` and
 * `false` are accepted for `'strict'` and no mode.
 *
 * @example applyFailurePolicy({ name: 'lint', outcome: 'timeout', message: 'Hook "lint" timed out after 500 ms', ... }, 'strict')
 * // → outcome 'blocked', output { decision: 'block', reason: 'Hook "lint" failed (strict): timed out after 500 ms' }
 */
export const applyFailurePolicy = (run: HookRun, mode: HookFailureMode | boolean): HookRun => {
  const resolved = mode === true ? 'strict' : mode === false ? undefined : mode;
  if (!blocks(run, resolved)) return run;
  const reason = `Hook "${run.name}" failed (${resolved ?? 'strict'}): ${detailOf(run)}`;
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
    const mode = failureModeOf(hook.definition);
    return start(
      hook,
      input,
      (run) => {
        if (run.internal === true) done(internalFailurePolicy === 'block' ? failClosed(run) : run);
        else done(mode === undefined ? run : applyFailurePolicy(run, mode));
      },
      eventId,
    );
  };
