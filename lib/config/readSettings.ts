/**
 * Turns one parsed settings object (one scope) into hook entries and switches. Faults are
 * reported and contained at the smallest level that holds them: a bad hook drops that hook, a bad
 * group drops that group, a bad `hooks` section drops the hooks of this source; the rest loads.
 */
import { EVENT_NAMES, canonicalEventName, isEventName } from '../events/names.js';
import type { EventName } from '../events/names.js';
import type { CommandHookConfig, HookEntry, HookSource, Matcher } from '../core/types.js';
import { joinPointer } from './jsonLocate.js';
import type { ProblemSink } from './problemSink.js';
import { describeReceived } from './problems.js';
import {
  GROUP_FIELDS,
  HOOKS_CONFIG_FIELDS,
  HOOK_FIELDS,
  JsonObject,
  SETTINGS_FIELDS,
  TOOLS_FIELDS,
  decodeFields,
} from './schema.js';
import type { HookFields } from './schema.js';
import { createEntry, entryMatcher } from '../plan/createEntry.js';

export type LoadedEntry = Omit<HookEntry, 'id'>;

/** What one source contributes before scopes are merged; switches it does not set stay undefined. */
export interface SourceSettings {
  enableHooks?: boolean;
  hooksEnabled?: boolean;
  disabled: string[];
  entries: LoadedEntry[];
}

