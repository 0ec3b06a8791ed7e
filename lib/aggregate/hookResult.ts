/**
 * Assembles the HookResult of DESIGN §2 from an event's summary: the one decision the host applies.
 */
import type { HookInput, LLMRequest, LLMResponse } from '../events/inputs.js';
import type { EventName } from '../events/names.js';
import type { HookOutput } from '../events/outputs.js';
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

/** The merged output in the seed's shape, wrapped in the event's output class. */
const finalOutputOf = (event: EventName, summary: EventSummary, result: HookResult): HookOutput => {
  const specific: Record<string, unknown> = { ...summary.specific };
  if (result.toolInput && summary.toolInput) specific.tool_input = result.toolInput;
  if (result.llmRequest && summary.llmRequest) specific.llm_request = result.llmRequest;
  if (result.toolConfig) specific.toolConfig = result.toolConfig;
  if (result.additionalContext !== undefined) specific.additionalContext = result.additionalContext;
  return {
    ...(result.decision ? { decision: result.decision } : {}),
    ...(result.reason !== undefined ? { reason: result.reason } : {}),
    ...(result.stopped ? { continue: false } : {}),
    ...(result.stopReason !== undefined ? { stopReason: result.stopReason } : {}),
    ...(result.suppressOutput ? { suppressOutput: true } : {}),
    ...(result.systemMessage !== undefined ? { systemMessage: result.systemMessage } : {}),
    ...(Object.keys(specific).length > 0 ? { hookSpecificOutput: { hookEventName: event, ...specific } } : {}),
  };
};

export interface AssembleOptions {
  toolSelection?: 'union' | 'intersection';
  /** Wall time of the whole event, in milliseconds. */
  durationMs: number;
}

/** Folds `runs` (in plan order) into the event's HookResult. `input` supplies the originals. */
export const assembleHookResult = (
  event: EventName,
  input: Readonly<Record<string, unknown>> | HookInput,
  runs: readonly HookRun[],
  options: AssembleOptions,
): HookResult => {
  const summary = summarizeRuns(event, runs, options.toolSelection);
  const d = summary.decision;
  const result: HookResult = {
    event,
    ...(decisionFor(summary) ? { decision: decisionFor(summary) } : {}),
    blocked: d.blocked,
    ...(joined(d.blocked ? d.blockReasons : d.reasons) !== undefined
      ? { reason: joined(d.blocked ? d.blockReasons : d.reasons) }
      : {}),
    stopped: d.stopped,
    ...(joined(d.stopReasons) !== undefined ? { stopReason: joined(d.stopReasons) } : {}),
    ...(joined(d.systemMessages) !== undefined ? { systemMessage: joined(d.systemMessages) } : {}),
    ...(joined(d.additionalContext) !== undefined ? { additionalContext: joined(d.additionalContext) } : {}),
    suppressOutput: d.suppressOutput,
    warnings: [...d.warnings],
    hooks: [...runs],
    success: d.healthy,
    durationMs: options.durationMs,
  } as HookResult;
  applyEventFields(event, input, summary, result);
  // The seed-shaped view is built on first access: most hosts read the flat fields only.
  let aggregated: AggregatedHookResult | undefined;
  Object.defineProperty(result, 'aggregated', {
    enumerable: true,
    configurable: true,
    get: () =>
      (aggregated ??= new AggregatedHookResult({
        success: result.success,
        finalOutput: createHookOutput(event, finalOutputOf(event, summary, result)),
        allOutputs: runs.flatMap((run) => (run.output ? [run.output] : [])),
        errors: result.warnings.map((warning) => new Error(warning)),
        totalDuration: options.durationMs,
      })),
  });
  return result;
};

/** The event-specific fields: the arguments, request, response or tool config the host must use. */
function applyEventFields(
  event: EventName,
  input: Readonly<Record<string, unknown>>,
  summary: EventSummary,
  result: HookResult,
): void {
  if (event === 'BeforeTool') {
    const original = input.tool_input as Record<string, unknown> | undefined;
    result.toolInput = summary.toolInput ? { ...original, ...summary.toolInput } : original;
  } else if (event === 'BeforeModel') {
    const original = input.llm_request as LLMRequest | undefined;
    result.llmRequest = summary.llmRequest ? mergeRequestPatch(original, summary.llmRequest) : original;
    if (summary.llmResponse) result.llmResponse = summary.llmResponse;
  } else if (event === 'AfterModel') {
    result.llmResponse = (summary.llmResponse ?? input.llm_response) as LLMResponse | undefined;
  } else if (event === 'BeforeToolSelection') {
    const { mode, names } = summary.toolSelection;
    if (mode !== undefined || names !== undefined) {
      result.toolConfig = {
        mode: mode ?? 'AUTO',
        allowedFunctionNames: mode === 'NONE' ? [] : [...(names ?? [])],
      };
    }
  }
}

/** Like the chain (lib/rules/chainInput.ts): `config` merges one level deeper; a non-object `config` is no patch. */

/** The HookResult of an event no hook matched: nothing ran, the originals pass through. */
export const emptyHookResult = (event: EventName, input: Readonly<Record<string, unknown>>): HookResult =>
  assembleHookResult(event, input, [], { durationMs: 0 });
