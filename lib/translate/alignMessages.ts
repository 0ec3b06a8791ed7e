/**
 * Decides which SDK message each message of an edited stable request stands for, so a hook's edit lands on the
 * right message and non-text parts stay attached to their own message when others are inserted or deleted.
 */
import type { HookMessage } from '../events/inputs.js';
import { canonicalRole } from './stableFormat.js';

/**
 * For each edited message, the index of the original stable message it stands for, or undefined for a new one.
 *
 * 1. A message keeping its `ref` stands for the original with that ref (the first such message only: a copy
 *    made by spreading a message is a new, text-only message).
 * 2. Runs of messages without a `ref` (a hook that rebuilt `{ role, content }` objects) are paired with the
 *    unclaimed originals between the same neighbours: positionally when both runs have the same length and
 *    roles, otherwise in order by identical role and content. Messages with an unknown `ref` are new.
 */
export function alignMessages(
  original: readonly HookMessage[],
  edited: readonly HookMessage[],
): Array<number | undefined> {
  const byRef = new Map<string, number>();
  original.forEach((message, i) => {
    if (message.ref !== undefined && !byRef.has(message.ref)) byRef.set(message.ref, i);
  });
  const matches: Array<number | undefined> = edited.map(() => undefined);
  const claimed = new Set<number>();
  edited.forEach((message, i) => {
    const j = message.ref === undefined ? undefined : byRef.get(message.ref);
    if (j !== undefined && !claimed.has(j)) {
      matches[i] = j;
      claimed.add(j);
    }
  });
  const free = (i: number) => matches[i] === undefined && edited[i]?.ref === undefined;
  for (let start = 0; start < edited.length; start++) {
    if (!free(start)) continue;
    let end = start;
    while (end < edited.length && free(end)) end++;
    const run = range(start, end);
    const low = anchorBefore(matches, start);
    const high = anchorAfter(matches, end) ?? original.length;
    const candidates = range(low + 1, Math.max(low + 1, high)).filter((j) => !claimed.has(j));
    pairRun(run, candidates, original, edited).forEach(([i, j]) => {
      matches[i] = j;
      claimed.add(j);
    });
    start = end;
  }
  return matches;
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);

const anchorBefore = (matches: Array<number | undefined>, start: number): number => {
  for (let i = start - 1; i >= 0; i--) if (matches[i] !== undefined) return matches[i] as number;
  return -1;
};

const anchorAfter = (matches: Array<number | undefined>, end: number): number | undefined => {
  for (let i = end; i < matches.length; i++) if (matches[i] !== undefined) return matches[i];
  return undefined;
};

const sameRole = (a: HookMessage | undefined, b: HookMessage | undefined) =>
  a !== undefined && b !== undefined && canonicalRole(a.role) === canonicalRole(b.role);

function pairRun(
  run: number[],
  candidates: number[],
  original: readonly HookMessage[],
  edited: readonly HookMessage[],
): Array<[number, number]> {
  // Same shape: the hook rewrote these messages one for one.
  if (run.length === candidates.length && run.every((i, k) => sameRole(edited[i], original[candidates[k] ?? -1]))) {
    return run.map((i, k) => [i, candidates[k] as number]);
  }
  // Different shape: keep only messages the hook left exactly as they were.
  const pairs: Array<[number, number]> = [];
  let next = 0;
  for (const i of run) {
    const message = edited[i];
    const found = candidates.findIndex(
      (j, k) => k >= next && sameRole(message, original[j]) && original[j]?.content === message?.content,
    );
    if (found >= 0) {
      pairs.push([i, candidates[found] as number]);
      next = found + 1;
    }
  }
  return pairs;
}
