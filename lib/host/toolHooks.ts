/**
 * The tool wrapper: BeforeTool decides whether and with which arguments the tool
 * runs, AfterTool adds context for the model, replaces or withholds the result, hides output from the user, adds
 * system messages or stops. The string form of `callToolWithHooks` (toolCall.ts), which holds the rules.
 */
import type { Observable, OperatorFunction } from 'rxjs';
import type { HookResult } from '../model/types.js';
import { mergeMapOrdered } from '../engine/orderedMerge.js';
import type { HookSystem } from '../system/createHookSystem.js';
import { fromAbortable } from './hostInternals.js';
import { throwIfStopped } from './stopSignal.js';
import { callToolWithHooks, type TypedToolExecute, type TypedToolOutcome } from './toolCall.js';
import { responseText } from './toolResponse.js';
import type { ToolCall, ToolCallOutcome, ToolHookOptions, ToolResult } from './toolTypes.js';
import { errorText } from '../core/guards.js';
import { failureNote, fireToolFailure, type ToolFailure } from './toolFailure.js';
import { decideApproval, isPausedToolCall, type ApprovalHandler, type PausedToolCall } from './approval.js';

/** `executeToolWithHooks`' options: the wrappers' own, the model's call id, and BeforeTool's result when it already fired. */
export type ExecuteToolOptions = ToolHookOptions & { toolCallId?: string; before?: HookResult };

/** The host's tool: receives the (possibly hook-modified) arguments. A string is shorthand for `{ llmContent }`. */
export type ToolExecute = (
  input: Record<string, unknown>,
  context: { toolName: string; signal?: AbortSignal },
) => PromiseLike<ToolResult | string> | ToolResult | string;

const defaultBlocked = (toolName: string, reason: string): string =>
  `Tool "${toolName}" was blocked by a hook: ${reason}`;

const withContext = (text: string, context: string | undefined): string =>
  context === undefined || context === '' ? text : `${text}\n\n${context}`;

/**
 * A tool that throws is a failed call the model should hear about, not a crash of the agent loop. `failed` fires
 * PostToolUseFailure first (toolFailure.ts); what its hooks add follows the failure text.
 */
const asToolResult =
  (
    execute: ToolExecute,
    failed?: (failure: ToolFailure) => Promise<string | undefined>,
  ): TypedToolExecute<ToolResult> =>
  async (input, context) => {
    const started = performance.now();
    try {
      const result = await execute(input, context);
      return typeof result === 'string' ? { llmContent: result } : result;
    } catch (error) {
      if (context.signal?.aborted) throw error;
      const durationMs = Math.round(performance.now() - started);
      const note = await failed?.({ toolName: context.toolName, toolInput: input, error, durationMs });
      return { llmContent: withContext(`Tool "${context.toolName}" failed: ${errorText(error)}`, note), isError: true };
    }
  };

const toolResponseOf = (result: ToolResult): Record<string, unknown> =>
  result.response ?? {
    llmContent: result.llmContent,
    ...(result.display !== undefined && { returnDisplay: result.display }),
    isError: result.isError === true,
  };

/** A hook's replacement `tool_response` as a ToolResult: its `llmContent` (else its JSON), display, error flag. */
const toolResultOf = (response: Record<string, unknown>, original: ToolResult | undefined): ToolResult => {
  const result: ToolResult = { llmContent: responseText(response), response };
  if (typeof response.returnDisplay === 'string') result.display = response.returnDisplay;
  const isError = typeof response.isError === 'boolean' ? response.isError : original?.isError;
  if (isError === true) result.isError = true;
  return result;
};

function blockedOutcome(
  call: ToolCall,
  run: TypedToolOutcome<ToolResult>,
  format: ToolHookOptions['formatBlocked'],
): ToolCallOutcome {
  const reason = run.blocked?.reason ?? 'blocked by a BeforeTool hook';
  const message = (format ?? defaultBlocked)(call.toolName, reason);
  return {
    toolName: call.toolName,
    toolInput: run.toolInput,
    llmContent: message,
    ...(run.suppressed ? {} : { display: message }),
    isError: true,
    suppressed: run.suppressed,
    replaced: false,
    systemMessages: run.systemMessages,
    warnings: run.warnings,
    blocked: { reason },
    hookResults: run.hookResults,
  };
}

