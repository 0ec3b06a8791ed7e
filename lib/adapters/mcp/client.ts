/**
 * The MCP client side: `hookClient(hooks, client)` is the client with `callTool` going through BeforeTool and
 * AfterTool (results.ts says what each decision becomes), and `hookSamplingHandler(hooks, handler)` wraps the
 * handler of server-initiated sampling (`sampling/createMessage`) in BeforeModel, BeforeToolSelection and AfterModel.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, ClientResult, CreateMessageRequest, Result } from '@modelcontextprotocol/sdk/types.js';
import type { HookCallContext } from '../../host/callContext.js';
import { callModelWithHooks } from '../../host/modelHooks.js';
import { callToolWithHooks } from '../../host/toolCall.js';
import type { HookSystem } from '../../system/createHookSystem.js';
import { checkAgainstSchema } from '../common/schemaCheck.js';
import { stopMetadata } from '../common/stops.js';
import { callToolResultOf, resultOf } from './results.js';
import { mcpSamplingTranslator, type SamplingResult } from './translator.js';

export interface HookClientOptions {
  /** The hook context of every call (the client has no per-call ids of its own). */
  context?: HookCallContext;
  /** Input schemas by tool name (e.g. from `listTools`), to validate input a hook rewrote before it is sent. */
  inputSchemas?: Record<string, unknown>;
}

/**
 * The client, with `callTool` hooked; every other member is the client's own.
 *
 * @example
 * const tools = hookClient(hooks, client);
 * const result = await tools.callTool({ name: 'bash', arguments: { command } });
 */
export function hookClient<C extends Pick<Client, 'callTool'>>(
  hooks: HookSystem,
  client: C,
  options: HookClientOptions = {},
): C {
  const callTool: Client['callTool'] = async (params, resultSchema, requestOptions) => {
    const schema = options.inputSchemas?.[params.name];
    const outcome = await callToolWithHooks<CallToolResult>(
      hooks,
      params.name,
      params.arguments ?? {},
      async (input) =>
        (await client.callTool({ ...params, arguments: input }, resultSchema, requestOptions)) as CallToolResult,
      {
        ...(options.context && { context: options.context }),
        ...(requestOptions?.signal && { signal: requestOptions.signal }),
        ...(schema !== undefined && {
          validateInput: (input: Record<string, unknown>) => checkAgainstSchema(schema, input),
        }),
        toResponse: (result) => result,
        fromResponse: callToolResultOf,
      },
    );
    return resultOf(outcome);
  };
  return new Proxy(client, {
    get: (target, property) => {
      if (property === 'callTool') return callTool;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** What a handler may answer, as the SDK's own handler type says: a sampling result (text or tool calls) or any result. */
export type SamplingAnswer = SamplingResult | ClientResult | Result;

/**
 * Any handler the SDK accepts for `sampling/createMessage`: its request, its `extra` (typed `never` here so a
 * handler may declare the SDK's own `RequestHandlerExtra`), a text or tool-call answer, sync or async.
 */
export type SamplingHandler = (
  request: CreateMessageRequest,
  extra: never,
) => SamplingAnswer | PromiseLike<SamplingAnswer>;

/**
 * A `sampling/createMessage` handler with the model hooks applied: BeforeModel may edit the request (a system
 * message lands in `systemPrompt`) or answer it; AfterModel may rewrite the answer. A stop is `_meta.hookstream`.
 *
 * @example
 * client.setRequestHandler(CreateMessageRequestSchema, hookSamplingHandler(hooks, (request) => llm(request.params)));
 */
export function hookSamplingHandler<H extends SamplingHandler>(
  hooks: HookSystem,
  handler: H,
  context?: HookCallContext,
): H {
  const hooked = async (request: CreateMessageRequest, extra: never): Promise<SamplingResult> => {
    const outcome = await callModelWithHooks(
      hooks,
      request.params,
      // The SDK checks the answer against the sampling result schemas; the hooks read it as one.
      async (params) => (await handler({ ...request, params }, extra)) as SamplingResult,
      {
        translator: mcpSamplingTranslator,
        stopAs: 'value',
        ...(context && { context }),
      },
    );
    if (outcome.stop === undefined) return outcome.response;
    const meta = outcome.response._meta ?? {};
    return { ...outcome.response, _meta: { ...meta, hookstream: stopMetadata(outcome.stop) } };
  };
  return hooked as unknown as H;
}
