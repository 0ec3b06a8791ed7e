/**
 * Builds a hook definition of any configured type from fields already decoded (by the hookstream reader's
 * codecs or a dialect reader): known fields only, in the order of the type's field table, so two files that
 * say the same thing give equal definitions (trust fingerprints and dedup keys compare them).
 */
import type { ConfiguredHookConfig } from '../model/types.js';
import { HOOK_TYPES, type ConfiguredHookType } from '../dialects/hookstreamFields.js';

export const toHookDefinition = (
  type: ConfiguredHookType,
  fields: Readonly<Record<string, unknown>>,
): ConfiguredHookConfig => {
  const definition: Record<string, unknown> = { type };
  for (const key of Object.keys(HOOK_TYPES[type].fields)) {
    if (key === 'type') continue;
    const value = fields[key];
    if (value !== undefined) definition[key] = value;
  }
  // The table's required fields were checked by the caller: this is the type it names.
  return definition as unknown as ConfiguredHookConfig;
};
