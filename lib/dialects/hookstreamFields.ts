/**
 * io-ts codecs for the hook settings. Each level
 * of the file is a table of field codecs decoded one field at a time, so a fault is reported at the
 * field's own JSON pointer and one bad field drops only its hook or group, never the whole file.
 * Codec names read as the "expected …" part of a problem message.
 */
import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';
import { MAX_TIMEOUT_MS, MAX_WORKERS } from '../core/limits.js';
import { ENV_MODES, type EnvMode } from '../policy/envPolicy.js';
import { joinPointer } from '../diagnostics/jsonLocate.js';
import { describeReceived } from '../diagnostics/problems.js';
import type { ProblemSink } from '../diagnostics/problemSink.js';
import { didYouMean } from '../diagnostics/suggest.js';

/** What `hookstream schema` knows of a refined codec: its base, and the JSON Schema of `accept` when it narrows. */
export const REFINEMENTS = new WeakMap<t.Mixed, { base: t.Mixed; schema?: Readonly<Record<string, unknown>> }>();

/** A codec of `base` values that also pass `accept`, under a readable name; `schema` says `accept` in JSON Schema. */
const refine = <A>(
  base: t.Type<A>,
  accept: (value: A) => boolean,
  name: string,
  schema?: Readonly<Record<string, unknown>>,
): t.Type<A> => {
  const codec = new t.Type<A>(
    name,
    (input): input is A => base.is(input) && accept(input),
    (input, context) => (base.is(input) && accept(input) ? t.success(input) : t.failure(input, context)),
    t.identity,
  );
  REFINEMENTS.set(codec, schema === undefined ? { base } : { base, schema });
  return codec;
};

export const JsonObject = refine(t.UnknownRecord, () => true, 'an object');
export const Flag = refine(t.boolean, () => true, 'true or false');
export const NonEmptyString = refine(t.string, (text) => text.trim() !== '', 'a non-empty string', {
  type: 'string',
  pattern: '\\S',
});
export const StringArray = t.array(t.string, 'an array of strings');
export const TimeoutMs = refine(
  t.number,
  (ms) => Number.isInteger(ms) && ms >= 1 && ms <= MAX_TIMEOUT_MS,
  `a positive integer number of milliseconds (1…${MAX_TIMEOUT_MS})`,
  { type: 'integer', minimum: 1, maximum: MAX_TIMEOUT_MS },
);

export const WorkerCount = refine(
  t.number,
  (count) => Number.isInteger(count) && count >= 1 && count <= MAX_WORKERS,
  `a positive integer number of workers (1…${MAX_WORKERS})`,
  { type: 'integer', minimum: 1, maximum: MAX_WORKERS },
);

/** Top level of a settings file; `$schema` names the JSON Schema editors validate against (not read). */
export const SETTINGS_FIELDS = { $schema: t.string, tools: JsonObject, hooksConfig: JsonObject, hooks: JsonObject };
export const TOOLS_FIELDS = { enableHooks: Flag };
/** `allowManagedHooksOnly` is honoured in system settings only (lib/config/mergeScopes.ts). */
export const HOOKS_CONFIG_FIELDS = {
  enabled: Flag,
  disabled: StringArray,
  allowManagedHooksOnly: Flag,
  env: JsonObject,
  /** HTTP hooks' allowlists, honoured in user and system settings only (lib/config/httpSettings.ts). */
  http: JsonObject,
};
/** `hooksConfig.http` (lib/policy/httpPolicy.ts `HttpSettings`). */
export const HTTP_SETTINGS_FIELDS = {
  allowedUrls: t.array(t.string, 'an array of URL patterns (`https://*.example.com/*`)'),
  allowedEnvVars: t.array(t.string, 'an array of environment variable names'),
  allowLoopbackHttp: Flag,
};
/** `hooksConfig.env`: the environment of project and extension hooks (lib/policy/envPolicy.ts). */
export const ENV_POLICY_FIELDS = {
  mode: t.keyof(
    Object.fromEntries(ENV_MODES.map((mode) => [mode, null])) as Record<EnvMode, null>,
    ENV_MODES.map((mode) => JSON.stringify(mode)).join(', '),
  ),
  allow: t.array(t.string, 'an array of variable names (a trailing * makes a prefix)'),
};

/** One entry of `hooks.<Event>[]`. */
export const GROUP_FIELDS = {
  matcher: refine(t.string, () => true, 'a regular expression string'),
  sequential: Flag,
  hooks: t.array(t.unknown, 'an array of hook definitions'),
};

/** Every hook type a settings file may name; `plugin` (x-code) is recognised only to be reported. */
export const HOOK_TYPE = t.keyof(
  { command: null, http: null, prompt: null, agent: null, mcp_tool: null, plugin: null },
  '"command", "http", "prompt", "agent" or "mcp_tool"',
);

/** Fields every configured hook type shares (lib/model/types.ts `ConfiguredHookCommon`). */
export const COMMON_HOOK_FIELDS = {
  type: HOOK_TYPE,
  timeout: TimeoutMs,
  name: t.string,
  description: t.string,
  failurePolicy: t.keyof({ allow: null, block: null }, '"allow" or "block"'),
  /** The hook must run: not approved, not started, timed out or crashed blocks (lib/executors/failurePolicy.ts). */
  required: Flag,
  /** Shown while the hook runs: on its `results$` start record and the dashboard. */
  statusMessage: t.string,
  /** Run in the background: the event does not wait (lib/engine/background.ts). */
  async: Flag,
  /** Background hooks: an exit 2 or a block wakes the host with its reason. */
  asyncRewake: Flag,
};

