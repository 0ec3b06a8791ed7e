/**
 * The configured state of a hook system: the registry (settings hooks and runtime hooks), the planner
 * over it, whether hooks are enabled, and the problems of the last load. `apply` swaps all of it at once,
 * so events in flight finish on the plan they started with.
 */
import { loadSettings, loadSettingsSync, type LoadedSettings } from '../config/loadSettings.js';
import { formatProblem, type ConfigProblem } from '../diagnostics/problems.js';
import type { Logger } from '../logging/logger.js';
import type { PlanTrust } from '../plan/dedup.js';
import { HookPlanner } from '../plan/planner.js';
import { HookRegistry } from '../plan/registry.js';
import type { EnvPolicy } from '../policy/envPolicy.js';
import type { HttpSettings } from '../policy/httpPolicy.js';
import type { SettingsSource } from './options.js';
import type { LoadedPolicy } from '../config/policySettings.js';
import type { LoadedLedger } from '../config/ledgerSettings.js';

/** A source the loader reads; `'standard'` is resolved to its files by the facade, which knows the project. */
export type LoadableSettings = Exclude<SettingsSource, 'standard'>;

/** Plain data properties (no getters): the pipeline reads `planner` and `enabled` on every event. */
export interface HookSettings {
  readonly registry: HookRegistry;
  readonly planner: HookPlanner;
  readonly enabled: boolean;
  /** When `enabled` is false because of the settings, the switch that turned hooks off (for the ledger). */
  readonly disabledBy: string | undefined;
  readonly problems: readonly ConfigProblem[];
  /** Re-reads the settings (the given source, else the last one); resolves with the problems found. */
  reload(settings?: LoadableSettings): Promise<readonly ConfigProblem[]>;
  /** The settings' `hooksConfig.env`, merged over scopes; undefined when none sets it. */
  readonly envPolicy: EnvPolicy | undefined;
  /** HTTP hooks' allowlists of the user's and system settings, joined; undefined when none sets one. */
  readonly http: HttpSettings | undefined;
  /** The settings' session policies, merged over scopes; empty when none sets one. */
  readonly sessionPolicies: readonly LoadedPolicy[];
  /** The settings' decision ledger (opened by the facade at creation); undefined when none sets one. */
  readonly ledger: LoadedLedger | undefined;
}

/** Loads `source` synchronously (construction must not be async) and keeps it for `reload`. */
export const createHookSettings = (
  source: LoadableSettings | undefined,
  enabledOverride: boolean | undefined,
  logger: Logger,
  /** Decides, before dedup, which copy of a command may shadow another (undefined with `trust: false`). */
  trust?: PlanTrust,
  /** Told the settings' session policies at every load (the facade registers them). */
  onPolicies?: (policies: readonly LoadedPolicy[]) => void,
): HookSettings => {
  let current = source;
  const registry = new HookRegistry();
  const state: { -readonly [K in keyof HookSettings]: HookSettings[K] } = {
    registry,
    planner: new HookPlanner(registry, new Set(), trust),
    enabled: enabledOverride ?? true,
    disabledBy: undefined,
    problems: [],
    envPolicy: undefined,
    http: undefined,
    sessionPolicies: [],
    ledger: undefined,
    reload: async (settings) => {
      if (settings !== undefined) current = settings;
      const loaded = current === undefined ? undefined : await loadSettings(current);
      // Re-reading the same files while an editor is half-way through writing one must not drop its hooks.
      if (settings === undefined && loaded !== undefined && losesFile(loaded)) return keep(loaded);
      return apply(loaded);
    },
  };

  /** Whether a file whose hooks are in force can no longer be read or parsed. */
  const losesFile = (loaded: LoadedSettings): boolean => {
    const lost = loaded.problems.filter((problem) => problem.fileInactive === true).map((problem) => problem.file);
    return lost.length > 0 && registry.getAllHooks().some((entry) => lost.includes(entry.origin.file ?? ''));
  };

  /** Keeps the settings in force; the problems of the failed reload are reported, with one saying so. */
  const keep = (loaded: LoadedSettings): readonly ConfigProblem[] => {
    const problems = [...loaded.problems];
    for (const problem of loaded.problems.filter((found) => found.fileInactive === true)) {
      problems.push({
        severity: 'warning',
        file: problem.file,
        pointer: '',
        message: 'the settings in force before this reload are kept until this file can be used again',
      });
    }
    state.problems = problems;
    for (const problem of problems) logger.warn(formatProblem(problem));
    return problems;
  };

  const apply = (loaded: LoadedSettings | undefined): readonly ConfigProblem[] => {
    // Hooks switched off by their own file, or outside a lockdown, are never registered: nothing can plan them.
    registry.setConfigured(loaded?.entries.filter((entry) => !loaded.inactive.has(entry)) ?? []);
    state.planner = new HookPlanner(registry, loaded?.disabled ?? new Set(), trust, loaded?.inactive);
    state.enabled = enabledOverride ?? loaded?.enabled ?? true;
    state.disabledBy = enabledOverride === false ? 'the host\'s "enabled: false" option' : loaded?.disabledBy;
    state.envPolicy = loaded?.envPolicy;
    state.http = loaded?.http;
    state.sessionPolicies = loaded?.sessionPolicies ?? [];
    state.ledger = loaded?.ledger;
    onPolicies?.(state.sessionPolicies);
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
