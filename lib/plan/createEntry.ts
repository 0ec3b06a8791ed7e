/**
 * The one way a registry entry is built — by settings loading, `register()`, the testing kit and the
 * specs alike — so every entry has the same dedup key format, the same matcher rule and the same shape.
 */
import { MATCH_TARGET, type EventName } from '../events/names.js';
import { InvalidHookError } from '../core/errors.js';
import type {
  CommandHookConfig,
  ConfiguredHookConfig,
  FunctionHook,
  HookCondition,
  HookEntry,
  HookSource,
  Matcher,
  Mutable,
} from '../model/types.js';
import { compileMatcher } from './matcher.js';
import { redactUrl } from '../policy/httpPolicy.js';

/** A registry entry before the registry gives it an id. */
export type EntryDraft = Omit<HookEntry, 'id'>;

/** What `createEntry` accepts: a hook a TypeScript or a JavaScript caller wrote. */
export type EntryDefinition = FunctionHook<never> | ConfiguredHookConfig;

/**
 * The dedup key of a command hook: the command string, plus its arguments for
 * the exec form, so `node a.mjs` twice for one event runs once while `node` with other args does not.
 */
export const commandKey = (definition: Pick<CommandHookConfig, 'command' | 'args'>): string =>
  // An exec form with no args keeps a separator: `["ls"]` without a shell is not the shell line `ls`.
  definition.args ? `${definition.command}\u0000${definition.args.join('\u0000')}` : definition.command;

// The function is a function hook's "command": one number per function object, never reused, so the
// same `run` registered twice for an event runs once, and two functions never share a key. A WeakMap
// lets an unregistered function be collected.
const functionIds = new WeakMap<object, number>();
let lastFunctionId = 0;

/** The dedup key of a function hook: `function:<n>`, one `n` per `run` function. */
export const functionKey = (definition: Pick<FunctionHook<never>, 'run'>): string => {
  let id = functionIds.get(definition.run);
  if (id === undefined) {
    id = ++lastFunctionId;
    functionIds.set(definition.run, id);
  }
  return `function:${id}`;
};

/** A matcher resolved for an event: absent means "matches everything". */
export interface EntryMatcher {
  matcher: Matcher | undefined;
  /** Set when the pattern is ignored (no match target) or degraded to an exact string. */
  problem: string | undefined;
}

/**
 * The matcher rule: no pattern, `''` and `'*'` match everything; an event without a match target
 * ignores its matcher (with a problem); a pattern compiles once (an invalid one matches by exact
 * string, with a problem). A compiled `Matcher` is used as given.
 */
export const entryMatcher = (event: EventName, matcher: string | Matcher | undefined): EntryMatcher => {
  if (matcher === undefined || matcher === '' || matcher === '*') return { matcher: undefined, problem: undefined };
  if (MATCH_TARGET[event] === undefined) {
    return {
      matcher: undefined,
      problem: `${event} has no match target, so its matcher is ignored and its hooks run on every event`,
    };
  }
  if (typeof matcher !== 'string') return { matcher, problem: undefined };
  const compiled = compileMatcher(matcher);
  return { matcher: compiled.matcher, problem: compiled.problem };
};

export interface CreateEntryOptions {
  /** Default `runtime` (programmatic hooks). */
  source?: HookSource;
  /** A pattern tested against the event's match target, or a compiled `Matcher` (settings compile once per group). */
  matcher?: string | Matcher;
  sequential?: boolean;
  /** Display name; default the function's name, the command's `name`, or the command. */
  name?: string;
  /** Settings file the hook came from. */
  file?: string;
  /** JSON pointer of the hook inside its settings. */
  pointer?: string;
  /** Tested on each event's input before the hook runs (a dialect's `if`). */
  condition?: HookCondition;
}

export interface CreatedEntry {
  entry: EntryDraft;
  /** Matcher problems (ignored or degraded pattern): the entry is still usable. */
  problems: string[];
}

