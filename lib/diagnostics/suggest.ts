/**
 * "Did you mean …?" for misspelt names: event keys (`BeforeTol`), setting keys (`matchr`) and CLI event
 * arguments. A misspelt event key silently disables every hook under it, so the message must name the fix.
 */

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions), case-insensitive. */
export const editDistance = (a: string, b: string): number => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  // Three rolling rows: the transposition step looks two rows back.
  let before = new Array<number>(y.length + 1).fill(0);
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        best = Math.min(best, (before[j - 2] as number) + 1);
      }
      current.push(best);
    }
    [before, previous] = [previous, current];
  }
  return previous[y.length] as number;
};

/** Answers per candidate list: a file repeats its typos (10 000 hooks with the same unknown key). Bounded. */
const MEMO_LIMIT = 256;
const memo = new WeakMap<readonly string[], Map<string, string | undefined>>();

/**
 * The candidate closest to `name`, when it is close enough to be a typo: at most one edit for short
 * names, up to a third of the longer name's length otherwise. Ties go to the earlier candidate.
 */
export const closestName = (name: string, candidates: readonly string[]): string | undefined => {
  let answers = memo.get(candidates);
  if (answers?.has(name) === true) return answers.get(name);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const limit = Math.max(1, Math.floor(Math.max(name.length, candidate.length) / 3));
    // The distance is at least the difference in length: most candidates end here, unmeasured.
    if (Math.abs(name.length - candidate.length) > limit) continue;
    const distance = editDistance(name, candidate);
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (answers === undefined) memo.set(candidates, (answers = new Map<string, string | undefined>()));
  if (answers.size >= MEMO_LIMIT) answers.clear();
  answers.set(name, best);
  return best;
};

/** `; did you mean BeforeTool?`, or `''` when nothing is close. */
export const didYouMean = (name: string, candidates: readonly string[]): string => {
  const suggestion = closestName(name, candidates);
  return suggestion === undefined ? '' : `; did you mean ${suggestion}?`;
};

const CLOSER: Readonly<Record<string, string>> = { '(': ')', '[': ']' };

/**
 * A repair of a regular expression that does not compile because of unbalanced brackets, as users
 * mistype them: `(write_file` → `(write_file)`, `write_file)` → `write_file`. The first candidate
 * `compiles` accepts wins; undefined when none does (or brackets were not the problem).
 */
export const repairPattern = (pattern: string, compiles: (candidate: string) => boolean): string | undefined => {
  const open: { char: string; at: number }[] = [];
  const stray: number[] = [];
  for (let at = 0; at < pattern.length; at++) {
    const char = pattern[at] as string;
    if (char === '\\') at++;
    else if (open.at(-1)?.char === '[') {
      if (char === ']') open.pop();
    } else if (char === '(' || char === '[') open.push({ char, at });
    else if (char === ')') {
      if (open.pop() === undefined) stray.push(at);
    }
  }
  if (open.length === 0 && stray.length === 0) return undefined;
  const closed =
    stray.length === 0
      ? pattern +
        open
          .map(({ char }) => CLOSER[char])
          .reverse()
          .join('')
      : undefined;
  const unmatched = new Set([...stray, ...open.map(({ at }) => at)]);
  const trimmed = pattern
    .split('')
    .filter((_, at) => !unmatched.has(at))
    .join('');
  return [closed, trimmed].find((candidate) => candidate !== undefined && candidate !== '' && compiles(candidate));
};
