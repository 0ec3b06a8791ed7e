/**
 * Dedup that cannot take over a guard. The same hook planned twice for an event runs once — "the same" meaning
 * the same key (createEntry.ts `entryKey`: the whole definition that decides behaviour, its `if` and its bundle),
 * so a copy with `async: true`, an `if` that never holds or `timeout: 1` is another hook and both run. Of equal
 * copies the one kept is, first, a trusted one (an unapproved project copy never shadows a trusted hook, and is
 * dropped when a trusted copy runs), then the one from the most trusted source (host code, the administrator's
 * system files, the user's, a project's, a bundle's), then the first in priority order: a lower-trust copy never
 * replaces a higher-trust one, even once approved. An untrusted copy with no trusted twin stays in the plan, so
 * the run reports it as `untrusted`.
 */
import type { HookEntry, HookSource } from '../core/types.js';
import { entryKey } from './createEntry.js';

/** What planning asks of trust: synchronous, without asking anyone (an approval callback is asked at run time). */
export interface PlanTrust {
  needsApproval(entry: Omit<HookEntry, 'id'>): boolean;
  /** It needs no approval, or it is approved as it is now. */
  isTrusted(entry: Omit<HookEntry, 'id'>): boolean;
}

/** How far each source is trusted, higher first: not the planning priority, where a project's hooks come first. */
export const SOURCE_TRUST: Readonly<Record<HookSource, number>> = {
  runtime: 4,
  system: 3,
  user: 2,
  project: 1,
  extension: 0,
};

/**
 * Whether `a` is kept over `b`, two entries with one key: the trusted one, else the one from the more trusted
 * source, else the one earlier in priority order (`aFirst`).
 */
export const keptOver = (
  a: Pick<HookEntry, 'origin'>,
  aTrusted: boolean,
  b: Pick<HookEntry, 'origin'>,
  bTrusted: boolean,
  aFirst: boolean,
): boolean => {
  if (aTrusted !== bTrusted) return aTrusted;
  const rank = SOURCE_TRUST[a.origin.source] - SOURCE_TRUST[b.origin.source];
  return rank === 0 ? aFirst : rank > 0;
};

/**
 * The keys whose outcome depends on trust: shared by two or more of `entries`, at least one of which needs
 * an approval. Empty (the usual case) means dedup by source trust alone is the answer, whatever is approved.
 */
export const contestedKeys = (entries: readonly Omit<HookEntry, 'id'>[], trust: PlanTrust | undefined): Set<string> => {
  const contested = new Set<string>();
  if (trust === undefined || !entries.some((entry) => trust.needsApproval(entry))) return contested;
  const seen = new Map<string, boolean>();
  for (const entry of entries) {
    const key = entryKey(entry);
    const needs = trust.needsApproval(entry);
    const before = seen.get(key);
    if (before !== undefined && (before || needs)) contested.add(key);
    seen.set(key, (before ?? false) || needs);
  }
  return contested;
};

/**
 * `entries` (in priority order) without duplicates: per key, the entry `keptOver` all its copies.
 *
 * @param contested From `contestedKeys`: only these keys ask `trust`; the others count every entry trusted.
 * @return The kept entries, in their original order, and for each dropped one the entry that replaced it.
 */
export const dedupEntries = <E extends Omit<HookEntry, 'id'>>(
  entries: readonly E[],
  trust: PlanTrust | undefined,
  contested: ReadonlySet<string> = contestedKeys(entries, trust),
): { kept: E[]; dropped: Map<E, E> } => {
  const winner = new Map<string, { entry: E; trusted: boolean }>();
  let duplicated = false;
  for (const entry of entries) {
    const key = entryKey(entry);
    const trusted = trust === undefined || !contested.has(key) || trust.isTrusted(entry);
    const before = winner.get(key);
    if (before === undefined) winner.set(key, { entry, trusted });
    else {
      duplicated = true;
      if (!keptOver(before.entry, before.trusted, entry, trusted, true)) winner.set(key, { entry, trusted });
    }
  }
  const dropped = new Map<E, E>();
  // No key seen twice (the usual case): nothing to drop, the list as given.
  if (!duplicated) return { kept: [...entries], dropped };
  const kept: E[] = [];
  for (const entry of entries) {
    const chosen = winner.get(entryKey(entry))?.entry;
    if (chosen === entry) kept.push(entry);
    else if (chosen !== undefined) dropped.set(entry, chosen);
  }
  return { kept, dropped };
};
