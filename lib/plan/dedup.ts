/**
 * Dedup with trust decided first (DESIGN §5 "Trust", issue 11): the same command planned twice for an
 * event runs once, the highest-priority *trusted* instance kept. An unapproved project copy of a user's
 * guard used to win the dedup by priority and then be skipped as untrusted, so the guard ran zero times;
 * now an untrusted copy never shadows a trusted one, and is dropped when a trusted copy runs.
 * An untrusted copy with no trusted twin stays in the plan, so the run reports it as `untrusted`.
 */
import type { HookEntry } from '../core/types.js';
import { entryKey } from './createEntry.js';

/** What planning asks of trust: synchronous, without asking anyone (an approval callback is asked at run time). */
export interface PlanTrust {
  needsApproval(entry: Omit<HookEntry, 'id'>): boolean;
  /** It needs no approval, or it is approved as it is now. */
  isTrusted(entry: Omit<HookEntry, 'id'>): boolean;
}

/**
 * The keys whose outcome depends on trust: shared by two or more of `entries`, at least one of which needs
 * an approval. Empty (the usual case) means dedup by priority alone is the answer, whatever is approved.
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
 * `entries` (in priority order) without duplicates: per key, the first trusted entry; or, when no entry of
 * the key is trusted, the first one (it will be reported as untrusted).
 *
 * @param contested From `contestedKeys`: only these keys ask `trust`, the rest keep their first entry.
 * @return The kept entries, in their original order, and for each dropped one the entry that replaced it.
 */
export const dedupEntries = <E extends Omit<HookEntry, 'id'>>(
  entries: readonly E[],
  trust: PlanTrust | undefined,
  contested: ReadonlySet<string> = contestedKeys(entries, trust),
): { kept: E[]; dropped: Map<E, E> } => {
  const winner = new Map<string, E>();
  if (trust !== undefined && contested.size > 0) {
    for (const entry of entries) {
      const key = entryKey(entry);
      if (contested.has(key) && !winner.has(key) && trust.isTrusted(entry)) winner.set(key, entry);
    }
  }
  for (const entry of entries) {
    const key = entryKey(entry);
    if (!winner.has(key)) winner.set(key, entry);
  }
  const kept: E[] = [];
  const dropped = new Map<E, E>();
  for (const entry of entries) {
    const chosen = winner.get(entryKey(entry));
    if (chosen === entry) kept.push(entry);
    else if (chosen !== undefined) dropped.set(entry, chosen);
  }
  return { kept, dropped };
};
