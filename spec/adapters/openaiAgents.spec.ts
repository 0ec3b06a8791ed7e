/**
 * `hookstream/openai-agents` with a scripted `Model` (the SDK's own interface; no network, tracing off): the
 * four-part policy through `hookModel` and `hookTools`, checked in the run's own result — the requests the model
 * got, the tool input guardrail results, the final output and the streamed text.
 */
import {
  Agent,
  run,
  setTracingDisabled,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
} from '@openai/agents';
import { Usage } from '@openai/agents';
import { beforeAll, describe, expect, it } from 'vitest';
import { hookModel, hookStopOf, hookTools } from '../../lib/adapters/openai-agents/index.js';
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
import { bashTool } from './agentsBashTool.js';

beforeAll(() => {
  setTracingDisabled(true);
});

const calls = [
  { callId: 'call-1', command: 'rm -rf /srv/project' },
  { callId: 'call-2', command: 'ls -la' },
];
const output = (i: number): ModelResponse['output'] =>
  i < calls.length
    ? [
        {
          type: 'function_call',
          callId: calls[i]?.callId ?? '',
          name: 'bash',
          arguments: JSON.stringify({ command: calls[i]?.command }),
          status: 'completed',
        },
      ]
    : [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: ANSWER }] }];

/** The scripted model: two shell calls, then the answer with a key in it (streamed in two deltas). */
function scriptedModel() {
  const requests: ModelRequest[] = [];
  const model: Model = {
    getResponse: async (request) => {
      requests.push(request);
      return { usage: new Usage(), output: output(requests.length - 1), responseId: `r${requests.length}` };
    },
    getStreamedResponse: async function* (request): AsyncIterable<StreamEvent> {
      requests.push(request);
      const i = requests.length - 1;
      yield { type: 'response_started' };
      if (i >= calls.length) for (const delta of ANSWER_CHUNKS) yield { type: 'output_text_delta', delta };
      const usage = { requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 };
      yield { type: 'response_done', response: { id: `r${i}`, usage, output: output(i) } } as StreamEvent;
    },
  };
  return { model, requests };
}

/** The agent of the first test, for the others: the scripted model and a shell tool, both hooked. */
const hookedAgent = (hooks: ReturnType<typeof policySystem>) => {
  const shell = shellTool();
  const { model, requests } = scriptedModel();
  const agent = new Agent({ name: 'ops', model: hookModel(hooks, model), tools: hookTools(hooks, [bashTool(shell)]) });
  return { agent, shell, requests };
};

const resultIn = (request: ModelRequest | undefined, callId: string) =>
  (typeof request?.input === 'string' ? [] : (request?.input ?? [])).find(
    (item) =>
      (item as { type?: string }).type === 'function_call_result' && (item as { callId?: string }).callId === callId,
  ) as { output?: unknown } | undefined;

function expectPolicyApplied(requests: ModelRequest[], shell: ReturnType<typeof shellTool>) {
  // The dangerous command never reached the tool; the rewritten one did.
  expect(shell.ran).toEqual(['timeout 5 ls -la']);
  // Every call carried the injected system message (the Agents SDK's systemInstructions); the model read the reason.
  expect(requests.map((request) => request.systemInstructions)).toEqual(requests.map(() => POLICY));
  expect(resultIn(requests[1], 'call-1')?.output).toMatchObject({ type: 'text', text: BLOCK_REASON });
  expect(JSON.stringify(resultIn(requests[2], 'call-2')?.output)).toContain('ran: timeout 5 ls -la');
}

describe('hookstream/openai-agents: the four-part policy', () => {
  it('run: block (in the guardrail results), rewrite, injected system message, redacted final output', async () => {
    const hooks = policySystem('bash');
    const shell = shellTool();
    const { model, requests } = scriptedModel();
    // The integration: two lines.
    const agent = new Agent({
      name: 'ops',
      model: hookModel(hooks, model),
      tools: hookTools(hooks, [bashTool(shell)]),
    });
    const result = await run(agent, 'clean up');

    expectPolicyApplied(requests, shell);
    expect(result.finalOutput).toBe(REDACTED_ANSWER);
    expect(result.toolInputGuardrailResults.map((r) => [r.guardrail.name, r.output.behavior])).toEqual([
      ['hookstream', { type: 'rejectContent', message: BLOCK_REASON }],
      ['hookstream', { type: 'allow' }],
    ]);
  });

  it('run streamed: the key split across two deltas never appears; the final output is redacted', async () => {
    const hooks = policySystem('bash');
    const { agent, shell, requests } = hookedAgent(hooks);
    const result = await run(agent, 'clean up', { stream: true });
    const streamed: string[] = [];
    for await (const event of result) {
      if (event.type === 'raw_model_stream_event' && event.data.type === 'output_text_delta')
        streamed.push(event.data.delta);
    }
    await result.completed;

    expectPolicyApplied(requests, shell);
    expectNoSecretStreamed(streamed);
    expect(result.finalOutput).toBe(REDACTED_ANSWER);
  });
});

describe('hookstream/openai-agents: stops', () => {
  it('a tool hook`s continue: false ends the run with its reason as the final output, without another model call', async () => {
    const hooks = policySystem('bash');
    hooks.register('AfterTool', {
      type: 'function',
      name: 'halt',
      run: () => ({ continue: false, stopReason: 'one call per task' }),
    });
    const { agent, shell, requests } = hookedAgent(hooks);
    const result = await run(agent, 'clean up');
    expect(shell.ran).toEqual(['timeout 5 ls -la']);
    expect(requests).toHaveLength(2);
    expect(result.finalOutput).toBe('one call per task');
    expect(hookStopOf(result)).toEqual({ event: 'AfterTool', reason: 'one call per task' });
  });

  it('an AfterModel stop drops the tool calls: the run ends at once', async () => {
    const hooks = policySystem('bash');
    hooks.register('AfterModel', {
      type: 'function',
      name: 'halt',
      run: () => ({ continue: false, stopReason: 'budget' }),
    });
    const { agent, shell, requests } = hookedAgent(hooks);
    const result = await run(agent, 'clean up');
    expect(requests).toHaveLength(1);
    expect(shell.ran).toEqual([]);
    expect(result.finalOutput).toBe('budget');
    expect(hookStopOf(result)).toEqual({ event: 'AfterModel', reason: 'budget' });
  });
});
