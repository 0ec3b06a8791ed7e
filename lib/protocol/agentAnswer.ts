/**
 * hookstream's verdict on one event, told to the agent that asked in that agent's own protocol — what a hook
 * command of that agent prints and how it exits — so a deny from any hookstream hook, policy or guard is a deny
 * in that agent:
 *
 * - Claude Code and Codex: a block is exit code 2 with the reason on stderr (every blocking event reads it so);
 *   otherwise JSON: `hookSpecificOutput.permissionDecision: "ask"`, `updatedInput`, `additionalContext`,
 *   `systemMessage`, `continue: false` with `stopReason`;
 * - Gemini CLI: JSON, `decision: "deny"` with `reason` (its hooks may answer every event so);
 * - Cursor: `permission: "deny"` with `user_message` and `agent_message`, and exit code 2, which its blocking
 *   events read as a deny too; `{}` when hookstream has no opinion;
 * - Copilot: `permissionDecision: "deny"` on `preToolUse`, `decision: "block"` on `agentStop`/`subagentStop`,
 *   exit code 2 with stderr elsewhere.
 */
import type { HookResult } from '../model/types.js';
import type { DialectId } from '../dialects/types.js';

/** What the agent's hook command prints and how it exits. */
export interface AgentAnswer {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** The part of a result an agent can act on. */
export type AgentVerdict = Pick<
  HookResult,
  'blocked' | 'decision' | 'reason' | 'stopped' | 'stopReason' | 'systemMessage' | 'additionalContext' | 'toolInput'
>;

const json = (value: Record<string, unknown>): string =>
  Object.keys(value).length === 0 ? '' : `${JSON.stringify(value)}\n`;

/** The reason an agent shows for a block: never empty, so the user always learns why. */
const reasonOf = (verdict: AgentVerdict): string => verdict.reason ?? 'blocked by a hookstream hook';

const blockAnswer = (reason: string, stdout = ''): AgentAnswer => ({ exitCode: 2, stdout, stderr: `${reason}\n` });

/** Events whose Claude-style output carries `additionalContext`. */
const CONTEXT_EVENTS = new Set(['UserPromptSubmit', 'SessionStart', 'PostToolUse', 'SubagentStart', 'PostCompact']);

const claudeAnswer = (native: string, verdict: AgentVerdict, toolInputChanged: boolean): AgentAnswer => {
  if (verdict.blocked) return blockAnswer(reasonOf(verdict));
  const out: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  if (native === 'PreToolUse' && verdict.decision === 'ask') {
    specific.permissionDecision = 'ask';
    if (verdict.reason !== undefined) specific.permissionDecisionReason = verdict.reason;
  }
  if (native === 'PreToolUse' && toolInputChanged) specific.updatedInput = verdict.toolInput;
  if (verdict.additionalContext !== undefined && CONTEXT_EVENTS.has(native)) {
    specific.additionalContext = verdict.additionalContext;
  }
  if (Object.keys(specific).length > 0) out.hookSpecificOutput = Object.assign({ hookEventName: native }, specific);
  if (verdict.systemMessage !== undefined) out.systemMessage = verdict.systemMessage;
  if (verdict.stopped) {
    out.continue = false;
    if (verdict.stopReason !== undefined) out.stopReason = verdict.stopReason;
  }
  return { exitCode: 0, stdout: json(out), stderr: '' };
};

const geminiAnswer = (verdict: AgentVerdict, toolInputChanged: boolean): AgentAnswer => {
  const out: Record<string, unknown> = {};
  if (verdict.blocked) {
    out.decision = 'deny';
    out.reason = reasonOf(verdict);
  } else if (verdict.decision === 'ask') out.decision = 'ask';
  if (verdict.systemMessage !== undefined) out.systemMessage = verdict.systemMessage;
  if (verdict.stopped) {
    out.continue = false;
    if (verdict.stopReason !== undefined) out.stopReason = verdict.stopReason;
  }
  const specific: Record<string, unknown> = {};
  if (verdict.additionalContext !== undefined) specific.additionalContext = verdict.additionalContext;
  if (toolInputChanged) specific.tool_input = verdict.toolInput;
  if (Object.keys(specific).length > 0) out.hookSpecificOutput = specific;
  return { exitCode: 0, stdout: json(out), stderr: '' };
};

const cursorAnswer = (verdict: AgentVerdict, toolInputChanged: boolean): AgentAnswer => {
  const out: Record<string, unknown> = {};
  if (verdict.blocked) {
    const reason = reasonOf(verdict);
    return blockAnswer(reason, json({ permission: 'deny', user_message: reason, agent_message: reason }));
  }
  if (verdict.decision === 'ask') out.permission = 'ask';
  if (toolInputChanged) out.updated_input = verdict.toolInput;
  if (verdict.additionalContext !== undefined) out.additional_context = verdict.additionalContext;
  if (verdict.systemMessage !== undefined) out.user_message = verdict.systemMessage;
  if (verdict.stopped) out.continue = false;
  // Cursor parses the output of every hook: an empty object says "no opinion".
  return { exitCode: 0, stdout: `${JSON.stringify(out)}\n`, stderr: '' };
};

const copilotAnswer = (native: string, verdict: AgentVerdict, toolInputChanged: boolean): AgentAnswer => {
  const preTool = native === 'preToolUse' || native === 'PreToolUse';
  if (verdict.blocked && preTool) {
    return {
      exitCode: 0,
      stdout: json({ permissionDecision: 'deny', permissionDecisionReason: reasonOf(verdict) }),
      stderr: '',
    };
  }
  if (verdict.blocked && /^(agentStop|Stop|subagentStop|SubagentStop)$/.test(native)) {
    return { exitCode: 0, stdout: json({ decision: 'block', reason: reasonOf(verdict) }), stderr: '' };
  }
  if (verdict.blocked) return blockAnswer(reasonOf(verdict));
  const out: Record<string, unknown> = {};
  if (preTool && verdict.decision === 'ask') out.permissionDecision = 'ask';
  if (preTool && toolInputChanged) out.modifiedArgs = verdict.toolInput;
  if (verdict.additionalContext !== undefined) out.additionalContext = verdict.additionalContext;
  return { exitCode: 0, stdout: json(out), stderr: '' };
};

/**
 * The answer `agent` reads from its hook command for `verdict` on its event `native`.
 *
 * @param originalToolInput The tool input the agent sent, to tell whether hooks changed it.
 */
export const agentAnswer = (
  agent: DialectId,
  native: string,
  verdict: AgentVerdict,
  originalToolInput?: unknown,
): AgentAnswer => {
  const toolInputChanged =
    verdict.toolInput !== undefined && JSON.stringify(verdict.toolInput) !== JSON.stringify(originalToolInput);
  switch (agent) {
    case 'claude':
    case 'codex':
      return claudeAnswer(native, verdict, toolInputChanged);
    case 'gemini':
    case 'hookstream':
      return geminiAnswer(verdict, toolInputChanged);
    case 'cursor':
      return cursorAnswer(verdict, toolInputChanged);
    case 'copilot':
      return copilotAnswer(native, verdict, toolInputChanged);
    case 'xcode':
    case 'ollm':
      // Not an install target: their hosts call their hooks, never the thin client, so no such request exists.
      throw new Error(`hookstream install does not serve ${agent}: no installed entry answers in its protocol`);
  }
};

/**
 * The verdict an agent is told, with hookstream's warnings (a hook not approved for the project, a hook that
 * failed without blocking) added to the message it shows its user: told nowhere, a guard that did not run would
 * look like one that allowed.
 */
export const shownVerdict = (result: AgentVerdict & { readonly warnings: readonly string[] }): AgentVerdict => {
  if (result.warnings.length === 0) return result;
  const lines = result.warnings.map((warning) => `hookstream: ${warning}`);
  if (result.systemMessage !== undefined) lines.unshift(result.systemMessage);
  return {
    blocked: result.blocked,
    decision: result.decision,
    reason: result.reason,
    stopped: result.stopped,
    stopReason: result.stopReason,
    systemMessage: lines.join('\n'),
    additionalContext: result.additionalContext,
    toolInput: result.toolInput,
  };
};

/** The answer when hookstream itself could not decide: a deny that says why, never a silent allow. */
export const failureAnswer = (reason: string): AgentAnswer => blockAnswer(`hookstream: ${reason}`);

/**
 * Claude Code's answer as the body of an http hook's response, where there is no exit code: a block becomes
 * `permissionDecision: "deny"` on PreToolUse and `decision: "block"` elsewhere, with the reason.
 */
export const claudeHttpBody = (native: string, answer: AgentAnswer): string => {
  if (answer.exitCode !== 2) return answer.stdout === '' ? '{}' : answer.stdout.trim();
  const reason = answer.stderr.trim();
  if (native === 'PreToolUse') {
    return JSON.stringify({
      hookSpecificOutput: { hookEventName: native, permissionDecision: 'deny', permissionDecisionReason: reason },
    });
  }
  return JSON.stringify({ decision: 'block', reason });
};
