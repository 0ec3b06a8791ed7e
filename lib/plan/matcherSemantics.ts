/**
 * How each dialect reads a matcher. The same text means different things per agent:
 * `Bash` is an unanchored regular expression for hookstream (it fires for `BashOutput` too), an exact tool
 * name for Claude Code, and for Gemini CLI a regular expression on tool events but an exact string on
 * lifecycle events (`startup`). Regular expressions always go through the linear-time `compileMatcher`.
 */
import { basename } from 'node:path';
import type { Matcher } from '../model/types.js';
import { compileMatcher, type CompiledMatcher } from './matcher.js';

/**
 * - `regex`: hookstream's rule (lib/plan/matcher.ts): an unanchored regular expression.
 * - `exact`: the whole (trimmed) text is the one value that matches (Gemini CLI's lifecycle events).
 * - `claude`: only letters, digits, `_`, `-`, spaces, `,` and `|` → an exact name, or a list of names split
 *   on `|` or `,`; anything else → an unanchored regular expression.
 * - `claude-narrow`: the same with only letters, digits, `_` and `|` (Claude's `StopFailure`).
 * - `filenames`: always a `|`-separated list of literal names, never a regular expression (Claude's
 *   `FileChanged`: `.envrc|.env` names two files, and `.env` must not match `.env.local`).
 */
export type MatcherKind = 'regex' | 'exact' | 'claude' | 'claude-narrow' | 'filenames';

const CLAUDE_NAMES = /^[A-Za-z0-9_\-, |]+$/;
const CLAUDE_NARROW_NAMES = /^[A-Za-z0-9_|]+$/;

const matchAll = (pattern: string): Matcher => ({ pattern, test: () => true });

/** A set of exact names: one `Set` lookup per test, nothing to memoise. */
const names = (pattern: string, list: readonly string[]): Matcher => {
  const wanted = new Set(list);
  return { pattern, test: (target) => wanted.has(target) };
};

/** An exact-name list, or the problem that makes it unusable. */
const nameList = (pattern: string, separators: RegExp): CompiledMatcher => {
  const list = pattern
    .split(separators)
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (list.length > 0) return { matcher: names(pattern, list) };
  // Separators and blanks only: a typo. Running the hooks is the safe reading (never fail open).
  return {
    matcher: matchAll(pattern),
    problem: `matcher ${JSON.stringify(pattern)} names nothing; it matches everything`,
  };
};

/**
 * Compiles a matcher the way `kind` reads it, once, at load.
 *
 * @example
 * compileDialectMatcher('Read|Edit|Write|Bash', 'claude').matcher.test('TodoWrite'); // false
 * compileDialectMatcher('mcp__memory__.*', 'claude').matcher.test('mcp__memory__read'); // true
 * @return The matcher, and a problem to report at load when the pattern was degraded.
 */
export function compileDialectMatcher(pattern: string, kind: MatcherKind): CompiledMatcher {
  const trimmed = kind === 'regex' ? pattern : pattern.trim();
  if (trimmed === '' || trimmed === '*') return { matcher: matchAll(pattern) };
  switch (kind) {
    case 'regex':
      return compileMatcher(pattern);
    case 'exact':
      return { matcher: names(pattern, [trimmed]) };
    case 'claude':
      return CLAUDE_NAMES.test(pattern) ? nameList(pattern, /[|,]/) : compileMatcher(pattern);
    case 'claude-narrow':
      return CLAUDE_NARROW_NAMES.test(pattern) ? nameList(pattern, /\|/) : compileMatcher(pattern);
    case 'filenames':
      return nameList(pattern, /\|/);
  }
}

/** `matcher` tested against the last path segment of its target: Claude's FileChanged `.envrc|.env` names files. */
export const onBasename = (matcher: Matcher): Matcher => ({
  pattern: matcher.pattern,
  test: (target) => matcher.test(basename(target)),
});

/** How the value a matcher is tested against is taken from an event's input. */
export interface MatchTargetSpec {
  /** Input field holding the value; absent: the event has no matcher support. */
  readonly matchTarget?: string;
  /** Test the last path segment of the field (Claude's `FileChanged` matches the changed file's name). */
  readonly matchBasename?: boolean;
}

/**
 * The value a matcher is tested against for one input, or `undefined` when the event has no match target or
 * the field is not a string (then only a match-all matcher fires).
 */
export const matchTargetValue = (
  spec: MatchTargetSpec,
  input: Readonly<Record<string, unknown>>,
): string | undefined => {
  if (spec.matchTarget === undefined) return undefined;
  const value = input[spec.matchTarget];
  if (typeof value !== 'string') return undefined;
  return spec.matchBasename === true ? basename(value) : value;
};
