/**
 * One hook run → its contribution to the event's summary (the monoid carrier), and the fold of a whole
 * plan's runs in plan order. What a run contributes depends on the event.
 */
import { isRecord } from '../core/guards.js';
import { effectiveDecision, readsPermissionDecision } from '../rules/blocking.js';
import type { EventName } from '../events/names.js';
import { type HookOutput } from '../events/outputs.js';
import type { HookRun } from '../model/types.js';
import { isWarningOutcome } from '../model/outcomes.js';
import {
  ClaudeOutputsMonoid,
  claudeOutputs,
  eventSummaryMonoid,
  sortedUnique,
  NO_LINES,
  OrDecision,
  selection,
  ToolSelectionUnion,
  type ClaudeOutputs,
  type DecisionSummary,
  type EventSummary,
  type InputEdit,
} from './monoids.js';
import type { HookSpecificOutput } from '../events/outputs.js';

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
  (readsPermissionDecision(event) && output?.decision == null
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
    deferred: decision === 'defer',
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

/** BeforeTool and PermissionRequest: the hook's `tool_input`, a patch or (`replaceToolInput`) the whole input. */
const inputEditOf = (event: EventName, specific: HookSpecificOutput | undefined): InputEdit | undefined => {
  if ((event !== 'BeforeTool' && event !== 'PermissionRequest') || !isRecord(specific?.tool_input)) return undefined;
  return { replace: specific.replaceToolInput === true, fields: specific.tool_input };
};

/** The outputs only Claude Code's own events have; the shared empty value for every other event. */
const claudeOutputsOf = (event: EventName, specific: HookSpecificOutput | undefined): ClaudeOutputs => {
  if (specific === undefined) return ClaudeOutputsMonoid.empty;
  switch (event) {
    case 'PermissionRequest':
      return Array.isArray(specific.updatedPermissions) && specific.updatedPermissions.length > 0
        ? claudeOutputs({ updatedPermissions: specific.updatedPermissions })
        : ClaudeOutputsMonoid.empty;
    case 'PermissionDenied':
      return specific.retry === true ? claudeOutputs({ retry: true }) : ClaudeOutputsMonoid.empty;
    case 'Elicitation':
    case 'ElicitationResult':
      return specific.action === undefined && specific.content === undefined
        ? ClaudeOutputsMonoid.empty
        : claudeOutputs({ action: specific.action, content: specific.content });
    case 'WorktreeCreate':
      return typeof specific.worktreePath === 'string' && specific.worktreePath !== ''
        ? claudeOutputs({ worktreePath: specific.worktreePath })
        : ClaudeOutputsMonoid.empty;
    case 'SessionStart':
    case 'CwdChanged':
    case 'FileChanged':
      return Array.isArray(specific.watchPaths) && specific.watchPaths.length > 0
        ? claudeOutputs({ watchPaths: sortedUnique(specific.watchPaths) })
        : ClaudeOutputsMonoid.empty;
    default:
      return ClaudeOutputsMonoid.empty;
  }
};

/** One run's contribution to its event's summary. */
export const summarizeRun = (event: EventName, run: HookRun): EventSummary => {
  const specific = run.output?.hookSpecificOutput;
  const toolConfig = event === 'BeforeToolSelection' ? specific?.toolConfig : undefined;
  return {
    // A skipped run decides nothing; its warnings still count (a hook without its callback says so once).
    decision: run.outcome === 'skipped' && run.outputWarnings === undefined ? OrDecision.empty : decisionOf(event, run),
    toolInput: inputEditOf(event, specific),
    llmRequest: event === 'BeforeModel' && isRecord(specific?.llm_request) ? specific.llm_request : undefined,
    llmResponse:
      (event === 'BeforeModel' || event === 'AfterModel') && isRecord(specific?.llm_response)
        ? specific.llm_response
        : undefined,
    toolResponse: event === 'AfterTool' && specific?.tool_response !== null ? specific?.tool_response : undefined,
    specific: isRecord(specific) ? specific : undefined,
    toolSelection: toolConfig
      ? selection(
          toolConfig.mode,
          toolConfig.allowedFunctionNames && [...new Set(toolConfig.allowedFunctionNames)].sort(),
        )
      : ToolSelectionUnion.empty,
    claude: claudeOutputsOf(event, specific),
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
