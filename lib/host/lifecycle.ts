/**
 * The outcome shared by the lifecycle helpers (agent, session, compression, notification events): the parts of a
 * HookResult a host applies, with a stop already turned into `AgentStopSignal`.
 */
import type { EventName } from '../events/names.js';
import type { HookSystem } from '../system/createHookSystem.js';
import type { HookResult } from '../model/types.js';
import type { HookCallContext } from './callContext.js';
import { fireHook, systemMessagesOf } from './hostInternals.js';
import { throwIfStopped } from './stopSignal.js';

export interface LifecycleOutcome {
  event: EventName;
  /** A hook blocked; what that means is the event's (see each helper). */
  blocked?: { reason: string };
  /** Context the hooks ask to add to the conversation (joined with `\n` in plan order). */
  additionalContext?: string;
  systemMessages: string[];
  /** A hook said `suppressOutput`. */
  suppressed: boolean;
  warnings: readonly string[];
  hookResult: HookResult;
}

export interface LifecycleOptions {
  /** Aborting kills the event's running hooks and rejects with the abort reason. */
  signal?: AbortSignal;
  /** This call's base fields for hooks (`session_id`, …). */
  context?: HookCallContext;
}

export const lifecycleOutcome = (result: HookResult): LifecycleOutcome => ({
  event: result.event,
  ...(result.blocked && { blocked: { reason: result.reason ?? `blocked by a ${result.event} hook` } }),
  ...(result.additionalContext !== undefined &&
    result.additionalContext !== '' && { additionalContext: result.additionalContext }),
  systemMessages: systemMessagesOf(result),
  suppressed: result.suppressOutput,
  warnings: result.warnings,
  hookResult: result,
});

/** Fires `event`, throws `AgentStopSignal` on a stop, and returns the outcome. */
export async function fireLifecycle(
  hooks: HookSystem,
  event: EventName,
  fields: Record<string, unknown>,
  options: LifecycleOptions = {},
): Promise<LifecycleOutcome> {
  const result = await fireHook(hooks, event, fields, options.signal, options.context);
  throwIfStopped(result);
  return lifecycleOutcome(result);
}
