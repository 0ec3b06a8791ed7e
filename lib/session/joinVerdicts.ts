/**
 * Policy verdicts join the event's aggregation as run records, after the hooks' runs: a deny blocks (sticky, like
 * any hook's), an ask asks, an allow may carry context, a stop stops. Their reasons name the policy and the
 * events that triggered it.
 */
import { assembleHookResult } from '../aggregate/hookResult.js';
import type { HookOutput } from '../events/outputs.js';
import type { EventName } from '../events/names.js';
import type { HookResult, HookRun } from '../model/types.js';
import type { NamedVerdict } from './sessionBook.js';

/** The reason as the result shows it: `session policy "budget": …` and the triggering events. */
export const verdictReason = (named: NamedVerdict): string => {
  const because = named.verdict.because;
  const events =
    because === undefined || because.length === 0
      ? ''
      : ` (after event${because.length === 1 ? '' : 's'} #${because.join(', #')})`;
  return `session policy "${named.policy}": ${named.verdict.reason}${events}`;
};

/** The prefix of the run a verdict leaves: `policy:<name>`. */
const POLICY_RUN = 'policy:';

/**
 * The policy whose verdict `run` records (a run {@link verdictRun} wrote, live or read back from a recording);
 * undefined for a hook's run.
 */
export const policyOfRun = (run: Pick<HookRun, 'name' | 'source'>): string | undefined =>
  run.source === 'runtime' && run.name.startsWith(POLICY_RUN) ? run.name.slice(POLICY_RUN.length) : undefined;

/** One verdict as the run record of a hook named `policy:<name>`. */
export const verdictRun = (named: NamedVerdict): HookRun => {
  const verdict = named.verdict;
  const reason = verdictReason(named);
  let output: HookOutput;
  if (verdict.decision === 'deny') output = { decision: 'deny', reason };
  else if (verdict.decision === 'ask') output = { decision: 'ask', reason };
  else if (verdict.decision === 'stop') output = { continue: false, stopReason: reason };
  else {
    output = { decision: 'allow', reason };
    if (verdict.context !== undefined) output.hookSpecificOutput = { additionalContext: verdict.context };
  }
  const run: HookRun = {
    name: `${POLICY_RUN}${named.policy}`,
    source: 'runtime',
    outcome: verdict.decision === 'deny' ? 'blocked' : 'success',
    durationMs: 0,
    output,
  };
  if (verdict.decision === 'deny') run.message = reason;
  return run;
};

/** Whether some verdict denies: the event's hooks then need not run. */
export const deniesCall = (verdicts: readonly NamedVerdict[]): boolean => {
  for (const named of verdicts) if (named.verdict.decision === 'deny') return true;
  return false;
};

/** The result of an event a policy denied before any hook ran. */
export const deniedResult = (
  event: EventName,
  fields: Readonly<Record<string, unknown>>,
  verdicts: readonly NamedVerdict[],
  toolSelection: 'union' | 'intersection',
): HookResult => assembleHookResult(event, fields, verdicts.map(verdictRun), { durationMs: 0, toolSelection });

/**
 * `result` with the verdicts' runs after its hooks' runs, folded again. The data the hooks already settled (a
 * chain's arguments or request) is passed as the chained input, so no patch is applied twice.
 */
export const joinVerdicts = (
  result: HookResult,
  fields: Readonly<Record<string, unknown>>,
  verdicts: readonly NamedVerdict[],
  toolSelection: 'union' | 'intersection',
): HookResult => {
  if (verdicts.length === 0) return result;
  const runs = result.hooks.map((run) => ({ ...run }));
  for (const named of verdicts) runs.push(verdictRun(named));
  const settled: Record<string, unknown> = Object.assign({}, fields);
  if (result.toolInput !== undefined) settled.tool_input = result.toolInput;
  if (result.llmRequest !== undefined) settled.llm_request = result.llmRequest;
  const chained =
    result.event === 'BeforeTool' || result.event === 'PermissionRequest' || result.event === 'BeforeModel';
  return assembleHookResult(result.event, fields, runs, {
    durationMs: result.durationMs,
    toolSelection,
    chainedInput: chained ? (settled as never) : undefined,
  });
};
