/**
 * Merges what each scope contributed. Hooks of every scope are kept, in the order the
 * sources were given: priority and dedup are the planner's job, which needs all of them. Which of them may run
 * is decided here, per file, by the one scope rule of every dialect (dialects/scopeRule.ts, dialectSwitches.ts):
 *
 * - A switch-off (`tools.enableHooks: false`, `hooksConfig.enabled: false`, Claude's `disableAllHooks`,
 *   Gemini's `hooksConfig.enabled: false`, a name in `hooksConfig.disabled`) reaches the hooks of its own file
 *   and of its own or lower-trust scopes only: managed and system files reach every file's hooks, user files
 *   the user's, projects' and bundles' the user enabled, a project file the project's. A switch that reaches
 *   further is reported as a warning naming the file, the key and the hooks that still run.
 * - A switch-on (`tools.enableHooks: true`) counts from any file: it cannot silence a guard.
 * - hookstream's own `hooksConfig.enabled: false` speaks for every dialect's hooks; other agents' switches
 *   for their own agent's hooks.
 * - `hooksConfig.allowManagedHooksOnly: true` in system settings: only system hooks (and hooks the host
 *   registers in code) run, and only system settings' switches count; hooks are on unless they say otherwise.
 */
import type { HookSource } from '../model/types.js';
import type { ConfigProblem } from '../diagnostics/problems.js';
import type { LoadedEntry, SourceSettings } from './readSettings.js';
import type { EnvPolicy } from '../policy/envPolicy.js';
import { mergeEnvPolicies } from './envSettings.js';
import { mergeSessionPolicies, type LoadedPolicy } from './policySettings.js';
import { mergeLedgerSettings, type LoadedLedger } from './ledgerSettings.js';
import { mergeHttpSettings, type HttpSettings } from '../policy/httpPolicy.js';
import {
  contributionVotes,
  dialectOf,
  isForeign,
  refusedSwitch,
  speaksFor,
  targetScope,
  voterScope,
  whereOf,
  type ScopedVote,
} from './dialectSwitches.js';
import { HOOKSTREAM } from '../dialects/hookstream.js';
import { reaches, refusedFor, scopeVerdict, type ScopedFile, type ScopeVerdict } from '../dialects/scopeRule.js';

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
  /** `sessionPolicies` of every scope; a name keeps its most trusted scope's definition (lib/config/policySettings.ts). */
  sessionPolicies?: LoadedPolicy[];
  /** The decision ledger of the most trusted scope that sets one (lib/config/ledgerSettings.ts). */
  ledger?: LoadedLedger;
  problems: ConfigProblem[];
}

export interface ScopeContribution {
  source: HookSource;
  settings: SourceSettings;
  /** The file the settings came from; absent for an object the host passed (named by `label`). */
  file?: string;
  label?: string;
}

const NOT_SWITCHED_ON = 'not switched on: no settings file sets "tools": { "enableHooks": true }';

/** Hooks a host registers in code rank with the user's: the host is a program the user runs. */
const HOST_HOOKS: ScopedFile = { scope: 'user' };

/** Whether the switches of `contribution` speak for hooks the host registers too (its `disabled` names). */
const governsHostHooks = (contribution: ScopeContribution): boolean =>
  reaches({ scope: voterScope(contribution) }, HOST_HOOKS);

/** The verdict for the hooks of one contribution (or, `target` given, of the host's registered hooks). */
const verdictOf = (
  votes: readonly ScopedVote[],
  dialect: ScopedVote['dialect'],
  target: ScopedFile,
  lockdown: boolean,
): ScopeVerdict =>
  scopeVerdict(
    votes.filter((vote) => speaksFor(vote, dialect)).map((vote) => vote.vote),
    target,
    lockdown || dialect.enablement.default,
  );

/** Collects, per refused switch, the hooks it could not reach, and turns them into warnings. */
class Refusals {
  private readonly byKey = new Map<
    string,
    { from: Parameters<typeof refusedSwitch>[0]; hooks: Parameters<typeof refusedSwitch>[1][number][] }
  >();
  add(from: Parameters<typeof refusedSwitch>[0], entry: LoadedEntry, where: string): void {
    const key = `${from.file}\u0000${from.pointer}\u0000${from.setting}`;
    let found = this.byKey.get(key);
    if (found === undefined) this.byKey.set(key, (found = { from, hooks: [] }));
    found.hooks.push({ entry, where });
  }
  problems(): ConfigProblem[] {
    return [...this.byKey.values()].map(({ from, hooks }) => refusedSwitch(from, hooks));
  }
}

