/**
 * The switches of every scope's files as votes of the one scope rule (dialects/scopeRule.ts), for hookstream's
 * own files and every other agent's alike: each file's switches are read from its dialect's table (Claude's
 * `disableAllHooks`, Gemini's `hooksConfig.enabled`, Copilot's per-file `disableAllHooks`, hookstream's
 * `tools.enableHooks` and `hooksConfig.enabled`), each file ranks by its scope, and a switch reaches only the
 * hooks the rule lets that scope reach. What a switch could not reach is reported, never silently obeyed.
 */
import type { HookSource } from '../model/types.js';
import { dialectById, switchVotes, type DialectVote } from '../dialects/registry.js';
import { SWITCH_REACH, type TrustScope } from '../dialects/scopeRule.js';
import type { Dialect } from '../dialects/types.js';
import type { ConfigProblem } from '../diagnostics/problems.js';
import type { LoadedEntry, SourceSettings } from './readSettings.js';

/** What the rule reads of a scope's contribution (mergeScopes.ts `ScopeContribution`). */
export interface Contribution {
  readonly source: HookSource;
  readonly settings: Pick<SourceSettings, 'dialect' | 'scope' | 'raw' | 'enableHooks' | 'hooksEnabled'>;
  readonly file?: string | undefined;
  readonly label?: string | undefined;
}

/** Whether `contribution` is another agent's file (hookstream's own files keep the seeds' switch). */
export const isForeign = (contribution: Contribution): boolean =>
  contribution.settings.dialect !== undefined && contribution.settings.dialect !== 'hookstream';

export const dialectOf = (contribution: Contribution): Dialect =>
  dialectById(contribution.settings.dialect ?? 'hookstream');

/** The scope a contribution's switches speak for: an object the host passed is the host's; a bundle's file its own. */
export const voterScope = ({ source, file, settings }: Contribution): TrustScope =>
  file === undefined || source === 'runtime'
    ? 'runtime'
    : source === 'extension'
      ? 'extension'
      : (settings.scope ?? source);

/** The scope a contribution's hooks rank with: a bundle's with the scope that installed or enabled it. */
export const targetScope = ({ source, file, settings }: Contribution): TrustScope =>
  file === undefined || source === 'runtime' ? 'runtime' : (settings.scope ?? source);

/** `user settings /home/u/.hookstream/settings.json`, `Claude Code settings /repo/.claude/settings.json`. */
export const whereOf = (contribution: Contribution): string => {
  const name = contribution.file ?? contribution.label;
  const owner = isForeign(contribution) ? dialectOf(contribution).label : contribution.source;
  return `${owner} settings${name === undefined ? '' : ` ${name}`}`;
};

/** One vote with the dialect it came from. */
export interface ScopedVote {
  readonly vote: DialectVote;
  readonly dialect: Dialect;
}

/**
 * The switches `contribution` sets. hookstream's own files are read from their decoded fields (a value of the
 * wrong type was reported there and decides nothing); other agents' from the parsed file.
 */
export const contributionVotes = (contribution: Contribution): ScopedVote[] => {
  const dialect = dialectOf(contribution);
  const { enableHooks, hooksEnabled } = contribution.settings;
  const settings = isForeign(contribution)
    ? contribution.settings.raw
    : { tools: { enableHooks }, hooksConfig: { enabled: hooksEnabled } };
  const file = { scope: voterScope(contribution), settings, file: contribution.file, where: whereOf(contribution) };
  return switchVotes(dialect, file).map((vote) => ({ vote, dialect }));
};

/** Whether `vote` speaks about hooks of `dialect`: its own dialect's, or every dialect's (hookstream's master switch). */
export const speaksFor = (vote: ScopedVote, dialect: Dialect): boolean =>
  vote.dialect.id === dialect.id || vote.vote.entry.everyDialect === true;

const SHOWN = 5;

/** `a project file's switches reach project and local hooks only`, from the table. */
const reachText = (scope: TrustScope): string => {
  const reach = SWITCH_REACH[scope];
  return reach.length === 0
    ? `a ${scope} file's switches reach its own hooks only`
    : `a ${scope} file's switches reach ${reach.join(', ').replace(/, ([^,]*)$/, ' and $1')} hooks only`;
};

/**
 * The warning for a switch that could not reach `hooks` (each with where it came from): the file and pointer of
 * the switch, what it says, and the hooks that still run.
 */
export const refusedSwitch = (
  from: { readonly file: string; readonly pointer: string; readonly scope: TrustScope; readonly setting: string },
  hooks: readonly { readonly entry: LoadedEntry; readonly where: string }[],
): ConfigProblem => {
  const shown = hooks
    .slice(0, SHOWN)
    .map(({ entry, where }) => `${entry.name} (${entry.event}, ${where})`)
    .join(', ');
  const more = hooks.length > SHOWN ? `, and ${hooks.length - SHOWN} more` : '';
  return {
    severity: 'warning',
    file: from.file,
    pointer: from.pointer,
    message:
      `${from.setting} cannot switch off ${hooks.length === 1 ? 'a hook' : `${hooks.length} hooks`} of a higher-trust ` +
      `scope, which still ${hooks.length === 1 ? 'runs' : 'run'}: ${shown}${more}; ${reachText(from.scope)}`,
  };
};
