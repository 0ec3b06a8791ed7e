/**
 * A simple command as the structure reader (shellParse.ts) closes it: reserved words (`if`, `!`, `{` …)
 * and leading assignments taken off its front, whether it sits in a body that may not run, and where a
 * construct the trust walk does not follow (`function`, `select`, `coproc`) starts.
 */
import { position, type ParsedWord, type ReadState, type Scan } from './shellScan.js';

export interface ParsedCommand {
  /** Reserved words before the program (`if`, `!`, `{`, `then` …) and `function NAME`. */
  readonly reserved: readonly ParsedWord[];
  /** Leading `NAME=value` words. */
  readonly assignments: readonly ParsedWord[];
  /** The program and its arguments, redirections left out. */
  readonly words: readonly ParsedWord[];
  /** The targets of its redirections (a here-document's delimiter too). */
  readonly targets: readonly ParsedWord[];
  /** Its redirections in order: the operator (`>`, `>>`, `<`, `&>`, `>&`, `<<` …) and the target word. */
  readonly redirections: readonly Redirection[];
  /** Where the command starts in the line. */
  readonly at: number;
  /** Inside `$(…)`, backticks, `<(…)` or a here-document: it runs in a shell of its own. */
  readonly nested: boolean;
  /** Inside an `if`/`while`/`until`/`for`/`{ }` body: it may run or not. */
  readonly conditional: boolean;
  /** False for a `for`/`select` header or a `[[ … ]]` test, which run no program. */
  readonly runs: boolean;
}

/** One redirection of a command: `op` as written (`2>` keeps only `>`) and its target. */
export interface Redirection {
  readonly op: string;
  readonly target: ParsedWord;
}

export interface ParsedLine {
  readonly commands: readonly ParsedCommand[];
  /** Where the first subshell, function, here-document, `<(…)`, `select` or `coproc` starts. */
  readonly unfollowedAt?: number;
  /** Why and where the read stopped; the commands before `at` stand. */
  readonly failure?: { readonly reason: string; readonly at: number; readonly budget: boolean };
  /** With `failure`: the words read of the line's command it stopped in. */
  readonly partial?: readonly ParsedWord[];
}

export interface LineState extends ReadState {
  readonly out: ParsedCommand[];
  unfollowedAt: number | undefined;
  compound: number;
  partial: ParsedWord[];
}

/** Words that open or continue a compound command: taken off the front of a command. */
export const PREFIX_WORDS = new Set(['if', 'then', 'elif', 'else', 'do', 'while', 'until', '!', '{', 'time', 'coproc']);
/** Of those, the ones whose body may run or not. */
const OPENING = new Set(['if', 'while', 'until', 'for', '{']);
/** Words that close a compound command: a command of only these is no command. */
const CLOSING_WORDS = new Set(['fi', 'done', 'esac', '}']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;

/** The text of a word with no quote, glob or expansion in it (one that can be a reserved word); else undefined. */
export const plainText = (word: ParsedWord | undefined): string | undefined => {
  if (word === undefined) return undefined;
  let text = '';
  for (const part of word.parts) {
    if (part.kind !== 'literal' || part.quoted) return undefined;
    text += part.text;
  }
  return text;
};

/** The unquoted literal text a word starts with (an assignment's name must be). */
const unquotedPrefix = (word: ParsedWord): string => {
  let text = '';
  for (const part of word.parts) {
    if (part.kind === 'literal' && !part.quoted) text += part.text;
    else if (part.kind === 'glob') text += part.text;
    else break;
  }
  return text;
};

export const stateOf = (scan: Scan): LineState => scan.state as LineState;

/** Notes where a construct the trust walk does not follow starts. */
export const unfollowed = (scan: Scan, at: number): void => {
  const state = stateOf(scan);
  state.unfollowedAt = Math.min(state.unfollowedAt ?? at, at);
};

/** Closes the command being read: reserved words and assignments come off its front. */
export const pushCommand = (scan: Scan, raw: ParsedWord[], redirections: Redirection[], test: boolean): void => {
  const state = stateOf(scan);
  let start = 0;
  let runs = !test;
  for (let text; (text = plainText(raw[start])) !== undefined;) {
    if (OPENING.has(text)) state.compound += 1;
    if (text === 'coproc' || text === 'select' || text === 'function') unfollowed(scan, raw[start]?.at ?? 0);
    if (PREFIX_WORDS.has(text)) start += 1;
    else if (text === 'function') start += 2;
    else if (text === 'for' || text === 'select') {
      runs = false;
      break;
    } else break;
  }
  const at = raw[0]?.at ?? position(scan);
  const conditional = state.compound > 0;
  const reserved = raw.slice(0, Math.min(start, raw.length));
  const assignments: ParsedWord[] = [];
  for (let word = raw[start]; runs && word !== undefined; word = raw[++start]) {
    const name = ASSIGNMENT.exec(unquotedPrefix(word));
    if (name === null) break;
    assignments.push(word);
  }
  const words = raw.slice(start);
  if (words.length === 1 && assignments.length === 0 && CLOSING_WORDS.has(plainText(words[0]) ?? '')) {
    state.compound = Math.max(0, state.compound - 1);
    // `{ …; } > out`, `done < list`: the redirections of a compound command are kept, on a command of no words.
    if (redirections.length === 0) return;
    const targets = redirections.map((redirection) => redirection.target);
    const nested = state.nested > 0;
    state.out.push({ reserved, assignments, words: [], targets, redirections, at, nested, conditional, runs: false });
    return;
  }
  if (words.length + assignments.length + reserved.length + redirections.length === 0) return;
  const nested = state.nested > 0;
  const targets = redirections.map((redirection) => redirection.target);
  state.out.push({ reserved, assignments, words, targets, redirections, at, nested, conditional, runs });
};
