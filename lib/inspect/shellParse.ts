/**
 * The one static reader of shell command lines: the structure around the words of shellLexer.ts — lists,
 * pipelines, subshells, `$(…)`, backticks, `<(…)`, here-documents, reserved words, redirections — read into
 * simple commands, each command found inside another listed before it (it runs first). Two views are
 * projections of this reading: the text as written for `if` conditions (simpleCommands.ts) and the values
 * with the known variables for the trust walk (shellWords.ts).
 *
 * A construct the reader does not follow (`case`, arithmetic commands, an unclosed quote, a missing here-
 * document end, a spent budget) fails the read, keeping what was read before it. Constructs the trust walk
 * does not follow (what runs in a subshell, a function or a here-document) are read, and where the first of
 * them starts is kept.
 */
import { BudgetExceeded, spendStep, spendWord, type ReadBudget } from './readBudget.js';
import {
  addRedirection,
  addWord,
  pendingCommand,
  plainText,
  prefixOnly,
  pushCommand,
  stateOf,
  unfollowed,
  type LineState,
  type ParsedLine,
  type Pending,
  type Redirection,
} from './shellCommand.js';
import { readDouble, readWord } from './shellLexer.js';
import {
  fail,
  MAX_DEPTH,
  nestedList,
  position,
  subScan,
  Unparseable,
  WORD_END,
  wordOf,
  type Scan,
} from './shellScan.js';

export type { ParsedCommand, ParsedLine, Redirection } from './shellCommand.js';

/**
 * The redirection operator at `at` (`&>>`, `&>`, `<<<`, `<<-`, `<<`, `<>`, `<&`, `>>`, `>&`, `>|`, `<`, `>`),
 * longest first; read by characters into constant strings, as a sticky regex made a match array each time.
 */
const operatorAt = (text: string, at: number): string => {
  const next = text[at + 1];
  const third = text[at + 2];
  switch (text[at]) {
    case '&':
      return third === '>' ? '&>>' : '&>';
    case '<':
      if (next === '<') return third === '<' ? '<<<' : third === '-' ? '<<-' : '<<';
      return next === '>' ? '<>' : next === '&' ? '<&' : '<';
    default:
      return next === '>' ? '>>' : next === '&' ? '>&' : next === '|' ? '>|' : '>';
  }
};
const DIGITS = /^\d+$/;
const LEADING_TABS = /^\t+/;

/** At `<` or `>` (or `&>`): one redirection, its operator and target; a here-document is queued. */
const readRedirection = (scan: Scan, fd: number | undefined): Redirection => {
  const at = position(scan);
  const kind = operatorAt(scan.text, scan.at);
  scan.at += kind.length;
  while (scan.text[scan.at] === ' ' || scan.text[scan.at] === '\t') {
    spendStep(scan.state.budget);
    scan.at += 1;
  }
  const next = scan.text[scan.at];
  if (next === undefined || WORD_END.has(next)) fail('redirection without a target');
  const target = readWord(scan);
  if (kind === '<<' || kind === '<<-') {
    unfollowed(scan, at);
    // The delimiter is the word as written; any quote in it keeps the body from being expanded.
    const quoted = target.parts?.some((part) => part.kind === 'literal' && part.quoted) ?? false;
    scan.heredocs.push({ delimiter: target.text, stripTabs: kind === '<<-', expands: !quoted });
  }
  const redirection: { op: string; target: typeof target; fd?: number } = { op: kind, target };
  if (fd !== undefined) redirection.fd = fd;
  return redirection;
};

/** After a newline: the bodies of the here-documents opened on the line just ended. */
const readHeredocBodies = (scan: Scan): void => {
  for (const heredoc of scan.heredocs.splice(0)) {
    const lines: string[] = [];
    for (;;) {
      if (scan.at >= scan.text.length) fail(`here-document not closed by "${heredoc.delimiter}"`);
      const end = scan.text.indexOf('\n', scan.at);
      spendStep(scan.state.budget, (end === -1 ? scan.text.length : end + 1) - scan.at);
      const line = scan.text.slice(scan.at, end === -1 ? undefined : end);
      scan.at = end === -1 ? scan.text.length : end + 1;
      if ((heredoc.stripTabs ? line.replace(LEADING_TABS, '') : line) === heredoc.delimiter) break;
      lines.push(line);
    }
    // An unquoted delimiter expands the body like double quotes: `$(…)` there runs too.
    if (heredoc.expands)
      subScan(scan, lines.join('\n'), (inner) => {
        readDouble(inner, undefined, []);
      });
  }
};

/** After `[[`: the words of the test up to `]]`, operators inside it taken as words. */
const readTest = (scan: Scan, pending: Pending): void => {
  for (;;) {
    spendStep(scan.state.budget);
    const char = scan.text[scan.at];
    if (char === undefined || char === '\n') return fail('unclosed [[');
    if (char === ' ' || char === '\t') scan.at += 1;
    else if (WORD_END.has(char)) scan.at += scan.text[scan.at + 1] === char ? 2 : 1;
    else {
      const word = readWord(scan);
      spendWord(scan.state.budget);
      addWord(pending, word);
      if (plainText(word) === ']]') return;
    }
  }
};

