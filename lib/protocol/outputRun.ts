/**
 * Run records, one builder each: the record of a hook that produced an output — one rule for the function
 * executor and the testing kit's `fakeExecutor`, so a policy's record is the same in a marble test and in
 * production — and the bare record of a run without output (a failure, a timeout, a skip, a cancel).
 */
import type { HookOutput } from '../events/outputs.js';
import { isBlockingOutput } from '../rules/blocking.js';
import type { HookEntry, HookRun } from '../model/types.js';

/**
 * The record of `hook` having answered `output`: `blocked` when the output blocks by the one blocking
 * rule (BeforeTool's `hookSpecificOutput.permissionDecision` included), else `success`.
 *
 * @param hook The entry that ran.
 * @param output Its decoded output.
 * @param durationMs Time from start to answer.
 * @param outputWarnings Decode warnings (dropped fields); recorded only when there are some.
 * @return A run record; `message` is set only on a block (the output's reason, else a generic line).
 */
export const runOfOutput = (
  hook: HookEntry,
  output: HookOutput,
  durationMs: number,
  outputWarnings?: readonly string[],
): HookRun => {
  const blocked = isBlockingOutput(hook.event, output);
  // A literal, optional fields assigned after: `{ ...a, k }` gets a hidden class per object on Node 20.
  const run: HookRun = {
    name: hook.name,
    source: hook.origin.source,
    durationMs,
    outcome: blocked ? 'blocked' : 'success',
    output,
  };
  if (blocked) run.message = output.reason ?? `Blocked by hook "${hook.name}"`;
  if (outputWarnings !== undefined && outputWarnings.length > 0) run.outputWarnings = outputWarnings.slice();
  return run;
};

/** A run record without output; `message` says what happened (set only when given). */
export const bareRun = (
  hook: HookEntry,
  outcome: HookRun['outcome'],
  durationMs: number,
  message?: string,
): HookRun => {
  const run: HookRun = { name: hook.name, source: hook.origin.source, outcome, durationMs };
  if (message !== undefined) run.message = message;
  return run;
};
