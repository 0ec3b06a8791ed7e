/**
 * The MCP server side: `hookToolHandler(hooks, name, handler)` wraps a `registerTool` callback in BeforeTool and
 * AfterTool, so a server enforces the policy whatever client calls it. The transport's session id is the hooks'
 * `session_id`; rewritten arguments are validated against the tool's `inputSchema` when it is given.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isRecord } from '../../core/guards.js';
import { callToolWithHooks } from '../../host/toolCall.js';
import type { HookSystem } from '../../system/createHookSystem.js';
import { checkAgainstSchema } from '../common/schemaCheck.js';
import { callToolResultOf, resultOf } from './results.js';

/** Any `registerTool` callback: its arguments and `extra` are typed `never` so a callback may declare its own. */
export type ToolHandler = (args: never, extra: never) => CallToolResult | Promise<CallToolResult>;

/**
 * The `registerTool` callback with hooks applied (give it the same `inputSchema` to validate rewritten input).
 *
 * @example
 * server.registerTool('bash', { inputSchema }, hookToolHandler(hooks, 'bash', ({ command }) => run(command), inputSchema));
 */
export function hookToolHandler<H extends ToolHandler>(
  hooks: HookSystem,
  name: string,
  handler: H,
  inputSchema?: unknown,
): H {
  const hooked = async (args: Record<string, unknown>, extra: { sessionId?: string; signal?: AbortSignal }) => {
    const outcome = await callToolWithHooks<CallToolResult>(
      hooks,
      name,
      isRecord(args) ? args : {},
      async (input) =>
        (handler as unknown as (a: unknown, e: unknown) => CallToolResult | Promise<CallToolResult>)(input, extra),
      {
        ...(extra.sessionId !== undefined && { context: { sessionId: extra.sessionId } }),
        ...(extra.signal && { signal: extra.signal }),
        ...(inputSchema !== undefined && {
          validateInput: (input: Record<string, unknown>) => checkAgainstSchema(inputSchema, input),
        }),
        toResponse: (result) => result,
        fromResponse: callToolResultOf,
      },
    );
    return resultOf(outcome);
  };
  return hooked as unknown as H;
}