async function callTool(
  hooks: HookSystem,
  call: ToolCall,
  execute: ToolExecute,
  options: ToolHookOptions & { before?: HookResult },
): Promise<ToolCallOutcome | PausedToolCall> {
  // An `ask` or `defer` pauses the call, or is answered now, before anything runs (lib/host/approval.ts).
  let known = options.before;
  if (known === undefined && options.approval !== undefined) {
    const decided = await decideApproval(hooks, call, options.approval, options.signal, options.context);
    if (isPausedToolCall(decided)) return decided;
    ({ call, before: known } = decided);
  }
  let failure: HookResult | undefined;
  const onFailure = async (failed: ToolFailure): Promise<string | undefined> => {
    if (call.toolCallId !== undefined) failed.toolCallId = call.toolCallId;
    try {
      failure = await fireToolFailure(hooks, failed, options.signal, options.context);
    } catch (error) {
      // The tool has failed already; an abort still cancels the call.
      if (options.signal?.aborted) throw error;
      return `PostToolUseFailure hooks could not run: ${errorText(error)}`;
    }
    return failureNote(failure);
  };
  const run = await callToolWithHooks(hooks, call.toolName, call.toolInput, asToolResult(execute, onFailure), {
    ...(call.toolCallId !== undefined && { toolCallId: call.toolCallId }),
    ...(options.signal && { signal: options.signal }),
    ...(options.context && { context: options.context }),
    ...(known && { before: known }),
    toResponse: toolResponseOf,
    fromResponse: toolResultOf,
  });
  const { before, after } = run.hookResults;
  // Validate: a stop wins over everything, a block means the tool never runs.
  throwIfStopped(before);
  if (after === undefined) return blockedOutcome(call, run, options.formatBlocked);
  const result = run.output as ToolResult;
  // Handle: a withheld result becomes its reason; context is for the model only; suppression hides from the user.
  const withheld = run.blocked?.event === 'AfterTool' ? run.blocked.reason : undefined;
  const llmContent =
    withheld === undefined
      ? withContext(result.llmContent, run.additionalContext)
      : withContext((options.formatWithheld ?? defaultWithheld)(call.toolName, withheld), run.additionalContext);
  const outcome: ToolCallOutcome = {
    toolName: call.toolName,
    toolInput: run.toolInput,
    llmContent,
    ...(run.suppressed ? {} : { display: withheld === undefined ? (result.display ?? result.llmContent) : llmContent }),
    isError: withheld !== undefined || result.isError === true,
    suppressed: run.suppressed,
    replaced: run.replaced,
    systemMessages: run.systemMessages,
    warnings: run.warnings,
    result,
    hookResults: run.hookResults,
  };
  if (failure !== undefined) outcome.hookResults = { before, after, failure };
  if (withheld !== undefined) outcome.resultBlocked = { reason: withheld };
  throwIfStopped(after, outcome);
  return outcome;
}

const defaultWithheld = (toolName: string, reason: string): string =>
  `The result of tool "${toolName}" was withheld by a hook: ${reason}`;

/**
 * Runs one tool call through BeforeTool and AfterTool.
 *
 * A BeforeTool block resolves with an error outcome whose `llmContent` carries the reason (the model sees it as
 * the tool's output) and `execute` is never called; a modified `tool_input` is what `execute` receives. AfterTool's
 * `tool_response` replaces the result (`replaced`), an AfterTool block withholds it (the model reads the reason,
 * `resultBlocked`), `additionalContext` is appended to `llmContent` either way, `suppressOutput` removes `display`,
 * `systemMessage` lands in `systemMessages`. `continue: false` in either event rejects with `AgentStopSignal` (AfterTool's carries the
 * outcome as `partial`). A tool that throws fires PostToolUseFailure (its hooks' context and block reasons are
 * appended to the failure text, its result is `hookResults.failure`) and becomes an error result, which AfterTool
 * hooks see.
 *
 * @example
 * const outcome = await executeToolWithHooks(hooks, 'write_file', { path, content }, (input) => writeFile(input));
 * history.push({ role: 'tool', content: outcome.llmContent });
 */
