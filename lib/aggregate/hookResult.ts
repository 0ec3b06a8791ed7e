/**
 * Assembles the HookResult from an event's summary: the one decision the host applies.
 */
import type { HookInput, LLMRequest, LLMResponse } from '../events/inputs.js';
import type { EventName } from '../events/names.js';
import { mergeRequestPatch } from '../rules/requestPatch.js';
import type { HookResult, HookRun, Mutable, NormalizedDecision } from '../model/types.js';
import { applyInputEdit, type EventSummary } from './monoids.js';
import { ResultRecord } from './resultRecord.js';
import { summarizeRuns } from './summarize.js';

const joined = (lines: readonly string[]): string | undefined => (lines.length === 0 ? undefined : lines.join('\n'));

const decisionFor = (summary: EventSummary): NormalizedDecision | undefined => {
  const d = summary.decision;
  if (d.blocked) return d.denied ? 'deny' : 'block';
  // Claude Code's order: deny > defer > ask > allow.
  if (d.deferred) return 'defer';
  if (d.asked) return 'ask';
  return d.allowed ? 'allow' : undefined;
};

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

/**
 * Folds `runs` (in plan order) into the event's HookResult. `input` supplies the originals. The result is
 * frozen (with its `warnings`, `hooks` and, shallowly, each run record), as fast-path results are: a host
 * cannot mutate one kind and not the other. It is a `ResultRecord` of the fields every result has, then
 * the optional ones assigned: one shape per combination, never a spread (on Node 20 spread-then-add makes a
 * new hidden class per object).
 */
export const assembleHookResult = (
  event: EventName,
  input: Readonly<Record<string, unknown>> | HookInput,
  runs: readonly HookRun[],
  options: AssembleOptions,
): HookResult => {
  const summary = summarizeRuns(event, runs, options.toolSelection);
  const d = summary.decision;
  let internal = false;
  for (const run of runs) {
    Object.freeze(run);
    if (run.internal === true) internal = true;
  }
  const result = new ResultRecord(
    event,
    d.blocked,
    d.stopped,
    d.suppressOutput,
    // The fold's own array (or the shared frozen empty one): nobody else holds it.
    Object.freeze(d.warnings),
    runs.length === 0 ? NO_RUNS : Object.freeze(runs.slice()),
    d.healthy,
    options.durationMs,
  ) as Mutable<HookResult>;
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
  if (internal) result.internal = true;
  return Object.freeze(result);
};

/** The event-specific fields: the arguments, request, response or tool config the host must use. */
function applyEventFields(
  event: EventName,
  input: Readonly<Record<string, unknown>>,
  chained: boolean,
  summary: EventSummary,
  result: Mutable<HookResult>,
): void {
  if (event === 'BeforeTool' || event === 'PermissionRequest') {
    const original = input.tool_input as Record<string, unknown> | undefined;
    result.toolInput = summary.toolInput && !chained ? applyInputEdit(original, summary.toolInput) : original;
    if (event === 'PermissionRequest' && summary.claude.updatedPermissions.length > 0)
      result.updatedPermissions = summary.claude.updatedPermissions;
  } else if (event === 'BeforeModel') {
    const original = input.llm_request as LLMRequest | undefined;
    result.llmRequest = summary.llmRequest && !chained ? mergeRequestPatch(original, summary.llmRequest) : original;
    if (summary.llmResponse) result.llmResponse = summary.llmResponse;
  } else if (event === 'AfterModel') {
    result.llmResponse = (summary.llmResponse ?? input.llm_response) as LLMResponse | undefined;
  } else if (event === 'AfterTool') {
    // Present only when a hook replaced the result: the host keeps its own (typed) result otherwise.
    if (summary.toolResponse !== undefined) result.toolResponse = summary.toolResponse;
  } else if (event === 'Elicitation' || event === 'ElicitationResult') {
    applyElicitation(summary, result);
  } else if (event === 'WorktreeCreate') {
    if (summary.claude.worktreePath !== undefined) result.worktreePath = summary.claude.worktreePath;
  } else if (event === 'PermissionDenied') {
    if (summary.claude.retry) result.retry = true;
  } else if (event === 'SessionStart' || event === 'CwdChanged' || event === 'FileChanged') {
    if (summary.claude.watchPaths.length > 0) result.watchPaths = summary.claude.watchPaths;
  } else if (event === 'BeforeToolSelection') {
    const { mode, names } = summary.toolSelection;
    if (mode !== undefined || names !== undefined) {
      // The summary's names are the fold's own sorted copy: no second copy.
      const allowed = mode === 'NONE' || names === undefined ? [] : (names as string[]);
      result.toolConfig = { mode: mode ?? 'AUTO', allowedFunctionNames: allowed };
    }
  }
}

/**
 * The answer to an MCP elicitation: a block (exit 2, `decision: "block"`) declines, as in Claude Code; else the
 * most final action any hook gave, with the last form values when it accepts.
 */
function applyElicitation(summary: EventSummary, result: Mutable<HookResult>): void {
  const { action, content } = summary.claude;
  if (summary.decision.blocked) result.elicitation = { action: 'decline' };
  else if (action === 'accept') result.elicitation = content === undefined ? { action } : { action, content };
  else if (action !== undefined) result.elicitation = { action };
}

/** The HookResult of an event no hook matched: nothing ran, the originals pass through. */
export const emptyHookResult = (event: EventName, input: Readonly<Record<string, unknown>>): HookResult =>
  assembleHookResult(event, input, [], { durationMs: 0 });
