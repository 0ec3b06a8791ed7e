/**
 * A LangChain sub-agent is a tool whose function invokes another `createAgent` agent: its tool calls reach hooks
 * when it is built with the same `hookMiddleware`, with LangChain's own test model (`fakeModel`) for both agents.
 * A deny inside the sub-agent blocks that inner call, the sub-agent's model reads why, the parent reads the
 * sub-agent's answer, and the sub-agent's hooks get the parent's thread as their session (LangChain hands a
 * nested run the parent's config).
 */
import { AIMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { createAgent, fakeModel, tool } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hookMiddleware } from '../../lib/adapters/langchain/index.js';
import type { HookInputOf } from '../../lib/index.js';
import { BLOCK_REASON, policySystem, shellTool } from './policyHarness.js';

const toolMessage = (messages: readonly BaseMessage[] | undefined, id: string) =>
  (messages ?? []).find((m): m is ToolMessage => m instanceof ToolMessage && m.tool_call_id === id);

describe('hookstream/langchain: sub-agents', () => {
  it('an agent invoked inside a tool: its own tool calls meet the guards of the same system', async () => {
    const hooks = policySystem('bash');
    const seen: Array<[string, string]> = [];
    hooks.register('BeforeTool', {
      type: 'function',
      name: 'seen',
      run: (input: HookInputOf<'BeforeTool'>) => void seen.push([input.tool_name, input.session_id]),
    });
    const shell = shellTool();
    const inner = fakeModel()
      .respondWithTools([{ name: 'bash', args: { command: 'rm -rf /srv/cache' }, id: 'inner-1' }])
      .respond(new AIMessage('could not clean'));
    const outer = fakeModel()
      .respondWithTools([{ name: 'research', args: { task: 'clean the cache' }, id: 'outer-1' }])
      .respond(new AIMessage('reported'));
    const bash = tool(({ command }: { command: string }) => JSON.stringify(shell.run(command)), {
      name: 'bash',
      description: 'Runs a shell command',
      schema: z.object({ command: z.string() }),
    });
    // The sub-agent is built like the parent: the same middleware line.
    const researcher = createAgent({ model: inner, tools: [bash], middleware: [hookMiddleware(hooks)] });
    const research = tool(
      async ({ task }: { task: string }) =>
        (await researcher.invoke({ messages: [{ role: 'user', content: task }] })).messages.at(-1)?.text ?? '',
      {
        name: 'research',
        description: 'Hands a task to the research sub-agent',
        schema: z.object({ task: z.string() }),
      },
    );
    const lead = createAgent({ model: outer, tools: [research], middleware: [hookMiddleware(hooks)] });
    const { messages } = await lead.invoke(
      { messages: [{ role: 'user', content: 'tidy up' }] },
      { configurable: { thread_id: 'thread-7' } },
    );

    expect(messages.at(-1)?.text).toBe('reported');
    expect(seen).toEqual([
      ['research', 'thread-7'],
      ['bash', 'thread-7'],
    ]);
    expect(shell.ran).toEqual([]);
    expect(toolMessage(inner.calls[1]?.messages, 'inner-1')).toMatchObject({ content: BLOCK_REASON, status: 'error' });
    expect(toolMessage(messages, 'outer-1')?.text).toBe('could not clean');
  });
});