export function executeToolWithHooks(
  hooks: HookSystem,
  toolName: string,
  toolInput: Record<string, unknown>,
  execute: ToolExecute,
  options?: Omit<ExecuteToolOptions, 'approval'> & { approval?: ApprovalHandler },
): Promise<ToolCallOutcome>;
/** With `approval: 'pause'`: an `ask` or `defer` resolves with a `PausedToolCall` instead of running the tool. */
export function executeToolWithHooks(
  hooks: HookSystem,
  toolName: string,
  toolInput: Record<string, unknown>,
  execute: ToolExecute,
  options: ExecuteToolOptions,
): Promise<ToolCallOutcome | PausedToolCall>;
export function executeToolWithHooks(
  hooks: HookSystem,
  toolName: string,
  toolInput: Record<string, unknown>,
  execute: ToolExecute,
  options: ExecuteToolOptions = {},
): Promise<ToolCallOutcome | PausedToolCall> {
  const { toolCallId, ...rest } = options;
  return callTool(hooks, { toolName, toolInput, ...(toolCallId !== undefined && { toolCallId }) }, execute, rest);
}

/** Cold form of `executeToolWithHooks`: unsubscribing cancels the call and kills its running hooks. */
export function toolCallWithHooks$(
  hooks: HookSystem,
  call: ToolCall,
  execute: ToolExecute,
  options?: Omit<ToolHookOptions, 'signal' | 'approval'> & { approval?: ApprovalHandler },
): Observable<ToolCallOutcome>;
/** With `approval: 'pause'`: an `ask` or `defer` emits a `PausedToolCall` instead of running the tool. */
export function toolCallWithHooks$(
  hooks: HookSystem,
  call: ToolCall,
  execute: ToolExecute,
  options: Omit<ToolHookOptions, 'signal'>,
): Observable<ToolCallOutcome | PausedToolCall>;
export function toolCallWithHooks$(
  hooks: HookSystem,
  call: ToolCall,
  execute: ToolExecute,
  options: Omit<ToolHookOptions, 'signal'> = {},
): Observable<ToolCallOutcome | PausedToolCall> {
  return fromAbortable((signal) => callTool(hooks, call, execute, { ...options, signal }));
}

/**
 * Operator: each `{ toolName, toolInput }` call becomes its `ToolCallOutcome`. Calls run concurrently; outcomes
 * are emitted in call order. A stop errors the stream with `AgentStopSignal` (later calls are canceled).
 *
 * @example
 * toolCall$.pipe(withToolHooks(hooks, (input, { toolName }) => tools[toolName](input))).subscribe(record);
 */
export function withToolHooks(
  hooks: HookSystem,
  execute: ToolExecute,
  options?: Omit<ToolHookOptions, 'signal' | 'approval'> & { approval?: ApprovalHandler; callConcurrency?: number },
): OperatorFunction<ToolCall, ToolCallOutcome>;
/** With `approval: 'pause'`: a call that BeforeTool asks about or defers is emitted as a `PausedToolCall`. */
export function withToolHooks(
  hooks: HookSystem,
  execute: ToolExecute,
  options: Omit<ToolHookOptions, 'signal'> & { callConcurrency?: number },
): OperatorFunction<ToolCall, ToolCallOutcome | PausedToolCall>;
export function withToolHooks(
  hooks: HookSystem,
  execute: ToolExecute,
  options: Omit<ToolHookOptions, 'signal'> & { callConcurrency?: number } = {},
): OperatorFunction<ToolCall, ToolCallOutcome | PausedToolCall> {
  const { callConcurrency, ...rest } = options;
  return mergeMapOrdered((call: ToolCall) => toolCallWithHooks$(hooks, call, execute, rest), callConcurrency);
}
