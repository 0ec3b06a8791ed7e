/**
 * PostToolUseFailure (Claude Code's event): a tool threw. Its hooks see the call and the error and may add
 * context for the model (`additionalContext`) or, with exit 2 or `decision: "block"`, a reason it must read —
 * the tool already failed, so nothing is blocked; both are appended to the failure the model sees.
 */
import type { HookSystem } from '../system/createHookSystem.js';
import type { HookResult } from '../model/types.js';
import { errorText } from '../core/guards.js';
import type { HookCallContext } from './callContext.js';
import { fireHook } from './hostInternals.js';

export interface ToolFailure {
  toolName: string;
  toolInput: Record<string, unknown>;
  toolCallId?: string;
  /** What the tool threw. */
  error: unknown;
  /** The user interrupted the tool. */
  isInterrupt?: boolean;
  durationMs?: number;
}

/** Fires PostToolUseFailure for one failed tool call. */
export function fireToolFailure(
  hooks: HookSystem,
  failure: ToolFailure,
  signal?: AbortSignal,
  context?: HookCallContext,
): Promise<HookResult> {
  const fields: Record<string, unknown> = {
    tool_name: failure.toolName,
    tool_input: failure.toolInput,
    error: errorText(failure.error),
  };
  if (failure.toolCallId !== undefined) fields.tool_call_id = failure.toolCallId;
  if (failure.isInterrupt !== undefined) fields.is_interrupt = failure.isInterrupt;
  if (failure.durationMs !== undefined) fields.duration_ms = failure.durationMs;
  return fireHook(hooks, 'PostToolUseFailure', fields, signal, context);
}

/** What the hooks add to the failure the model reads: a block reason, then context; `undefined` when nothing. */
export const failureNote = (result: HookResult): string | undefined => {
  const parts: string[] = [];
  if (result.blocked && result.reason !== undefined) parts.push(result.reason);
  if (result.additionalContext !== undefined && result.additionalContext !== '') parts.push(result.additionalContext);
  return parts.length === 0 ? undefined : parts.join('\n\n');
};