/** Merges the contributions; `problems` are passed through, with a warning per switch that reached too far. */
export function mergeScopes(contributions: readonly ScopeContribution[], problems: ConfigProblem[]): LoadedSettings {
  const lockdown = contributions.find((contribution) => contribution.settings.managedOnly === true);
  const counted = lockdown === undefined ? contributions : contributions.filter((c) => c.source === 'system');
  const votes = counted.flatMap((contribution) => contributionVotes(contribution));
  const general = verdictOf(votes, HOOKSTREAM, HOST_HOOKS, lockdown !== undefined);
  const refusals = new Refusals();
  // Names of `hooksConfig.disabled`, by the file that lists them.
  const namers = counted
    .filter((contribution) => contribution.settings.disabled.length > 0)
    .map((contribution) => ({
      contribution,
      voter: { scope: voterScope(contribution), file: contribution.file },
      names: new Set(contribution.settings.disabled),
    }));
  // A name reaches the host's hooks (the planner's `disabled`) only when it reaches every file hook of that name.
  const disabled = new Set(
    namers.filter(({ contribution }) => governsHostHooks(contribution)).flatMap(({ names }) => [...names]),
  );
  const entries: LoadedEntry[] = [];
  const inactive = new Map<LoadedEntry, string>();
  let enabled = general.enabled;
  let foreignOff: string | undefined;
  for (const contribution of contributions) {
    const { settings } = contribution;
    const dialect = dialectOf(contribution);
    const target: ScopedFile = { scope: targetScope(contribution), file: contribution.file };
    const own = verdictOf(votes, dialect, target, lockdown !== undefined);
    if (isForeign(contribution) && !own.enabled) foreignOff ??= own.by?.reason;
    enabled ||= own.enabled && counted.includes(contribution);
    const refused = votes.filter((vote) => speaksFor(vote, dialect) && refusedFor(vote.vote, target));
    const where = whereOf(contribution);
    for (const entry of settings.entries) {
      // A loop, not push(...entries): a spread of 100 000+ arguments overflows the stack.
      entries.push(entry);
      let reason =
        lockdown !== undefined && contribution.source !== 'system'
          ? `only system hooks run: "allowManagedHooksOnly" is on in ${whereOf(lockdown)}`
          : !own.enabled
            ? (own.by?.reason ?? NOT_SWITCHED_ON)
            : undefined;
      for (const namer of namers) {
        if (!namer.names.has(entry.name)) continue;
        if (reaches(namer.voter, target))
          reason ??= `named in "hooksConfig.disabled" of ${whereOf(namer.contribution)}`;
        else {
          if (governsHostHooks(namer.contribution)) disabled.delete(entry.name);
          const from = {
            file: namer.contribution.file ?? namer.contribution.label ?? '<object>',
            pointer: '/hooksConfig/disabled',
            scope: namer.voter.scope,
            setting: `"hooksConfig": { "disabled": [${JSON.stringify(entry.name)}] }`,
          };
          refusals.add(from, entry, where);
        }
      }
      if (lockdown === undefined) {
        for (const { vote } of refused) {
          const file = vote.file ?? '<object>';
          refusals.add({ file, pointer: vote.pointer, scope: vote.scope, setting: vote.setting }, entry, where);
        }
      }
      if (reason !== undefined) inactive.set(entry, reason);
    }
  }
  problems.push(...refusals.problems());
  const merged: LoadedSettings = {
    enabled,
    disabled,
    entries,
    inactive,
    managedOnly: lockdown !== undefined,
    problems,
  };
  // "not switched on" blames hookstream's own switch; when another agent's file switched its hooks off, say that.
  const reason = general.by?.reason ?? foreignOff ?? NOT_SWITCHED_ON;
  if (!enabled) merged.disabledBy = reason;
  const envPolicy = mergeEnvPolicies(contributions.flatMap((contribution) => contribution.settings.env ?? []));
  if (envPolicy !== undefined) merged.envPolicy = envPolicy;
  // Under a lockdown only the administrator's lists count: a user's list would widen them.
  const http = mergeHttpSettings(counted.flatMap((contribution) => contribution.settings.http ?? []));
  if (http !== undefined) merged.http = http;
  const policies = counted.flatMap((contribution) => contribution.settings.sessionPolicies ?? []);
  if (policies.length > 0) merged.sessionPolicies = mergeSessionPolicies(policies, problems);
  const ledger = mergeLedgerSettings(
    counted.flatMap((contribution) => contribution.settings.ledger ?? []),
    problems,
  );
  if (ledger !== undefined) merged.ledger = ledger;
  return merged;
}
