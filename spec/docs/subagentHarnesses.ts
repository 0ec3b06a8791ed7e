/**
 * Harnesses of docs/adapters.md's "Sub-agents and handoffs" (see readmeHarnesses.ts for the shape), each with its
 * framework's test model scripted for both agents in turn: the guard must block the call made inside the
 * sub-agent (or the handoff itself), and the model that made it must read why.
 */
import { expect } from 'vitest';
import { AI_SDK_BASH_TOOL } from './aiSdkBashTool.js';
import type { Harness } from './readmeHarnesses.js';
import { lines, printed } from './printedLines.js';

/** A hook system whose one guard blocks `rm -rf` in the bash tool, and the commands that reached the tool. */
const GUARD = `
import { createHookSystem } from 'hookstream';
const hooks = createHookSystem();
hooks.register('BeforeTool', {
  type: 'function',
  name: 'no-rm-rf',
  run: (input) => (/rm +-rf/.test(String(input.tool_input.command)) ? { decision: 'block', reason: 'rm -rf is not allowed' } : undefined),
}, { matcher: '^bash$' });
const ran: string[] = [];`;

/** The sub-agent examples print the lead's answer, then what reached the tool and what the sub-agent's model read. */
const checkSubagent = (stdout: string): void => {
  expect(lines(stdout)[0]).toBe('Reported.');
  expect(printed(stdout)).toEqual({ ran: [], read: true });
};

export const SUBAGENT_HARNESSES: Readonly<Record<string, Harness>> = {
  'adapter-openai-agents-handoff': {
    // A scripted Model (the SDK's own interface), tracing off: triage asks for billing, then answers.
    prelude: `
import { setTracingDisabled, tool, Usage, type Model, type ModelResponse } from '@openai/agents';
import { z } from 'zod';
import { createHookSystem } from 'hookstream';
setTracingDisabled(true);
const hooks = createHookSystem();
const refund = tool({
  name: 'refund',
  description: 'Refunds a charge',
  parameters: z.object({ charge: z.string() }),
  execute: async () => 'refunded',
});
const turns: ModelResponse['output'][] = [
  [{ type: 'function_call', callId: 'h1', name: 'transfer_to_billing', arguments: '{}', status: 'completed' }],
  [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'A person will call you back.' }] }],
];
const instructions: string[] = [];
const model: Model = {
  getResponse: async (request) => {
    instructions.push(request.systemInstructions ?? '');
    return { usage: new Usage(), output: turns[instructions.length - 1] ?? [] };
  },
  getStreamedResponse: async function* () {
    yield* [];
    throw new Error('not streamed here');
  },
};`,
    epilogue: `
await hooks.dispose();
console.log(JSON.stringify({ instructions }));`,
    check: (stdout) => {
      expect(lines(stdout)[0]).toBe('triage · A person will call you back.');
      expect(printed(stdout)).toEqual({
        instructions: ['', 'The handoff to billing did not happen: a hook blocked it. Refunds go to a human.'],
      });
    },
  },

  'adapter-ai-sdk-subagent': {
    // AI SDK 6's own test model, for both agents in turn: the lead calls research, the researcher calls bash.
    prelude: `
import { MockLanguageModelV3 } from 'ai/test';
${GUARD}
${AI_SDK_BASH_TOOL}
const call = (toolName: string, input: object) => ({ type: 'tool-call' as const, toolCallId: toolName, toolName, input: JSON.stringify(input) });
const steps = [call('research', { task: 'clean the cache' }), call('bash', { command: 'rm -rf cache' })];
const answers = ['Could not clean.', 'Reported.'];
const prompts: unknown[] = [];
const model = new MockLanguageModelV3({
  doGenerate: async ({ prompt }) => {
    prompts.push(prompt);
    const step = steps[prompts.length - 1];
    const content = step ? [step] : [{ type: 'text' as const, text: answers[prompts.length - 3] ?? '' }];
    return { content, finishReason: { unified: step ? 'tool-calls' : 'stop', raw: undefined }, usage, warnings: [] };
  },
});`,
    epilogue: `
await hooks.dispose();
console.log(text);
console.log(JSON.stringify({ ran, read: JSON.stringify(prompts[2]).includes('rm -rf is not allowed') }));`,
    check: checkSubagent,
  },

  'adapter-langchain-subagent': {
    // LangChain's own fakeModel, for both agents in turn: the lead calls research, the researcher calls bash.
    prelude: `
import { AIMessage, ToolMessage } from '@langchain/core/messages';
import { fakeModel } from 'langchain';
${GUARD}
const bash = tool(({ command }: { command: string }) => (ran.push(command), 'ok'), {
  name: 'bash',
  description: 'Runs a shell command',
  schema: z.object({ command: z.string() }),
});
const model = fakeModel()
  .respondWithTools([{ name: 'research', args: { task: 'clean the cache' } }])
  .respondWithTools([{ name: 'bash', args: { command: 'rm -rf cache' } }])
  .respond(new AIMessage('Could not clean.'))
  .respond(new AIMessage('Reported.'));`,
    epilogue: `
await hooks.dispose();
console.log(messages.at(-1)?.text);
const read = model.calls[2]?.messages.some((m) => m instanceof ToolMessage && m.text === 'rm -rf is not allowed');
console.log(JSON.stringify({ ran, read }));`,
    check: checkSubagent,
  },
};
