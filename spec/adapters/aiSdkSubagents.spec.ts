/**
 * A sub-agent in the AI SDK is a tool whose `execute` runs another agent (`ToolLoopAgent`, or `generateText`):
 * its tool calls reach hooks when its tool set is built with the same `hookTools` (and its model is the same
 * hooked model), with the AI SDK's own test model for both agents. A deny inside the sub-agent blocks that inner
 * call, the sub-agent's model reads why, and the parent reads the sub-agent's answer.
 */
import { generateText, stepCountIs, tool, ToolLoopAgent, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hookMiddleware, hookTools, stoppedByHook } from '../../lib/adapters/ai-sdk/index.js';
import type { AiCallOptions, AiGenerateResult } from '../../lib/adapters/ai-sdk/index.js';
import type { HookInputOf } from '../../lib/index.js';
import { MockLanguageModel } from './aiMock.js';
import { BLOCK_REASON, policySystem, shellTool } from './policyHarness.js';

const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};
const toolCall = (toolCallId: string, toolName: string, input: Record<string, unknown>): AiGenerateResult => ({
  content: [{ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) }],
  finishReason: { unified: 'tool-calls', raw: undefined },
  usage,
  warnings: [],
});
const text = (value: string): AiGenerateResult => ({
  content: [{ type: 'text', text: value }],
  finishReason: { unified: 'stop', raw: undefined },
  usage,
  warnings: [],
});

/** The AI SDK's mock model answering its steps in order; every prompt it got is kept. */
function scripted(steps: AiGenerateResult[]) {
  const prompts: AiCallOptions['prompt'][] = [];
  const model = new MockLanguageModel({
    doGenerate: async (options) => {
      prompts.push(options.prompt);
      return Promise.resolve(steps[prompts.length - 1] ?? text('no more steps'));
    },
  });
  return { model, prompts };
}

const toolOutputIn = (prompt: AiCallOptions['prompt'] | undefined, toolCallId: string) =>
  (prompt ?? []).flatMap((message) =>
    message.role === 'tool'
      ? message.content.filter((part) => part.type === 'tool-result' && part.toolCallId === toolCallId)
      : [],
  )[0];

describe('hookstream/ai-sdk: sub-agents', () => {
  it('a ToolLoopAgent run inside a hooked tool: its own tool calls meet the guards of the same system', async () => {
    const hooks = policySystem('bash');
    const seen: string[] = [];
    hooks.register('BeforeTool', {
      type: 'function',
      name: 'seen',
      run: (input: HookInputOf<'BeforeTool'>) => void seen.push(input.tool_name),
    });
    const shell = shellTool();
    const inner = scripted([toolCall('inner-1', 'bash', { command: 'rm -rf /srv/cache' }), text('could not clean')]);
    const outer = scripted([toolCall('outer-1', 'research', { task: 'clean the cache' }), text('reported')]);
    // One hooked model and one helper for every agent of the app: the sub-agent is built like the parent.
    const hooked = (model: typeof inner.model) => wrapLanguageModel({ model, middleware: hookMiddleware(hooks) });
    const bash = tool({
      description: 'Runs a shell command',
      inputSchema: z.object({ command: z.string() }),
      execute: ({ command }) => shell.run(command),
    });
    const researcher = new ToolLoopAgent({
      model: hooked(inner.model),
      tools: hookTools(hooks, { bash }),
      stopWhen: [stepCountIs(4), stoppedByHook(hooks)],
    });
    const research = tool({
      description: 'Hands a task to the research sub-agent',
      inputSchema: z.object({ task: z.string() }),
      execute: async ({ task }, { abortSignal }) =>
        (await researcher.generate({ prompt: task, ...(abortSignal && { abortSignal }) })).text,
    });
    const result = await generateText({
      model: hooked(outer.model),
      tools: hookTools(hooks, { research }),
      stopWhen: [stepCountIs(4), stoppedByHook(hooks)],
      prompt: 'tidy up',
    });

    expect(result.text).toBe('reported');
    expect(seen).toEqual(['research', 'bash']);
    expect(shell.ran).toEqual([]);
    expect(toolOutputIn(inner.prompts[1], 'inner-1')).toMatchObject({
      output: { type: 'error-text', value: BLOCK_REASON },
    });
    expect(toolOutputIn(outer.prompts[1], 'outer-1')).toMatchObject({
      output: { type: 'text', value: 'could not clean' },
    });
  });
});
