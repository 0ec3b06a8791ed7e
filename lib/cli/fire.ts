/**
 * `hookstream fire <event>`: fires one event through the configured hooks, as a host would, and prints
 * the HookResult. Exit status 0 when processed, 2 when blocked or stopped, 1 for the user's mistakes.
 */
import type { Command } from 'commander';
import { decodeEventInput, InvalidEventInputError } from '../events/decodeInput.js';
import { ACCEPTED_EVENT_NAMES, aliasesOf, canonicalEventName, EVENT_NAMES, type EventName } from '../events/names.js';
import { MAX_NESTING_DEPTH, nestsDeeperThan } from '../events/nesting.js';
import { didYouMean } from '../diagnostics/suggest.js';
import { loadSettingsSync } from '../config/index.js';
import { errorText } from '../core/guards.js';
import { CliError, printLine, raiseStatus, readAll, type CliContext } from './context.js';
import { formatFireResult } from './fireOutput.js';
import { watchBackground } from './fireBackground.js';
import {
  narrowSettings,
  reportLoadProblems,
  reportSettingsState,
  resolveSettings,
  withSharedOptions,
  type SharedOptions,
} from './settingsOptions.js';
import { createPaint } from './style.js';
import { visible } from './visible.js';
import { recordPath, withRecordOption } from './recordOption.js';
import { agentEvent } from './fireDialect.js';
import { DIALECT_IDS } from '../dialects/registry.js';

interface FireOptions extends SharedOptions {
  input?: string;
  record?: string;
  dialect?: string;
}

/** `BeforeTool (PreToolUse, before_tool, …)` for each event, for `--help`. */
export const eventsHelp = (): string =>
  '\nEvents (any alias is accepted):\n' +
  EVENT_NAMES.map((event) => {
    const aliases = aliasesOf(event);
    return `  ${event}${aliases.length > 0 ? ` (${aliases.join(', ')})` : ''}`;
  }).join('\n');

/** The canonical event for `name`, or a usage error listing the known ones. */
export const resolveEventName = (name: string): EventName => {
  const event = canonicalEventName(name);
  if (event === undefined) {
    throw new CliError(
      `unknown event "${name}"${didYouMean(name, ACCEPTED_EVENT_NAMES)}; known events: ${EVENT_NAMES.join(', ')} ` +
        '(aliases such as PreToolUse work too)',
    );
  }
  return event;
};

/** The event's own fields from `--input` (JSON text, or `-` for stdin); `{}` without it. */
const readFields = async (context: CliContext, input: string | undefined): Promise<Record<string, unknown>> => {
  if (input === undefined) return {};
  const text = input === '-' ? await readAll(context.stdin) : input;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(`invalid --input JSON: ${errorText(error)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliError(`--input must be a JSON object holding the event's fields, received ${JSON.stringify(value)}`);
  }
  // A result holds the input: past this depth it could not be printed (JSON.stringify overflows the stack).
  if (nestsDeeperThan(value)) throw new CliError(`--input nests deeper than ${MAX_NESTING_DEPTH} levels`);
  return value as Record<string, unknown>;
};

// Checked before any settings are read, so a malformed event fails the same way whether hooks are on or off.
const checkFields = (event: EventName, fields: Record<string, unknown>): void => {
  try {
    decodeEventInput(event, fields, () => ({ session_id: '', transcript_path: '', cwd: '', timestamp: '' }));
  } catch (error) {
    if (error instanceof InvalidEventInputError) throw new CliError(error.message);
    throw error;
  }
};

const fire = async (context: CliContext, eventName: string, options: FireOptions): Promise<void> => {
  const asAgent = options.dialect === undefined ? undefined : agentEvent(options.dialect, eventName);
  const event = asAgent?.event ?? resolveEventName(eventName);
  const raw = await readFields(context, options.input);
  const fields = asAgent === undefined ? raw : asAgent.fields(raw);
  checkFields(event, fields);
  const settings = narrowSettings(resolveSettings(context, options), asAgent?.dialect);
  // Loaded on demand: `validate` and `list` need neither rxjs nor the process executor.
  const { createHookSystem } = await import('../system/createHookSystem.js');
  const record = recordPath(context, options.record);
  // A one-shot CLI process is small: spawning from it directly costs less than starting a spawn helper.
  const system = createHookSystem({
    settings: settings.files,
    projectDir: settings.projectDir,
    record,
    spawnHelper: false,
  });
  try {
    if (reportLoadProblems(context, system.problems, settings)) {
      throw new CliError('nothing fired: the settings files named with --settings have errors');
    }
    // Why hooks are off is asked of the loader only when they are (the system keeps no such reason).
    const disabledBy = () => loadSettingsSync(settings.files).disabledBy;
    const settingsErrors = reportSettingsState(context, system.problems, settings, system.enabled, disabledBy);
    const background = watchBackground(context, system, event, fields);
    const result = await system.fire(event, fields);
    // The answer first, at once; then the wait for the background hooks it started (see fireBackground.ts).
    if (options.json) {
      // The result's own JSON (its `aggregated` view included), with the background hooks it waits for.
      const json: unknown =
        background.hooks.length === 0
          ? result
          : Object.assign({}, result, { aggregated: result.aggregated, background: background.hooks });
      printLine(context, JSON.stringify(json, null, 2));
    } else {
      for (const line of formatFireResult(result, fields, createPaint(context.color))) printLine(context, line);
      for (const hook of background.hooks)
        printLine(context, `background hook "${visible(hook.name)}": waiting for it before exiting`);
    }
    // A settings error means some policy is not in force: never exit 0 on it (blocked or stopped still says 2).
    raiseStatus(context, result.blocked || result.stopped ? 2 : settingsErrors ? 1 : 0);
    await background.finished();
  } finally {
    await system.dispose();
  }
};

/** Adds the `fire` command to `program`. */
export const defineFire = (program: Command, context: CliContext): void => {
  withSharedOptions(
    withRecordOption(program.command('fire'))
      .description('fire one event through the configured hooks and print the result')
      .argument('<event>', 'event name or alias, e.g. BeforeTool or PreToolUse')
      .option('--input <json>', "the event's own fields as a JSON object, or - to read them from stdin")
      .option(
        '--dialect <agent>',
        `fire as this agent (${DIALECT_IDS.join(', ')}): its event names and payload, through its files only`,
      ),
  )
    .addHelpText(
      'after',
      () =>
        '\nBase fields (session_id, cwd, timestamp, transcript_path) are filled in.\n' +
        'Exit status: 0 processed, 2 blocked or stopped, 1 usage or settings error (with a settings error in a\n' +
        'standard file the event is still fired through the hooks that loaded).\n' +
        eventsHelp(),
    )
    .action((eventName: string, options: FireOptions) => fire(context, eventName, options));
};
