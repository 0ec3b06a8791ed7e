/**
 * `CallToolResult`s and the hook decisions on them: the result is what AfterTool hooks see as `tool_response`
 * (and what a replacement must look like); a block, a withheld result or a refused rewrite answers with MCP's own
 * tool error (`isError: true`, the reason as text), AfterTool context is one more text block, and `continue: false`
 * rides in `_meta.hookstream` — the protocol's own place for what it does not define.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isRecord } from '../../core/guards.js';
import type { TypedToolOutcome } from '../../host/toolCall.js';
import { responseText } from '../../host/toolResponse.js';
import { stopIn, stopMetadata, type HookStop } from '../common/stops.js';

/** A hook's replacement as a CallToolResult: itself when it has `content`, else its text (`llmContent`…) as one block. */
export const callToolResultOf = (response: Record<string, unknown>): CallToolResult =>
  Array.isArray(response.content)
    ? (response as CallToolResult)
    : { content: [{ type: 'text', text: responseText(response) }] };

const withStop = (result: CallToolResult, outcome: TypedToolOutcome<CallToolResult>): CallToolResult => {
  if (outcome.stop === undefined) return result;
  const meta = isRecord(result._meta) ? result._meta : {};
  return {
    ...result,
    _meta: { ...meta, hookstream: stopMetadata(outcome.stop) },
  };
};

/** What the caller gets: the (replaced) result plus context, or the tool error; a tool failure is rethrown. */
export function resultOf(outcome: TypedToolOutcome<CallToolResult>): CallToolResult {
  if (outcome.status === 'failed') throw outcome.error;
  if (outcome.status !== 'done') {
    const text = outcome.modelText ?? `Tool "${outcome.toolName}" was stopped by a hook`;
    return withStop({ content: [{ type: 'text', text }], isError: true }, outcome);
  }
  const result = outcome.output as CallToolResult;
  const context = outcome.additionalContext;
  const withContext =
    context === undefined
      ? result
      : { ...result, content: [...result.content, { type: 'text' as const, text: context }] };
  return withStop(withContext, outcome);
}

/** Whether a result says a hook stopped the agent. */
export const isStoppedResult = (result: { _meta?: unknown }): boolean => stopIn(result._meta) !== undefined;

/**
 * The hook stop a tool or sampling result carries, if any: its event and reason.
 *
 * @example
 * const stop = hookStopOf(await client.callTool({ name: 'bash', arguments: { command } }));
 */
export const hookStopOf = (result: { _meta?: unknown }): HookStop | undefined => stopIn(result._meta);