const shapeError = (event: EventName): InvalidHookError =>
  new InvalidHookError(
    `A hook for ${event} must be { type: 'function', name, run }, { type: 'command', command }, ` +
      `{ type: 'http', url }, { type: 'prompt' | 'agent', prompt } or { type: 'mcp_tool', server, tool }`,
  );

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The fields each configured type cannot do without (a JavaScript caller may leave them out). */
const REQUIRED_TEXT: Readonly<Record<ConfiguredHookConfig['type'], readonly string[]>> = {
  command: ['command'],
  http: ['url'],
  prompt: ['prompt'],
  agent: ['prompt'],
  mcp_tool: ['server', 'tool'],
};

/** Throws what a JavaScript caller can get wrong and TypeScript would have caught. */
const validate = (event: EventName, definition: EntryDefinition): void => {
  if (typeof definition !== 'object' || definition === null) throw shapeError(event);
  if (definition.type === 'function') {
    if (typeof definition.name !== 'string' || definition.name === '') {
      throw new InvalidHookError(`A function hook for ${event} needs a non-empty "name"`);
    }
    if (typeof definition.run !== 'function') {
      throw new InvalidHookError(`Function hook "${definition.name}" for ${event} needs a "run" function`);
    }
    return;
  }
  const required = Object.hasOwn(REQUIRED_TEXT, definition.type) ? REQUIRED_TEXT[definition.type] : undefined;
  if (required === undefined) throw shapeError(event);
  const fields = definition as unknown as Readonly<Record<string, unknown>>;
  const missing = required.find((key) => !isText(fields[key]));
  if (missing !== undefined) {
    throw new InvalidHookError(`A ${definition.type} hook for ${event} needs a non-empty "${missing}"`);
  }
  if (definition.type !== 'command') return;
  const args: unknown = definition.args;
  if (args !== undefined && (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string'))) {
    throw new InvalidHookError(`The "args" of command hook "${definition.command}" for ${event} must be strings`);
  }
};

/** What identifies a hook of a configured type other than `command`: the same endpoint or judge runs once. */
const configuredKey = (definition: Exclude<ConfiguredHookConfig, CommandHookConfig>): string => {
  switch (definition.type) {
    case 'http':
      return `http:${definition.url}`;
    case 'prompt':
    case 'agent':
      return `${definition.type}:${definition.model ?? ''}\u0000${definition.prompt}`;
    case 'mcp_tool':
      return `mcp_tool:${definition.server}\u0000${definition.tool}\u0000${JSON.stringify(definition.input ?? {})}`;
  }
};

/** The display name of a hook of a configured type that has no `name`. */
export const configuredLabel = (definition: ConfiguredHookConfig): string => {
  switch (definition.type) {
    case 'command':
      return definition.command;
    case 'http':
      // Names reach logs and results: never a URL's credentials or query (`?token=…`).
      return redactUrl(definition.url);
    case 'prompt':
    case 'agent':
      return `${definition.type}: ${definition.prompt.split('\n', 1)[0]?.slice(0, 60) ?? ''}`;
    case 'mcp_tool':
      return `mcp_tool: ${definition.server}/${definition.tool}`;
  }
};

/**
 * The dedup key of a hook: a pure function of its definition — the command plus
 * args, or the identity of a function hook's `run` — so it is never stored on an entry.
 */
export const hookKey = (definition: HookEntry['definition']): string =>
  definition.type === 'function'
    ? functionKey(definition)
    : definition.type === 'command'
      ? commandKey(definition)
      : configuredKey(definition);

/** Definition fields that only name or describe a hook: two hooks that differ in these alone behave the same. */
const DISPLAY_ONLY: ReadonlySet<string> = new Set(['name', 'description', 'statusMessage', 'run']);

/** JSON with object keys sorted, so two definitions written in another key order give one text. */
const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  const record = value as Readonly<Record<string, unknown>>;
  return `{${Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
    .join(',')}}`;
};

