/**
 * `hookSamplingHandler` accepts every sampling handler the MCP SDK itself accepts — a text answer, a tool-call
 * answer (sampling with tools), a handler declared with the SDK's own handler type, a synchronous one — and gives
 * back a handler `setRequestHandler` takes. Type-checked (strict) by vitest against the installed SDK's own types:
 * a compile error is the failure.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  type CreateMessageRequest,
  type CreateMessageResult,
  type CreateMessageResultWithTools,
} from '@modelcontextprotocol/sdk/types.js';
import { hookSamplingHandler, hookStopOf } from '../../lib/adapters/mcp/index.js';
import { createHookSystem } from '../../lib/index.js';

describe('hookstream/mcp types', () => {
  it('accepts every sampling handler the SDK accepts, with its own types', () => {
    const hooks = createHookSystem();
    const client = new Client({ name: 'types', version: '1.0.0' }, { capabilities: { sampling: { tools: {} } } });

    /** The SDK's own handler type for `sampling/createMessage`. */
    type SdkHandler = Parameters<typeof client.setRequestHandler<typeof CreateMessageRequestSchema>>[1];

    // A text answer.
    client.setRequestHandler(
      CreateMessageRequestSchema,
      hookSamplingHandler(hooks, async () => ({
        model: 'm',
        role: 'assistant',
        content: { type: 'text', text: 'hi' },
      })),
    );

    // A tool-call answer (sampling with tools).
    const withTools = async (request: CreateMessageRequest): Promise<CreateMessageResultWithTools> => ({
      model: 'm',
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'call-1', name: request.params.tools?.[0]?.name ?? 'bash', input: {} }],
      stopReason: 'toolUse',
    });
    client.setRequestHandler(CreateMessageRequestSchema, hookSamplingHandler(hooks, withTools));

    // A handler declared with the SDK's own handler type, using `extra`.
    const own: SdkHandler = async (_request, extra) => {
      extra.signal.throwIfAborted();
      const answer: CreateMessageResult = { model: 'm', role: 'assistant', content: { type: 'text', text: 'ok' } };
      return answer;
    };
    client.setRequestHandler(CreateMessageRequestSchema, hookSamplingHandler(hooks, own));

    // A synchronous handler.
    client.setRequestHandler(
      CreateMessageRequestSchema,
      hookSamplingHandler(hooks, () => ({ model: 'm', role: 'assistant', content: { type: 'text', text: 'sync' } })),
    );

    // The stop is a typed value of the result.
    const answer: CreateMessageResult = { model: 'm', role: 'assistant', content: { type: 'text', text: '' } };
    const stop: { event: string; reason: string } | undefined = hookStopOf(answer);
    expectTypeOf(stop).toEqualTypeOf<{ event: string; reason: string } | undefined>();
    expectTypeOf(hookSamplingHandler(hooks, withTools)).toBeFunction();
  });
});
