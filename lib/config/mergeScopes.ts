/**
 * Merges what each scope contributed (issue #1 "Merging", issue #11 "guards a repository cannot switch
 * off"). Hooks of every scope are kept, in the order the sources were given: priority and dedup are the
 * planner's job, which needs all of them. Which of them may run is decided here, per source:
 *
 * - Switches in user, system and runtime settings (the machine's owner, the host) apply to every hook.
 * - Switches in a project or extension file (what a cloned repository controls) apply to that file's
 *   own hooks only: its `tools.enableHooks: false`, `hooksConfig.enabled: false` and `hooksConfig.disabled`
 *   can switch its own hooks off, never a user's or the administrator's guard. Its `enableHooks: true`
 *   still switches hooks on where no user or system file decides (the seeds' one switch).
 * - Another agent's files (Claude Code, Gemini CLI) follow that agent's switches (dialectSwitches.ts): on by
 *   default, off where one of its files says so; the owner's `hooksConfig.enabled: false` still wins.
 * - `hooksConfig.allowManagedHooksOnly: true` in system settings: only system hooks (and hooks the host
 *   registers in code) run, and only system settings' switches count; hooks are on unless they say otherwise.
 */
import { HOOK_SOURCES } from '../core/types.js';
import type { HookSource } from '../core/types.js';
import type { ConfigProblem } from './problems.js';
import type { LoadedEntry, SourceSettings } from './readSettings.js';
import type { EnvPolicy } from '../protocol/envPolicy.js';
import { mergeEnvPolicies } from './envSettings.js';
import { mergeHttpSettings, type HttpSettings } from '../protocol/httpPolicy.js';
import { dialectSwitches, isForeign } from './dialectSwitches.js';

export interface LoadedSettings {
  /** Whether any hook may run (the host's registered hooks follow this too). Entries are loaded either way, so tools can list and check them. */
  enabled: boolean;
  /** When `enabled` is false, why: `switched off by <setting> in <file>`, or `not switched on: …`. */
  disabledBy?: string;
  /** Hook names to skip, from settings whose switches apply to every hook (user, system, runtime). */
  disabled: ReadonlySet<string>;
  /** Config order within a source, sources in the order given. */
  entries: LoadedEntry[];
  /** Entries that never run, each with the reason: switched off by their own file, or outside a lockdown. */
  inactive: ReadonlyMap<LoadedEntry, string>;
  /** `allowManagedHooksOnly` is on: only system hooks run. */
  managedOnly: boolean;
  /** `hooksConfig.env` of every scope, merged (lib/config/envSettings.ts); absent when none sets it. */
  envPolicy?: EnvPolicy;
  /** HTTP hooks' allowlists of the user's and system settings, joined (lib/config/httpSettings.ts); absent when none sets one. */
  http?: HttpSettings;
  problems: ConfigProblem[];
}

export interface ScopeContribution {
  source: HookSource;
  settings: SourceSettings;
  /** The file the settings came from; absent for an object the host passed (named by `label`). */
  file?: string;
  label?: string;
}

const rank = (source: HookSource): number => HOOK_SOURCES.indexOf(source);

/**
 * Settings whose switches reach every hook: user, system and runtime files, and any object the host passed
 * itself (trusted like its hooks). A project or extension file's switches only reach its own hooks.
 */
const governs = ({ source, file }: ScopeContribution): boolean =>
  file === undefined || source === 'user' || source === 'system' || source === 'runtime';

const where = ({ source, file, label }: ScopeContribution): string => {
  const name = file ?? label;
  return `${source} settings${name === undefined ? '' : ` ${name}`}`;
};

/** The first of `contributions` (highest priority; first given within a scope) that sets `enableHooks`. */
const decider = (contributions: readonly ScopeContribution[]): ScopeContribution | undefined => {
  let found: ScopeContribution | undefined;
  for (const contribution of contributions) {
    if (contribution.settings.enableHooks === undefined) continue;
    if (found === undefined || rank(contribution.source) < rank(found.source)) found = contribution;
  }
  return found;
};

/** Whether hooks are on, and if not, why; `hard` when the owner's `hooksConfig.enabled: false` says so. */
interface Switch {
  on: boolean;
  reason?: string;
  hard?: boolean;
  /** The governing file whose `tools.enableHooks` decided, if one did. */
  decider?: ScopeContribution;
}

