/**
 * Agent-turn helpers: BeforeAgent decides whether a user prompt reaches the agent (and what context rides along),
 * AfterAgent may send the agent back to work with a reason (Claude Code's Stop hook), bounded by a loop limit.
 */
import type { HookSystem } from '../system/createHookSystem.js';
import { backgroundContextText, type BackgroundRecord } from '../system/backgroundRecord.js';
import { fireHook } from './hostInternals.js';
import { fireLifecycle, lifecycleOutcome, type LifecycleOptions, type LifecycleOutcome } from './lifecycle.js';
import { throwIfStopped } from './stopSignal.js';

/** The prompt after BeforeAgent: `prompt` is what the agent gets; absent when a hook discarded it (`blocked`). */
export interface BeforeAgentOutcome extends LifecycleOutcome {
  prompt?: string;
  /** Background hooks' records delivered with this prompt (see `HookSystem.takeBackground`). */
  background?: readonly BackgroundRecord[];
}

/** `text` followed by `"\n\n" + more` lines that exist. */
const appended = (text: string, ...more: Array<string | undefined>): string =>
  more.reduce<string>((out, part) => (part === undefined ? out : `${out}\n\n${part}`), text);

/**
 * Fires BeforeAgent for a user prompt. A block discards the prompt (`blocked.reason` says why, for the user); else
 * `prompt` is the original followed by `"\n\n" + context`: what background hooks of the session said since its
 * last turn (their `additionalContext`, `systemMessage` and wakes, taken from `hooks.takeBackground`), then the
 * BeforeAgent hooks' `additionalContext`. A blocked prompt leaves the background records for the next one. A stop
 * throws.
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
  const background = hooks.takeBackground(options?.context?.sessionId);
  const withContext = appended(prompt, backgroundContextText(background), outcome.additionalContext);
  return background.length === 0
    ? { ...outcome, prompt: withContext }
    : { ...outcome, prompt: withContext, background };
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

/**
 * One agent turn: the host's agent answering a prompt (running its own model and tool calls). `woken`: the turn
 * was started by a background hook's wake (`asyncRewake`), its prompt being what the hook said.
 */
export type AgentTurn = (
  prompt: string,
  context: { continuation: number; stopHookActive: boolean; woken: boolean },
) => Promise<string>;

export interface AgentRunOutcome {
  /** BeforeAgent discarded the prompt: no turn ran. */
  blocked?: { reason: string };
  /** The prompt the first turn received (with BeforeAgent context). */
  prompt?: string;
  /** Every turn's answer, in order; the last is the final answer. */
  responses: string[];
  /** How many extra turns AfterAgent or a background hook's wake forced. */
  continuations: number;
  /** How many of them a background hook's wake started. */
  wakes: number;
  /** AfterAgent still wanted more when `maxContinuations` was reached; the loop ended anyway. */
  limitReached: boolean;
  systemMessages: string[];
  warnings: string[];
}

export interface AgentRunOptions extends LifecycleOptions {
  /**
   * Extra turns AfterAgent and background wakes may force per user prompt (default 3): a hook that always blocks
   * cannot loop forever.
   */
  maxContinuations?: number;
}

/**
 * Runs a user prompt through BeforeAgent, the agent, and AfterAgent, re-prompting while AfterAgent blocks (with
 * `stop_hook_active: true` on the turn it forced) up to `maxContinuations`. Continuation prompts come from hooks,
 * so BeforeAgent does not fire for them.
 *
 * Background hooks of the session: what they said since the last turn is appended to the next turn's prompt.
 * When the agent would stop and an `asyncRewake` hook has woken it meanwhile (exit 2 or a block), one more turn
 * runs with the wake as its prompt (`woken: true`), within the same `maxContinuations`. A wake that arrives
 * after the loop ended stays pending for the session's next prompt, and is on `hooks.background$` for a host
 * that starts a turn itself. A stop anywhere rejects with `AgentStopSignal`.
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
    wakes: 0,
    limitReached: false,
    systemMessages: [...before.systemMessages],
    warnings: [...before.warnings],
  };
  if (before.prompt === undefined)
    return { ...run, blocked: before.blocked ?? { reason: 'blocked by a BeforeAgent hook' } };
  run.prompt = before.prompt;
  const session = options.context?.sessionId;
  let prompt = before.prompt;
  let stopHookActive = false;
  let woken = false;
  for (;;) {
    const response = await turn(prompt, { continuation: run.continuations, stopHookActive, woken });
    run.responses.push(response);
    const after = await afterAgentWithHooks(hooks, { prompt: userPrompt, response, stopHookActive }, options);
    run.systemMessages.push(...after.systemMessages);
    run.warnings.push(...after.warnings);
    const wake = after.continueWith === undefined ? pendingWake(hooks, session) : undefined;
    if (after.continueWith === undefined && wake === undefined) return run;
    if (run.continuations >= max) {
      const who = wake === undefined ? 'AfterAgent asked' : `Background hook "${wake.hook}" woke the agent`;
      run.warnings.push(
        `${who} for another turn after ${max} continuation(s); stopping the loop: ${after.continueWith ?? wake?.wake?.reason ?? ''}`,
      );
      return { ...run, limitReached: true };
    }
    run.continuations += 1;
    stopHookActive = wake === undefined;
    woken = wake !== undefined;
    if (woken) run.wakes += 1;
    // The wake's own text is in the background text, so a woken turn's prompt is that text alone.
    const news = backgroundContextText(hooks.takeBackground(session));
    prompt = after.continueWith === undefined ? (news ?? '') : appended(after.continueWith, news);
  }
}

/** The first record of the session's pending background news that wakes the agent. */
const pendingWake = (hooks: HookSystem, session: string | undefined): BackgroundRecord | undefined =>
  hooks.pendingBackground(session).find((record) => record.wake !== undefined);
