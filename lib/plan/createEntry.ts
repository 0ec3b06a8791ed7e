/**
 * The one way a registry entry is built — by settings loading, `register()`, the testing kit and the
 * specs alike — so every entry has the same dedup key format, the same matcher rule and the same shape.
 */
import { MATCH_TARGET, type EventName } from '../events/names.js';
import { InvalidHookError } from '../core/errors.js';
import type {
  ConfiguredHookConfig,
  FunctionHook,
  HookCondition,
  HookEntry,
  HookSource,
  Matcher,
  Mutable,
} from '../model/types.js';
import { compileMatcher } from './matcher.js';
import { isKindName, KIND_SHAPES, kindKey, kindLabel, kindOf } from '../kinds/table.js';

/** A registry entry before the registry gives it an id. */
export type EntryDraft = Omit<HookEntry, 'id'>;

/** What `createEntry` accepts: a hook a TypeScript or a JavaScript caller wrote. */
export type EntryDefinition = FunctionHook<never> | ConfiguredHookConfig;

export { commandKey } from '../kinds/command.js';
export { functionKey } from '../kinds/function.js';

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
  new InvalidHookError(`A hook for ${event} must be one of ${KIND_SHAPES}`);

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Throws what a JavaScript caller can get wrong and TypeScript would have caught. */
const validate = (event: EventName, definition: EntryDefinition): void => {
  if (typeof definition !== 'object' || definition === null || !isKindName(definition.type)) throw shapeError(event);
  const kind = kindOf(definition);
  const fields = definition as unknown as Readonly<Record<string, unknown>>;
  const missing = kind.required.find((key) => !isText(fields[key]));
  if (missing !== undefined) {
    throw new InvalidHookError(`A ${definition.type} hook for ${event} needs a non-empty "${missing}"`);
  }
  kind.check?.(definition, event);
};

/** The display name of a hook of a configured type that has no `name`. */
export const configuredLabel = (definition: ConfiguredHookConfig): string => kindLabel(definition);

/**
 * The dedup key of a hook: a pure function of its definition — the command plus
 * args, or the identity of a function hook's `run` — so it is never stored on an entry.
 */
export const hookKey = (definition: HookEntry['definition']): string => kindKey(definition);

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
    name: options.name ?? definition.name ?? kindLabel(definition),
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
