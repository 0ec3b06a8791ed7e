/**
 * Agents SDK tools with hooks: `hookTools(hooks, tools)` gives each function tool an input guardrail and a
 * wrapped `invoke`. The guardrail runs BeforeTool: a block (or stop) rejects the call with the hook's reason —
 * the model reads it as the tool's output and the run's `toolInputGuardrailResults` show it. A rewrite cannot
 * travel through a guardrail, so the guardrail's BeforeTool result waits for `invoke` by call id, which runs the
 * tool with the rewritten arguments (its own schema validates them again) and then AfterTool: a replaced result,
 * a withheld one, context after it. A stop is recorded for `hookModel`, which ends the run at the next turn.
 */
import type { FunctionTool, RunContext, Tool } from '@openai/agents';
import { isRecord } from '../../core/guards.js';
import type { HookResult } from '../../model/types.js';
import { withCallContext, type HookCallContext } from '../../host/callContext.js';
import { callToolWithHooks } from '../../host/toolCall.js';
import { stopReasonOf } from '../../host/stopSignal.js';
import type { HookSystem } from '../../system/createHookSystem.js';
import { recordStop } from '../common/stops.js';

export interface HookToolsOptions {
  /** This call's hook context, from the run context (e.g. a conversation id the app keeps in it). */
  context?: (runContext: RunContext) => HookCallContext | undefined;
}

type AnyFunctionTool = FunctionTool<unknown, never>;
type Invoke = AnyFunctionTool['invoke'];
type Guardrail = NonNullable<AnyFunctionTool['inputGuardrails']>[number];

const parseArguments = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
};

const asText = (output: unknown): string => (typeof output === 'string' ? output : JSON.stringify(output));

function hookFunctionTool(hooks: HookSystem, tool: AnyFunctionTool, options: HookToolsOptions): AnyFunctionTool {
  /** BeforeTool results the guardrail fired, waiting for `invoke`, by call id. */
  const pending = new Map<string, { parsed: Record<string, unknown>; before: HookResult }>();
  const guardrail: Guardrail = {
    type: 'tool_input',
    name: 'hookstream',
    run: async ({ toolCall, context }) => {
      const parsed = parseArguments(toolCall.arguments);
      const fields = { tool_name: tool.name, tool_input: parsed, tool_call_id: toolCall.callId };
      const before = await hooks.fire('BeforeTool', withCallContext(fields, options.context?.(context)));
      if (before.stopped || before.blocked) {
        const reason = before.blocked ? (before.reason ?? 'blocked by a BeforeTool hook') : stopReasonOf(before);
        if (before.stopped) recordStop(hooks, toolCall.callId, { event: 'BeforeTool', reason });
        return {
          behavior: { type: 'rejectContent', message: reason },
          outputInfo: { blocked: before.blocked, stopped: before.stopped, reason },
        };
      }
      pending.set(toolCall.callId, { parsed, before });
      const rewritten = before.toolInput !== parsed;
      return {
        behavior: { type: 'allow' },
        outputInfo: rewritten ? { rewritten: true, toolInput: before.toolInput } : { rewritten: false },
      };
    },
  };
  const invoke: Invoke = async (runContext, input, details) => {
    const callId = details?.toolCall?.callId;
    const waiting = callId === undefined ? undefined : pending.get(callId);
    if (callId !== undefined) pending.delete(callId);
    const parsed = waiting?.parsed ?? parseArguments(input);
    const context = options.context?.(runContext);
    const outcome = await callToolWithHooks(
      hooks,
      tool.name,
      parsed,
      // Unchanged arguments go to the tool as the model wrote them; rewritten ones are parsed by its own schema.
      (args) => tool.invoke(runContext, args === parsed ? input : JSON.stringify(args), details),
      {
        ...(waiting && { before: waiting.before }),
        ...(callId !== undefined && { toolCallId: callId }),
        ...(context && { context }),
        ...(details?.signal && { signal: details.signal }),
      },
    );
    if (outcome.stop && callId !== undefined) recordStop(hooks, callId, outcome.stop);
    if (outcome.status === 'failed') throw outcome.error;
    if (outcome.status !== 'done') return outcome.modelText ?? `Tool "${tool.name}" was stopped by a hook`;
    const extra = outcome.additionalContext;
    return extra === undefined ? outcome.output : `${asText(outcome.output)}\n\n${extra}`;
  };
  return { ...tool, invoke, inputGuardrails: [...(tool.inputGuardrails ?? []), guardrail] };
}

/**
 * The tools with BeforeTool (as an input guardrail) and AfterTool applied to every function tool; other tools
 * (hosted, computer, shell) are returned as they are.
 *
 * @example
 * const agent = new Agent({ name: 'ops', model: hookModel(hooks, model), tools: hookTools(hooks, [bash]) });
 */
export function hookTools<T extends Tool>(hooks: HookSystem, tools: readonly T[], options: HookToolsOptions = {}): T[] {
  return tools.map((tool) =>
    tool.type === 'function'
      ? (hookFunctionTool(hooks, tool as unknown as AnyFunctionTool, options) as unknown as T)
      : tool,
  );
}
