/**
 * Merges what each scope contributed (issue #1 "Merging"). Hooks of every scope are kept, in the
 * order the sources were given: priority and dedup are the planner's job, which needs all of them.
 */
import { HOOK_SOURCES } from '../core/types.js';
import type { HookSource } from '../core/types.js';
import type { ConfigProblem } from './problems.js';
import type { LoadedEntry, SourceSettings } from './readSettings.js';

export interface LoadedSettings {
  /** `tools.enableHooks && hooksConfig.enabled`. Entries are loaded either way, so tools can list and check them. */
  enabled: boolean;
  /** `hooksConfig.disabled` of every scope: hook names to skip. */
  disabled: ReadonlySet<string>;
  /** Config order within a source, sources in the order given. */
  entries: LoadedEntry[];
  problems: ConfigProblem[];
}

export interface ScopeContribution {
  source: HookSource;
  settings: SourceSettings;
}

const rank = (source: HookSource): number => HOOK_SOURCES.indexOf(source);

/**
 * - `tools.enableHooks`: the highest-priority scope that sets it decides (runtime > project > user >
 *   system > extension); between files of one scope, the first given decides. Default false.
 * - `hooksConfig.enabled: false` in any scope disables; `hooksConfig.disabled` is the union.
 */
export function mergeScopes(contributions: readonly ScopeContribution[], problems: ConfigProblem[]): LoadedSettings {
  let decider: { rank: number; enableHooks: boolean } | undefined;
  let hooksEnabled = true;
  const disabled = new Set<string>();
  const entries: LoadedEntry[] = [];
  for (const { source, settings } of contributions) {
    const { enableHooks } = settings;
    if (enableHooks !== undefined && (decider === undefined || rank(source) < decider.rank)) {
      decider = { rank: rank(source), enableHooks };
    }
    if (settings.hooksEnabled === false) hooksEnabled = false;
    for (const name of settings.disabled) disabled.add(name);
    entries.push(...settings.entries);
  }
  return { enabled: (decider?.enableHooks ?? false) && hooksEnabled, disabled, entries, problems };
}
