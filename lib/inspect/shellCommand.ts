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

/** One redirection of a command: `op` as written, the descriptor number before it (`2>`: 2), and its target. */
export interface Redirection {
  readonly op: string;
  readonly target: ParsedWord;
  /** The unquoted number written right before the operator, when there is one. */
  readonly fd?: number;
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

/**
 * The command one list (shellParse.ts) is reading: its words and redirections so far are the first `count` and
 * `redirectionCount` of two arrays the list reuses for each of its commands; a command closed gets exact copies
 * (a fresh array per command, grown by push, reserved 17 slots). `test` is set after `[[`.
 */
export interface Pending {
  readonly words: ParsedWord[];
  count: number;
  readonly redirections: Redirection[];
  redirectionCount: number;
  test: boolean;
}

export const pendingCommand = (): Pending => ({
  words: [],
  count: 0,
  redirections: [],
  redirectionCount: 0,
  test: false,
});

export const addWord = (pending: Pending, word: ParsedWord): void => {
  pending.words[pending.count++] = word;
};

export const addRedirection = (pending: Pending, redirection: Redirection): void => {
  pending.redirections[pending.redirectionCount++] = redirection;
};

/** Whether the words read so far are all reserved words that may open a command (none is such too). */
export const prefixOnly = (pending: Pending): boolean => {
  for (let index = 0; index < pending.count; index++)
    if (!PREFIX_WORDS.has(plainText(pending.words[index]) ?? '')) return false;
  return true;
};

export interface LineState extends ReadState {
  readonly out: ParsedCommand[];
  unfollowedAt: number | undefined;
  compound: number;
  /** The command the line's own list is reading (its words are `partial` when the read fails). */
  pending: Pending | undefined;
}

/** Words that open or continue a compound command: taken off the front of a command. */
export const PREFIX_WORDS = new Set(['if', 'then', 'elif', 'else', 'do', 'while', 'until', '!', '{', 'time', 'coproc']);
/** Of those, the ones whose body may run or not. */
const OPENING = new Set(['if', 'while', 'until', 'for', '{']);
/** Words that close a compound command: a command of only these is no command. */
const CLOSING_WORDS = new Set(['fi', 'done', 'esac', '}']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;

/** The one empty list every command without reserved words, assignments or redirections shares; frozen. */
const NONE: readonly ParsedWord[] = Object.freeze([]);
const NO_REDIRECTIONS: readonly Redirection[] = Object.freeze([]);

/** The text of a word with no quote, glob or expansion in it (one that can be a reserved word); else undefined. */
export const plainText = (word: ParsedWord | undefined): string | undefined => {
  if (word === undefined) return undefined;
  if (word.parts === undefined) return word.text;
  let text = '';
  for (const part of word.parts) {
    if (part.kind !== 'literal' || part.quoted) return undefined;
    text += part.text;
  }
  return text;
};

/** The unquoted literal text a word starts with (an assignment's name must be). */
const unquotedPrefix = (word: ParsedWord): string => {
  if (word.parts === undefined) return word.text;
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

/** Closes the command `pending` holds (reserved words and assignments come off its front) and starts the next. */
export const pushCommand = (scan: Scan, pending: Pending): void => {
  closeCommand(scan, pending);
  pending.count = 0;
  pending.redirectionCount = 0;
  pending.test = false;
};

const closeCommand = (scan: Scan, pending: Pending): void => {
  const state = stateOf(scan);
  const { words: raw, count } = pending;
  let start = 0;
  let runs = !pending.test;
  for (let text; start < count && (text = plainText(raw[start])) !== undefined;) {
    if (OPENING.has(text)) state.compound += 1;
    if (text === 'coproc' || text === 'select' || text === 'function') unfollowed(scan, raw[start]?.at ?? 0);
    if (PREFIX_WORDS.has(text)) start += 1;
    else if (text === 'function') start += 2;
    else if (text === 'for' || text === 'select') {
      runs = false;
      break;
    } else break;
  }
  start = Math.min(start, count);
  const at = count > 0 ? (raw[0] as ParsedWord).at : position(scan);
  const conditional = state.compound > 0;
  const reserved = start === 0 ? NONE : raw.slice(0, start);
  // The leading `NAME=value` words are a run of the words read: sliced out once.
  const first = start;
  while (runs && start < count && ASSIGNMENT.test(unquotedPrefix(raw[start] as ParsedWord))) start += 1;
  const assignments = start === first ? NONE : raw.slice(first, start);
  const words = start === count ? NONE : raw.slice(start, count);
  const redirections =
    pending.redirectionCount === 0 ? NO_REDIRECTIONS : pending.redirections.slice(0, pending.redirectionCount);
  if (words.length === 1 && assignments.length === 0 && CLOSING_WORDS.has(plainText(words[0]) ?? '')) {
    state.compound = Math.max(0, state.compound - 1);
    // `{ …; } > out`, `done < list`: the redirections of a compound command are kept, on a command of no words.
    if (redirections.length === 0) return;
    const targets = redirections.map((redirection) => redirection.target);
    const nested = state.nested > 0;
    state.out.push({ reserved, assignments, words: NONE, targets, redirections, at, nested, conditional, runs: false });
    return;
  }
  if (words.length + assignments.length + reserved.length + redirections.length === 0) return;
  const nested = state.nested > 0;
  const targets = redirections.length === 0 ? NONE : redirections.map((redirection) => redirection.target);
  state.out.push({ reserved, assignments, words, targets, redirections, at, nested, conditional, runs });
};
