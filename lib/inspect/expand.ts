/**
 * Expansions done per command, with the variables of the moment: a line is scanned once, but `HOME=d; ~/x`
 * and `D=.hookstream; $D/x.sh` read `~` and `$D` after the assignment ran. The scanner is given a lookup
 * that leaves a marker for each variable (and for `~`); the walk replaces the markers when it reaches the
 * command. Brace expansion (`{a,b}`, `{1..3}`) happens first, as bash does it.
 */
import type { VariableLookup } from './shellWords.js';
import type { Variables } from './walk.js';

const OPEN = '\u0000';
const CLOSE = '\u0001';
const MARKER = new RegExp(`${OPEN}([^${CLOSE}]*)${CLOSE}`, 'g');

/** What `~` stands for until the command runs: `$HOME` then. */
export const HOME_MARK = `${OPEN}~${CLOSE}`;

/** A variable's value that only a running shell knows (`read X`, `X=$(…)`). */
export const UNKNOWN_VALUE = `${OPEN}?${CLOSE}`;

/** The scanner's variables: each `$NAME` becomes a marker, read when its command is reached. */
export const DEFERRED: VariableLookup = { get: (name) => `${OPEN}${name}${CLOSE}` };

/** Whether a value can be used as it is (no unknown part). */
export const isKnownValue = (value: string | undefined): value is string =>
  value !== undefined && !value.includes(OPEN);

/** Unquoted in a value a variable holds, these make a glob or split words: the result is not one known word. */
const UNSAFE_VALUE = /[*?[]/;

/**
 * `text` (a scanned word, markers in it) with each marker replaced by its value now; undefined when any
 * part is unknown, or when the word starts with a tilde form other than `~`/`~/` (`~user`, `~+`, `~-`).
 */
export const expandMarkers = (text: string | undefined, env: Variables, home: string): string | undefined => {
  if (text === undefined) return undefined;
  if (/^~[^/]/.test(text)) return undefined;
  if (!text.includes(OPEN)) return text;
  let unknown = false;
  const value = text.replace(MARKER, (_match, name: string) => {
    const found = name === '~' ? (env.get('HOME') ?? home) : name === '?' ? undefined : env.get(name);
    if (!isKnownValue(found) || (name !== '~' && UNSAFE_VALUE.test(found))) unknown = true;
    return found ?? '';
  });
  return unknown ? undefined : value;
};

/** An assignment's value: a `~` after `=` or `:` is the home directory, as bash reads `PATH=~/bin:$PATH`. */
export const expandAssigned = (value: string, env: Variables, home: string): string => {
  const tilded = value.replace(/(^|:)~(?=\/|:|$)/g, `$1${HOME_MARK}`);
  return expandMarkers(tilded, env, home) ?? UNKNOWN_VALUE;
};

/** Most words a brace expansion may become before the walk gives up on it. */
const MAX_BRACE_WORDS = 64;

/** Whether `command` holds, outside quotes, a `{…}` with a top-level comma or a `..` sequence. */
export const hasUnquotedBraces = (command: string): boolean => {
  let quote: string | undefined;
  for (let at = 0; at < command.length; at++) {
    const char = command[at];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"') at += 1;
      continue;
    }
    if (char === '\\') at += 1;
    else if (char === "'" || char === '"') quote = char;
    else if (char === '{' && command[at - 1] !== '$' && groupAt(command, at) !== undefined) return true;
  }
  return false;
};

/** The alternatives of the brace group opening at `start`, and where it ends; undefined when it is no group. */
const groupAt = (word: string, start: number): { end: number; parts: string[] } | undefined => {
  let depth = 0;
  const commas: number[] = [];
  for (let at = start; at < word.length; at++) {
    const char = word[at];
    if (char === '\\') at += 1;
    else if (char === '{') depth += 1;
    else if (char === ',' && depth === 1) commas.push(at);
    else if (char === '}' && --depth === 0) {
      const inner = word.slice(start + 1, at);
      if (commas.length > 0) {
        const cuts = [start, ...commas, at];
        return { end: at, parts: cuts.slice(1).map((cut, index) => word.slice((cuts[index] ?? 0) + 1, cut)) };
      }
      const parts = sequence(inner);
      return parts === undefined ? undefined : { end: at, parts };
    }
  }
  return undefined;
};

/** `1..5`, `05..10..2`, `a..e`: the words of a sequence expression; undefined when it is none. */
const sequence = (inner: string): string[] | undefined => {
  const match = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(inner);
  if (match === null) return undefined;
  const [, from = '', to = '', by] = match;
  const numeric = /\d/.test(from) && /\d/.test(to);
  if (!numeric && (/\d/.test(from) || /\d/.test(to))) return undefined;
  const start = numeric ? Number(from) : from.charCodeAt(0);
  const stop = numeric ? Number(to) : to.charCodeAt(0);
  const step = Math.abs(Number(by ?? 1)) || 1;
  const width = numeric && /^-?0\d/.test(from + to) ? Math.max(from.length, to.length) : 0;
  const words: string[] = [];
  // One word past the limit is enough for the caller to give up.
  for (
    let value = start;
    (start <= stop ? value <= stop : value >= stop) && words.length <= MAX_BRACE_WORDS;
    value += start <= stop ? step : -step
  ) {
    words.push(numeric ? String(value).padStart(width, '0') : String.fromCharCode(value));
  }
  return words;
};

/**
 * The words bash makes of `word` by brace expansion (`x{a,b}y` → `xay`, `xby`); `[word]` when it has no
 * group, undefined when it expands to more words than the walk follows.
 */
export const expandBraces = (word: string): string[] | undefined => {
  const out: string[] = [];
  const expand = (next: string): boolean => {
    for (let at = 0; at < next.length; at++) {
      if (next[at] === '\\') at += 1;
      else if (next[at] === '{' && next[at - 1] !== '$') {
        const found = groupAt(next, at);
        if (found === undefined) continue;
        const head = next.slice(0, at);
        const tail = next.slice(found.end + 1);
        return found.parts.every((part) => expand(head + part + tail));
      }
    }
    out.push(next);
    return out.length <= MAX_BRACE_WORDS;
  };
  return expand(word) ? out : undefined;
};
