/**
 * Whether the hooks of another agent's files run (issue #12 "Enable switch"): each dialect is enabled the way
 * its agent enables it — Claude Code's and Gemini CLI's hooks run unless a file of theirs sets
 * `disableAllHooks: true` or `hooksConfig.enabled: false` — instead of by hookstream's `tools.enableHooks`,
 * which neither agent's files have or need; Copilot's `disableAllHooks` in one hooks file turns off that file
 * alone. Only a switch that is actually set can turn hooks off, and the reason names it.
 */
import { dialectById, dialectEnablement, type EnablementVerdict } from './dialects/registry.js';
import type { Dialect, DialectId } from './dialects/types.js';
import type { SourceSettings } from './readSettings.js';

/** What enablement reads of a scope's contribution (mergeScopes.ts `ScopeContribution`). */
interface Contribution {
  readonly settings: Pick<SourceSettings, 'dialect' | 'scope' | 'raw'>;
  readonly file?: string | undefined;
}

/** Whether `contribution` is another agent's file (hookstream's own files keep the seeds' switch). */
export const isForeign = (contribution: Contribution): boolean =>
  contribution.settings.dialect !== undefined && contribution.settings.dialect !== 'hookstream';

/** `switched off by "hooksConfig": { "enabled": false } in Gemini CLI settings <file>`, as hookstream's own reasons read. */
const describe = (dialect: Dialect, verdict: EnablementVerdict): string => {
  const by = verdict.by;
  const entry = dialect.enablement.switches.find((candidate) => `/${candidate.path.join('/')}` === by?.pointer);
  let setting = by?.pointer ?? 'a setting';
  if (entry !== undefined) {
    setting = JSON.stringify(entry.value);
    for (let at = entry.path.length - 1; at >= 0; at -= 1) {
      const key = `"${entry.path[at] ?? ''}": ${setting}`;
      setting = at === 0 ? key : `{ ${key} }`;
    }
  }
  return `switched off by ${setting} in ${dialect.label} settings${by?.file === undefined ? '' : ` ${by.file}`}`;
};

/**
 * The verdict for each foreign contribution: `undefined` when its dialect runs it, else the reason it does not.
 * Contributions are given highest priority first, as mergeScopes receives them.
 */
export const dialectSwitches = <C extends Contribution>(contributions: readonly C[]): Map<C, string | undefined> => {
  const byDialect = new Map<DialectId, C[]>();
  for (const contribution of contributions) {
    if (!isForeign(contribution)) continue;
    const id = contribution.settings.dialect as DialectId;
    const list = byDialect.get(id) ?? [];
    list.push(contribution);
    byDialect.set(id, list);
  }
  const verdicts = new Map<C, string | undefined>();
  for (const [id, list] of byDialect) {
    const dialect = dialectById(id);
    const verdictOf = dialectEnablement(
      dialect,
      list.map((contribution) => ({
        scope: contribution.settings.scope ?? 'project',
        settings: contribution.settings.raw,
        ...(contribution.file === undefined ? {} : { file: contribution.file }),
      })),
    );
    for (const contribution of list) {
      const verdict = verdictOf(contribution.settings.scope ?? 'project', contribution.file);
      verdicts.set(contribution, verdict.enabled ? undefined : describe(dialect, verdict));
    }
  }
  return verdicts;
};
