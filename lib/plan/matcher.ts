/**
 * Hook matchers: an unanchored, case-sensitive regular expression tested
 * against the event's match target (a tool name, a session trigger). Matching runs on re2js, a
 * linear-time engine, so a pathological pattern such as `(a+)+$` cannot stall the event loop;
 * V8's backtracking RegExp is never used to match.
 */
import { RE2JS } from 're2js';
import type { Matcher } from '../model/types.js';
import { errorText } from '../core/guards.js';

export interface CompiledMatcher {
  matcher: Matcher;
  /** Set when the pattern could not be used as a regular expression and matches by exact string instead. */
  problem?: string;
}

/** Tool names repeat, so a few hundred remembered answers cover a session. */
const MEMO_LIMIT = 256;

const matchAll = (pattern: string): Matcher => ({ pattern, test: () => true });

const exact = (pattern: string): Matcher => ({ pattern, test: (target) => target === pattern });

/**
 * Wraps a test so each target's answer is computed once; the oldest answer goes when the memo is full. The last
 * answer is kept apart: a run of events asks about the same tool name (often the very string), cheaper to compare
 * than to look up.
 */
const memoised = (pattern: string, test: (target: string) => boolean): Matcher => {
  const memo = new Map<string, boolean>();
  let lastTarget: string | undefined;
  let lastAnswer = false;
  return {
    pattern,
    test(target) {
      if (target === lastTarget) return lastAnswer;
      const known = memo.get(target);
      if (known !== undefined) {
        lastTarget = target;
        lastAnswer = known;
        return known;
      }
      const result = test(target);
      if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
      memo.set(target, result);
      lastTarget = target;
      lastAnswer = result;
      return result;
    },
  };
};

/** Is `pattern` valid for JS RegExp? Compiling (not running) a RegExp is cheap and safe. */
const isJsRegExp = (pattern: string): boolean => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

/**
 * Compiles a hook matcher once, at load.
 *
 * - `''` and `'*'` match everything.
 * - Otherwise the pattern is a regular expression in JS syntax, searched anywhere in the target
 *   (`Edit|Write` matches `MultiEdit`; anchor with `^…$` for whole names), case-sensitive.
 * - Note the glob-looking `write_*` from the API reference is a regex too: `write` followed by zero
 *   or more `_`, so it matches `write_file` and also `rewrite`. Use `^write_` for a prefix.
 * - A pattern that is not a valid regular expression, or that needs backtracking features the
 *   linear-time engine lacks (backreferences, lookahead, lookbehind), matches by exact string and
 *   comes back with a `problem` to report at load.
 *
 * @example
 * const { matcher } = compileMatcher('^(write_file|replace)$');
 * matcher.test('write_file'); // true
 */
export function compileMatcher(pattern: string): CompiledMatcher {
  if (pattern === '' || pattern === '*') return { matcher: matchAll(pattern) };
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(pattern));
    return { matcher: memoised(pattern, (target) => re.test(target)) };
  } catch (error) {
    const reason = errorText(error);
    const problem = isJsRegExp(pattern)
      ? `matcher ${JSON.stringify(pattern)} uses regular-expression features that cannot be matched in linear time ` +
        `(backreferences, lookaround): ${reason}; matching by exact string instead`
      : `matcher ${JSON.stringify(pattern)} is not a valid regular expression (${reason}); matching by exact string instead`;
    return { matcher: exact(pattern), problem };
  }
}
