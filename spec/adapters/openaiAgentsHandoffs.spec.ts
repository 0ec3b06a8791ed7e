/**
 * `hookAgent` over an Agents SDK agent graph, with scripted `Model`s (the SDK's own interface; no network, tracing
 * off): a handoff fires BeforeTool and AfterTool, a block keeps the run on the agent that asked and its model reads
 * why, a stop ends the run, the agents handed off to have hooked tools, a cycle of handoffs is wrapped once per
 * agent, and an agent used as a tool through `asTool` of a hooked agent has hooked tools. The bash guard is the
 * policy harness's real command hook.
 */
import {
  Agent,
  handoff,
  run,
  setTracingDisabled,
  Usage,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
} from '@openai/agents';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hookAgent, hookStopOf } from '../../lib/adapters/openai-agents/index.js';
import type { HookInputOf, HookSystem } from '../../lib/index.js';
import { bashTool } from './agentsBashTool.js';
import { BLOCK_REASON, policySystem, shellTool } from './policyHarness.js';

beforeAll(() => {
  setTracingDisabled(true);
});

type Output = ModelResponse['output'];
const call = (name: string, callId: string, args: Record<string, unknown> = {}): Output => [
  { type: 'function_call', callId, name, arguments: JSON.stringify(args), status: 'completed' },
];
const answer = (text: string): Output => [
  { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] },
];

/** A model that answers its turns in order and keeps every request it got. */
function scripted(turns: Output[]) {
  const requests: ModelRequest[] = [];
  const model: Model = {
    getResponse: (request) => {
      requests.push(request);
      const output = turns[requests.length - 1] ?? answer('no more turns');
      return Promise.resolve({ usage: new Usage(), output, responseId: `r${requests.length}` });
    },
    getStreamedResponse: async function* (request): AsyncIterable<StreamEvent> {
      const response = await model.getResponse(request);
      const usage = { requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 };
      yield { type: 'response_done', response: { id: 'r', usage, output: response.output } } as StreamEvent;
    },
  };
  return { model, requests };
}

/** Every BeforeTool and AfterTool input the system fired, in order. */
function recordTools(hooks: HookSystem) {
  const seen: Array<{ event: string; tool_name: string; tool_input: unknown; tool_response?: unknown }> = [];
  hooks.register('BeforeTool', {
    type: 'function',
    name: 'seen-before',
    run: (input: HookInputOf<'BeforeTool'>) => {
      seen.push({ event: 'BeforeTool', tool_name: input.tool_name, tool_input: input.tool_input });
    },
  });
  hooks.register('AfterTool', {
    type: 'function',
    name: 'seen-after',
    run: (input: HookInputOf<'AfterTool'>) => {
      const { tool_name, tool_input, tool_response } = input;
      seen.push({ event: 'AfterTool', tool_name, tool_input, tool_response });
    },
  });
  return seen;
}

const resultFor = (request: ModelRequest | undefined, callId: string) =>
  (typeof request?.input === 'string' ? [] : (request?.input ?? [])).find(
    (item) => (item as { callId?: string; type?: string }).callId === callId && item.type === 'function_call_result',
  ) as { output?: unknown } | undefined;

/** triage hands off to billing, which has the shell tool. */
function billingGraph(triageTurns: Output[], billingTurns: Output[]) {
  const shell = shellTool();
  const triageModel = scripted(triageTurns);
  const billingModel = scripted(billingTurns);
  const billing = new Agent({ name: 'billing', model: billingModel.model, tools: [bashTool(shell)] });
  const triage = new Agent({ name: 'triage', instructions: 'Route.', model: triageModel.model, handoffs: [billing] });
  return { shell, triage, billing, triageModel, billingModel };
}

