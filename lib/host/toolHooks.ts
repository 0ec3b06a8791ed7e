/**
 * The tool wrapper (functional spec §3.1, §3.2, §8): BeforeTool decides whether and with which arguments the tool
 * runs, AfterTool adds context for the model, hides output from the user, adds system messages or stops.
 */
import type { Observable, OperatorFunction } from 'rxjs';
import { mergeMapOrdered } from '../engine/orderedMerge.js';
import type { HookSystem } from '../system/createHookSystem.js';
import type { HookResult } from '../core/types.js';
import { fireHook, fromAbortable, systemMessagesOf, warningsOf } from './hostInternals.js';
import { throwIfStopped } from './stopSignal.js';
import type { ToolCall, ToolCallOutcome, ToolHookOptions, ToolResult } from './toolTypes.js';
import { errorText } from '../core/guards.js';

/** The host's tool: receives the (possibly hook-modified) arguments. A string is shorthand for `{ llmContent }`. */
export type ToolExecute = (
  input: Record<string, unknown>,
  context: { toolName: string; signal?: AbortSignal },
) => Promise<ToolResult | string> | ToolResult | string;

const defaultBlocked = (toolName: string, reason: string): string =>
  `Tool "${toolName}" was blocked by a hook: ${reason}`;

// A tool that throws is a failed call the model should hear about, not a crash of the agent loop.
async function runTool(
  execute: ToolExecute,
  input: Record<string, unknown>,
  toolName: string,
  signal?: AbortSignal,
): Promise<ToolResult> {
  try {
    const result = await execute(input, { toolName, ...(signal && { signal }) });
    return typeof result === 'string' ? { llmContent: result } : result;
  } catch (error) {
    if (signal?.aborted) throw error;
    return {
      llmContent: `Tool "${toolName}" failed: ${errorText(error)}`,
      isError: true,
    };
  }
}

const toolResponseOf = (result: ToolResult): Record<string, unknown> =>
  result.response ?? {
    llmContent: result.llmContent,
    ...(result.display !== undefined && { returnDisplay: result.display }),
    isError: result.isError === true,
  };

function blockedOutcome(call: ToolCall, before: HookResult, format: ToolHookOptions['formatBlocked']): ToolCallOutcome {
  const reason = before.reason ?? 'blocked by a BeforeTool hook';
  const message = (format ?? defaultBlocked)(call.toolName, reason);
  return {
    toolName: call.toolName,
    toolInput: before.toolInput ?? call.toolInput,
    llmContent: message,
    ...(before.suppressOutput ? {} : { display: message }),
    isError: true,
    suppressed: before.suppressOutput,
    systemMessages: systemMessagesOf(before),
    warnings: warningsOf(before),
    blocked: { reason },
    hookResults: { before },
  };
}

async function callTool(
  hooks: HookSystem,
  call: ToolCall,
  execute: ToolExecute,
  options: ToolHookOptions,
): Promise<ToolCallOutcome> {
  const { signal } = options;
  const idField = call.toolCallId === undefined ? {} : { tool_call_id: call.toolCallId };
  const before = await fireHook(
    hooks,
    'BeforeTool',
    { tool_name: call.toolName, tool_input: call.toolInput, ...idField },
    signal,
  );
  // Validate: a stop wins over everything, a block means the tool never runs.
  throwIfStopped(before);
  if (before.blocked) return blockedOutcome(call, before, options.formatBlocked);
  const toolInput = before.toolInput ?? call.toolInput;
  const result = await runTool(execute, toolInput, call.toolName, signal);
  const after = await fireHook(
    hooks,
    'AfterTool',
    { tool_name: call.toolName, tool_input: toolInput, tool_response: toolResponseOf(result), ...idField },
    signal,
  );
  // Handle: context is for the model only; suppression hides the result from the user only.
  const context = after.additionalContext;
  const suppressed = before.suppressOutput || after.suppressOutput;
  const outcome: ToolCallOutcome = {
    toolName: call.toolName,
    toolInput,
    llmContent: context === undefined || context === '' ? result.llmContent : `${result.llmContent}\n\n${context}`,
    ...(suppressed ? {} : { display: result.display ?? result.llmContent }),
    isError: result.isError === true,
    suppressed,
    systemMessages: systemMessagesOf(before, after),
    warnings: warningsOf(before, after),
    result,
    hookResults: { before, after },
  };
  throwIfStopped(after, outcome);
  return outcome;
}

/**
 * Runs one tool call through BeforeTool and AfterTool.
 *
 * A BeforeTool block resolves with an error outcome whose `llmContent` carries the reason (the model sees it as
 * the tool's output) and `execute` is never called; a modified `tool_input` is what `execute` receives. AfterTool's
 * `additionalContext` is appended to `llmContent`, `suppressOutput` removes `display`, `systemMessage` lands in
 * `systemMessages`. `continue: false` in either event rejects with `AgentStopSignal` (AfterTool's carries the
 * outcome as `partial`). A tool that throws becomes an error result, which AfterTool hooks see.
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
  options: ToolHookOptions & { toolCallId?: string } = {},
): Promise<ToolCallOutcome> {
  const { toolCallId, ...rest } = options;
  return callTool(hooks, { toolName, toolInput, ...(toolCallId !== undefined && { toolCallId }) }, execute, rest);
}

/** Cold form of `executeToolWithHooks`: unsubscribing cancels the call and kills its running hooks. */
export const toolCallWithHooks$ = (
  hooks: HookSystem,
  call: ToolCall,
  execute: ToolExecute,
  options: Omit<ToolHookOptions, 'signal'> = {},
): Observable<ToolCallOutcome> => fromAbortable((signal) => callTool(hooks, call, execute, { ...options, signal }));

/**
 * Operator: each `{ toolName, toolInput }` call becomes its `ToolCallOutcome`. Calls run concurrently; outcomes
 * are emitted in call order. A stop errors the stream with `AgentStopSignal` (later calls are canceled).
 *
 * @example
 * toolCall$.pipe(withToolHooks(hooks, (input, { toolName }) => tools[toolName](input))).subscribe(record);
 */
export const withToolHooks = (
  hooks: HookSystem,
  execute: ToolExecute,
  options: Omit<ToolHookOptions, 'signal'> & { callConcurrency?: number } = {},
): OperatorFunction<ToolCall, ToolCallOutcome> => {
  const { callConcurrency, ...rest } = options;
  return mergeMapOrdered((call: ToolCall) => toolCallWithHooks$(hooks, call, execute, rest), callConcurrency);
};
