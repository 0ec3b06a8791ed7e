/**
 * A whole Agents SDK agent graph with hooks: `hookAgent(hooks, agent)` returns a copy of the agent whose function
 * tools are hooked (`hookTools`) and whose handoffs fire BeforeTool and AfterTool like a function tool, and it does
 * the same, once each, for every agent those handoffs reach (cycles included): wrapping the starting agent covers
 * the calls of every agent a run can hand off to. The app's own agents are never changed.
 *
 * A handoff is the SDK's own step: the model calls `transfer_to_<agent>` and the runner switches agents, with no
 * tool guardrail on the way. The hook sees it as a tool call named as the model called it, with input
 * `{ agent, input }`: the target agent's name and the handoff's own input (`{}` when it takes none). A block
 * keeps the run on the agent that asked, and that agent's instructions gain the reason, so the model reads why
 * (the SDK always answers a handoff call itself with the name of the agent that runs next). A `continue: false`
 * ends the run with the stop reason as its final output (`hookStopOf` reads it). An AfterTool block or stop
 * undoes nothing the handoff's own `onHandoff` did, but the run still stays where it was; AfterTool context or a
 * replaced result has nothing to attach to. The SDK gives a handoff no call id, so hooks get no `tool_call_id`.
 */
import { Handoff, handoff as handoffTo, Usage, type Agent, type Model, type RunContext } from '@openai/agents';
import { isRecord } from '../../core/guards.js';
import { callToolWithHooks } from '../../host/toolCall.js';
import type { HookSystem } from '../../system/createHookSystem.js';
import { stopMetadata, type HookStop } from '../common/stops.js';
import { hookTools, type HookToolsOptions } from './tools.js';
import { outputWithText } from './translator.js';

// The SDK's agents are generic in context and output; a graph mixes them, so the walk holds them untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyAgent = Agent<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyHandoff = Handoff<any, any>;

/** One walk of an agent graph: each original agent maps to its one hooked copy (cycles end here). */
interface Walk {
  readonly hooks: HookSystem;
  readonly options: HookToolsOptions;
  readonly hooked: Map<AnyAgent, AnyAgent>;
}

const parseInput = (text: string): Record<string, unknown> => {
  if (text === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
};

/** A model that ends the run: its one answer is the stop reason, marked as a hook stop. */
function stopModel(stop: HookStop): Model {
  const response = {
    usage: new Usage(),
    output: outputWithText([], stop.reason),
    providerData: { hookstream: stopMetadata(stop) },
  };
  return {
    getResponse: () => Promise.resolve(response),
    // eslint-disable-next-line @typescript-eslint/require-await
    getStreamedResponse: async function* () {
      const usage = { requests: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 };
      const { output, providerData } = response;
      yield { type: 'response_done', response: { id: 'hookstream', usage, output, providerData } } as never;
    },
  };
}

/** The agent that asked, again, now told why its handoff did not happen (or made to end the run on a stop). */
function refusal(asker: AnyAgent, target: string, reason: string, stop: HookStop | undefined): AnyAgent {
  // Text output: the stop reason is the final answer even for an agent whose own output is structured.
  if (stop !== undefined) return asker.clone({ model: stopModel(stop), tools: [], handoffs: [], outputType: 'text' });
  const note = `The handoff to ${target} did not happen: a hook blocked it. ${reason}`;
  return asker.clone({
    instructions: async (runContext: RunContext) => {
      const own = await asker.getSystemPrompt(runContext);
      return own === undefined || own === '' ? note : `${own}\n\n${note}`;
    },
  });
}

/** `original` with BeforeTool and AfterTool around the SDK's own invocation; its target hooked as well. */
function hookHandoff(walk: Walk, asker: AnyAgent, original: AnyHandoff): AnyHandoff {
  const target = hookGraph(walk, original.agent as AnyAgent);
  const onInvoke = async (runContext: RunContext, args: string): Promise<AnyAgent> => {
    const toolInput = { agent: original.agentName, input: parseInput(args) };
    let next: AnyAgent | undefined;
    const context = walk.options.context?.(runContext);
    const outcome = await callToolWithHooks(
      walk.hooks,
      original.toolName,
      toolInput,
      async (rewritten) => {
        const input = rewritten === toolInput ? args : JSON.stringify(rewritten.input);
        next = hookGraph(walk, (await original.onInvokeHandoff(runContext, input)) as AnyAgent);
        return { assistant: next.name };
      },
      {
        ...(context && { context }),
        toResponse: (response) => response,
        // A hook may rewrite the handoff's input; where the handoff goes is the model's call, not a hook's.
        validateInput: (rewritten) => {
          if (rewritten.agent !== original.agentName)
            throw new Error(`a handoff's target cannot be rewritten (from "${original.agentName}")`);
          return rewritten;
        },
      },
    );
    if (outcome.status === 'failed') throw outcome.error;
    if (outcome.status === 'done' && outcome.stop === undefined && next !== undefined) return next;
    const reason = outcome.modelText ?? outcome.stop?.reason ?? 'stopped by a hook';
    return refusal(asker, original.agentName, reason, outcome.stop);
  };
  const hooked = new Handoff(target, onInvoke);
  hooked.toolName = original.toolName;
  hooked.toolDescription = original.toolDescription;
  hooked.inputJsonSchema = original.inputJsonSchema;
  hooked.strictJsonSchema = original.strictJsonSchema;
  hooked.agentName = original.agentName;
  if (original.inputFilter !== undefined) hooked.inputFilter = original.inputFilter;
  if (typeof original.isEnabled === 'function') hooked.isEnabled = original.isEnabled;
  return hooked;
}

function hookGraph(walk: Walk, agent: AnyAgent): AnyAgent {
  const known = walk.hooked.get(agent);
  if (known !== undefined) return known;
  // A hooked agent reached again (its own handoffs, or the app wrapping twice) is used as it is.
  if (HOOKED.has(agent)) return agent;
  const copy = agent.clone({ tools: hookTools(walk.hooks, agent.tools, walk.options), handoffs: [] });
  HOOKED.add(copy);
  // Recorded before its handoffs are walked, so a cycle back to this agent finds the copy.
  walk.hooked.set(agent, copy);
  copy.handoffs = agent.handoffs.map((entry) =>
    hookHandoff(walk, copy, entry instanceof Handoff ? entry : handoffTo(entry as AnyAgent)),
  );
  return copy;
}

const HOOKED = new WeakSet<AnyAgent>();

/**
 * The agent, and every agent its handoffs reach, with BeforeTool and AfterTool on each function tool and each
 * handoff. Models are not wrapped: give each agent `hookModel(hooks, model)` for the model hooks and for a tool
 * stop to end the run. An agent used as a tool is covered when its tool is made from a hooked agent:
 * `hookAgent(hooks, researcher).asTool({ … })`.
 *
 * @example
 * const triage = hookAgent(hooks, new Agent({ name: 'triage', model, handoffs: [billing, refunds] }));
 * await run(triage, 'I was charged twice');
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function hookAgent<A extends Agent<any, any>>(hooks: HookSystem, agent: A, options: HookToolsOptions = {}): A {
  return hookGraph({ hooks, options, hooked: new Map() }, agent) as A;
}
