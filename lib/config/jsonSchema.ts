/**
 * The JSON Schema of a settings file (`hookstream schema`), generated from the codecs the loader decodes with
 * (lib/dialects/hookstreamFields.ts), so the two cannot drift: every field, its type, its enum and its range come from a
 * codec. Only the nesting — which field table sits under which key, known here because the loader reads the
 * levels one by one — is declared below, and each nested key is checked to be an object field of its table.
 *
 * Unknown keys are warnings for the loader (the file still loads) and `additionalProperties: false` here, so an
 * editor underlines a misspelt key as you type.
 */
import * as t from 'io-ts';
import { ACCEPTED_EVENT_NAMES } from '../events/names.js';
import {
  ENV_POLICY_FIELDS,
  GROUP_FIELDS,
  HOOK_FIELDS,
  HOOK_TYPES,
  HOOKS_CONFIG_FIELDS,
  HTTP_SETTINGS_FIELDS,
  Flag,
  JsonObject,
  LEDGER_SETTINGS_FIELDS,
  NonEmptyString,
  REFINEMENTS,
  SETTINGS_FIELDS,
  StringArray,
  TOOLS_FIELDS,
  type FieldCodecs,
} from '../dialects/hookstreamFields.js';
import { CONFIGURED_TYPES, DEFAULT_KIND } from '../kinds/table.js';

export type JsonSchema = { readonly [keyword: string]: unknown };

/** The draft editors support best (VS Code, JetBrains). */
export const JSON_SCHEMA_DRAFT = 'http://json-schema.org/draft-07/schema#';

const PRIMITIVES = new Map<t.Mixed, JsonSchema>([
  [t.string, { type: 'string' }],
  [t.number, { type: 'number' }],
  [t.boolean, { type: 'boolean' }],
  [t.UnknownRecord, { type: 'object' }],
  [t.unknown, {}],
]);

/** A codec's own schema, without a description. */
const bareSchema = (codec: t.Mixed): JsonSchema => {
  const primitive = PRIMITIVES.get(codec);
  if (primitive !== undefined) return primitive;
  const refinement = REFINEMENTS.get(codec);
  if (refinement !== undefined) return refinement.schema ?? bareSchema(refinement.base);
  if (codec instanceof t.KeyofType) return { enum: Object.keys(codec.keys as Record<string, unknown>) };
  if (codec instanceof t.ArrayType) return { type: 'array', items: codecSchema(codec.type as t.Mixed) };
  if (codec instanceof t.DictionaryType) {
    return { type: 'object', additionalProperties: codecSchema(codec.codomain as t.Mixed) };
  }
  if (codec instanceof t.LiteralType) return { const: codec.value as unknown };
  if (codec instanceof t.UnionType) return { anyOf: (codec.types as t.Mixed[]).map(codecSchema) };
  throw new Error(`no JSON Schema for the settings codec "${codec.name}": teach lib/config/jsonSchema.ts its kind`);
};

// Codecs whose names only restate their JSON type ("true or false", "an object", …).
const PLAIN = new Set<t.Mixed>([...PRIMITIVES.keys(), Flag, JsonObject, StringArray]);

/**
 * The JSON Schema of one codec. Codec names read as "expected …" phrases (`a positive integer number of
 * milliseconds (1…2147483647)`) and become the description, unless they only restate the type or the enum.
 */
export const codecSchema = (codec: t.Mixed): JsonSchema => {
  const schema = bareSchema(codec);
  return PLAIN.has(codec) || codec instanceof t.KeyofType ? schema : { ...schema, description: codec.name };
};

/**
 * An object whose keys are `fields`; `nested` replaces the schema of object fields the loader reads as a
 * further table (each must be an object field of `fields`), `required` lists the keys the loader requires.
 */
const objectOf = (
  fields: FieldCodecs,
  nested: Readonly<Record<string, JsonSchema>> = {},
  required: readonly string[] = [],
): JsonSchema => {
  const properties: Record<string, JsonSchema> = {};
  for (const [key, codec] of Object.entries(fields)) properties[key] = codecSchema(codec);
  for (const [key, schema] of Object.entries(nested)) {
    const field = fields[key];
    const fieldType = field === undefined ? undefined : bareSchema(field)['type'];
    if (fieldType !== schema['type']) {
      throw new Error(`settings schema: "${key}" is not an ${String(schema['type'])} field of its table`);
    }
    properties[key] = schema;
  }
  const object: Record<string, unknown> = { type: 'object', properties, additionalProperties: false };
  if (required.length > 0) object['required'] = required;
  return object;
};

const ref = (name: string): JsonSchema => ({ $ref: `#/definitions/${name}` });

/**
 * The JSON Schema (draft-07) of a hookstream settings file: `hookstream schema` prints it, and a settings file
 * names it with `"$schema"` so an editor completes and checks it.
 */
export const settingsJsonSchema = (): JsonSchema => {
  // One object per hook kind; `type` may be left out only for the default kind.
  const hook = {
    anyOf: CONFIGURED_TYPES.map((type) =>
      objectOf(
        HOOK_TYPES[type].fields,
        { type: { const: type } },
        type === DEFAULT_KIND ? HOOK_TYPES[type].required : ['type', ...HOOK_TYPES[type].required],
      ),
    ),
  };
  const group = objectOf(GROUP_FIELDS, { hooks: { type: 'array', items: ref('hook') } }, ['hooks']);
  // x-code manifests write a hook straight into the event's list, with its group's matcher beside it.
  const flatHook = objectOf(
    Object.assign({}, HOOK_FIELDS, { matcher: GROUP_FIELDS.matcher, sequential: GROUP_FIELDS.sequential }),
    {},
    HOOK_TYPES[DEFAULT_KIND].required,
  );
  const root = objectOf(SETTINGS_FIELDS, {
    tools: objectOf(TOOLS_FIELDS),
    hooksConfig: objectOf(HOOKS_CONFIG_FIELDS, {
      env: objectOf(ENV_POLICY_FIELDS),
      http: objectOf(HTTP_SETTINGS_FIELDS),
    }),
    hooks: {
      type: 'object',
      description: 'hook groups per event; canonical names and the aliases of other dialects',
      propertyNames: { enum: [...ACCEPTED_EVENT_NAMES] },
      additionalProperties: { type: 'array', items: { anyOf: [ref('group'), ref('flatHook')] } },
    },
    mcpEffects: {
      type: 'object',
      description: "effects of MCP tools by server, then tool name or '*', for this file's effect matchers",
      additionalProperties: {
        type: 'object',
        additionalProperties: { type: 'array', items: { type: 'string', pattern: '^\\s*[a-z]+\\(.*\\)\\s*$' } },
      },
    },
    ledger: { anyOf: [codecSchema(NonEmptyString), objectOf(LEDGER_SETTINGS_FIELDS, {}, ['path'])] },
  });
  return {
    $schema: JSON_SCHEMA_DRAFT,
    title: 'hookstream settings',
    description: 'A hookstream settings file (.hookstream/settings.json, ~/.hookstream/settings.json, …).',
    ...root,
    definitions: { group, hook, flatHook },
  };
};
