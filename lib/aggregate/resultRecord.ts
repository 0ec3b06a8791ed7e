/**
 * The object every HookResult is: one class, so every result has one hidden class per combination of
 * optional fields, and `aggregated` — the seed-shaped view most hosts never read — is a prototype getter
 * built on first read. On Node 20 a shared accessor installed per result (`defineProperty`) cost 0.2–0.4 µs
 * and a getter in a literal 0.6 µs; a prototype getter costs nothing until read. `toJSON` puts the view in
 * JSON, where `--json` and the message bus expect it.
 */
import type { HookResult, NormalizedDecision } from '../model/types.js';
import type { EventName } from '../events/names.js';
import type { HookOutput } from '../events/outputs.js';
import { assignFields } from '../rules/mergeFields.js';
import { AggregatedHookResult } from './aggregatedResult.js';
import { createHookOutput } from './outputClasses.js';
import type { EventSummary } from './monoids.js';
import { summarizeRuns } from './summarize.js';

/** The merged output in the seed's shape, wrapped in the event's output class (built only when read). */
const finalOutputOf = (event: EventName, summary: EventSummary, result: HookResult): HookOutput => {
  const specific: Record<string, unknown> = assignFields({}, summary.specific);
  if (result.toolInput && summary.toolInput) specific.tool_input = result.toolInput;
  if (result.llmRequest && summary.llmRequest) specific.llm_request = result.llmRequest;
  if (result.toolConfig) specific.toolConfig = result.toolConfig;
  if (result.additionalContext !== undefined) specific.additionalContext = result.additionalContext;
  const output: HookOutput = {};
  if (result.decision) output.decision = result.decision;
  if (result.reason !== undefined) output.reason = result.reason;
  if (result.stopped) output.continue = false;
  if (result.stopReason !== undefined) output.stopReason = result.stopReason;
  if (result.suppressOutput) output.suppressOutput = true;
  if (result.systemMessage !== undefined) output.systemMessage = result.systemMessage;
  // `hookEventName` first; a hook's own `hookEventName` still wins, as before.
  if (Object.keys(specific).length > 0) output.hookSpecificOutput = assignFields({ hookEventName: event }, specific);
  return output;
};

/** The seed-shaped view, frozen like the fast path's (whose templates are deep-frozen). */
const aggregatedOf = (result: HookResult): AggregatedHookResult => {
  const { event, hooks } = result;
  // Folded again on first read: the merged output does not depend on `toolSelection` (`toolConfig` is the result's).
  const summary = summarizeRuns(event, hooks);
  const allOutputs: HookOutput[] = [];
  for (const run of hooks) if (run.output) allOutputs.push(run.output);
  const finalOutput = Object.freeze(createHookOutput(event, finalOutputOf(event, summary, result)));
  return Object.freeze(
    new AggregatedHookResult({
      success: result.success,
      finalOutput,
      allOutputs: Object.freeze(allOutputs) as HookOutput[],
      errors: Object.freeze(result.warnings.map((warning) => new Error(warning))) as Error[],
      totalDuration: result.durationMs,
    }),
  );
};

/** Views already built, per result: results are frozen, so the cache cannot live on them. */
const AGGREGATED = new WeakMap<ResultRecord, AggregatedHookResult>();

export class ResultRecord {
  declare readonly decision?: NormalizedDecision;
  declare readonly reason?: string;
  declare readonly stopReason?: string;
  declare readonly systemMessage?: string;
  declare readonly additionalContext?: string;
  declare readonly toolInput?: HookResult['toolInput'];
  declare readonly llmRequest?: HookResult['llmRequest'];
  declare readonly llmResponse?: HookResult['llmResponse'];
  declare readonly toolResponse?: HookResult['toolResponse'];
  declare readonly toolConfig?: HookResult['toolConfig'];
  declare readonly updatedPermissions?: HookResult['updatedPermissions'];
  declare readonly elicitation?: HookResult['elicitation'];
  declare readonly worktreePath?: string;
  declare readonly retry?: true;
  declare readonly watchPaths?: readonly string[];
  declare readonly internal?: true;

  constructor(
    readonly event: EventName,
    readonly blocked: boolean,
    readonly stopped: boolean,
    readonly suppressOutput: boolean,
    readonly warnings: readonly string[],
    readonly hooks: HookResult['hooks'],
    readonly success: boolean,
    readonly durationMs: number,
  ) {}

  /** The seed's AggregatedHookResult (`finalOutput` is the event's output class), built on first read. */
  get aggregated(): AggregatedHookResult {
    const known = AGGREGATED.get(this);
    if (known !== undefined) return known;
    const view = aggregatedOf(this);
    AGGREGATED.set(this, view);
    return view;
  }

  /** The result as JSON: its fields and the seed-shaped view. */
  toJSON(): Record<string, unknown> {
    const json = Object.assign({}, this) as unknown as Record<string, unknown>;
    json.aggregated = this.aggregated;
    return json;
  }
}

/** The seed class behind `result.aggregated`: the record's own view, or one built from the result's fields. */
export const seedAggregated = (result: HookResult): AggregatedHookResult =>
  result.aggregated instanceof AggregatedHookResult ? result.aggregated : aggregatedOf(result);
