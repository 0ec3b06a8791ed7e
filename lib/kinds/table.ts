/**
 * The table of hook kinds: every module that treats kinds differently looks its kind up here instead of
 * testing `definition.type`, so a new kind is its own file plus one row below (and one row of the executors'
 * table, lib/executors/kindExecutors.ts). The mapped type makes TypeScript refuse a kind without a row.
 */
import * as t from 'io-ts';
import type { CommandHookConfig, ConfiguredHookConfig, HookDefinition } from '../model/types.js';
import { AGENT } from './agent.js';
import { COMMAND } from './command.js';
import { SHARED_HOOK_FIELDS, type FieldCodecs } from './fieldCodecs.js';
import { FUNCTION } from './function.js';
import { HTTP } from './http.js';
import type { HookKind, KindApproval } from './kind.js';
import { MCP_TOOL } from './mcpTool.js';
import { PROMPT } from './prompt.js';

export type HookKindName = HookDefinition['type'];
export type ConfiguredHookType = ConfiguredHookConfig['type'];
export type DefinitionOf<K extends HookKindName> = Extract<HookDefinition, { type: K }>;

/** Settings kinds in the order messages and the JSON Schema list them. */
export const KINDS: { readonly [K in HookKindName]: HookKind<DefinitionOf<K>> } = {
  command: COMMAND,
  http: HTTP,
  prompt: PROMPT,
  agent: AGENT,
  mcp_tool: MCP_TOOL,
  function: FUNCTION,
};

/** The kind a settings hook without `type` is (x-code manifests leave it out). */
export const DEFAULT_KIND: ConfiguredHookType = 'command';

/** Whether `type` names a kind of this table. */
export const isKindName = (type: unknown): type is HookKindName =>
  typeof type === 'string' && Object.hasOwn(KINDS, type);

/** The row of `definition`'s kind, its facets taking any definition (each row is typed for its own kind). */
export const kindOf = (definition: Pick<HookDefinition, 'type'>): HookKind<HookDefinition> =>
  KINDS[definition.type] as unknown as HookKind<HookDefinition>;

/** `definition` narrowed to kind `kind`, for code that only serves that kind. */
export const isKind = <D extends { readonly type: string }, K extends HookKindName>(
  definition: D,
  kind: K,
): definition is Extract<D, { type: K }> => definition.type === kind;

/** Every kind as a caller writes it, for the message refusing a hook of none. */
export const KIND_SHAPES: string = Object.values(KINDS)
  .map((kind) => kind.shape)
  .join(', ');

/** Kinds a settings file can hold, in table order. */
export const CONFIGURED_TYPES = (Object.keys(KINDS) as HookKindName[]).filter(
  (type): type is ConfiguredHookType => KINDS[type].fields !== undefined,
);
const CONFIGURED = new Set<string>(CONFIGURED_TYPES);

/** Whether settings can hold `definition`'s kind (function hooks live in code only). */
export const isConfigured = <D extends { readonly type: string }>(
  definition: D,
): definition is Exclude<D, { type: 'function' }> => CONFIGURED.has(definition.type);

export const isConfiguredHookType = (value: unknown): value is ConfiguredHookType =>
  typeof value === 'string' && CONFIGURED.has(value);

/** The local program `definition` runs, if its kind runs one. */
export const programOf = (definition: HookDefinition): CommandHookConfig | undefined =>
  kindOf(definition).program?.(definition);

/** Whether hooks of `type` run a local program (their `command` has per-platform spellings in dialects). */
export const runsProgram = (type: unknown): boolean => isKindName(type) && KINDS[type].program !== undefined;

export const kindKey = (definition: HookDefinition): string => kindOf(definition).key(definition);
export const kindLabel = (definition: HookDefinition): string => kindOf(definition).label(definition);
export const kindSubject = (definition: HookDefinition): unknown => kindOf(definition).subject(definition);
export const kindApproval = (definition: HookDefinition): KindApproval => kindOf(definition).approval(definition);

/** Types a settings file may name besides the kinds: recognised only to be reported (x-code's `plugin`). */
const REPORTED_TYPES = ['plugin'];

const quoted = CONFIGURED_TYPES.map((type) => JSON.stringify(type));

/** Every hook type a settings file may name. */
export const HOOK_TYPE = t.keyof(
  Object.fromEntries([...CONFIGURED_TYPES, ...REPORTED_TYPES].map((type) => [type, null])),
  `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1) ?? ''}`,
);

/** Fields every configured hook type shares (lib/model/types.ts `ConfiguredHookCommon`). */
export const COMMON_HOOK_FIELDS = Object.assign({ type: HOOK_TYPE }, SHARED_HOOK_FIELDS);

/** Per settings kind: its whole field table (shared fields first) and the fields it cannot do without. */
export const HOOK_TYPES = Object.fromEntries(
  CONFIGURED_TYPES.map((type) => [
    type,
    {
      fields: Object.assign({}, COMMON_HOOK_FIELDS, KINDS[type].fields),
      required: KINDS[type].required,
    },
  ]),
) as unknown as Readonly<
  Record<ConfiguredHookType, { readonly fields: FieldCodecs; readonly required: readonly string[] }>
>;
