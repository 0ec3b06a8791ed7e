/**
 * A hook sees its own agent: the stdin a dialect's hook gets carries the event name it was
 * configured under and the field names its agent sends — Claude's Stop hook reads `last_assistant_message`
 * and `stop_hook_active`, its SessionStart `source: "compact"`, its PreToolUse `tool_use_id`. The reverse
 * direction reads an agent's own payload (the CLI run as that agent's hook) into the canonical input.
 * Both follow the event's `InputShape`; every field the shape does not name passes through unchanged. Cursor's
 * payloads add `conversation_id` and `workspace_roots` and lift `tool_input.command` to `command`; Copilot's
 * camelCase ones send `toolArgs` as JSON text and `timestamp` in milliseconds.
 */
import type { Dialect, DialectEvent, Fill, InputShape } from '../dialects/types.js';
import { setField } from '../rules/mergeFields.js';

type Input = Readonly<Record<string, unknown>>;

/** Native → canonical field names, built once per shape. */
const reverseRenames = new WeakMap<InputShape, Readonly<Record<string, string>>>();

const canonicalNames = (shape: InputShape): Readonly<Record<string, string>> => {
  let names = reverseRenames.get(shape);
  if (names === undefined) {
    names = Object.fromEntries(Object.entries(shape.renames ?? {}).map(([canonical, native]) => [native, canonical]));
    reverseRenames.set(shape, names);
  }
  return names;
};

/** The value mapped through `table` when it names it; any other value as it is. */
const mapValue = (table: Readonly<Record<string, string>> | undefined, value: unknown): unknown =>
  table !== undefined && typeof value === 'string' && Object.hasOwn(table, value) ? table[value] : value;

const fill = (target: Record<string, unknown>, fills: Readonly<Record<string, Fill>> | undefined): void => {
  for (const [field, how] of Object.entries(fills ?? {})) {
    if (target[field] !== undefined) continue;
    const value = 'value' in how ? how.value : 'from' in how ? target[how.from] : target[how.listOf];
    if (value !== undefined) setField(target, field, 'listOf' in how ? [value] : value);
  }
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The value conversions of a shape, one direction: objects as JSON text (Cursor's MCP `tool_input`), ISO time
 * as Unix milliseconds (Copilot's `timestamp`), nested fields lifted to the top (Cursor's `command`).
 */
const toNativeForms = (out: Record<string, unknown>, input: Input, shape: InputShape): void => {
  for (const [path, native] of Object.entries(shape.lifts ?? {})) {
    const [object = '', field = ''] = path.split('.');
    const holder = input[object];
    if (isObject(holder) && holder[field] !== undefined && out[native] === undefined)
      setField(out, native, holder[field]);
  }
  for (const field of shape.jsonText ?? []) {
    const name = shape.renames?.[field] ?? field;
    if (isObject(out[name]) || Array.isArray(out[name])) out[name] = JSON.stringify(out[name]);
  }
  for (const field of shape.epochMillis ?? []) {
    const name = shape.renames?.[field] ?? field;
    const ms = typeof out[name] === 'string' ? Date.parse(out[name]) : NaN;
    if (!Number.isNaN(ms)) out[name] = ms;
  }
};

/** The reverse of `toNativeForms`, on a canonical copy; text that is not JSON stays as it is (the decoder says so). */
const toCanonicalForms = (out: Record<string, unknown>, shape: InputShape): void => {
  for (const [path, native] of Object.entries(shape.lifts ?? {})) {
    const [object = '', field = ''] = path.split('.');
    if (out[native] === undefined) continue;
    const holder = isObject(out[object]) ? Object.assign({}, out[object]) : {};
    if (holder[field] === undefined) setField(holder, field, out[native]);
    out[object] = holder;
    Reflect.deleteProperty(out, native);
  }
  for (const field of shape.jsonText ?? []) {
    const text = out[field];
    if (typeof text !== 'string') continue;
    try {
      out[field] = JSON.parse(text) as unknown;
    } catch {
      // Left as text: the event's codec reports the field with its expected type.
    }
  }
  for (const field of shape.epochMillis ?? []) {
    const ms = out[field];
    if (typeof ms === 'number' && Number.isFinite(ms)) out[field] = new Date(ms).toISOString();
  }
};

/** The value at a dotted path (`tool.name`), or `undefined`. */
const atPath = (input: Input, path: readonly string[]): unknown => {
  let value: unknown = input;
  for (const key of path) value = isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
  return value;
};

/** Moves top-level fields to their nested places (x-code's `tool.name`), creating the holders; writes last. */
const nest = (out: Record<string, unknown>, nests: Readonly<Record<string, string>>): void => {
  for (const [field, path] of Object.entries(nests)) {
    if (!Object.hasOwn(out, field)) continue;
    const value = out[field];
    Reflect.deleteProperty(out, field);
    const keys = path.split('.');
    let holder = out;
    for (const key of keys.slice(0, -1)) {
      const next = holder[key];
      // A holder the input already has is copied, never changed in place (the canonical input is shared).
      const copy: Record<string, unknown> = isObject(next) ? Object.assign({}, next) : {};
      setField(holder, key, copy);
      holder = copy;
    }
    setField(holder, keys.at(-1) ?? field, value);
  }
};

/** The reverse of `nest` on the agent's payload: a copy with the nested fields at the top, holders left empty removed. */
const unnest = (raw: Input, nests: Readonly<Record<string, string>>): Record<string, unknown> => {
  const out: Record<string, unknown> = Object.assign({}, raw);
  const holders = new Set<string>();
  for (const [field, path] of Object.entries(nests)) {
    const keys = path.split('.');
    const value = atPath(raw, keys);
    if (keys.length === 1) Reflect.deleteProperty(out, path);
    else holders.add(keys[0] ?? '');
    if (value !== undefined && !Object.hasOwn(out, field)) setField(out, field, value);
  }
  for (const holder of holders) {
    const nested = Object.values(nests).filter((path) => path.startsWith(`${holder}.`));
    const rest = isObject(raw[holder])
      ? Object.keys(raw[holder]).filter((key) => !nested.includes(`${holder}.${key}`))
      : [];
    if (rest.length === 0) Reflect.deleteProperty(out, holder);
  }
  return out;
};

/**
 * Copies `input` under new names: a field the input already has under its target name is kept rather than
 * overwritten by a renamed one (Claude sends `agent_type` as a base field inside subagents too).
 */
const rename = (
  input: Input,
  names: Readonly<Record<string, string>>,
  values: Readonly<Record<string, Readonly<Record<string, string>>>> | undefined,
  valuesBy: 'source' | 'target',
  skipNull: readonly string[],
  eventName: string,
): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    if (Object.hasOwn(names, key)) continue;
    if (input[key] === null && skipNull.includes(key)) continue;
    setField(out, key, key === 'hook_event_name' ? eventName : mapValue(values?.[key], input[key]));
  }
  for (const [from, to] of Object.entries(names)) {
    if (!Object.hasOwn(input, from) || Object.hasOwn(out, to)) continue;
    if (input[from] === null && skipNull.includes(valuesBy === 'source' ? from : to)) continue;
    setField(out, to, mapValue(values?.[valuesBy === 'source' ? from : to], input[from]));
  }
  return out;
};