/** Reads commands until `closer` (the `)` of a subshell or `$(`) or the end of the text. */
const parseList = (scan: Scan, closer: ')' | undefined): void => {
  scan.depth += 1;
  if (scan.depth > MAX_DEPTH) fail('nesting too deep');
  const state = stateOf(scan);
  const top = scan.origin === undefined && scan.depth === 1 && state.nested === 0;
  const { text } = scan;
  // One pending command for the list, reused for each of its commands; the line's own is its `partial`.
  const pending = pendingCommand();
  if (top) state.pending = pending;
  // The number a word of digits gave the redirection right after it (`2>`); any other token drops it.
  let digits: number | undefined;
  while (scan.at < text.length) {
    spendStep(state.budget);
    const fd = digits;
    digits = undefined;
    const char = text[scan.at] as string;
    const next = text[scan.at + 1];
    if (top && char !== ' ' && char !== '\t') state.tokenAt = scan.at;
    if (char === ' ' || char === '\t') scan.at += 1;
    else if (char === '\\' && next === '\n') scan.at += 2;
    else if (char === '\n') {
      pushCommand(scan, pending);
      scan.at += 1;
      readHeredocBodies(scan);
    } else if (char === '#') {
      const end = text.indexOf('\n', scan.at);
      scan.at = end === -1 ? text.length : end;
    } else if (char === ')') {
      if (closer !== ')') fail('unbalanced ")"');
      pushCommand(scan, pending);
      scan.at += 1;
      scan.depth -= 1;
      return;
    } else if (char === ';') {
      if (next === ';' || next === '&') fail('case clauses are not followed');
      pushCommand(scan, pending);
      scan.at += 1;
    } else if (char === '&' && next === '>') addRedirection(pending, readRedirection(scan, fd));
    else if (char === '&' || char === '|') {
      pushCommand(scan, pending);
      scan.at += next === char || (char === '|' && next === '&') ? 2 : 1;
    } else if (char === '(') {
      if (next === '(') fail('arithmetic commands are not followed');
      unfollowed(scan, position(scan));
      scan.at += 1;
      // At a command's start (reserved words such as `!` or `if` aside) `(` opens a subshell.
      if (prefixOnly(pending)) {
        parseList(scan, ')');
        continue;
      }
      // `name ()`: a function definition; its body is read as the commands that follow.
      while (text[scan.at] === ' ' || text[scan.at] === '\t') {
        spendStep(state.budget);
        scan.at += 1;
      }
      if (text[scan.at] !== ')') fail('unexpected "("');
      scan.at += 1;
      pending.count = 0;
    } else if ((char === '<' || char === '>') && next === '(') {
      const start = scan.at;
      const at = position(scan);
      unfollowed(scan, at);
      scan.at += 2;
      nestedList(scan, ')');
      spendWord(state.budget);
      addWord(pending, wordOf([{ kind: 'command', raw: text.slice(start, scan.at) }], at));
    } else if (char === '<' || char === '>') addRedirection(pending, readRedirection(scan, fd));
    else {
      const word = readWord(scan);
      const plain = plainText(word);
      if (plain !== undefined && DIGITS.test(plain) && (text[scan.at] === '<' || text[scan.at] === '>')) {
        digits = Number(plain);
        continue;
      }
      if (plain === 'case' && prefixOnly(pending)) fail('case statements are not followed');
      // `[[ … ]]` runs no program, and `&&`, `<` or `(` inside it are part of the test.
      const opensTest = plain === '[[' && prefixOnly(pending);
      spendWord(state.budget);
      addWord(pending, word);
      if (opensTest) {
        pending.test = true;
        readTest(scan, pending);
      }
    }
  }
  if (closer !== undefined) fail('unclosed "(" or "$("');
  pushCommand(scan, pending);
  if (scan.heredocs.length > 0) fail(`here-document not closed by "${scan.heredocs[0]?.delimiter ?? ''}"`);
  scan.depth -= 1;
};

/** The commands read, and where the first construct the trust walk does not follow starts if there is one. */
const lineOf = (state: LineState): ParsedLine =>
  state.unfollowedAt === undefined
    ? { commands: state.out }
    : { commands: state.out, unfollowedAt: state.unfollowedAt };

/** Reads `text` with `budget`: every simple command, and where and why the read stopped if it did. */
export const parseShell = (text: string, budget: ReadBudget): ParsedLine => {
  const state: LineState = {
    budget,
    list: parseList,
    nested: 0,
    tokenAt: 0,
    out: [],
    unfollowedAt: undefined,
    compound: 0,
    pending: undefined,
  };
  const scan: Scan = { text, at: 0, origin: undefined, heredocs: [], depth: 0, state };
  try {
    parseList(scan, undefined);
    return lineOf(state);
  } catch (error) {
    if (!(error instanceof Unparseable || error instanceof BudgetExceeded)) throw error;
    const reason = error instanceof Unparseable ? error.reason : error.message;
    const failure = { reason, at: state.tokenAt, budget: error instanceof BudgetExceeded };
    const { pending } = state;
    const partial = pending === undefined ? [] : pending.words.slice(0, pending.count);
    return { ...lineOf(state), failure, partial };
  }
};
