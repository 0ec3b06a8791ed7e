/**
 * Assembles the HookResult of DESIGN §2 from an event's summary: the one decision the host applies.
 */
import type { HookInput, LLMRequest, LLMResponse } from '../events/inputs.js';
import type { EventName } from '../events/names.js';
import type { HookOutput } from '../events/outputs.js';
import { assignFields, mergeFields } from '../rules/mergeFields.js';
import { mergeRequestPatch } from '../rules/requestPatch.js';
import type { HookResult, HookRun, NormalizedDecision } from '../core/types.js';
import { AggregatedHookResult } from '../seed/aggregatedResult.js';
import type { EventSummary } from './monoids.js';
import { createHookOutput } from '../seed/outputClasses.js';
import { summarizeRuns } from './summarize.js';

const joined = (lines: readonly string[]): string | undefined => (lines.length === 0 ? undefined : lines.join('\n'));

const decisionFor = (summary: EventSummary): NormalizedDecision | undefined => {
  const d = summary.decision;
  if (d.blocked) return d.denied ? 'deny' : 'block';
  if (d.asked) return 'ask';
  return d.allowed ? 'allow' : undefined;
};

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
const AGGREGATED = new WeakMap<HookResult, AggregatedHookResult>();

/**
 * One getter for every result. A closure per result made `defineProperty` cost ~1.6 µs on Node 20 (a new
 * hidden class each time); one shared accessor keeps one shape and costs ~0.2–0.4 µs.
 */
function aggregatedGetter(this: HookResult): AggregatedHookResult {
  const known = AGGREGATED.get(this);
  if (known !== undefined) return known;
  const view = aggregatedOf(this);
  AGGREGATED.set(this, view);
  return view;
}

const AGGREGATED_ACCESSOR: PropertyDescriptor = { enumerable: true, get: aggregatedGetter };

export interface AssembleOptions {
  toolSelection?: 'union' | 'intersection';
  /** Wall time of the whole event, in milliseconds. */
  durationMs: number;
  /**
   * A sequential plan's input after its chain (the runner's `finalInput`): its `tool_input` and
   * `llm_request` are the result's, so chaining and aggregation never merge the same patches twice.
   */
  chainedInput?: HookInput | undefined;
}

const NO_RUNS: readonly HookRun[] = Object.freeze([]);

const isInternalRun = (run: HookRun): boolean => run.internal === true;

/**
 * Folds `runs` (in plan order) into the event's HookResult. `input` supplies the originals. The result is
 * frozen (with its `warnings`, `hooks` and, shallowly, each run record), as fast-path results are: a host
 * cannot mutate one kind and not the other. It is a literal of the fields every result has, then the
 * optional ones assigned: one shape per combination, never a spread (FACTS.md, round 2).
 */
export const assembleHookResult = (
  event: EventName,
  input: Readonly<Record<string, unknown>> | HookInput,
  runs: readonly HookRun[],
  options: AssembleOptions,
): HookResult => {
  const summary = summarizeRuns(event, runs, options.toolSelection);
  const d = summary.decision;
  for (const run of runs) Object.freeze(run);
  const result = {
    event,
    blocked: d.blocked,
    stopped: d.stopped,
    suppressOutput: d.suppressOutput,
    // The fold's own array (or the shared frozen empty one): nobody else holds it.
    warnings: Object.freeze(d.warnings) as string[],
    hooks: (runs.length === 0 ? NO_RUNS : Object.freeze(runs.slice())) as HookRun[],
    success: d.healthy,
    durationMs: options.durationMs,
  } as HookResult;
  const decision = decisionFor(summary);
  if (decision !== undefined) result.decision = decision;
  const reason = joined(d.blocked ? d.blockReasons : d.reasons);
  if (reason !== undefined) result.reason = reason;
  const stopReason = joined(d.stopReasons);
  if (stopReason !== undefined) result.stopReason = stopReason;
  const systemMessage = joined(d.systemMessages);
  if (systemMessage !== undefined) result.systemMessage = systemMessage;
  const additionalContext = joined(d.additionalContext);
  if (additionalContext !== undefined) result.additionalContext = additionalContext;
  applyEventFields(event, options.chainedInput ?? input, options.chainedInput !== undefined, summary, result);
  if (runs.some(isInternalRun)) result.internal = true;
  // The seed-shaped view is built on first access: most hosts read the flat fields only.
  Object.defineProperty(result, 'aggregated', AGGREGATED_ACCESSOR);
  return Object.freeze(result);
};

/** The event-specific fields: the arguments, request, response or tool config the host must use. */
function applyEventFields(
  event: EventName,
  input: Readonly<Record<string, unknown>>,
  chained: boolean,
  summary: EventSummary,
  result: HookResult,
): void {
  if (event === 'BeforeTool') {
    const original = input.tool_input as Record<string, unknown> | undefined;
    result.toolInput = summary.toolInput && !chained ? mergeFields(original, summary.toolInput) : original;
  } else if (event === 'BeforeModel') {
    const original = input.llm_request as LLMRequest | undefined;
    result.llmRequest = summary.llmRequest && !chained ? mergeRequestPatch(original, summary.llmRequest) : original;
    if (summary.llmResponse) result.llmResponse = summary.llmResponse;
  } else if (event === 'AfterModel') {
    result.llmResponse = (summary.llmResponse ?? input.llm_response) as LLMResponse | undefined;
  } else if (event === 'BeforeToolSelection') {
    const { mode, names } = summary.toolSelection;
    if (mode !== undefined || names !== undefined) {
      // The summary's names are the fold's own sorted copy: no second copy.
      const allowed = mode === 'NONE' || names === undefined ? [] : (names as string[]);
      result.toolConfig = { mode: mode ?? 'AUTO', allowedFunctionNames: allowed };
    }
  }
}

/** The HookResult of an event no hook matched: nothing ran, the originals pass through. */
export const emptyHookResult = (event: EventName, input: Readonly<Record<string, unknown>>): HookResult =>
  assembleHookResult(event, input, [], { durationMs: 0 });