export const StringRecord = t.record(t.string, t.string, 'an object of string values');

/** One command hook; `type` may be omitted (x-code manifests do) and then means `command`. */
export const HOOK_FIELDS = Object.assign({}, COMMON_HOOK_FIELDS, {
  command: NonEmptyString,
  args: StringArray,
  env: StringRecord,
  persistent: Flag,
  /** Persistent hooks: worker processes serving concurrent events (lib/process/workerPool.ts). */
  workers: WorkerCount,
  prewarm: Flag,
});

/** An HTTP hook: the input is POSTed to `url` (lib/executors/httpExecutor.ts). */
export const HTTP_HOOK_FIELDS = Object.assign({}, COMMON_HOOK_FIELDS, {
  url: NonEmptyString,
  headers: StringRecord,
  allowedEnvVars: t.array(t.string, 'an array of environment variable names'),
});

/** A `prompt` or `agent` hook: evaluated by the host's callback. */
export const PROMPT_HOOK_FIELDS = Object.assign({}, COMMON_HOOK_FIELDS, { prompt: NonEmptyString, model: t.string });

/** An `mcp_tool` hook: a tool of a connected MCP server, called through the host's callback. */
export const MCP_TOOL_HOOK_FIELDS = Object.assign({}, COMMON_HOOK_FIELDS, {
  server: NonEmptyString,
  tool: NonEmptyString,
  input: JsonObject,
});

export type ConfiguredHookType = 'command' | 'http' | 'prompt' | 'agent' | 'mcp_tool';

/** Per hook type: its field table and the fields it cannot do without. */
export const HOOK_TYPES: Readonly<Record<ConfiguredHookType, { fields: FieldCodecs; required: readonly string[] }>> = {
  command: { fields: HOOK_FIELDS, required: ['command'] },
  http: { fields: HTTP_HOOK_FIELDS, required: ['url'] },
  prompt: { fields: PROMPT_HOOK_FIELDS, required: ['prompt'] },
  agent: { fields: PROMPT_HOOK_FIELDS, required: ['prompt'] },
  mcp_tool: { fields: MCP_TOOL_HOOK_FIELDS, required: ['server', 'tool'] },
};

export const isConfiguredHookType = (value: unknown): value is ConfiguredHookType =>
  typeof value === 'string' && Object.hasOwn(HOOK_TYPES, value);

export type FieldCodecs = Readonly<Record<string, t.Mixed>>;
export type DecodedFields<F extends FieldCodecs> = { [K in keyof F]?: t.TypeOf<F[K]> };
export type HookFields = DecodedFields<typeof HOOK_FIELDS>;

export interface FieldsResult<F extends FieldCodecs> {
  fields: DecodedFields<F>;
  /** False when a field was missing or invalid: the caller drops what these fields describe. */
  valid: boolean;
}

export interface DecodeOptions<F extends FieldCodecs> {
  required?: readonly (keyof F & string)[];
  /** What happens to the enclosing item when a field is bad, e.g. `hook dropped`; ends each error message. */
  consequence?: string;
}

const FIELD_NAMES = new WeakMap<FieldCodecs, readonly string[]>();

/** The field names of a codec table, one array per table (suggestions are memoised per array). */
const fieldNames = (codecs: FieldCodecs): readonly string[] => {
  let names = FIELD_NAMES.get(codecs);
  if (names === undefined) FIELD_NAMES.set(codecs, (names = Object.keys(codecs)));
  return names;
};

/**
 * Decodes the known fields of `record` (at `pointer`), reporting each invalid or missing required
 * field as an error and each unknown key as a warning. Valid fields are returned even when others fail.
 */
export function decodeFields<F extends FieldCodecs>(
  codecs: F,
  record: Readonly<Record<string, unknown>>,
  pointer: string,
  sink: ProblemSink,
  { required = [], consequence = 'ignored' }: DecodeOptions<F> = {},
): FieldsResult<F> {
  const fields: Record<string, unknown> = {};
  let valid = true;
  for (const key of Object.keys(record)) {
    if (Object.hasOwn(codecs, key)) continue;
    const names = fieldNames(codecs);
    sink.warning(joinPointer(pointer, key), `unknown key ${JSON.stringify(key)}; ignored${didYouMean(key, names)}`, {
      expected: `one of ${names.map((name) => JSON.stringify(name)).join(', ')}`,
      atKey: true,
    });
  }
  for (const [key, codec] of Object.entries(codecs)) {
    const value = record[key];
    const fieldPointer = joinPointer(pointer, key);
    if (value === undefined) {
      if (required.includes(key)) {
        valid = false;
        sink.error(fieldPointer, `missing required ${JSON.stringify(key)}; ${consequence}`, {
          expected: codec.name,
          received: describeReceived(undefined),
        });
      }
      continue;
    }
    const decoded = codec.decode(value);
    if (isLeft(decoded)) {
      valid = false;
      for (const error of decoded.left) {
        // context[0] is the field itself; deeper entries are array indices or record keys inside it.
        const inner = error.context.slice(1).map((entry) => entry.key);
        const expected = error.context[error.context.length - 1]?.type.name ?? codec.name;
        const where = inner.length === 0 ? JSON.stringify(key) : `an element of ${JSON.stringify(key)}`;
        sink.error(joinPointer(fieldPointer, ...inner), `invalid value for ${where}; ${consequence}`, {
          expected,
          received: describeReceived(error.value),
        });
      }
    } else fields[key] = decoded.right;
  }
  return { fields, valid };
}