/** Everything of a definition that decides how it runs: `if`-less fields only (the condition is the entry's). */
const behaviourOf = (definition: HookEntry['definition']): string => {
  const fields = definition as unknown as Readonly<Record<string, unknown>>;
  const decided: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) if (!DISPLAY_ONLY.has(key)) decided[key] = fields[key];
  return canonicalJson(decided);
};

/**
 * What copies of one command share: its hook's key, plus the bundle root of a plugin's or extension's hook —
 * `${CLAUDE_PLUGIN_ROOT}/hooks/check.sh` is a different script in every plugin that ships one. Dedup compares
 * only entries that share this key.
 */
export const commandGroupKey = (entry: Pick<HookEntry, 'definition' | 'origin'>): string =>
  entry.origin.bundle === undefined
    ? hookKey(entry.definition)
    : `${hookKey(entry.definition)}\u0000${entry.origin.bundle.root}`;

/** Keys per entry object: a contested dedup asks again on every event. */
const entryKeys = new WeakMap<object, string>();

/**
 * The dedup key of a planned entry: its command group plus everything else that decides what the hook does —
 * the whole definition but its name and description (`timeout`, `async`, `failurePolicy`, `required`, `env`, an
 * http hook's headers, a prompt's model …) and its `if` condition. Two entries with one key run the same way,
 * so one may stand for the other; a copy that differs in any of these is another hook.
 */
export const entryKey = (entry: Pick<HookEntry, 'definition' | 'origin' | 'condition'>): string => {
  let key = entryKeys.get(entry);
  if (key !== undefined) return key;
  key = `${commandGroupKey(entry)}\u0000${behaviourOf(entry.definition)}`;
  if (entry.condition !== undefined) key += `\u0000if:${entry.condition.rule}`;
  entryKeys.set(entry, key);
  return key;
};

/**
 * Builds the registry entry of `definition` for `event`.
 *
 * @example
 * const { entry, problems } = createEntry('BeforeTool', { type: 'command', command: './guard.sh' }, { matcher: '^write_' });
 * @throws InvalidHookError for a function hook without name or run, or a command hook without command.
 * @return The entry (without id) and its matcher problems, for the caller to report.
 */
export const createEntry = (
  event: EventName,
  definition: EntryDefinition,
  options: CreateEntryOptions = {},
): CreatedEntry => {
  validate(event, definition);
  const isFunction = definition.type === 'function';
  const { matcher, problem } = entryMatcher(event, options.matcher);
  const origin: Mutable<HookEntry['origin']> = { source: options.source ?? 'runtime' };
  if (options.file !== undefined) origin.file = options.file;
  if (options.pointer !== undefined) origin.pointer = options.pointer;
  // A literal, optional fields assigned after: `{ ...a, k }` gets a hidden class per object on Node 20.
  const entry: Mutable<EntryDraft> = {
    event,
    definition,
    origin,
    sequential: options.sequential === true,
    name: options.name ?? (isFunction ? definition.name : (definition.name ?? configuredLabel(definition))),
  };
  if (matcher !== undefined) entry.matcher = matcher;
  if (options.condition !== undefined) entry.condition = options.condition;
  return { entry, problems: problem === undefined ? [] : [problem] };
};

/**
 * The entry with its registry id, built as one literal (id first) rather than `{ ...draft, id }`, so
 * every entry on the hot path shares one hidden class.
 */
export const withId = (draft: EntryDraft, id: number): HookEntry => {
  const entry: Mutable<HookEntry> = {
    id,
    event: draft.event,
    definition: draft.definition,
    origin: draft.origin,
    sequential: draft.sequential,
    name: draft.name,
  };
  if (draft.matcher !== undefined) entry.matcher = draft.matcher;
  if (draft.condition !== undefined) entry.condition = draft.condition;
  return entry;
};