describe('hookstream/openai-agents: hookAgent', () => {
  it('a handoff fires BeforeTool (target name, input) and AfterTool; the agent handed off to has hooked tools', async () => {
    const hooks = policySystem('bash');
    const seen = recordTools(hooks);
    const graph = billingGraph(
      [call('transfer_to_billing', 'h1')],
      [call('bash', 'b1', { command: 'rm -rf /srv/ledger' }), answer('refunded')],
    );
    const result = await run(hookAgent(hooks, graph.triage), 'I was charged twice');

    expect(result.finalOutput).toBe('refunded');
    expect(result.lastAgent?.name).toBe('billing');
    expect(seen.slice(0, 2)).toEqual([
      { event: 'BeforeTool', tool_name: 'transfer_to_billing', tool_input: { agent: 'billing', input: {} } },
      {
        event: 'AfterTool',
        tool_name: 'transfer_to_billing',
        tool_input: { agent: 'billing', input: {} },
        tool_response: { assistant: 'billing' },
      },
    ]);
    // The handed-off agent's shell call met the guard: blocked, and its model read why.
    expect(seen[2]).toMatchObject({ event: 'BeforeTool', tool_name: 'bash' });
    expect(graph.shell.ran).toEqual([]);
    expect(resultFor(graph.billingModel.requests[1], 'b1')?.output).toMatchObject({ text: BLOCK_REASON });
    // The app's own agents are untouched.
    expect(graph.triage.handoffs).toEqual([graph.billing]);
    expect((graph.billing.tools[0] as { inputGuardrails?: unknown[] }).inputGuardrails ?? []).toEqual([]);
  });

  it('a blocked handoff keeps the run on the agent that asked, whose model reads the reason', async () => {
    const hooks = policySystem('bash');
    hooks.register(
      'BeforeTool',
      { type: 'function', name: 'no-billing', run: () => ({ decision: 'deny', reason: 'billing is closed today' }) },
      { matcher: '^transfer_to_' },
    );
    const graph = billingGraph([call('transfer_to_billing', 'h1'), answer('try tomorrow')], [answer('refunded')]);
    const result = await run(hookAgent(hooks, graph.triage), 'I was charged twice');

    expect(result.finalOutput).toBe('try tomorrow');
    expect(result.lastAgent?.name).toBe('triage');
    expect(graph.billingModel.requests).toHaveLength(0);
    const second = graph.triageModel.requests[1];
    expect(second?.systemInstructions).toBe(
      'Route.\n\nThe handoff to billing did not happen: a hook blocked it. billing is closed today',
    );
    expect(resultFor(second, 'h1')).toBeDefined();
  });

  it('streamed: a blocked handoff and a stopped one end as in a run without streaming', async () => {
    const hooks = policySystem('bash');
    hooks.register(
      'BeforeTool',
      {
        type: 'function',
        name: 'gate',
        run: (input: HookInputOf<'BeforeTool'>) =>
          input.tool_name === 'transfer_to_billing'
            ? { decision: 'deny', reason: 'billing is closed today' }
            : { continue: false, stopReason: 'escalate to a human' },
      },
      { matcher: '^transfer_to_' },
    );
    const blocked = billingGraph([call('transfer_to_billing', 'h1'), answer('try tomorrow')], [answer('refunded')]);
    const first = await run(hookAgent(hooks, blocked.triage), 'I was charged twice', { stream: true });
    await first.completed;
    expect(first.finalOutput).toBe('try tomorrow');
    expect(blocked.billingModel.requests).toHaveLength(0);
    expect(blocked.triageModel.requests[1]?.systemInstructions).toContain('billing is closed today');

    const stopped = billingGraph([], [call('transfer_to_triage', 'h2')]);
    stopped.billing.handoffs.push(stopped.triage);
    const second = await run(hookAgent(hooks, stopped.billing), 'I was charged twice', { stream: true });
    await second.completed;
    // (The SDK keeps no provider data of a streamed response, so hookStopOf has nothing to read here.)
    expect(second.finalOutput).toBe('escalate to a human');
    expect(stopped.triageModel.requests).toHaveLength(0);
  });

  it('continue: false on a handoff ends the run with the stop reason; hookStopOf reads it', async () => {
    const hooks = policySystem('bash');
    hooks.register(
      'BeforeTool',
      { type: 'function', name: 'halt', run: () => ({ continue: false, stopReason: 'escalate to a human' }) },
      { matcher: '^transfer_to_' },
    );
    const graph = billingGraph([call('transfer_to_billing', 'h1')], [answer('refunded')]);
    const result = await run(hookAgent(hooks, graph.triage), 'I was charged twice');

    expect(result.finalOutput).toBe('escalate to a human');
    expect(graph.billingModel.requests).toHaveLength(0);
    expect(graph.triageModel.requests).toHaveLength(1);
    expect(hookStopOf(result)).toEqual({ event: 'BeforeTool', reason: 'escalate to a human' });
  });

  it('a hook may rewrite the handoff input, not its target', async () => {
    const hooks = policySystem('bash');
    const got: unknown[] = [];
    hooks.register('BeforeTool', {
      type: 'function',
      name: 'retarget',
      run: (input: HookInputOf<'BeforeTool'>) => ({
        hookSpecificOutput: { tool_input: { ...input.tool_input, agent: 'triage' } },
      }),
    });
    const graph = billingGraph(
      [call('transfer_to_billing', 'h1', { reason: 'twice' }), answer('stayed')],
      [answer('refunded')],
    );
    graph.triage.handoffs = [
      handoff(graph.billing, {
        inputType: z.object({ reason: z.string() }),
        onHandoff: (_context, input) => void got.push(input),
      }),
    ];
    const result = await run(hookAgent(hooks, graph.triage), 'I was charged twice');

    expect(result.lastAgent?.name).toBe('triage');
    expect(got).toEqual([]);
    expect(graph.triageModel.requests[1]?.systemInstructions).toContain("a handoff's target cannot be rewritten");
  });

  it('a rewritten handoff input reaches the handoff`s own onHandoff', async () => {
    const hooks = policySystem('bash');
    const got: unknown[] = [];
    hooks.register('BeforeTool', {
      type: 'function',
      name: 'redact',
      run: (input: HookInputOf<'BeforeTool'>) => ({
        hookSpecificOutput: { tool_input: { ...input.tool_input, input: { reason: '[redacted]' } } },
      }),
    });
    const graph = billingGraph([call('transfer_to_billing', 'h1', { reason: 'card 4111' })], [answer('refunded')]);
    graph.triage.handoffs = [
      handoff(graph.billing, {
        inputType: z.object({ reason: z.string() }),
        onHandoff: (_context, input) => void got.push(input),
      }),
    ];
    const result = await run(hookAgent(hooks, graph.triage), 'I was charged twice');

    expect(result.lastAgent?.name).toBe('billing');
    expect(got).toEqual([{ reason: '[redacted]' }]);
  });

  it('a cycle of handoffs is wrapped once per agent; a hooked agent wraps to itself', () => {
    const hooks = policySystem('bash');
    const graph = billingGraph([], []);
    graph.billing.handoffs.push(graph.triage);
    const triage = hookAgent(hooks, graph.triage);
    const billing = (triage.handoffs[0] as { agent: Agent }).agent;
    expect(billing.name).toBe('billing');
    expect(billing).not.toBe(graph.billing);
    expect((billing.handoffs[0] as { agent: Agent }).agent).toBe(triage);
    expect(hookAgent(hooks, triage)).toBe(triage);
  });

  it('an agent used as a tool, made from a hooked agent: the tool call and the inner agent`s calls fire hooks', async () => {
    const hooks = policySystem('bash');
    const seen = recordTools(hooks);
    const shell = shellTool();
    const inner = scripted([call('bash', 'b1', { command: 'rm -rf /srv/cache' }), answer('could not clean')]);
    const outer = scripted([call('research', 'r1', { input: 'clean the cache' }), answer('reported')]);
    const researcher = new Agent({ name: 'researcher', model: inner.model, tools: [bashTool(shell)] });
    const lead = new Agent({
      name: 'lead',
      model: outer.model,
      tools: [hookAgent(hooks, researcher).asTool({ toolName: 'research', toolDescription: 'Researches' })],
    });
    const result = await run(hookAgent(hooks, lead), 'tidy up');

    expect(result.finalOutput).toBe('reported');
    expect(seen.filter((entry) => entry.event === 'BeforeTool').map((entry) => entry.tool_name)).toEqual([
      'research',
      'bash',
    ]);
    expect(shell.ran).toEqual([]);
    expect(resultFor(inner.requests[1], 'b1')?.output).toMatchObject({ text: BLOCK_REASON });
  });
});
