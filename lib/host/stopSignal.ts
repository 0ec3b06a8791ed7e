/**
 * The one way a hook stops the agent (`continue: false`): every host wrapper throws an
 * `AgentStopSignal` — a rejected Promise, or an error on the wrapper's Observable. A loop needs a single
 * `catch (e) { if (e instanceof AgentStopSignal) ... }` to end cleanly, whatever event stopped it.
 */
import { HookstreamError, nameErrorClass } from '../core/errors.js';
import type { EventName } from '../events/names.js';
import type { HookResult } from '../model/types.js';

/**
 * A hook asked the agent to stop. `reason` is the hooks' `stopReason` (else their `reason`, else a generic
 * line); `partial` is what the operation produced before the stop, when it produced something (the tool's
 * outcome for AfterTool, the model's response after hooks for AfterModel, the agent's answer for AfterAgent),
 * so the loop can record it before ending.
 */
export class AgentStopSignal<T = unknown> extends HookstreamError {
  static {
    nameErrorClass(this, 'AgentStopSignal');
  }
  constructor(
    readonly event: EventName,
    readonly reason: string,
    readonly result: HookResult,
    readonly partial?: T,
  ) {
    super(`Agent stopped by a ${event} hook: ${reason}`);
  }
}

export const isAgentStopSignal = (error: unknown): error is AgentStopSignal => error instanceof AgentStopSignal;

/** The stop reason a user is shown: the stop reasons, else the decision reasons, else a generic line. */
export const stopReasonOf = (result: HookResult): string =>
  result.stopReason ?? result.reason ?? `a ${result.event} hook set "continue": false`;

/** Throws the stop signal when `result` says stop; `partial` rides along for the loop. */
export function throwIfStopped(result: HookResult, partial?: unknown): void {
  if (result.stopped) throw new AgentStopSignal(result.event, stopReasonOf(result), result, partial);
}
