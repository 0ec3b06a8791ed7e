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
  const registry = new HookRegistry();
  let current = source;
  let planner = new HookPlanner(registry);
  let enabled = enabledOverride ?? true;
  let problems: readonly ConfigProblem[] = [];

  const apply = (loaded: LoadedSettings | undefined): readonly ConfigProblem[] => {
    registry.setConfigured(loaded?.entries ?? []);
    planner = new HookPlanner(registry, loaded?.disabled ?? new Set());
    enabled = enabledOverride ?? loaded?.enabled ?? true;
    problems = loaded?.problems ?? [];
    for (const problem of problems) {
      if (problem.severity === 'error') logger.warn(formatProblem(problem));
      else logger.debug(formatProblem(problem));
    }
    return problems;
  };
  apply(current === undefined ? undefined : loadSettingsSync(current));

  return {
    registry,
    get planner() {
      return planner;
    },
    get enabled() {
      return enabled;
    },
    get problems() {
      return problems;
    },
    reload: async (settings) => {
      if (settings !== undefined) current = settings;
      return apply(current === undefined ? undefined : await loadSettings(current));
    },
  };
};