/**
 * An agent payload whose fields come under `field` (OLLM's `{ event, context }`), flat: those fields, then any
 * top-level field besides the event name; read like any other payload from there.
 */
const fromContext = (raw: Input, field: string): Input => {
  const flat: Record<string, unknown> = Object.assign({}, isObject(raw[field]) ? raw[field] : {});
  for (const key of Object.keys(raw))
    if (key !== field && key !== 'event' && !Object.hasOwn(flat, key)) flat[key] = raw[key];
  return flat;
};

/**
 * The stdin of a hook configured under `event` in `dialect`, from the canonical input. Returns `input` itself
 * when nothing changes (hookstream's and Gemini's hooks): no copy on the common path.
 *
 * @example
 * toDialectInput({ hook_event_name: 'AfterAgent', prompt: 'p', prompt_response: 'done', stop_hook_active: false, … }, stop, CLAUDE);
 * // { hook_event_name: 'Stop', prompt: 'p', last_assistant_message: 'done', stop_hook_active: false, … }
 */
export const toDialectInput = (input: Input, event: DialectEvent, dialect: Dialect): Input => {
  const eventName = dialect.sendsNativeEventName ? event.native : event.canonical;
  const shape = event.input;
  if (shape === undefined && input.hook_event_name === eventName) return input;
  const out = rename(input, shape?.renames ?? {}, shape?.toNativeValues, 'source', [], eventName);
  if (shape !== undefined) toNativeForms(out, input, shape);
  if (shape?.contextField !== undefined) {
    // The event's fields once more under one name, as OLLM's hooks read them (the base fields included).
    const context: Record<string, unknown> = Object.assign({}, out);
    Reflect.deleteProperty(context, 'hook_event_name');
    setField(out, shape.contextField, context);
  }
  fill(out, shape?.nativeFills);
  if (shape?.nests !== undefined) nest(out, shape.nests);
  return out;
};

/**
 * The canonical input of an agent's own payload for `event` (its `hook_event_name` becomes the canonical
 * name): renamed fields back, the agent's values mapped to canonical ones (`compact` → `compress`), `null`
 * where the canonical input has an optional field dropped, and fields the canonical input requires filled.
 *
 * @example
 * toCanonicalInput({ hook_event_name: 'Stop', stop_hook_active: true, last_assistant_message: 'done', … }, stop);
 * // { hook_event_name: 'AfterAgent', stop_hook_active: true, prompt_response: 'done', prompt: '', … }
 */
export const toCanonicalInput = (raw: Input, event: DialectEvent): Record<string, unknown> => {
  const shape = event.input;
  const names = shape === undefined ? {} : canonicalNames(shape);
  const unnested = shape?.nests === undefined ? raw : unnest(raw, shape.nests);
  const context = shape?.contextField;
  const flat = context === undefined ? unnested : fromContext(unnested, context);
  const out = rename(flat, names, shape?.toCanonicalValues, 'target', shape?.nullMeansAbsent ?? [], event.canonical);
  // Beside a context field, a top-level `hook_event_name` is the agent's own name: the canonical one replaces it.
  if (context !== undefined || !Object.hasOwn(out, 'hook_event_name')) out.hook_event_name = event.canonical;
  if (shape !== undefined) toCanonicalForms(out, shape);
  fill(out, shape?.canonicalFills);
  return out;
};
