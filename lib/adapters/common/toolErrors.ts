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
}
