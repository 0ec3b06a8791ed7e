/**
 * Turns one parsed settings object (one scope) into hook entries and switches. Faults are
 * reported and contained at the smallest level that holds them: a bad hook drops that hook, a bad
 * group drops that group, a bad `hooks` section drops the hooks of this source; the rest loads. The
 * hooks of a dropped group or of an unknown event are still checked, so one run reports every problem;
 * misspelt names come with a "did you mean".
 */
import { ACCEPTED_EVENT_NAMES, EVENT_NAMES, canonicalEventName, isEventName } from '../events/names.js';
import type { EventName } from '../events/names.js';
import type { ConfiguredHookConfig, HookEntry, HookSource, Matcher } from '../model/types.js';
import { toHookDefinition } from './hookDefinition.js';
import { joinPointer } from '../diagnostics/jsonLocate.js';
import type { ProblemSink } from '../diagnostics/problemSink.js';
import { describeReceived } from '../diagnostics/problems.js';
import {
  GROUP_FIELDS,
  HOOKS_CONFIG_FIELDS,
  HOOK_TYPES,
  JsonObject,
  SETTINGS_FIELDS,
  TOOLS_FIELDS,
  decodeFields,
  isConfiguredHookType,
} from '../dialects/hookstreamFields.js';
import { DEFAULT_KIND, runsProgram } from '../kinds/table.js';
import { readEnvPolicy, type SourceEnvPolicy } from './envSettings.js';
import { readSessionPolicies, type LoadedPolicy } from './policySettings.js';
import { readLedgerSettings, type LoadedLedger } from './ledgerSettings.js';
import { readHttpSettings } from './httpSettings.js';
import type { HttpSettings } from '../policy/httpPolicy.js';
import { createEntry, entryMatcher, type EntryMatcher } from '../plan/createEntry.js';
import { readEffects, readMcpEffects } from './effectSettings.js';
import type { McpEffectMap } from '../effects/index.js';
import { closestName, repairPattern } from '../diagnostics/suggest.js';
import type { DialectId, DialectScope } from '../dialects/types.js';

export type LoadedEntry = Omit<HookEntry, 'id'>;

/** What one source contributes before scopes are merged; switches it does not set stay undefined. */
export interface SourceSettings {
  enableHooks?: boolean;
  hooksEnabled?: boolean;
  disabled: string[];
  /** `hooksConfig.allowManagedHooksOnly: true` in system settings (never set for another scope). */
  managedOnly?: boolean;
  /** `hooksConfig.env`: the environment of project and extension hooks (lib/config/envSettings.ts). */
  env?: SourceEnvPolicy;
  /** HTTP hooks' allowlists (`hooksConfig.http`, Claude's `allowedHttpHookUrls`); user and system settings only. */
  http?: HttpSettings;
  /** `sessionPolicies`: named declarative session policies, each checked (lib/config/policySettings.ts). */
  sessionPolicies?: LoadedPolicy[];
  /** `ledger`: the decision ledger this file turns on (lib/config/ledgerSettings.ts). */
  ledger?: LoadedLedger;
  entries: LoadedEntry[];
  /** Another agent's file (lib/config/readDialectSettings.ts): its dialect, its scope there, and the parsed
   * object its switches are read from (dialectSwitches.ts). Absent for hookstream's own files. */
  dialect?: DialectId;
  scope?: DialectScope;
  raw?: unknown;
}

interface Origin {
  source: HookSource;
  file?: string;
}

/** One source being read: where it came from, where problems go, and its matchers compiled once per pattern. */
interface Reader {
  readonly origin: Origin;
  readonly sink: ProblemSink;
  readonly matchers: Map<string, EntryMatcher>;
  /** The file's `mcpEffects`, for its effect matchers. */
  readonly mcp?: McpEffectMap;
}

const isRecord = (value: unknown): value is Record<string, unknown> => JsonObject.is(value);

/** The one report for a settings file (any dialect's) whose top level is not an object: none of its hooks runs. */
export function reportNotAnObject(value: unknown, sink: ProblemSink): void {
  sink.error('', 'settings must be a JSON object; no hook from this file is active', {
    expected: 'an object',
    received: describeReceived(value),
    fileInactive: true,
  });
}

