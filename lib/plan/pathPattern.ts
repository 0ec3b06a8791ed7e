/**
 * The glob matching of Claude's permission rules, for `if` conditions: `*` wildcards over a whole string
 * (`Bash(git * main)`), and gitignore-style path patterns with four anchors for `Read(…)`/`Edit(…)`/`Write(…)`:
 * `//abs` from the filesystem root, `~/p` from the home directory, `/p` from the project root, `p` or `./p`
 * from the current directory. A pattern without a `/` matches at any depth below its anchor (`.env*`), and a
 * file matches when it or any directory above it (below the anchor) matches, as in gitignore.
 *
 * No regular expressions: matching is a two-pointer walk, O(pattern × text) at worst, so a pattern such as
 * `*a*a*a*b` cannot stall the event loop.
 */
import { isAbsolute, relative, resolve } from 'node:path';

type Token = { star: true } | { star: false; test: (char: string) => boolean };

/** `[…]` at `at` (just after `[`): a class test and the index after `]`, or undefined when unclosed. */
const readClass = (pattern: string, at: number): { test: (char: string) => boolean; end: number } | undefined => {
  const negate = pattern[at] === '!' || pattern[at] === '^';
  let index = negate ? at + 1 : at;
  const ranges: [string, string][] = [];
  // A `]` right after the opening is a member, not the end.
  for (let first = true; index < pattern.length; first = false) {
    const char = pattern[index] as string;
    if (char === ']' && !first) {
      const inClass = (c: string) => ranges.some(([low, high]) => c >= low && c <= high);
      return { test: (c) => inClass(c) !== negate, end: index + 1 };
    }
    const high = pattern[index + 2];
    if (pattern[index + 1] === '-' && high !== undefined && high !== ']') {
      ranges.push([char, high]);
      index += 3;
    } else {
      ranges.push([char, char]);
      index += 1;
    }
  }
  return undefined;
};

/** `*` any run, `?` one character, `[…]` a class, `\x` a literal (classes only when `classes`). */
const tokenize = (pattern: string, classes: boolean): Token[] => {
  const tokens: Token[] = [];
  for (let at = 0; at < pattern.length;) {
    const char = pattern[at] as string;
    const klass = classes && char === '[' ? readClass(pattern, at + 1) : undefined;
    if (char === '*') {
      if (!tokens.at(-1)?.star) tokens.push({ star: true });
      at += 1;
    } else if (classes && char === '?') {
      tokens.push({ star: false, test: () => true });
      at += 1;
    } else if (klass !== undefined) {
      tokens.push({ star: false, test: klass.test });
      at = klass.end;
    } else {
      const escaped = classes && char === '\\' && at + 1 < pattern.length;
      const literal = escaped ? (pattern[at + 1] as string) : char;
      tokens.push({ star: false, test: (c) => c === literal });
      at += escaped ? 2 : 1;
    }
  }
  return tokens;
};

/** Whole-string match of `tokens` against `text`; backtracks only to the last star. */
const matchTokens = (tokens: readonly Token[], text: string): boolean => {
  let t = 0;
  let s = 0;
  let starAt = -1;
  let starText = 0;
  while (s < text.length) {
    const token = tokens[t];
    if (token !== undefined && !token.star && token.test(text[s] as string)) {
      t += 1;
      s += 1;
    } else if (token?.star === true) {
      starAt = t;
      starText = s;
      t += 1;
    } else if (starAt !== -1) {
      t = starAt + 1;
      starText += 1;
      s = starText;
    } else return false;
  }
  while (tokens[t]?.star === true) t += 1;
  return t === tokens.length;
};

/**
 * `*` matches any run of characters (spaces and `/` included); everything else is literal.
 *
 * @example
 * wildcardMatch('git * main', 'git merge main'); // true
 */
export const wildcardMatch = (pattern: string, text: string): boolean => matchTokens(tokenize(pattern, false), text);

/** {@link wildcardMatch} with the pattern read once, for a rule tested on every call. */
export const compileWildcard = (pattern: string): ((text: string) => boolean) => {
  const tokens = tokenize(pattern, false);
  return (text) => matchTokens(tokens, text);
};

/** A path rule split into its anchor and its segments (`**` a segment of its own). */
export interface PathRule {
  readonly anchor: 'root' | 'home' | 'project' | 'cwd';
  readonly segments: readonly string[];
}

/** Where relative rules and paths are resolved from. */
export interface PathContext {
  readonly cwd: string;
  readonly projectDir: string;
  readonly home: string;
}

/** Reads the specifier of `Read(…)`, `Edit(…)` or `Write(…)`. */
export const parsePathRule = (specifier: string): PathRule => {
  const [anchor, rest]: [PathRule['anchor'], string] = specifier.startsWith('//')
    ? ['root', specifier.slice(2)]
    : specifier === '~' || specifier.startsWith('~/')
      ? ['home', specifier.slice(2)]
      : specifier.startsWith('/')
        ? ['project', specifier.slice(1)]
        : ['cwd', specifier.startsWith('./') ? specifier.slice(2) : specifier];
  const body = rest.replace(/\/+$/, '');
  const segments = body.split('/').filter((segment) => segment !== '' && segment !== '.');
  // gitignore: a pattern with no slash inside matches at any depth; an empty one matches all below its anchor.
  if (segments.length === 0) return { anchor, segments: ['**'] };
  return { anchor, segments: body.includes('/') || segments[0] === '**' ? segments : ['**', ...segments] };
};

const anchorDir = (anchor: PathRule['anchor'], context: PathContext): string =>
  anchor === 'root' ? '/' : anchor === 'home' ? context.home : anchor === 'project' ? context.projectDir : context.cwd;

/** Segment-list match with `**` as zero or more segments: a small table, one row per pattern segment. */
const matchSegments = (pattern: readonly ('**' | Token[])[], path: readonly string[]): boolean[] => {
  // reach[j]: the pattern so far matches the first j path segments. Returned for every prefix of the path.
  let reach = path.map(() => false).concat(false);
  reach[0] = true;
  for (const segment of pattern) {
    const next = reach.map(() => false);
    for (let j = 0; j <= path.length; j += 1) {
      if (!reach[j]) continue;
      if (segment === '**') {
        for (let k = j; k <= path.length; k += 1) next[k] = true;
      } else if (j < path.length && matchTokens(segment, path[j] as string)) next[j + 1] = true;
    }
    reach = next;
  }
  return reach;
};

/** Each rule's segments read once. */
const compiledRules = new WeakMap<PathRule, readonly ('**' | Token[])[]>();

/**
 * Whether `file` (absolute, or relative to the current directory) falls under the path rule.
 *
 * @example
 * const rule = parsePathRule('.env*');
 * matchesPathRule(rule, '/repo/config/.env.local', { cwd: '/repo', projectDir: '/repo', home: '/home/u' }); // true
 */
export const matchesPathRule = (rule: PathRule, file: string, context: PathContext): boolean => {
  const expanded = file === '~' || file.startsWith('~/') ? `${context.home}${file.slice(1)}` : file;
  const within = relative(anchorDir(rule.anchor, context), resolve(context.cwd, expanded));
  if (within === '' || within.startsWith('..') || isAbsolute(within)) return false;
  let pattern = compiledRules.get(rule);
  if (pattern === undefined) {
    pattern = rule.segments.map((segment) => (segment === '**' ? segment : tokenize(segment, true)));
    compiledRules.set(rule, pattern);
  }
  // The file itself or any directory above it (gitignore: a matched directory covers what is inside).
  return matchSegments(pattern, within.split('/')).some((matched, depth) => matched && depth > 0);
};
