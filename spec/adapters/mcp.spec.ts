/**
 * `hookstream/mcp` with the MCP SDK's own in-memory transport: a real McpServer and Client, the four-part policy
 * through the client wrapper, the sampling handler and the server-side tool wrapper, checked in the
 * CallToolResults and sampling requests the SDK itself delivers. (MCP sampling is not streamed: no chunks here.)
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CreateMessageRequestSchema,
  type CallToolResult,
  type CreateMessageRequest,
  type CreateMessageResult,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hookClient, hookSamplingHandler, hookToolHandler, isStoppedResult } from '../../lib/adapters/mcp/index.js';
import type { HookSystem } from '../../lib/index.js';
import { ANSWER, BLOCK_REASON, POLICY, policySystem, REDACTED_ANSWER, shellTool } from './policyHarness.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const bashShape = { command: z.string() };

/** A server with a `bash` tool (hooked at the server when `hooks` is given) and a `summarize` tool that samples. */
async function connect(hooks: HookSystem | undefined, shell: ReturnType<typeof shellTool>) {
  const server = new McpServer({ name: 'ops', version: '1.0.0' });
  const bash = ({ command }: { command: string }): CallToolResult => ({
    content: [{ type: 'text', text: shell.run(command).stdout }],
  });
  server.registerTool(
    'bash',
    { inputSchema: bashShape },
    hooks ? hookToolHandler(hooks, 'bash', bash, bashShape) : bash,
  );
  server.registerTool('summarize', {}, async () => {
    const answer = await server.server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: 'Summarize the deploy.' } }],
      maxTokens: 200,
    });
    return { content: [answer.content] };
  });
  const client = new Client({ name: 'agent', version: '1.0.0' }, { capabilities: { sampling: {} } });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  closers.push(async () => {
    await client.close();
    await server.close();
  });
  return client;
}

/** The client's model for sampling: records what it was asked and answers with a key in the text. */
function samplingModel() {
  const asked: Array<CreateMessageRequest['params']> = [];
  const answer = (request: { params: CreateMessageRequest['params'] }): CreateMessageResult => {
    asked.push(request.params);
    return { role: 'assistant', model: 'scripted', content: { type: 'text', text: ANSWER }, stopReason: 'endTurn' };
  };
  return { asked, answer };
}

const textOf = (result: unknown) =>
  (((result as { content?: unknown }).content ?? []) as Array<{ type: string; text?: string }>)
    .map((block) => block.text ?? '')
    .join('\n');

describe('hookstream/mcp: the four-part policy', () => {
  it('client wrapper + sampling handler: block, rewrite, injected system prompt, redacted sampling answer', async () => {
    const hooks = policySystem('bash');
    const shell = shellTool();
    const model = samplingModel();
    const client = await connect(undefined, shell);
    // The integration: two lines.
    client.setRequestHandler(CreateMessageRequestSchema, hookSamplingHandler(hooks, model.answer));
    const tools = hookClient(hooks, client);

    const blocked = await tools.callTool({ name: 'bash', arguments: { command: 'rm -rf /srv/project' } });
    const listed = await tools.callTool({ name: 'bash', arguments: { command: 'ls -la' } });
    const summary = await tools.callTool({ name: 'summarize', arguments: {} });

    // The dangerous command never reached the server's tool; the rewritten one did.
    expect(shell.ran).toEqual(['timeout 5 ls -la']);
    // What the agent's model reads: the block reason as MCP's own tool error.
    expect(blocked).toMatchObject({ isError: true, content: [{ type: 'text', text: BLOCK_REASON }] });
    expect(textOf(listed)).toBe('ran: timeout 5 ls -la');
    // The sampling model saw the injected system message (in MCP's systemPrompt); the server got the redacted answer.
    expect(model.asked).toHaveLength(1);
    expect(model.asked[0]?.systemPrompt).toBe(POLICY);
    expect(textOf(summary)).toBe(REDACTED_ANSWER);
  });

  it('server-side tool wrapper: the server enforces the policy for any client', async () => {
    const hooks = policySystem('bash');
    const shell = shellTool();
    const model = samplingModel();
    const client = await connect(hooks, shell);
    client.setRequestHandler(CreateMessageRequestSchema, hookSamplingHandler(hooks, model.answer));

    const blocked = await client.callTool({ name: 'bash', arguments: { command: 'rm -rf /srv/project' } });
    const listed = await client.callTool({ name: 'bash', arguments: { command: 'ls -la' } });
    expect(shell.ran).toEqual(['timeout 5 ls -la']);
    expect(blocked).toMatchObject({ isError: true, content: [{ type: 'text', text: BLOCK_REASON }] });
    expect(textOf(listed)).toBe('ran: timeout 5 ls -la');
  });
});

describe('hookstream/mcp: results', () => {
  it('AfterTool can replace the CallToolResult (a server returning secrets), and context is one more block', async () => {
    const hooks = policySystem('bash');
    hooks.register('AfterTool', {
      type: 'function',
      name: 'scrub',
      run: (input) => ({
        hookSpecificOutput: {
          tool_response: JSON.parse(JSON.stringify(input.tool_response).replaceAll('ls', '[scrubbed]')) as Record<
            string,
            unknown
          >,
          additionalContext: 'Output was scrubbed.',
        },
      }),
    });
    const client = await connect(undefined, shellTool());
    const result = await hookClient(hooks, client).callTool({ name: 'bash', arguments: { command: 'ls' } });
    expect(result.content).toEqual([
      { type: 'text', text: 'ran: timeout 5 [scrubbed]' },
      { type: 'text', text: 'Output was scrubbed.' },
    ]);
  });

  it('continue: false is `_meta.hookstream.stopped` on the result, and a rewrite is validated against the schema', async () => {
    const hooks = policySystem('bash');
    hooks.register('AfterTool', {
      type: 'function',
      name: 'halt',
      run: () => ({ continue: false, stopReason: 'enough' }),
    });
    const client = await connect(undefined, shellTool());
    const result = await hookClient(hooks, client).callTool({ name: 'bash', arguments: { command: 'ls' } });
    expect(isStoppedResult(result)).toBe(true);
    expect(result._meta).toMatchObject({ hookstream: { stopReason: 'enough', stopEvent: 'AfterTool' } });

    hooks.register('BeforeTool', {
      type: 'function',
      name: 'breaks',
      run: () => ({ hookSpecificOutput: { tool_input: { command: 7 } } }),
    });
    const shell = shellTool();
    const strict = hookClient(hooks, await connect(undefined, shell), { inputSchemas: { bash: bashShape } });
    const refused = await strict.callTool({ name: 'bash', arguments: { command: 'ls' } });
    expect(shell.ran).toEqual([]);
    expect(refused).toMatchObject({ isError: true });
    expect(textOf(refused)).toMatch(/^the input a BeforeTool hook rewrote is not valid for "bash": command: /);
  });
});
