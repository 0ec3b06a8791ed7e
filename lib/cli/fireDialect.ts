/**
 * `hookstream fire --dialect claude Stop` (or `cursor beforeShellExecution`, `copilot preToolUse`, `codex Stop`):
 * fires an event as another agent would (issues #12, #14) — the event named
 * as that agent names it, the input in the shape its hooks' stdin has (Claude's Stop sends `stop_hook_active`
 * and `last_assistant_message`, no `prompt`), and only that agent's settings files. The payload is read into the
 * canonical input with the dialect's own table (lib/protocol/dialectInput.ts), so nothing here knows an event.
 */
import { DIALECT_IDS, dialectById, dialectEvent, isDialectId } from '../dialects/registry.js';
import type { DialectId } from '../dialects/types.js';
import { isEventName, type EventName } from '../events/names.js';
import { didYouMean } from '../diagnostics/suggest.js';
import { toCanonicalInput } from '../protocol/dialectInput.js';
import { CliError } from './context.js';
import type { ResolvedSettings } from './settingsOptions.js';
import type { SettingsFile } from '../config/index.js';

export interface AgentEvent {
  readonly dialect: DialectId;
  readonly event: EventName;
  /** The canonical fields of the agent's payload (its base fields are left to `fire` to fill). */
  fields(raw: Record<string, unknown>): Record<string, unknown>;
}

/** The dialect `name` names (`--dialect`), or a usage error listing the known ones. */
export const dialectNamed = (dialectName: string): DialectId => {
  if (!isDialectId(dialectName)) {
    throw new CliError(
      `unknown dialect "${dialectName}"${didYouMean(dialectName, DIALECT_IDS)}; known: ${DIALECT_IDS.join(', ')}`,
    );
  }
  return dialectName;
};

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

/**
 * Only `dialect`'s files. Files named with `--settings` are kept (the user asked for them) and read in that
 * dialect: `--dialect claude --settings my.json` says whose format `my.json` is.
 */
export const narrowSettings = (settings: ResolvedSettings, dialect: DialectId | undefined): ResolvedSettings => {
  if (dialect === undefined) return settings;
  if (settings.named.size > 0) {
    const named = settings.files.map((file): SettingsFile => Object.assign({}, file, { dialect }));
    return { projectDir: settings.projectDir, files: named, named: settings.named };
  }
  const files = settings.files.filter((file) => (file.dialect ?? 'hookstream') === dialect);
  return { projectDir: settings.projectDir, files, named: settings.named };
};
