/**
 * One hook run → its contribution to the event's summary (the monoid carrier), and the fold of a whole
 * plan's runs in plan order. What a run contributes depends on the event (DESIGN §3 "Aggregation").
 */
import { isRecord } from '../core/guards.js';
import { effectiveDecision } from '../rules/blocking.js';
import type { EventName } from '../events/names.js';
import { type HookOutput } from '../events/outputs.js';
import type { HookRun } from '../core/types.js';
import { isWarningOutcome } from '../core/outcomes.js';
import {
  eventSummaryMonoid,
  NO_LINES,
  OrDecision,
  selection,
  ToolSelectionUnion,
  type DecisionSummary,
  type EventSummary,
} from './monoids.js';

const nonEmpty = (text: string | undefined): readonly string[] =>
  text !== undefined && text.trim() !== '' ? [text] : NO_LINES;

/** One line per failed run and per dropped output field; the shared empty list when there is none. */
const warningsOf = (run: HookRun): readonly string[] => {
  const failed = isWarningOutcome(run.outcome);
  const dropped = run.outputWarnings;
  if (!failed && (dropped === undefined || dropped.length === 0)) return NO_LINES;
  const lines: string[] = [];
  if (failed) lines.push(run.message ?? `Hook "${run.name}" ${run.outcome}`);
  if (dropped !== undefined) for (const warning of dropped) lines.push(`Hook "${run.name}": ${warning}`);
  return lines;
};

const reasonOf = (event: EventName, output: HookOutput | undefined): string | undefined =>
  output?.reason ??
  (event === 'BeforeTool' && output?.decision == null
    ? output?.hookSpecificOutput?.permissionDecisionReason
    : undefined);

/** Whether a run counts as healthy execution (ran and exited 0; a decision-block at exit 0 is healthy). */
const isHealthy = (run: HookRun): boolean =>
  run.outcome === 'success' ||
  run.outcome === 'skipped' ||
  (run.outcome === 'blocked' && run.strictFailure === undefined && (run.exitCode === undefined || run.exitCode === 0));

const decisionOf = (event: EventName, run: HookRun): DecisionSummary => {
  const output = run.output;
  const decision = effectiveDecision(event, output);
  const blocked = run.outcome === 'blocked' || decision === 'block' || decision === 'deny';
  const reason = reasonOf(event, output) ?? (blocked ? run.message : undefined);
  return {
    blocked,
    denied: decision === 'deny',
    asked: decision === 'ask',
    allowed: decision === 'allow' || decision === 'approve',
    blockReasons: blocked ? nonEmpty(reason ?? `Blocked by hook "${run.name}"`) : NO_LINES,
    reasons: nonEmpty(reason),
    stopped: output?.continue === false,
    stopReasons: output?.continue === false ? nonEmpty(output.stopReason) : NO_LINES,
    systemMessages: nonEmpty(output?.systemMessage),
    additionalContext: nonEmpty(output?.hookSpecificOutput?.additionalContext),
    suppressOutput: output?.suppressOutput === true,
    warnings: warningsOf(run),
    healthy: isHealthy(run),
  };
};

/** One run's contribution to its event's summary. */
export const summarizeRun = (event: EventName, run: HookRun): EventSummary => {
  const specific = run.output?.hookSpecificOutput;
  const toolConfig = event === 'BeforeToolSelection' ? specific?.toolConfig : undefined;
  return {
    decision: run.outcome === 'skipped' ? OrDecision.empty : decisionOf(event, run),
    toolInput: event === 'BeforeTool' && isRecord(specific?.tool_input) ? specific.tool_input : undefined,
    llmRequest: event === 'BeforeModel' && isRecord(specific?.llm_request) ? specific.llm_request : undefined,
    llmResponse:
      (event === 'BeforeModel' || event === 'AfterModel') && isRecord(specific?.llm_response)
        ? specific.llm_response
        : undefined,
    toolResponse: event === 'AfterTool' && isRecord(specific?.tool_response) ? specific.tool_response : undefined,
    specific: isRecord(specific) ? specific : undefined,
    toolSelection: toolConfig
      ? selection(
          toolConfig.mode,
          toolConfig.allowedFunctionNames && [...new Set(toolConfig.allowedFunctionNames)].sort(),
        )
      : ToolSelectionUnion.empty,
  };
};

/**
 * The fold of every run, in plan order (runs must already be in plan order). It starts from the first
 * run's summary rather than `empty`: the same value by the identity law, one concat fewer.
 */
export const summarizeRuns = (
  event: EventName,
  runs: readonly HookRun[],
  toolSelection: 'union' | 'intersection' = 'union',
): EventSummary => {
  const monoid = eventSummaryMonoid(toolSelection);
  const first = runs[0];
  if (first === undefined) return monoid.empty;
  let summary = summarizeRun(event, first);
  for (let index = 1; index < runs.length; index += 1)
    summary = monoid.concat(summary, summarizeRun(event, runs[index] as HookRun));
  return summary;
};
