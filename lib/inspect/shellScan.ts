/**
 * The state one static read of a shell command line shares between the word reader (shellLexer.ts) and the
 * structure reader (shellParse.ts): the words as parts, the cursor, the budget and the nesting depth.
 */
import type { ReadBudget } from './readBudget.js';

export type WordPart =
  /** Text that is itself: `quoted` when a quote or a backslash made it so. */
  | { readonly kind: 'literal'; readonly text: string; readonly quoted: boolean }
  /** An unquoted `*`, `?`, or the `]` closing a `[`: the shell may make it any file name. */
  | { readonly kind: 'glob'; readonly text: string }
  /**
   * `$NAME`, `${NAME}` (`name` set), or any other parameter expansion (`$1`, `${X:-y}`); `quoted` inside double
   * quotes (no word splitting, no globbing of its value).
   */
  | { readonly kind: 'parameter'; readonly raw: string; readonly name: string | undefined; readonly quoted: boolean }
  /** `$(…)`, `` `…` `` or `<(…)`: the commands inside are read as nested commands. */
  | { readonly kind: 'command'; readonly raw: string }
  | { readonly kind: 'arithmetic'; readonly raw: string };

/**
 * One word as read. Every view of a word reads `text` and `known` alike, so they are kept on it; an effect
 * handler takes the word itself as its argument. A plain word — one run of unquoted literal text, as most are
 * (`rm`, `-rf`, `out.json`) — has no `parts`: an array and a part object per word were a fifth of what reading
 * a 200-character line allocated. `partsOf` gives any word's parts.
 */
export interface ParsedWord {
  /** Quotes removed, globs and expansions as written (`$HOME/x`, `*.log`). */
  readonly text: string;
  /** Literal text only (no glob, no expansion): `text` is its value. */
  readonly known: boolean;
  /** Its parts; undefined for a plain word, whose one part is `text`, unquoted. */
  readonly parts: readonly WordPart[] | undefined;
  /** Where the word starts in the line (for text taken out of it, where that text starts). */
  readonly at: number;
}

/** A plain word: one run of unquoted literal text. */
export const plainWord = (text: string, at: number): ParsedWord => ({ text, known: true, parts: undefined, at });

/** The word of `parts`: plain when they are one unquoted literal, else with its text and whether it is known. */
export const wordOf = (parts: readonly WordPart[], at: number): ParsedWord => {
  const [first] = parts;
  if (parts.length === 1 && first?.kind === 'literal' && !first.quoted) return plainWord(first.text, at);
  let text = '';
  let known = true;
  for (const part of parts) {
    if (part.kind === 'literal') text += part.text;
    else {
      text += part.kind === 'glob' ? part.text : part.raw;
      known = false;
    }
  }
  return { text, known, parts, at };
};

/** The parts of any word: a plain word's one unquoted literal part is made here, for the views that walk parts. */
export const partsOf = (word: ParsedWord): readonly WordPart[] =>
  word.parts ?? [{ kind: 'literal', text: word.text, quoted: false }];

/** What every scan of one read shares: the commands found, the budget, and where the read is. */
export interface ReadState {
  readonly budget: ReadBudget;
  /** Reads a list of commands up to `closer` (shellParse.ts); `nested` when they run in a subshell of their own. */
  readonly list: (scan: Scan, closer: ')' | undefined) => void;
  /** Above 0 while reading the commands of a substitution or here-document. */
  nested: number;
  /** Where the line's token being read starts: a read that fails, fails there. */
  tokenAt: number;
}

export interface Scan {
  readonly text: string;
  at: number;
  /** For text taken out of the line (backticks, here-document bodies): where it is in the line. */
  readonly origin: number | undefined;
  readonly heredocs: { delimiter: string; stripTabs: boolean; expands: boolean }[];
  depth: number;
  readonly state: ReadState;
}

export class Unparseable extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Nesting beyond this is refused (unparseable) rather than risking the stack. */
export const MAX_DEPTH = 64;
export const WORD_END = new Set([' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>']);

export const fail = (reason: string): never => {
  throw new Unparseable(reason);
};

/** Where the cursor is in the line. */
export const position = (scan: Scan): number => scan.origin ?? scan.at;

/** Reads the commands up to `closer` that run apart from the line (a substitution, `<(…)`): they are `nested`. */
export const nestedList = (scan: Scan, closer: ')' | undefined): void => {
  scan.state.nested += 1;
  scan.state.list(scan, closer);
  scan.state.nested -= 1;
};

/** Reads text taken out of the line (backticks, a here-document body) with `parse`, one level deeper. */
export const subScan = (scan: Scan, text: string, parse: (inner: Scan) => void): void => {
  const inner: Scan = { text, at: 0, origin: position(scan), heredocs: [], depth: scan.depth + 1, state: scan.state };
  if (inner.depth > MAX_DEPTH) fail('nesting too deep');
  scan.state.nested += 1;
  parse(inner);
  scan.state.nested -= 1;
};
