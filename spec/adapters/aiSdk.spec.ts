/**
 * `hookstream/ai-sdk` with the AI SDK's own test model (the installed version's mock): the four-part policy through
 * `hookMiddleware`, `hookTools` and `stoppedByHook`, checked in what the SDK itself reports — the prompts the
 * model received, the steps, the streamed text.
 */
import { generateText, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModel } from './aiMock.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  hookMiddleware,
  hookStopOf,
  hookTools,
  stoppedByHook,
  StopsNotEnforcedError,
} from '../../lib/adapters/ai-sdk/index.js';
import type { AiCallOptions, AiGenerateResult, AiStreamPart } from '../../lib/adapters/ai-sdk/index.js';
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

const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};
const calls = [
  { toolCallId: 'call-1', command: 'rm -rf /srv/project' },
  { toolCallId: 'call-2', command: 'ls -la' },
];
const toolCallStep = (i: number): AiGenerateResult => ({
  content: [
    {
      type: 'tool-call',
      toolCallId: calls[i]?.toolCallId ?? '',
      toolName: 'bash',
      input: JSON.stringify({ command: calls[i]?.command }),
    },
  ],
  finishReason: { unified: 'tool-calls', raw: undefined },
  usage,
  warnings: [],
});
const answerStep: AiGenerateResult = {
  content: [{ type: 'text', text: ANSWER }],
  finishReason: { unified: 'stop', raw: undefined },
  usage,
  warnings: [],
};
const streamOf = (parts: AiStreamPart[]) =>
  new ReadableStream<AiStreamPart>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
