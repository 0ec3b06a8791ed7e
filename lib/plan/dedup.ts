/**
 * Dedup that cannot take over a guard. Copies of one command planned for an event (createEntry.ts
 * `commandGroupKey`) are ordered by who is kept first: a trusted copy (an unapproved project copy never
 * shadows a trusted hook), then the copy from the most trusted source (host code, the administrator's system
 * files, the user's, a project's, a bundle's), then the first in priority order. A copy is dropped only for a
 * kept one that stands for it: the same definition (`entryKey`: everything but name and description, plus its
 * `if`), or the same source's trust (one author's copies of a command run once, as before — a hook shipped for
 * two agents). So a lower-trust copy never replaces a higher-trust hook: an equal one runs once, as the more
 * trusted hook; one with `async: true`, an `if` that never holds or `timeout: 1` is another hook, and both run.
 * An untrusted copy that nothing stands for stays in the plan, so the run reports it as `untrusted`.
 */
import type { HookEntry, HookSource } from '../model/types.js';
import { commandGroupKey, entryKey } from './createEntry.js';

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
 * Whether `a` is kept before `b`, two copies of one command: the trusted one, else the one from the more
 * trusted source, else the one earlier in priority order (`aFirst`).
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

/** Whether kept copy `kept` stands for `copy`: the same definition, or a source trusted as much. */
export const standsFor = (
  kept: Pick<HookEntry, 'definition' | 'origin' | 'condition'>,
  copy: Pick<HookEntry, 'definition' | 'origin' | 'condition'>,
): boolean =>
  SOURCE_TRUST[kept.origin.source] === SOURCE_TRUST[copy.origin.source] || entryKey(kept) === entryKey(copy);

/**
 * The command groups whose outcome depends on trust: shared by two or more of `entries`, at least one of which
 * needs an approval. Empty (the usual case) means dedup by source trust alone is the answer, whatever is approved.
 */
export const contestedKeys = (entries: readonly Omit<HookEntry, 'id'>[], trust: PlanTrust | undefined): Set<string> => {
  const contested = new Set<string>();
  if (trust === undefined || !entries.some((entry) => trust.needsApproval(entry))) return contested;
  const seen = new Map<string, boolean>();
  for (const entry of entries) {
    const key = commandGroupKey(entry);
    const needs = trust.needsApproval(entry);
    const before = seen.get(key);
    if (before !== undefined && (before || needs)) contested.add(key);
    seen.set(key, (before ?? false) || needs);
  }
  return contested;
};

/**
 * `entries` (in priority order) without duplicates: per command group, copies in `keptOver` order, each dropped
 * when a kept one `standsFor` it.
 *
 * @param contested From `contestedKeys`: only these groups ask `trust`; the others count every entry trusted.
 * @return The kept entries, in their original order, and for each dropped one the entry that stands for it.
 */
export const dedupEntries = <E extends Omit<HookEntry, 'id'>>(
  entries: readonly E[],
  trust: PlanTrust | undefined,
  contested: ReadonlySet<string> = contestedKeys(entries, trust),
): { kept: E[]; dropped: Map<E, E> } => {
  const groups = new Map<string, E[]>();
  let duplicated = false;
  for (const entry of entries) {
    const key = commandGroupKey(entry);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [entry]);
    else {
      group.push(entry);
      duplicated = true;
    }
  }
  const dropped = new Map<E, E>();
  // No command planned twice (the usual case): nothing to drop, the list as given.
  if (!duplicated) return { kept: [...entries], dropped };
  for (const [key, group] of groups) {
    if (group.length < 2) continue;
    const trusted = new Map(
      group.map((entry) => [entry, trust === undefined || !contested.has(key) || trust.isTrusted(entry)]),
    );
    const order = group
      .map((entry, index) => ({ entry, index }))
      .sort((a, b) =>
        keptOver(a.entry, trusted.get(a.entry) === true, b.entry, trusted.get(b.entry) === true, a.index < b.index)
          ? -1
          : 1,
      );
    const kept: E[] = [];
    for (const { entry } of order) {
      const twin = kept.find((candidate) => standsFor(candidate, entry));
      if (twin === undefined) kept.push(entry);
      else dropped.set(entry, twin);
    }
  }
  return { kept: entries.filter((entry) => !dropped.has(entry)), dropped };
};
