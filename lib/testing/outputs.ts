/**
 * Builders for hook outputs, so expectations and fake hooks read like the decision they express.
 * They build plain `HookOutput` objects, the same JSON a command hook prints; `combine` merges several
 * (including their `hookSpecificOutput`) when one hook does more than one thing.
 */
import type { HookToolConfig, LLMRequest, LLMResponse, ToolMode } from '../events/inputs.js';
import type { HookOutput, HookSpecificOutput } from '../events/outputs.js';

/** Blocks the operation; `reason` reaches the model (BeforeTool) or the agent loop (AfterAgent re-prompt). */
export const block = (reason: string): HookOutput => ({ decision: 'block', reason });

/** Denies the operation (blocks like `block`; the permission-style word). */
export const deny = (reason: string): HookOutput => ({ decision: 'deny', reason });

/** An explicit allow, optionally with a reason for the logs. */
export const allow = (reason?: string): HookOutput => ({
  decision: 'allow',
  ...(reason !== undefined ? { reason } : {}),
});

/** Asks the user to confirm (beats allow, loses to block). */
export const ask = (reason: string): HookOutput => ({ decision: 'ask', reason });

/** Stops the agent loop (`continue: false`). */
export const stop = (reason: string): HookOutput => ({ continue: false, stopReason: reason });

/** BeforeTool: patch the tool's arguments (shallow-merged onto the original). */
export const modifyToolInput = (patch: Record<string, unknown>): HookOutput => ({
  hookSpecificOutput: { tool_input: patch },
});

/** BeforeModel: patch the request (shallow-merged onto the original). */
export const modifyRequest = (patch: LLMRequest): HookOutput => ({ hookSpecificOutput: { llm_request: patch } });

/** AfterModel: replace the response; BeforeModel (with `block`): the synthetic response. */
export const replaceResponse = (response: LLMResponse): HookOutput => ({
  hookSpecificOutput: { llm_response: response },
});

/** BeforeToolSelection: offer only `names` (sorted), in calling mode `mode` (default `AUTO`). */
export const restrictTools = (names: readonly string[], mode: ToolMode = 'AUTO'): HookOutput => {
  const toolConfig: HookToolConfig = { mode, allowedFunctionNames: [...names].sort() };
  return { hookSpecificOutput: { toolConfig } };
};

/** Adds context for the model (AfterTool, BeforeAgent, SessionStart, …). */
export const addContext = (text: string): HookOutput => ({ hookSpecificOutput: { additionalContext: text } });

/** A message for the user's conversation view. */
export const systemMessage = (text: string): HookOutput => ({ systemMessage: text });

/** Hides the operation's output from the user's display (the model still sees it). */
export const suppressOutput = (): HookOutput => ({ suppressOutput: true });

/**
 * Merges outputs left to right; `hookSpecificOutput` objects are merged too (later keys win).
 *
 * @example combine(suppressOutput(), addContext('a secret was hidden'), systemMessage('output hidden'))
 */
export const combine = (...outputs: readonly HookOutput[]): HookOutput => {
  let specific: HookSpecificOutput | undefined;
  let merged: HookOutput = {};
  for (const output of outputs) {
    merged = { ...merged, ...output };
    if (output.hookSpecificOutput !== undefined) specific = { ...specific, ...output.hookSpecificOutput };
  }
  return specific === undefined ? merged : { ...merged, hookSpecificOutput: specific };
};
