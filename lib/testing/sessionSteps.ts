/**
 * Builders of session steps for marble tests of session policies: a tool call starting, a tool's result, an
 * event's outcome. `seq` numbers are given by the test, as the engine gives them in event order.
 */
import type { EventName } from '../events/names.js';
import type { SessionStep } from '../session/types.js';

/** A BeforeTool `call` step of `tool` with `toolInput`. */
export const toolCallStep = (
  seq: number,
  tool: string,
  toolInput: Record<string, unknown> = {},
  at = 0,
): SessionStep => ({
  kind: 'call',
  seq,
  event: 'BeforeTool',
  at,
  tool,
  input: { tool_name: tool, tool_input: toolInput },
});

/** An AfterTool `call` step: the host reporting `tool`'s result. */
export const toolResultStep = (
  seq: number,
  tool: string,
  toolInput: Record<string, unknown>,
  toolResponse: unknown,
  at = 0,
): SessionStep => ({
  kind: 'call',
  seq,
  event: 'AfterTool',
  at,
  tool,
  input: { tool_name: tool, tool_input: toolInput, tool_response: toolResponse },
});

/** The `outcome` step of `call`: decided `decision` (blocked for deny/block), with the hooks' `labels`. */
export const outcomeStep = (
  call: SessionStep,
  decision?: 'allow' | 'deny' | 'block' | 'ask',
  labels?: readonly string[],
): SessionStep => {
  const step: SessionStep = {
    kind: 'outcome',
    seq: call.seq,
    event: call.event,
    at: call.at,
    input: call.input,
    blocked: decision === 'deny' || decision === 'block',
  };
  const mutable = step as { tool?: string; decision?: string; labels?: readonly string[] };
  if (call.tool !== undefined) mutable.tool = call.tool;
  if (decision !== undefined) mutable.decision = decision;
  if (labels !== undefined) mutable.labels = labels;
  return step;
};

/** A `call` step of any event with its fields. */
export const eventStep = (seq: number, event: EventName, input: Record<string, unknown>, at = 0): SessionStep => {
  const step: SessionStep = { kind: 'call', seq, event, at, input };
  if (typeof input.tool_name === 'string') (step as { tool?: string }).tool = input.tool_name;
  return step;
};
