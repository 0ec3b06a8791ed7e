/**
 * One hook run → its contribution to the event's summary (the monoid carrier), and the fold of a whole
 * plan's runs in plan order. What a run contributes depends on the event (DESIGN §3 "Aggregation").
 */
import { concatAll } from 'fp-ts/lib/Monoid.js';
import { isRecord } from '../core/guards.js';
import { effectiveDecision } from '../rules/blocking.js';
import type { EventName } from '../events/names.js';
import { type HookOutput } from '../events/outputs.js';
import type { HookRun } from '../core/types.js';
import { isWarningOutcome } from '../core/outcomes.js';
import { eventSummaryMonoid, OrDecision, selection, type DecisionSummary, type EventSummary } from './monoids.js';

const nonEmpty = (text: string | undefined): readonly string[] =>
  text !== undefined && text.trim() !== '' ? [text] : [];

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
  const warnings = [
    ...(isWarningOutcome(run.outcome) ? [run.message ?? `Hook "${run.name}" ${run.outcome}`] : []),
    ...(run.outputWarnings ?? []).map((warning) => `Hook "${run.name}": ${warning}`),
  ];
  return {
    blocked,
    denied: decision === 'deny',
    asked: decision === 'ask',
    allowed: decision === 'allow' || decision === 'approve',
    blockReasons: blocked ? nonEmpty(reason ?? `Blocked by hook "${run.name}"`) : [],
    reasons: nonEmpty(reason),
    stopped: output?.continue === false,
    stopReasons: output?.continue === false ? nonEmpty(output.stopReason) : [],
    systemMessages: nonEmpty(output?.systemMessage),
    additionalContext: nonEmpty(output?.hookSpecificOutput?.additionalContext),
    suppressOutput: output?.suppressOutput === true,
    warnings,
    healthy: isHealthy(run),
  };
};

/** One run's contribution to its event's summary. */
export const summarizeRun = (event: EventName, run: HookRun): EventSummary => {
  const specific = run.output?.hookSpecificOutput;
  const toolConfig = event === 'BeforeToolSelection' ? specific?.toolConfig : undefined;
  return {
    decision: run.outcome === 'skipped' ? { ...OrDecision.empty } : decisionOf(event, run),
    toolInput: event === 'BeforeTool' && isRecord(specific?.tool_input) ? specific.tool_input : undefined,
    llmRequest: event === 'BeforeModel' && isRecord(specific?.llm_request) ? specific.llm_request : undefined,
    llmResponse:
      (event === 'BeforeModel' || event === 'AfterModel') && isRecord(specific?.llm_response)
        ? specific.llm_response
        : undefined,
    specific: isRecord(specific) ? specific : undefined,
    toolSelection: toolConfig
      ? selection(
          toolConfig.mode,
          toolConfig.allowedFunctionNames && [...new Set(toolConfig.allowedFunctionNames)].sort(),
        )
      : {},
  };
};

/** The fold of every run, in plan order (runs must already be in plan order). */
export const summarizeRuns = (
  event: EventName,
  runs: readonly HookRun[],
  toolSelection: 'union' | 'intersection' = 'union',
): EventSummary => concatAll(eventSummaryMonoid(toolSelection))(runs.map((run) => summarizeRun(event, run)));