const streamStep = (i: number): AiStreamPart[] =>
  i < calls.length
    ? [
        { type: 'stream-start', warnings: [] },
        ...(toolCallStep(i).content as AiStreamPart[]),
        { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
      ]
    : [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        ...ANSWER_CHUNKS.map((delta): AiStreamPart => ({ type: 'text-delta', id: 't', delta })),
        { type: 'text-end', id: 't' },
        { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage },
      ];

/** The scripted model: two shell calls, then the answer with a key in it. */
function scriptedModel() {
  const prompts: AiCallOptions['prompt'][] = [];
  const model = new MockLanguageModel({
    doGenerate: async (options) => {
      prompts.push(options.prompt);
      return prompts.length <= calls.length ? toolCallStep(prompts.length - 1) : answerStep;
    },
    doStream: async (options) => {
      prompts.push(options.prompt);
      return { stream: streamOf(streamStep(prompts.length - 1)) };
    },
  });
  return { model, prompts };
}

/** The user's bash tool, typed: its output is an object, not a string. */
const bashTool = (shell: ReturnType<typeof shellTool>) =>
  tool({
    description: 'Runs a shell command',
    inputSchema: z.object({ command: z.string() }),
    execute: async ({ command }) => shell.run(command),
  });

/** The scripted model and the bash tool, hooked the way the docs say: `hookMiddleware` on one, `hookTools` on the other. */
function hookedAgent(hooks: ReturnType<typeof policySystem>) {
  const shell = shellTool();
  const { model, prompts } = scriptedModel();
  return {
    shell,
    prompts,
    model: wrapLanguageModel({ model, middleware: hookMiddleware(hooks) }),
    tools: hookTools(hooks, { bash: bashTool(shell) }),
  };
}

/** A function hook on `event` that ends the loop with `reason` (`continue: false`). */
const registerStop = (hooks: ReturnType<typeof policySystem>, event: 'AfterTool' | 'AfterModel', reason: string) =>
  hooks.register(event, { type: 'function', name: 'stop', run: () => ({ continue: false, stopReason: reason }) });

/** What the model read as a tool result in a prompt, by call id. */
const toolOutputIn = (prompt: AiCallOptions['prompt'], toolCallId: string) =>
  prompt.flatMap((message) =>
    message.role === 'tool'
      ? message.content.filter((part) => part.type === 'tool-result' && part.toolCallId === toolCallId)
      : [],
  )[0];

const expectPolicyApplied = (prompts: AiCallOptions['prompt'][], shell: ReturnType<typeof shellTool>) => {
  // The dangerous command never reached the tool; the rewritten one did.
  expect(shell.ran).toEqual(['timeout 5 ls -la']);
  // The model read the block reason as the tool's error, and every call carried the injected system message.
  expect(toolOutputIn(prompts[1] ?? [], 'call-1')).toMatchObject({
    output: { type: 'error-text', value: BLOCK_REASON },
  });
  expect(toolOutputIn(prompts[2] ?? [], 'call-2')).toMatchObject({
    output: { type: 'json', value: { stdout: 'ran: timeout 5 ls -la', exitCode: 0 } },
  });
  expect(prompts.map((prompt) => prompt[0])).toEqual(prompts.map(() => ({ role: 'system', content: POLICY })));
};

describe('hookstream/ai-sdk: the four-part policy', () => {
  it('generateText: block, rewrite, injected system message, redacted answer', async () => {
    const hooks = policySystem('bash');
    const shell = shellTool();
    const { model, prompts } = scriptedModel();
    // The integration: three lines.
    const hooked = wrapLanguageModel({ model, middleware: hookMiddleware(hooks) });
    const tools = hookTools(hooks, { bash: bashTool(shell) });
    const result = await generateText({
      model: hooked,
      tools,
      stopWhen: [stepCountIs(5), stoppedByHook(hooks)],
      prompt: 'clean up',
    });

    expectPolicyApplied(prompts, shell);
    expect(result.text).toBe(REDACTED_ANSWER);
    expect(result.steps).toHaveLength(3);
    // The tool's output keeps its type.
    expect(result.steps[1]?.toolResults[0]?.output).toEqual({ stdout: 'ran: timeout 5 ls -la', exitCode: 0 });
  });

  it('streamText: tokens stream live, the key split across two chunks never appears', async () => {
    const hooks = policySystem('bash');
    const { model, tools, shell, prompts } = hookedAgent(hooks);
    const result = streamText({
      model,
      tools,
      stopWhen: [stepCountIs(5), stoppedByHook(hooks)],
      prompt: 'clean up',
    });
    const streamed: string[] = [];
    for await (const delta of result.textStream) streamed.push(delta);

    expectPolicyApplied(prompts, shell);
    expectNoSecretStreamed(streamed);
    expect(await result.text).toBe(REDACTED_ANSWER);
  });
});

describe('hookstream/ai-sdk: stops, validation, context', () => {
  it('a hook`s continue: false ends the loop through stoppedByHook after that step, not as an error; hookStopOf finds it on the last step', async () => {
    const hooks = policySystem('bash');
    registerStop(hooks, 'AfterTool', 'one call per task');
    const { model, tools, shell } = hookedAgent(hooks);
    const result = await generateText({
      model,
      tools,
      stopWhen: [stepCountIs(5), stoppedByHook(hooks)],
      prompt: 'clean up',
    });
    // Step 1's call was blocked before the tool (no AfterTool); step 2's ran, and its AfterTool stopped the loop.
    expect(shell.ran).toEqual(['timeout 5 ls -la']);
    expect(result.steps).toHaveLength(2);
    expect(hookStopOf(result)).toEqual({ event: 'AfterTool', reason: 'one call per task' });
  });

  it('an AfterModel stop ends the loop too (provider metadata)', async () => {
    const hooks = policySystem('bash');
    registerStop(hooks, 'AfterModel', 'budget');
    const { model, tools } = hookedAgent(hooks);
    const result = await generateText({
      model,
      tools,
      stopWhen: [stepCountIs(5), stoppedByHook(hooks)],
      prompt: 'clean up',
    });
    expect(result.steps).toHaveLength(1);
    expect(result.steps.at(-1)?.providerMetadata).toMatchObject({
      hookstream: { stopped: true, stopReason: 'budget' },
    });
    expect(hookStopOf(result)).toEqual({ event: 'AfterModel', reason: 'budget' });
  });

  it('without a stop condition, the middleware ends the loop on a tool stop: the model is not called again', async () => {
    const hooks = policySystem('bash');
    registerStop(hooks, 'AfterTool', 'one call per task');
    const { model, tools, shell, prompts } = hookedAgent(hooks);
    const result = await generateText({ model, tools, stopWhen: stepCountIs(5), prompt: 'clean up' });
    expect(shell.ran).toEqual(['timeout 5 ls -la']);
    // Two model calls reached the model; the third step is the stop's answer, the model uncalled.
    expect(prompts).toHaveLength(2);
    expect(result.steps).toHaveLength(3);
    expect(result.text).toBe('one call per task');
    expect(hookStopOf(result)).toEqual({ event: 'AfterTool', reason: 'one call per task' });
  });

  it('streamText: an AfterModel stop drops the streamed tool calls, so no tool runs and the loop ends', async () => {
    const hooks = policySystem('bash');
    registerStop(hooks, 'AfterModel', 'budget');
    const { model, tools, shell, prompts } = hookedAgent(hooks);
    const result = streamText({ model, tools, stopWhen: stepCountIs(5), prompt: 'clean up' });
    expect(await result.text).toBe('budget');
    expect(shell.ran).toEqual([]);
    expect(prompts).toHaveLength(1);
    expect(hookStopOf({ steps: await result.steps })).toEqual({ event: 'AfterModel', reason: 'budget' });
  });

  it('hookTools with nothing to end the loop refuses to run, loudly, instead of losing a stop', async () => {
    const hooks = policySystem('bash');
    const shell = shellTool();
    const { model } = scriptedModel();
    const result = await generateText({
      model,
      tools: hookTools(hooks, { bash: bashTool(shell) }),
      stopWhen: stepCountIs(1),
      prompt: 'list',
    });
    expect(shell.ran).toEqual([]);
    const error = result.steps[0]?.content.find((part) => part.type === 'tool-error')?.error;
    expect(error).toBeInstanceOf(StopsNotEnforcedError);
    expect(String(error)).toMatch(/hookMiddleware\(hooks\) on the model or stoppedByHook\(hooks\) in stopWhen/);
  });

  it('rewritten input is validated against the tool`s schema; the model reads why it was refused', async () => {
    const hooks = policySystem('bash');
    hooks.register('BeforeTool', {
      type: 'function',
      name: 'breaks-input',
      run: () => ({ hookSpecificOutput: { tool_input: { command: 42 } } }),
    });
    const { model, tools, shell, prompts } = hookedAgent(hooks);
    await generateText({ model, tools, stopWhen: stepCountIs(3), prompt: 'list' });
    expect(shell.ran).toEqual([]);
    const refused = toolOutputIn(prompts[2] ?? [], 'call-2') as { output: { value: string } } | undefined;
    expect(refused?.output.value).toMatch(/^the input a BeforeTool hook rewrote is not valid for "bash": command: /);
  });

  it('AfterTool context reaches the model after the typed output; providerOptions set the session', async () => {
    const hooks = policySystem('bash');
    const sessions: string[] = [];
    hooks.register('AfterTool', {
      type: 'function',
      name: 'ctx',
      run: () => ({ hookSpecificOutput: { additionalContext: 'Run the tests next.' } }),
    });
    hooks.register('BeforeModel', {
      type: 'function',
      name: 'session',
      run: (input) => void sessions.push(input.session_id),
    });
    const { model, tools, prompts } = hookedAgent(hooks);
    await generateText({
      model,
      tools,
      stopWhen: stepCountIs(5),
      prompt: 'clean up',
      providerOptions: { hookstream: { sessionId: 'thread-42' } },
    });
    expect(toolOutputIn(prompts[2] ?? [], 'call-2')).toMatchObject({
      output: {
        type: 'content',
        value: [
          { type: 'text', text: '{"stdout":"ran: timeout 5 ls -la","exitCode":0}' },
          { type: 'text', text: 'Run the tests next.' },
        ],
      },
    });
    expect(new Set(sessions)).toEqual(new Set(['thread-42']));
  });
});
