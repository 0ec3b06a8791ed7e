/**
 * A readable digest of a HookResult for marble values and snapshots: the decision and messages, and one
 * `name:outcome` line per hook — no class instances, no timings unless asked for.
 */
import type { HookResult, NormalizedDecision } from '../model/types.js';

export interface ResultSummary {
  event: HookResult['event'];
  blocked: boolean;
  decision?: NormalizedDecision;
  reason?: string;
  /** Present only when the agent was stopped. */
  stopReason?: string;
  systemMessage?: string;
  additionalContext?: string;
  /** Present only when true. */
  suppressOutput?: true;
  /** Present only when there are warnings. */
  warnings?: readonly string[];
  toolConfig?: HookResult['toolConfig'];
  /** `name:outcome` per planned hook, in plan order. */
  outcomes: string[];
  /** Present only with `{ timing: true }`. */
  durationMs?: number;
}

/**
 * Summarizes `result`; absent fields are left out so expectations stay short.
 *
 * @example summarize(result) // → { event: 'BeforeTool', blocked: true, decision: 'deny', reason: '…', outcomes: ['protect-paths:blocked'] }
 */
export const summarize = (result: HookResult, options: { timing?: boolean } = {}): ResultSummary => ({
  event: result.event,
  blocked: result.blocked,
  ...(result.decision !== undefined ? { decision: result.decision } : {}),
  ...(result.reason !== undefined ? { reason: result.reason } : {}),
  ...(result.stopped ? { stopReason: result.stopReason ?? '' } : {}),
  ...(result.systemMessage !== undefined ? { systemMessage: result.systemMessage } : {}),
  ...(result.additionalContext !== undefined ? { additionalContext: result.additionalContext } : {}),
  ...(result.suppressOutput ? { suppressOutput: true as const } : {}),
  ...(result.warnings.length > 0 ? { warnings: result.warnings } : {}),
  ...(result.toolConfig !== undefined ? { toolConfig: result.toolConfig } : {}),
  outcomes: result.hooks.map((run) => `${run.name}:${run.outcome}`),
  ...(options.timing ? { durationMs: result.durationMs } : {}),
});