/** Reads one settings object; every problem goes to `sink`. */
export function readSettings(value: unknown, origin: Origin, sink: ProblemSink): SourceSettings {
  const result: SourceSettings = { disabled: [], entries: [] };
  if (!isRecord(value)) {
    reportNotAnObject(value, sink);
    return result;
  }
  const { fields } = decodeFields(SETTINGS_FIELDS, value, '', sink);
  if (fields.tools) {
    result.enableHooks = decodeFields(TOOLS_FIELDS, fields.tools, '/tools', sink).fields.enableHooks;
  }
  if (fields.hooksConfig) readHooksConfig(fields.hooksConfig, origin, sink, result);
  // Read before the hooks: the file's effect matchers are compiled with its map.
  const mcp = fields.mcpEffects === undefined ? undefined : readMcpEffects(fields.mcpEffects, sink);
  if (fields.hooks)
    readHooks(
      fields.hooks,
      mcp === undefined ? { origin, sink, matchers: new Map() } : { origin, sink, matchers: new Map(), mcp },
      result.entries,
    );
  if (fields.sessionPolicies)
    result.sessionPolicies = readSessionPolicies(fields.sessionPolicies, origin.source, origin.file, sink);
  if (fields.ledger !== undefined) {
    const ledger = readLedgerSettings(fields.ledger, origin, sink);
    if (ledger !== undefined) result.ledger = ledger;
  }
  return result;
}

function readHooksConfig(record: Record<string, unknown>, origin: Origin, sink: ProblemSink, result: SourceSettings) {
  const { fields } = decodeFields(HOOKS_CONFIG_FIELDS, record, '/hooksConfig', sink);
  result.hooksEnabled = fields.enabled;
  // A `disabled` list with one bad element still disables the names it spells correctly.
  const disabled = fields.disabled ?? (Array.isArray(record['disabled']) ? record['disabled'] : []);
  result.disabled = disabled.filter((name): name is string => typeof name === 'string');
  if (fields.env) result.env = readEnvPolicy(fields.env, origin.source, sink);
  if (fields.http) {
    const http = readHttpSettings(fields.http, origin, sink);
    if (http !== undefined) result.http = http;
  }
  if (fields.allowManagedHooksOnly === undefined) return;
  // A lockdown any repository could switch on (or a user could fake) would be no lockdown.
  if (origin.source === 'system') result.managedOnly = fields.allowManagedHooksOnly;
  else {
    sink.warning(
      '/hooksConfig/allowManagedHooksOnly',
      `honoured in system settings only; ignored in ${origin.source} settings`,
      {
        expected: 'this key in /etc/hookstream/settings.json (or a settings file given at system scope)',
        atKey: true,
      },
    );
  }
}

function readHooks(hooks: Record<string, unknown>, reader: Reader, entries: LoadedEntry[]): void {
  for (const [eventKey, groups] of Object.entries(hooks)) {
    const pointer = joinPointer('/hooks', eventKey);
    // isEventName re-check: canonicalEventName looks aliases up in a plain object, so `constructor` would pass.
    const alias = canonicalEventName(eventKey);
    const event = alias !== undefined && isEventName(alias) ? alias : undefined;
    const suggestion = event === undefined ? closestName(eventKey, ACCEPTED_EVENT_NAMES) : undefined;
    if (!event) {
      const hint = suggestion === undefined ? '' : `; did you mean ${suggestion}?`;
      reader.sink.warning(pointer, `unknown event ${JSON.stringify(eventKey)}; its hooks are ignored${hint}`, {
        expected: `one of ${EVENT_NAMES.join(', ')}, or an alias such as PreToolUse`,
        received: JSON.stringify(eventKey),
        atKey: true,
      });
    }
    if (!Array.isArray(groups)) {
      reader.sink.error(pointer, `hooks of ${eventKey} must be a list of hook groups; ignored`, {
        expected: 'an array of hook groups',
        received: describeReceived(groups),
      });
      continue;
    }
    // The hooks of an unknown event are still checked (matchers as the suggested event's, else as regexes),
    // so fixing the name does not reveal a second round of problems.
    const checkAs = event ?? (suggestion === undefined ? undefined : canonicalEventName(suggestion)) ?? 'BeforeTool';
    for (const [index, group] of groups.entries()) {
      readGroup(group, checkAs, joinPointer(pointer, index), reader, event === undefined ? undefined : entries);
    }
  }
}

