/**
 * Agent-turn helpers: BeforeAgent decides whether a user prompt reaches the agent (and what context rides along),
 * AfterAgent may send the agent back to work with a reason (Claude Code's Stop hook), bounded by a loop limit.
 */
import type { HookSystem } from '../system/createHookSystem.js';
import { fireHook } from './hostInternals.js';
import { fireLifecycle, lifecycleOutcome, type LifecycleOptions, type LifecycleOutcome } from './lifecycle.js';
import { throwIfStopped } from './stopSignal.js';

/** The prompt after BeforeAgent: `prompt` is what the agent gets; absent when a hook discarded it (`blocked`). */
export interface BeforeAgentOutcome extends LifecycleOutcome {
  prompt?: string;
}

/**
 * Fires BeforeAgent for a user prompt. A block discards the prompt (`blocked.reason` says why, for the user); else
 * `prompt` is the original followed by `"\n\n" + additionalContext` when hooks added context. A stop throws.
 *
 * @example
 * const { prompt, blocked } = await beforeAgentWithHooks(hooks, userText);
 * if (blocked) showError(blocked.reason); else await agent.run(prompt);
 */
export async function beforeAgentWithHooks(
  hooks: HookSystem,
  prompt: string,
  options?: LifecycleOptions,
): Promise<BeforeAgentOutcome> {
  const outcome = await fireLifecycle(hooks, 'BeforeAgent', { prompt }, options);
  if (outcome.blocked) return outcome;
  const context = outcome.additionalContext;
  return { ...outcome, prompt: context === undefined ? prompt : `${prompt}\n\n${context}` };
}

/** AfterAgent's verdict on one answer: `continueWith` is the prompt of one more turn (the block reason). */
export interface AfterAgentDecision extends LifecycleOutcome {
  continueWith?: string;
}

/** What `afterAgentWithHooks` needs to know about the turn that just ended. */
export interface AfterAgentAnswer {
  /** The user's original prompt. */
  prompt: string;
  /** The agent's answer. */
  response: string;
  /** True when this answer came from a turn an AfterAgent hook forced (`stop_hook_active`). */
  stopHookActive: boolean;
}

/** Fires AfterAgent; a block asks for another turn with the reason as its prompt. A stop throws (answer as `partial`). */
export async function afterAgentWithHooks(
  hooks: HookSystem,
  fields: AfterAgentAnswer,
  options: LifecycleOptions = {},
): Promise<AfterAgentDecision> {
  const input = { prompt: fields.prompt, prompt_response: fields.response, stop_hook_active: fields.stopHookActive };
  const result = await fireHook(hooks, 'AfterAgent', input, options.signal, options.context);
  throwIfStopped(result, fields.response);
  const outcome = lifecycleOutcome(result);
  return outcome.blocked ? { ...outcome, continueWith: outcome.blocked.reason } : outcome;
}

/** One agent turn: the host's agent answering a prompt (running its own model and tool calls). */
export type AgentTurn = (prompt: string, context: { continuation: number; stopHookActive: boolean }) => Promise<string>;

export interface AgentRunOutcome {
  /** BeforeAgent discarded the prompt: no turn ran. */
  blocked?: { reason: string };
  /** The prompt the first turn received (with BeforeAgent context). */
  prompt?: string;
  /** Every turn's answer, in order; the last is the final answer. */
  responses: string[];
  /** How many extra turns AfterAgent forced. */
  continuations: number;
  /** AfterAgent still wanted more when `maxContinuations` was reached; the loop ended anyway. */
  limitReached: boolean;
  systemMessages: string[];
  warnings: string[];
}

export interface AgentRunOptions extends LifecycleOptions {
  /** Extra turns AfterAgent may force per user prompt (default 3): a hook that always blocks cannot loop forever. */
  maxContinuations?: number;
}

/**
 * Runs a user prompt through BeforeAgent, the agent, and AfterAgent, re-prompting while AfterAgent blocks (with
 * `stop_hook_active: true` after the first turn) up to `maxContinuations`. Continuation prompts come from hooks,
 * so BeforeAgent does not fire for them. A stop anywhere rejects with `AgentStopSignal`.
 *
 * @example
 * const run = await runAgentWithHooks(hooks, 'fix the tests', (prompt) => agent.answer(prompt));
 * console.log(run.responses.at(-1));
 */
export async function runAgentWithHooks(
  hooks: HookSystem,
  userPrompt: string,
  turn: AgentTurn,
  options: AgentRunOptions = {},
): Promise<AgentRunOutcome> {
  const max = options.maxContinuations ?? 3;
  const before = await beforeAgentWithHooks(hooks, userPrompt, options);
  const run: AgentRunOutcome = {
    responses: [],
    continuations: 0,
    limitReached: false,
    systemMessages: [...before.systemMessages],
    warnings: [...before.warnings],
  };
  if (before.prompt === undefined)
    return { ...run, blocked: before.blocked ?? { reason: 'blocked by a BeforeAgent hook' } };
  run.prompt = before.prompt;
  let prompt = before.prompt;
  for (;;) {
    const stopHookActive = run.continuations > 0;
    const response = await turn(prompt, { continuation: run.continuations, stopHookActive });
    run.responses.push(response);
    const after = await afterAgentWithHooks(hooks, { prompt: userPrompt, response, stopHookActive }, options);
    run.systemMessages.push(...after.systemMessages);
    run.warnings.push(...after.warnings);
    if (after.continueWith === undefined) return run;
    if (run.continuations >= max) {
      run.warnings.push(
        `AfterAgent asked for another turn after ${max} continuation(s); stopping the loop: ${after.continueWith}`,
      );
      return { ...run, limitReached: true };
    }
    run.continuations += 1;
    prompt = after.continueWith;
  }
}
