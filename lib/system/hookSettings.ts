/**
 * The configured state of a hook system: the registry (settings hooks and runtime hooks), the planner
 * over it, whether hooks are enabled, and the problems of the last load. `apply` swaps all of it at once,
 * so events in flight finish on the plan they started with.
 */
import { loadSettings, loadSettingsSync, type LoadedSettings } from '../config/loadSettings.js';
import { formatProblem, type ConfigProblem } from '../config/problems.js';
import type { Logger } from '../logging/logger.js';
import { HookPlanner } from '../plan/planner.js';
import { HookRegistry } from '../plan/registry.js';
import type { SettingsSource } from './options.js';

/** Plain data properties (no getters): the pipeline reads `planner` and `enabled` on every event. */
export interface HookSettings {
  readonly registry: HookRegistry;
  readonly planner: HookPlanner;
  readonly enabled: boolean;
  readonly problems: readonly ConfigProblem[];
  /** Re-reads the settings (the given source, else the last one); resolves with the problems found. */
  reload(settings?: SettingsSource): Promise<readonly ConfigProblem[]>;
}

/** Loads `source` synchronously (construction must not be async) and keeps it for `reload`. */
export const createHookSettings = (
  source: SettingsSource | undefined,
  enabledOverride: boolean | undefined,
  logger: Logger,
): HookSettings => {
  let current = source;
  const registry = new HookRegistry();
  const state: { -readonly [K in keyof HookSettings]: HookSettings[K] } = {
    registry,
    planner: new HookPlanner(registry),
    enabled: enabledOverride ?? true,
    problems: [],
    reload: async (settings) => {
      if (settings !== undefined) current = settings;
      return apply(current === undefined ? undefined : await loadSettings(current));
    },
  };

  const apply = (loaded: LoadedSettings | undefined): readonly ConfigProblem[] => {
    registry.setConfigured(loaded?.entries ?? []);
    state.planner = new HookPlanner(registry, loaded?.disabled ?? new Set());
    state.enabled = enabledOverride ?? loaded?.enabled ?? true;
    const problems = loaded?.problems ?? [];
    state.problems = problems;
    for (const problem of problems) {
      if (problem.severity === 'error') logger.warn(formatProblem(problem));
      else logger.debug(formatProblem(problem));
    }
    return problems;
  };
  apply(current === undefined ? undefined : loadSettingsSync(current));
  return state;
};