/** Reads one group; its entries go to `entries`, or nowhere when the group is only checked (`undefined`). */
function readGroup(
  entry: unknown,
  event: EventName,
  pointer: string,
  reader: Reader,
  entries: LoadedEntry[] | undefined,
): void {
  if (!isRecord(entry)) {
    reader.sink.error(pointer, 'invalid hook group; dropped', {
      expected: 'an object such as { "matcher": "…", "hooks": [ … ] }',
      received: describeReceived(entry),
    });
    return;
  }
  const group = !('hooks' in entry) && 'command' in entry ? flatGroup(entry) : entry;
  const { fields, valid } = decodeFields(GROUP_FIELDS, group, pointer, reader.sink, {
    required: ['hooks'],
    consequence: 'hook group dropped',
  });
  // A dropped group's hooks are still checked: every problem inside it is reported now, not after a fix.
  const hooks = fields.hooks ?? (Array.isArray(group['hooks']) ? (group['hooks'] as unknown[]) : undefined);
  if (!hooks) return;
  const keep = valid ? entries : undefined;
  const matcher =
    fields.matcher === undefined
      ? undefined
      : readMatcher(fields.matcher, event, joinPointer(pointer, 'matcher'), reader);
  const sequential = fields.sequential ?? false;
  const effects = readEffects(
    group['effects'],
    event,
    joinPointer(pointer, 'effects'),
    reader.sink,
    undefined,
    reader.mcp,
  );
  hooks.forEach((hook, index) => {
    const hookPointer = joinPointer(pointer, 'hooks', index);
    const definition = readHook(hook, hookPointer, reader.sink);
    if (!definition || !keep) return;
    // The group's matcher is resolved (and reported) once above, so createEntry has no problem to add.
    const { entry } = createEntry(event, definition, {
      source: reader.origin.source,
      file: reader.origin.file,
      pointer: hookPointer,
      matcher,
      sequential,
      condition: effects,
    });
    keep.push(entry);
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
function readMatcher(pattern: string, event: EventName, pointer: string, reader: Reader): Matcher | undefined {
  // Groups repeat patterns (10 000 hooks, a handful of matchers): compile each once per source.
  const key = `${event}\u0000${pattern}`;
  let resolved = reader.matchers.get(key);
  if (resolved === undefined) reader.matchers.set(key, (resolved = entryMatcher(event, pattern)));
  const { matcher, problem } = resolved;
  if (problem === undefined) return matcher;
  const received = JSON.stringify(pattern);
  // No matcher back: the event has no match target; a matcher back: the pattern degraded to an exact string.
  if (!matcher) {
    reader.sink.warning(pointer, problem, { received });
    return matcher;
  }
  const repair = repairPattern(pattern, (candidate) => entryMatcher(event, candidate).problem === undefined);
  const hint = repair === undefined ? '' : `; did you mean ${JSON.stringify(repair)}?`;
  reader.sink.warning(pointer, `${problem}${hint}`, { expected: 'a regular expression', received });
  return matcher;
}

/** A command hook's definition with `type` filled in, or undefined when the hook is dropped. */
function readHook(hook: unknown, pointer: string, sink: ProblemSink): ConfiguredHookConfig | undefined {
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
  // An unknown type is decoded as a command hook, so the bad `type` is reported at its pointer with the others.
  const type = hook['type'] ?? DEFAULT_KIND;
  const { fields: table, required } = HOOK_TYPES[isConfiguredHookType(type) ? type : DEFAULT_KIND];
  const { fields, valid } = decodeFields(table, runsProgram(type) ? withPlatformCommand(hook) : hook, pointer, sink, {
    required,
    consequence: 'hook dropped',
  });
  if (!valid || !isConfiguredHookType(type)) return undefined;
  return toHookDefinition(type, fields);
}
