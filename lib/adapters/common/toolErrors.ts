/** The error a wrapped framework tool throws when hooks decided it must not answer: the framework's tool error. */
import { HookstreamError, nameErrorClass } from '../../core/errors.js';
import type { TypedToolOutcome } from '../../host/toolCall.js';

/**
 * A hook blocked the call (or withheld its result, or rewrote its input into something invalid, or stopped the
 * agent): frameworks report a throwing tool to the model as the tool's error, so the message is what the model
 * reads — the hook's reason, with AfterTool's context. `outcome` holds every decision.
 */
export class ToolCallBlockedError extends HookstreamError {
  static {
    nameErrorClass(this, 'ToolCallBlockedError');
  }
  constructor(readonly outcome: TypedToolOutcome<unknown>) {
    super(outcome.modelText ?? outcome.blocked?.reason ?? `Tool "${outcome.toolName}" was stopped by a hook`);
  }

  /** The message alone: `ai` 7 gives the model `String(error)`, which must be the hook's words, not a class name. */
  override toString(): string {
    return this.message;
  }
}

/**
 * A framework tool wrapper ran with nothing set up to end the loop on a hook's `continue: false`: a stop would
 * silently become a tool error and the model would be called again, so the call is refused instead.
 */
export class StopsNotEnforcedError extends HookstreamError {
  static {
    nameErrorClass(this, 'StopsNotEnforcedError');
  }
  constructor(
    readonly wrapper: string,
    readonly needs: string,
  ) {
    super(`${wrapper} cannot end the loop when a hook says continue: false: set up ${needs} with the same hook system`);
  }
}
