/**
 * `hookstream fire --dialect claude Stop` (or `cursor beforeShellExecution`, `copilot preToolUse`, `codex Stop`):
 * fires an event as another agent would — the event named
 * as that agent names it, the input in the shape its hooks' stdin has (Claude's Stop sends `stop_hook_active`
 * and `last_assistant_message`, no `prompt`), and only that agent's settings files. The payload is read into the
 * canonical input with the dialect's own table (lib/protocol/dialectInput.ts), so nothing here knows an event.
 */
import { dialectById, dialectEvent } from '../dialects/registry.js';
import type { DialectId } from '../dialects/types.js';
import { isEventName, type EventName } from '../events/names.js';
import { didYouMean } from '../diagnostics/suggest.js';
import { toCanonicalInput } from '../protocol/dialectInput.js';
import { CliError } from './context.js';
import { dialectNamed } from './settingsOptions.js';

export interface AgentEvent {
  readonly dialect: DialectId;
  readonly event: EventName;
  /** The canonical fields of the agent's payload (its base fields are left to `fire` to fill). */
  fields(raw: Record<string, unknown>): Record<string, unknown>;
}

/** The canonical event `name` means in `dialect`, or a usage error naming the agent's events. */
export const agentEvent = (dialectName: string, name: string): AgentEvent => {
  const dialect = dialectById(dialectNamed(dialectName));
  const event = dialectEvent(dialect, name);
  if (event === undefined && dialect.unsupportedEvents?.includes(name) === true) {
    throw new CliError(`${dialect.label} event ${name} has no hookstream event; nothing to fire`);
  }
  if (event === undefined) {
    const known = dialect.events.map((candidate) => candidate.native);
    throw new CliError(`unknown ${dialect.label} event "${name}"${didYouMean(name, known)}`);
  }
  const canonical = event.canonical;
  if (!isEventName(canonical)) throw new CliError(`${dialect.label} event ${name} is not run by hookstream yet`);
  return {
    dialect: dialect.id,
    event: canonical,
    fields: (raw) => {
      const fields = toCanonicalInput(raw, event);
      // `fire` takes the event's own fields: the name comes from the command line.
      delete fields['hook_event_name'];
      return fields;
    },
  };
};
