/**
 * The scope rule, one table for every dialect (hookstream, Claude Code, Gemini CLI, Cursor, Copilot, Codex):
 * which hooks a file's switches may switch off. A file switches off, disables or reconfigures hooks of its own
 * scope or of lower-trust scopes only; the administrator's managed or system files outrank everyone; a project
 * (what a cloned repository controls) never decides for the user's, the system's or the administrator's hooks,
 * nor for plugins and extensions the user installed or enabled. Switching hooks *on* is never refused: it cannot
 * silence a guard. A switch that reaches too far still switches off what it may, and the rest is reported.
 */
import type { DialectScope } from './types.js';

/** Every scope a switch can come from or apply to: the dialects' own, the host's code, and bundles. */
export type TrustScope = DialectScope | 'runtime' | 'extension';

/**
 * THE table: the scopes whose hooks the switches of a file at each scope reach (its own file's hooks always).
 * `runtime` is an object the host passes in code; `extension` is a plugin's or extension's own hooks file.
 * A bundle's hooks rank with the scope that installed or enabled it (a plugin the user enabled is `user`'s;
 * one only a project enables is `project`'s); `extension` as a target is a bundle installed by the user.
 */
export const SWITCH_REACH: Readonly<Record<TrustScope, readonly TrustScope[]>> = {
  runtime: ['runtime', 'managed', 'system', 'user', 'extension', 'project', 'local'],
  managed: ['managed', 'system', 'user', 'extension', 'project', 'local'],
  system: ['managed', 'system', 'user', 'extension', 'project', 'local'],
  user: ['user', 'extension', 'project', 'local'],
  project: ['project', 'local'],
  local: ['project', 'local'],
  extension: [],
};

/** Trust rank, higher outranks: where two files disagree about one plugin, the higher one decides. */
export const TRUST_RANK: Readonly<Record<TrustScope, number>> = {
  runtime: 4,
  managed: 3,
  system: 3,
  user: 2,
  extension: 2,
  project: 1,
  local: 1,
};

/** A file (or the host's object, `file` absent) at a scope. */
export interface ScopedFile {
  readonly scope: TrustScope;
  readonly file?: string | undefined;
}

/** Whether switches of `voter` may switch off hooks of `target`: its own file, or a scope the table lists. */
export const reaches = (voter: ScopedFile, target: ScopedFile): boolean =>
  (voter.file !== undefined && voter.file === target.file) || SWITCH_REACH[voter.scope].includes(target.scope);

/** One switch a file sets: `"disableAllHooks": true` in one Claude Code settings file. */
export interface SwitchVote extends ScopedFile {
  readonly effect: 'enable' | 'disable';
  /** It applies to the hooks of its own file alone, by the agent's definition (Copilot's `disableAllHooks`). */
  readonly ownFileOnly: boolean;
  /** JSON pointer of the switch in its file. */
  readonly pointer: string;
  /** `switched off by "disableAllHooks": true in Claude Code settings <file>`: what a hook it decides says. */
  readonly reason: string;
}

export interface ScopeVerdict {
  readonly enabled: boolean;
  /** The switch that decided, when one did. */
  readonly by?: SwitchVote;
}

/** Whether `vote` applies to the hooks of `target`. */
export const voteApplies = (vote: SwitchVote, target: ScopedFile): boolean =>
  vote.ownFileOnly ? vote.file !== undefined && vote.file === target.file : reaches(vote, target);

/**
 * Whether the hooks of `target` run: off when a switch-off that reaches them is set; else on when any file
 * switches hooks on (an enable cannot silence a guard, so any scope's counts) or when the dialect runs hooks
 * by default.
 */
export const scopeVerdict = (votes: readonly SwitchVote[], target: ScopedFile, defaultOn: boolean): ScopeVerdict => {
  let enable: SwitchVote | undefined;
  for (const vote of votes) {
    if (vote.effect === 'disable') {
      if (voteApplies(vote, target)) return { enabled: false, by: vote };
    } else enable ??= vote;
  }
  if (enable !== undefined) return { enabled: true, by: enable };
  return { enabled: defaultOn };
};

/** Whether a switch-off is refused for `target`: it reaches beyond its own scope's hooks and not this one's. */
export const refusedFor = (vote: SwitchVote, target: ScopedFile): boolean =>
  vote.effect === 'disable' && !vote.ownFileOnly && !reaches(vote, target);
