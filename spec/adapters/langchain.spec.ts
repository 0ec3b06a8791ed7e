/**
 * `hookstream/langchain` with LangChain's own test model (`fakeModel`, given real token streaming here so that
 * `streamMode: 'messages'` has chunks to leak): the four-part policy through `createAgent` middleware, checked
 * in the agent's own messages and its messages stream.
 */
import { AIMessage, AIMessageChunk, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { ChatGenerationChunk } from '@langchain/core/outputs';
import { FakeBuiltModel } from '@langchain/core/testing';
import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { createAgent, tool } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hookMiddleware, hookStopOf } from '../../lib/adapters/langchain/index.js';
import {
  ANSWER,
  ANSWER_CHUNKS,
  BLOCK_REASON,
  expectNoSecretStreamed,
  POLICY,
  policySystem,
  REDACTED_ANSWER,
  shellTool,
} from './policyHarness.js';

/** fakeModel, streaming its answers token by token (the answer with the key in two chunks); bound copies too. */
class StreamingFake extends FakeBuiltModel {
  override bindTools(tools: Parameters<FakeBuiltModel['bindTools']>[0]): ReturnType<FakeBuiltModel['bindTools']> {
    const bound = super.bindTools(tools) as unknown as { bound: FakeBuiltModel };
    Object.setPrototypeOf(bound.bound, StreamingFake.prototype);
    return bound as unknown as ReturnType<FakeBuiltModel['bindTools']>;
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
    runManager?: CallbackManagerForLLMRun,
  ) {
    const { generations } = await this._generate(messages, options);
    const message = generations[0]?.message as AIMessage;
    if (message.tool_calls?.length) {
      const chunk = new AIMessageChunk({
        content: '',
        id: message.id,
        tool_call_chunks: message.tool_calls.map((call, index) => ({
          name: call.name,
          args: JSON.stringify(call.args),
          id: call.id,
          index,
          type: 'tool_call_chunk' as const,
        })),
      });
      yield new ChatGenerationChunk({ message: chunk, text: '' });
      return;
    }
    const pieces = message.text === ANSWER ? ANSWER_CHUNKS : [message.text];
    for (const text of pieces) {
      const chunk = new ChatGenerationChunk({ message: new AIMessageChunk({ content: text, id: message.id }), text });
      await runManager?.handleLLMNewToken(text, undefined, undefined, undefined, undefined, { chunk });
      yield chunk;
    }
  }
}

/** The scripted model: a dangerous shell call, a harmless one, then the answer with a key in it. */
function scriptedModel() {
  const model = new StreamingFake();
  model
    .respondWithTools([{ name: 'bash', args: { command: 'rm -rf /srv/project' }, id: 'call-1' }])
    .respondWithTools([{ name: 'bash', args: { command: 'ls -la' }, id: 'call-2' }])
    .respond(new AIMessage({ content: ANSWER, id: 'answer' }));
  return model;
}

const bashTool = (shell: ReturnType<typeof shellTool>) =>
  tool(({ command }: { command: string }) => JSON.stringify(shell.run(command)), {
    name: 'bash',
    description: 'Runs a shell command',
    schema: z.object({ command: z.string() }),
  });

const toolMessage = (messages: BaseMessage[], id: string) =>
  messages.find((m): m is ToolMessage => m instanceof ToolMessage && m.tool_call_id === id);

function expectPolicyApplied(model: StreamingFake, shell: ReturnType<typeof shellTool>) {
  // The dangerous command never reached the tool; the rewritten one did.
  expect(shell.ran).toEqual(['timeout 5 ls -la']);
  // Every model call carried the injected system message; the second one read the block reason.
  expect(model.calls.map((call) => [call.messages[0]?.type, call.messages[0]?.text])).toEqual(
    model.calls.map(() => ['system', POLICY]),
  );
  expect(toolMessage(model.calls[1]?.messages ?? [], 'call-1')).toMatchObject({
    content: BLOCK_REASON,
    status: 'error',
  });
  expect(toolMessage(model.calls[2]?.messages ?? [], 'call-2')?.text).toBe(
    '{"stdout":"ran: timeout 5 ls -la","exitCode":0}',
  );
}

describe('hookstream/langchain: the four-part policy', () => {
  it('invoke: block, rewrite, injected system message, redacted answer', async () => {
    const hooks = policySystem('bash');
    const shell = shellTool();
    const model = scriptedModel();
    // The integration: one line.
    const agent = createAgent({ model, tools: [bashTool(shell)], middleware: [hookMiddleware(hooks)] });
    const { messages } = await agent.invoke({ messages: [{ role: 'user', content: 'clean up' }] });

    expectPolicyApplied(model, shell);
    expect(messages.at(-1)?.text).toBe(REDACTED_ANSWER);
  });

  it("streamMode 'messages': the key split across two tokens never appears; the answer arrives redacted", async () => {
    const hooks = policySystem('bash');
    const shell = shellTool();
    const model = scriptedModel();
    const agent = createAgent({ model, tools: [bashTool(shell)], middleware: [hookMiddleware(hooks)] });
    const streamed: string[] = [];
    for await (const [message] of await agent.stream(
      { messages: [{ role: 'user', content: 'clean up' }] },
      { streamMode: 'messages' },
    )) {
      if (message.type === 'ai' && message.text !== '') streamed.push(message.text);
    }
    expectPolicyApplied(model, shell);
    expectNoSecretStreamed(streamed);
  });

  it('without hooks the same model does stream its tokens raw (the leak the nostream tag prevents is real)', async () => {
    const model = new StreamingFake().respond(new AIMessage({ content: ANSWER, id: 'answer' }));
    const agent = createAgent({ model, tools: [] });
    const streamed: string[] = [];
    for await (const [message] of await agent.stream(
      { messages: [{ role: 'user', content: 'hi' }] },
      { streamMode: 'messages' },
    ))
      if (message.type === 'ai') streamed.push(message.text);
    expect(streamed.slice(0, 2)).toEqual(ANSWER_CHUNKS);
  });
});

describe('hookstream/langchain: tool results and stops', () => {
  it('AfterTool context reaches the model; continue: false ends the run through the middleware`s jump', async () => {
    const hooks = policySystem('bash');
    hooks.register('AfterTool', {
      type: 'function',
      name: 'halt',
      run: () => ({ continue: false, stopReason: 'one call', hookSpecificOutput: { additionalContext: 'Stop here.' } }),
    });
    const shell = shellTool();
    const model = scriptedModel();
    const agent = createAgent({ model, tools: [bashTool(shell)], middleware: [hookMiddleware(hooks)] });
    const { messages } = await agent.invoke({ messages: [{ role: 'user', content: 'clean up' }] });
    // Call 1 was blocked before the tool (no AfterTool), call 2 ran and its AfterTool stopped the agent: 2 model calls.
    expect(model.callCount).toBe(2);
    expect(toolMessage(messages, 'call-2')?.text).toBe('{"stdout":"ran: timeout 5 ls -la","exitCode":0}\n\nStop here.');
    expect(messages.at(-1)).toBeInstanceOf(ToolMessage);
    // The model call after the stop answers with the state as it was: no message added, none repeated.
    expect(messages.map((m) => m.type)).toEqual(['human', 'ai', 'tool', 'ai', 'tool']);
    expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
    expect(hookStopOf({ messages })).toEqual({ event: 'AfterTool', reason: 'one call' });
  });
});
