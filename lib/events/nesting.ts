/**
 * A bound on how deeply a value nests. JSON.parse reads a 100 000-deep document, but `JSON.stringify`,
 * a deep freeze or an io-ts decode of it recurse and throw `RangeError: Maximum call stack size exceeded` —
 * a hook that printed such output crashed `hookstream fire --json`. Values past the bound are refused where
 * they enter (hook output, `--input`), so every result serialises.
 */

/** Objects and arrays nested deeper than this are refused: far beyond any real hook output. */
export const MAX_NESTING_DEPTH = 64;

/**
 * More containers than a 1 MiB JSON text can hold (each takes at least 2 bytes): a value past this is not
 * parsed output but an object graph sharing nodes exponentially, which a walk must not try to finish.
 */
const MAX_CONTAINERS = 1 << 20;

/**
 * Whether `value` holds objects or arrays nested more than `limit` deep (the value itself is depth 1). Walks
 * with an explicit stack, never recursion, and stops at the first container past the limit, so a cycle
 * (a function hook's output can have one) counts as too deep instead of looping; so does a graph of more
 * than 2^20 containers.
 */
export const nestsDeeperThan = (value: unknown, limit: number = MAX_NESTING_DEPTH): boolean => {
  if (typeof value !== 'object' || value === null) return false;
  // Pairs of (container, depth) still to visit; allocated only when a container holds another one, so a
  // flat output (a function hook's `{ decision: 'allow' }`, on every event) costs one key scan.
  let pending: (object | number)[] | undefined;
  let container: object = value;
  let depth = 1;
  let visited = 0;
  for (;;) {
    if (depth > limit || ++visited > MAX_CONTAINERS) return true;
    for (const key in container) {
      if (!Object.prototype.hasOwnProperty.call(container, key)) continue;
      const child: unknown = (container as Record<string, unknown>)[key];
      if (typeof child === 'object' && child !== null) (pending ??= []).push(child, depth + 1);
    }
    if (pending === undefined || pending.length === 0) return false;
    depth = pending.pop() as number;
    container = pending.pop() as object;
  }
};
