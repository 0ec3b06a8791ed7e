/**
 * The one rule for applying a hook's `llm_request` patch:
 * top-level fields replace, `config` merges one level deeper so that two hooks editing different config
 * keys both land, and a `config` that is not an object is no patch. Aggregation, sequential chaining and
 * `BeforeModelHookOutput.applyLLMRequestModifications` all use it, so they cannot disagree.
 */
import { isRecord } from '../core/guards.js';
import { assignFields, mergeFields, setField } from './mergeFields.js';

export const mergeRequestPatch = <T extends Readonly<Record<string, unknown>>>(
  base: T | undefined,
  patch: Readonly<Record<string, unknown>>,
): T => {
  const merged: Record<string, unknown> = assignFields({}, base);
  if (!Object.hasOwn(patch, 'config')) return assignFields(merged, patch) as T;
  // Every field but `config` replaces; `config` is handled below (base's stays when the patch's is no object).
  for (const key of Object.keys(patch)) if (key !== 'config') setField(merged, key, patch[key]);
  const config = patch.config;
  if (isRecord(config)) merged.config = isRecord(base?.config) ? mergeFields(base.config, config) : config;
  return merged as T;
};
