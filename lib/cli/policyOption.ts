/**
 * `--policies FILE`: the session policies a command evaluates — the `sessionPolicies` of that settings file,
 * checked with the same diagnostics as any settings file (its hooks are not used) — or, without the option, those
 * of the settings the command reads. A file with errors is refused: a policy dropped for a typo would make a
 * replay look clean.
 */
import { resolve } from 'node:path';
import { loadSettingsSync, type LoadedSettings } from '../config/index.js';
import type { LoadedPolicy } from '../config/policySettings.js';
import { ruleFromSettings } from '../session/rules/fromSettings.js';
import type { NamedPolicies } from '../tools/replayPolicies.js';
import { CliError, printNote, type CliContext } from './context.js';
import { errorCount, problemLine, type ResolvedSettings } from './settingsOptions.js';

/** The policies to evaluate and where they came from (for messages). */
export interface CommandPolicies {
  readonly policies: NamedPolicies;
  readonly names: readonly string[];
  /** `policies.json`, or `the settings` when read from the command's settings files. */
  readonly origin: string;
}

const rulesOf = (policies: readonly LoadedPolicy[]): NamedPolicies =>
  Object.fromEntries(policies.map((policy) => [policy.name, ruleFromSettings(policy)]));

/** Loads `--policies FILE`, else the session policies of `settings`; problems go to stderr. */
export const commandPolicies = (
  context: CliContext,
  file: string | undefined,
  settings: () => ResolvedSettings,
): CommandPolicies => {
  let loaded: LoadedSettings;
  if (file !== undefined) {
    const path = resolve(context.cwd, file);
    loaded = loadSettingsSync([{ scope: 'user', path, required: true }]);
    for (const problem of loaded.problems) printNote(context, problemLine(problem));
    if (errorCount(loaded.problems) > 0) throw new CliError(`${file} has errors (see above); nothing was evaluated`);
    const policies = loaded.sessionPolicies ?? [];
    if (policies.length === 0) throw new CliError(`${file} defines no session policy (expected "sessionPolicies")`);
    return { policies: rulesOf(policies), names: policies.map((policy) => policy.name), origin: file };
  }
  loaded = loadSettingsSync(settings().files);
  for (const problem of loaded.problems) printNote(context, problemLine(problem));
  const policies = loaded.sessionPolicies ?? [];
  return { policies: rulesOf(policies), names: policies.map((policy) => policy.name), origin: 'the settings' };
};
