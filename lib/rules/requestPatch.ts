/**
 * The one rule for applying a hook's `llm_request` patch (DESIGN §3: "`llm_request` shallow-merged"):
 * top-level fields replace, `config` merges one level deeper so that two hooks editing different config
 * keys both land, and a `config` that is not an object is no patch. Aggregation, sequential chaining and
 * `BeforeModelHookOutput.applyLLMRequestModifications` all use it, so they cannot disagree.
 */
import { isRecord } from '../core/guards.js';

export const mergeRequestPatch = <T extends Readonly<Record<string, unknown>>>(
  base: T | undefined,
  patch: Readonly<Record<string, unknown>>,
): T => {
  const { config, ...rest } = patch;
  const merged: Record<string, unknown> = { ...base, ...rest };
  if (isRecord(config)) merged.config = isRecord(base?.config) ? { ...base.config, ...config } : config;
  return merged as T;
};
