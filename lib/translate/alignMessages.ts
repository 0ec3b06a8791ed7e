/**
 * Decides which SDK message each message of an edited stable request stands for, so a hook's edit lands on the
 * right message and non-text parts stay attached to their own message when others are inserted or deleted.
 */
import type { HookMessage } from '../events/inputs.js';
import { canonicalRole } from './stableFormat.js';

/**
 * For each edited message, the index of the original stable message it stands for, or undefined for a new one.
 *
 * - A message keeping its `ref` stands for the original with that ref (the first such message only: a copy made
 *   by spreading a message is a new, text-only message). Messages without a known `ref` are new.
 * - When no message carries a `ref` at all (a hook that rebuilt plain `{ role, content }` objects, or answered in
 *   the older contents shape), messages are paired with the originals positionally if the count and roles
 *   match, otherwise in order by identical role and content.
 */
export function alignMessages(
  original: readonly HookMessage[],
  edited: readonly HookMessage[],
): Array<number | undefined> {
  if (edited.every((message) => message.ref === undefined)) return pairWithoutRefs(original, edited);
  const byRef = new Map<string, number>();
  original.forEach((message, i) => {
    if (message.ref !== undefined && !byRef.has(message.ref)) byRef.set(message.ref, i);
  });
  const claimed = new Set<number>();
  return edited.map((message) => {
    const j = message.ref === undefined ? undefined : byRef.get(message.ref);
    if (j === undefined || claimed.has(j)) return undefined;
    claimed.add(j);
    return j;
  });
}

const sameRole = (a: HookMessage, b: HookMessage | undefined) =>
  b !== undefined && canonicalRole(a.role) === canonicalRole(b.role);

function pairWithoutRefs(original: readonly HookMessage[], edited: readonly HookMessage[]): Array<number | undefined> {
  // Same shape: the hook rewrote the messages one for one.
  if (edited.length === original.length && edited.every((message, i) => sameRole(message, original[i]))) {
    return edited.map((_, i) => i);
  }
  // Different shape: only messages left exactly as they were can be recognised.
  let next = 0;
  return edited.map((message) => {
    for (let j = next; j < original.length; j++) {
      if (sameRole(message, original[j]) && original[j]?.content === message.content) {
        next = j + 1;
        return j;
      }
    }
    return undefined;
  });
}