interface Origin {
  source: HookSource;
  file?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => JsonObject.is(value);

/** Reads one settings object; every problem goes to `sink`. */
export function readSettings(value: unknown, origin: Origin, sink: ProblemSink): SourceSettings {
  const result: SourceSettings = { disabled: [], entries: [] };
  if (!isRecord(value)) {
    sink.error('', 'settings must be a JSON object', { expected: 'an object', received: describeReceived(value) });
    return result;
  }
  const { fields } = decodeFields(SETTINGS_FIELDS, value, '', sink);
  if (fields.tools) {
    result.enableHooks = decodeFields(TOOLS_FIELDS, fields.tools, '/tools', sink).fields.enableHooks;
  }
  if (fields.hooksConfig) readHooksConfig(fields.hooksConfig, sink, result);
  if (fields.hooks) readHooks(fields.hooks, origin, sink, result.entries);
  return result;
}

function readHooksConfig(record: Record<string, unknown>, sink: ProblemSink, result: SourceSettings): void {
  const { fields } = decodeFields(HOOKS_CONFIG_FIELDS, record, '/hooksConfig', sink);
  result.hooksEnabled = fields.enabled;
  // A `disabled` list with one bad element still disables the names it spells correctly.
  const disabled = fields.disabled ?? (Array.isArray(record['disabled']) ? record['disabled'] : []);
  result.disabled = disabled.filter((name): name is string => typeof name === 'string');
}

function readHooks(hooks: Record<string, unknown>, origin: Origin, sink: ProblemSink, entries: LoadedEntry[]): void {
  for (const [eventKey, groups] of Object.entries(hooks)) {
    const pointer = joinPointer('/hooks', eventKey);
    // isEventName re-check: canonicalEventName looks aliases up in a plain object, so `constructor` would pass.
    const alias = canonicalEventName(eventKey);
    const event = alias !== undefined && isEventName(alias) ? alias : undefined;
    if (!event) {
      sink.warning(pointer, `unknown event ${JSON.stringify(eventKey)}; its hooks are ignored`, {
        expected: `one of ${EVENT_NAMES.join(', ')}, or an alias such as PreToolUse`,
        received: JSON.stringify(eventKey),
        atKey: true,
      });
      continue;
    }
    if (!Array.isArray(groups)) {
      sink.error(pointer, `hooks of ${eventKey} must be a list of hook groups; ignored`, {
        expected: 'an array of hook groups',
        received: describeReceived(groups),
      });
      continue;
    }
    for (const [index, group] of groups.entries()) {
      readGroup(group, event, joinPointer(pointer, index), origin, sink, entries);
    }
  }
}

function readGroup(
  entry: unknown,
  event: EventName,
  pointer: string,
  origin: Origin,
  sink: ProblemSink,
  entries: LoadedEntry[],
): void {
  if (!isRecord(entry)) {
    sink.error(pointer, 'invalid hook group; dropped', {
      expected: 'an object such as { "matcher": "…", "hooks": [ … ] }',
      received: describeReceived(entry),
    });
    return;
  }
  const group = !('hooks' in entry) && 'command' in entry ? flatGroup(entry) : entry;
  const { fields, valid } = decodeFields(GROUP_FIELDS, group, pointer, sink, {
    required: ['hooks'],
    consequence: 'hook group dropped',
  });
  if (!valid || !fields.hooks) return;
  const matcher = readMatcher(fields.matcher, event, joinPointer(pointer, 'matcher'), sink);
  const sequential = fields.sequential ?? false;
  fields.hooks.forEach((hook, index) => {
    const hookPointer = joinPointer(pointer, 'hooks', index);
    const definition = readHook(hook, hookPointer, sink);
    if (!definition) return;
    // The group's matcher is resolved (and reported) once above, so createEntry has no problem to add.
    const { entry } = createEntry(event, definition, {
      source: origin.source,
      file: origin.file,
      pointer: hookPointer,
      matcher,
      sequential,
    });
    entries.push(entry);
  });
}

/**
 * x-code manifests write each hook straight into the event's list (`{ matcher, command, timeout }`);
 * read such an entry as a group of one. Its problems point at the nearest existing location.
 */
function flatGroup(entry: Record<string, unknown>): Record<string, unknown> {
  const { matcher, sequential, ...hook } = entry;
  return {
    ...(matcher !== undefined ? { matcher } : {}),
    ...(sequential !== undefined ? { sequential } : {}),
    hooks: [hook],
  };
}

const PLATFORM_COMMAND_KEYS = ['commandLinux', 'commandDarwin', 'commandWindows'] as const;
const PLATFORM_COMMAND: Partial<Record<NodeJS.Platform, (typeof PLATFORM_COMMAND_KEYS)[number]>> = {
  linux: 'commandLinux',
  darwin: 'commandDarwin',
  win32: 'commandWindows',
};

/** x-code's per-OS overrides: the one for this platform replaces `command`; the others are dropped. */
function withPlatformCommand(hook: Record<string, unknown>): Record<string, unknown> {
  if (!PLATFORM_COMMAND_KEYS.some((key) => key in hook)) return hook;
  const override = hook[PLATFORM_COMMAND[process.platform] ?? 'commandLinux'];
  const rest = Object.fromEntries(
    Object.entries(hook).filter(([key]) => !(PLATFORM_COMMAND_KEYS as readonly string[]).includes(key)),
  );
  return typeof override === 'string' ? { ...rest, command: override } : rest;
}

/** Absent (match everything) for no pattern, `''`, `'*'`, or an event with nothing to match against. */
function readMatcher(
  pattern: string | undefined,
  event: EventName,
  pointer: string,
  sink: ProblemSink,
): Matcher | undefined {
  const { matcher, problem } = entryMatcher(event, pattern);
  if (problem === undefined) return matcher;
  const received = JSON.stringify(pattern);
  // No matcher back: the event has no match target; a matcher back: the pattern degraded to an exact string.
  sink.warning(pointer, problem, matcher ? { expected: 'a regular expression', received } : { received });
  return matcher;
}

/** A command hook's definition with `type` filled in, or undefined when the hook is dropped. */
function readHook(hook: unknown, pointer: string, sink: ProblemSink): CommandHookConfig | undefined {
  if (!isRecord(hook)) {
    sink.error(pointer, 'invalid hook; dropped', {
      expected: 'an object such as { "type": "command", "command": "…" }',
      received: describeReceived(hook),
    });
    return undefined;
  }
  if (hook['type'] === 'plugin') {
    sink.warning(joinPointer(pointer, 'type'), 'plugin hooks are not supported; dropped', {
      expected: '"command"',
      received: '"plugin"',
    });
    return undefined;
  }
  const { fields, valid } = decodeFields(HOOK_FIELDS, withPlatformCommand(hook), pointer, sink, {
    required: ['command'],
    consequence: 'hook dropped',
  });
  if (!valid || fields.command === undefined) return undefined;
  return toDefinition({ ...fields, command: fields.command });
}

/** Known fields only, in a fixed order; `type` is always `command` here. */
function toDefinition(fields: HookFields & { command: string }): CommandHookConfig {
  const { args, timeout, env, name, description, failurePolicy, persistent } = fields;
  const definition: CommandHookConfig = { type: 'command', command: fields.command };
  if (args !== undefined) definition.args = args;
  if (timeout !== undefined) definition.timeout = timeout;
  if (env !== undefined) definition.env = env;
  if (name !== undefined) definition.name = name;
  if (description !== undefined) definition.description = description;
  if (failurePolicy !== undefined) definition.failurePolicy = failurePolicy;
  if (persistent !== undefined) definition.persistent = persistent;
  return definition;
}
