/**
 * The state one static read of a shell command line shares between the word reader (shellLexer.ts) and the
 * structure reader (shellParse.ts): the words as parts, the cursor, the budget and the nesting depth.
 */
import type { ReadBudget } from '../../../lib/inspect/readBudget.js';

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

export interface ParsedWord {
  readonly parts: readonly WordPart[];
  /** Where the word starts in the line (for text taken out of it, where that text starts). */
  readonly at: number;
}

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

/** Runs `read` one level deeper: nesting past MAX_DEPTH is unparseable. */
export const nested = <T>(scan: Scan, read: () => T): T => {
  scan.depth += 1;
  if (scan.depth > MAX_DEPTH) fail('nesting too deep');
  const result = read();
  scan.depth -= 1;
  return result;
};

/** Reads commands that run apart from the line (a substitution, a here-document): they are `nested`. */
export const nestedList = (scan: Scan, read: () => void): void => {
  scan.state.nested += 1;
  read();
  scan.state.nested -= 1;
};

/** Reads text taken out of the line (backticks, a here-document body) with `parse`, one level deeper. */
export const subScan = (scan: Scan, text: string, parse: (inner: Scan) => void): void => {
  const inner: Scan = { text, at: 0, origin: position(scan), heredocs: [], depth: scan.depth + 1, state: scan.state };
  if (inner.depth > MAX_DEPTH) fail('nesting too deep');
  nestedList(scan, () => {
    parse(inner);
  });
};
