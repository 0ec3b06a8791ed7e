/**
 * io-ts codecs for the hook settings. Each level
 * of the file is a table of field codecs decoded one field at a time, so a fault is reported at the
 * field's own JSON pointer and one bad field drops only its hook or group, never the whole file.
 * Codec names read as the "expected …" part of a problem message.
 */
import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';
import { ENV_MODES, type EnvMode } from '../policy/envPolicy.js';
import { joinPointer } from '../diagnostics/jsonLocate.js';
import { describeReceived } from '../diagnostics/problems.js';
import type { ProblemSink } from '../diagnostics/problemSink.js';
import { didYouMean } from '../diagnostics/suggest.js';
import { Flag, JsonObject, NonEmptyString, refine, StringArray, type FieldCodecs } from '../kinds/fieldCodecs.js';
import { DEFAULT_KIND, HOOK_TYPES } from '../kinds/table.js';

export {
  Flag,
  JsonObject,
  NonEmptyString,
  REFINEMENTS,
  StringArray,
  StringRecord,
  TimeoutMs,
  WorkerCount,
  type FieldCodecs,
} from '../kinds/fieldCodecs.js';
export {
  COMMON_HOOK_FIELDS,
  HOOK_TYPE,
  HOOK_TYPES,
  isConfiguredHookType,
  type ConfiguredHookType,
} from '../kinds/table.js';

/** Top level of a settings file; `$schema` names the JSON Schema editors validate against (not read). */
export const SETTINGS_FIELDS = {
  $schema: t.string,
  tools: JsonObject,
  hooksConfig: JsonObject,
  hooks: JsonObject,
  /** Named declarative session policies (lib/config/policySettings.ts). */
  sessionPolicies: JsonObject,
  /** Effects of MCP tools by server then tool, for this file's effect matchers (lib/config/effectSettings.ts). */
  mcpEffects: JsonObject,
  /** The decision ledger: a file path, or the object of LEDGER_SETTINGS_FIELDS (lib/config/ledgerSettings.ts). */
  ledger: refine(
    t.union([t.string, t.UnknownRecord]),
    (value) => typeof value !== 'string' || NonEmptyString.is(value),
    'a file path, or an object such as { "path": "…" }',
    { anyOf: [{ type: 'string', pattern: '\\S' }, { type: 'object' }] },
  ),
};
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
/** `ledger` as an object (lib/config/ledgerSettings.ts); the `ledger` option of createHookSystem, with a key file. */
export const LEDGER_SETTINGS_FIELDS = {
  path: NonEmptyString,
  /** An Ed25519 private key in PEM form; honoured in user and system settings only. */
  keyFile: NonEmptyString,
  checkpointEvery: refine(
    t.number,
    (count) => Number.isInteger(count) && count >= 1,
    'a positive whole number of records',
    { type: 'integer', minimum: 1 },
  ),
  input: Flag,
  redact: t.array(t.string, 'an array of JSON paths ("tool_input.content")'),
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
  /** An effect matcher (lib/plan/effectMatcher.ts), checked when the group is read. */
  effects: t.unknown,
};

/** A command hook's fields; `type` may be omitted (x-code manifests do) and then means `command`. */
export const HOOK_FIELDS = HOOK_TYPES[DEFAULT_KIND].fields;

export type DecodedFields<F extends FieldCodecs> = { [K in keyof F]?: t.TypeOf<F[K]> };

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