/** The switch of the settings that govern every hook (under a lockdown: system settings alone). */
const generalSwitch = (
  governing: readonly ScopeContribution[],
  others: readonly ScopeContribution[],
  managed: boolean,
): Switch => {
  const off = governing.find((contribution) => contribution.settings.hooksEnabled === false);
  if (off !== undefined)
    return { on: false, hard: true, reason: `switched off by "hooksConfig": { "enabled": false } in ${where(off)}` };
  const decided = decider(governing);
  if (decided !== undefined) {
    if (decided.settings.enableHooks === true) return { on: true, decider: decided };
    return {
      on: false,
      decider: decided,
      reason: `switched off by "tools": { "enableHooks": false } in ${where(decided)}`,
    };
  }
  if (managed || others.some((contribution) => contribution.settings.enableHooks === true)) return { on: true };
  return { on: false, reason: 'not switched on: no settings file sets "tools": { "enableHooks": true }' };
};

/** The switch of one project or extension file's own hooks: its own `false` always counts, its `true` by priority. */
const ownSwitch = (contribution: ScopeContribution, general: Switch): Switch => {
  const { enableHooks, hooksEnabled } = contribution.settings;
  if (general.hard === true) return general;
  if (hooksEnabled === false)
    return { on: false, reason: `switched off by "hooksConfig": { "enabled": false } in ${where(contribution)}` };
  if (enableHooks === false)
    return { on: false, reason: `switched off by "tools": { "enableHooks": false } in ${where(contribution)}` };
  const outranks = general.decider === undefined || rank(contribution.source) < rank(general.decider.source);
  return enableHooks === true && outranks ? { on: true } : general;
};

/** Another agent's file: its own dialect's switches (dialectSwitches.ts), under the owner's hard switch. */
const foreignSwitch = (reason: string | undefined, general: Switch): Switch =>
  general.hard === true ? general : reason === undefined ? { on: true } : { on: false, reason };

/** Merges the contributions; `problems` are passed through. */
export function mergeScopes(contributions: readonly ScopeContribution[], problems: ConfigProblem[]): LoadedSettings {
  const lockdown = contributions.find((contribution) => contribution.settings.managedOnly === true);
  const counted = lockdown === undefined ? contributions : contributions.filter((c) => c.source === 'system');
  const governing = counted.filter((contribution) => governs(contribution));
  const general = generalSwitch(
    governing,
    counted.filter((contribution) => !governs(contribution)),
    lockdown !== undefined,
  );
  const disabled = new Set(governing.flatMap((contribution) => contribution.settings.disabled));
  const entries: LoadedEntry[] = [];
  const inactive = new Map<LoadedEntry, string>();
  let enabled = general.on;
  const foreign = dialectSwitches(contributions);
  let foreignOff: string | undefined;
  for (const contribution of contributions) {
    const { settings } = contribution;
    const own = isForeign(contribution)
      ? foreignSwitch(foreign.get(contribution), general)
      : governs(contribution)
        ? general
        : ownSwitch(contribution, general);
    if (isForeign(contribution) && !own.on) foreignOff ??= own.reason;
    enabled ||= own.on && counted.includes(contribution);
    const ownDisabled = governs(contribution) ? undefined : new Set(settings.disabled);
    for (const entry of settings.entries) {
      // A loop, not push(...entries): a spread of 100 000+ arguments overflows the stack.
      entries.push(entry);
      const reason =
        lockdown !== undefined && contribution.source !== 'system'
          ? `only system hooks run: "allowManagedHooksOnly" is on in ${where(lockdown)}`
          : !own.on
            ? own.reason
            : ownDisabled?.has(entry.name) === true
              ? `named in "hooksConfig.disabled" of ${where(contribution)}`
              : undefined;
      if (reason !== undefined) inactive.set(entry, reason);
    }
  }
  const merged: LoadedSettings = {
    enabled,
    disabled,
    entries,
    inactive,
    managedOnly: lockdown !== undefined,
    problems,
  };
  // "not switched on" blames hookstream's own switch; when another agent's file switched its hooks off, say that.
  const reason =
    general.hard !== true && general.decider === undefined ? (foreignOff ?? general.reason) : general.reason;
  if (!enabled && reason !== undefined) merged.disabledBy = reason;
  const envPolicy = mergeEnvPolicies(contributions.flatMap((contribution) => contribution.settings.env ?? []));
  if (envPolicy !== undefined) merged.envPolicy = envPolicy;
  // Under a lockdown only the administrator's lists count: a user's list would widen them.
  const http = mergeHttpSettings(counted.flatMap((contribution) => contribution.settings.http ?? []));
  if (http !== undefined) merged.http = http;
  return merged;
}
