/**
 * Splits a shell command line into its simple commands without running anything, for `if` conditions in
 * Claude's permission-rule syntax: `Bash(git push *)` runs a hook when ANY part of the command matches, so
 * `npm test && git push`, `(cd x; git push)`, `echo $(git push)` and `` `git push` `` must all yield `git push`.
 *
 * What a running shell alone could tell (a parameter, command or arithmetic expansion) is kept as written and
 * flagged `dynamic`. A construct this reader does not follow (`case`, arithmetic commands, an unclosed quote,
 * a missing here-document end) makes the whole command unparseable: the caller then runs the hook, because a
 * condition must never fail open.
 *
 * Only space, tab and newline are blanks, as in bash: a `\r`, a no-break space or any other Unicode blank
 * is part of a word. Every loop spends a step of the read's budget (lib/inspect/readBudget.ts): a command
 * too long or too deep to read is unparseable, never a loop.
 */
import { BudgetExceeded, readBudget, spendStep, spendWord, type ReadBudget } from './readBudget.js';

export interface ShellWord {
  /** The word after quote removal; an expansion is kept as written (`$HOME`, `$(date)`). */
  readonly text: string;
  /** Part of the word is decided only when the shell runs it. */
  readonly dynamic: boolean;
}

export interface SimpleCommand {
  /** Leading `NAME=value` words, taken out of `words`. */
  readonly assignments: readonly ShellWord[];
  /** The program and its arguments, reserved words (`if`, `then`, `{`, `!` …) removed. */
  readonly words: readonly ShellWord[];
}

export type SplitResult =
  | { readonly ok: true; readonly commands: readonly SimpleCommand[] }
  | { readonly ok: false; readonly reason: string; readonly at: number };

/** A word while it is read: whether it can be a reserved word, an assignment or a descriptor number. */
interface RawWord extends ShellWord {
  /** Index in `text` of the first quoted or escaped character (`text.length` when there is none). */
  readonly quotedFrom: number;
}

interface Scan {
  readonly text: string;
  at: number;
  readonly out: SimpleCommand[];
  readonly heredocs: { delimiter: string; stripTabs: boolean; expands: boolean }[];
  depth: number;
  readonly budget: ReadBudget;
}

class Unparseable extends Error {
  constructor(
    readonly reason: string,
    readonly at: number,
  ) {
    super(reason);
  }
}

/** Nesting beyond this is refused (unparseable) rather than risking the stack. */
const MAX_DEPTH = 64;
const WORD_END = new Set([' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>']);
/** Words that open or continue a compound command: dropped where a command starts. */
const PREFIX_WORDS = new Set(['if', 'then', 'elif', 'else', 'do', 'while', 'until', '!', '{', 'time', 'coproc']);
/** Words that close a compound command: a command of only these is no command. */
const CLOSING_WORDS = new Set(['fi', 'done', 'esac', '}']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;
/** Sticky: matched at the cursor, since slicing the rest of the text per match made long lines quadratic. */
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const REDIRECTION = /&>>|&>|<<<|<<-|<<|<>|<&|>>|>&|>\||<|>/y;
const ANSI_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  v: '\v',
};

const fail = (scan: Scan, reason: string): never => {
  throw new Unparseable(reason, scan.at);
};

/** Closes the command being read: assignments and reserved words come off its front. */
const pushCommand = (scan: Scan, raw: RawWord[]): void => {
  let start = 0;
  const plain = (word: RawWord | undefined) =>
    word !== undefined && !word.dynamic && word.quotedFrom === word.text.length;
  for (;;) {
    const word = raw[start];
    if (!plain(word) || word === undefined) break;
    if (PREFIX_WORDS.has(word.text)) start += 1;
    else if (word.text === 'function') start += 2;
    else if (word.text === 'for' || word.text === 'select') return;
    else break;
  }
  const assignments: ShellWord[] = [];
  while (start < raw.length) {
    const word = raw[start] as RawWord;
    const name = ASSIGNMENT.exec(word.text);
    if (name === null || name[0].length > word.quotedFrom) break;
    assignments.push({ text: word.text, dynamic: word.dynamic });
    start += 1;
  }
  const words = raw.slice(start).map((word): ShellWord => ({ text: word.text, dynamic: word.dynamic }));
  for (let count = words.length + assignments.length; count > 0; count--) spendWord(scan.budget);
  if (words.length === 1 && plain(raw[start]) && CLOSING_WORDS.has(words[0]?.text ?? '')) words.length = 0;
  if (words.length > 0 || assignments.length > 0) scan.out.push({ assignments, words });
};

/** Runs `parse` on text taken out of the line (backticks, here-document bodies), adding what it finds. */
const subScan = (scan: Scan, text: string, parse: (inner: Scan) => void): void => {
  const inner: Scan = { text, at: 0, out: scan.out, heredocs: [], depth: scan.depth + 1, budget: scan.budget };
  if (inner.depth > MAX_DEPTH) fail(scan, 'nesting too deep');
  try {
    parse(inner);
  } catch (error) {
    if (error instanceof Unparseable) throw new Unparseable(error.reason, scan.at);
    throw error;
  }
};

/** Reads a whole text taken out of the line (a backtick substitution) as a list of commands. */
const parseAll = (inner: Scan): void => {
  parseList(inner, undefined);
};

/** After `` ` ``: the command text up to the closing backtick, with its backslash escapes undone. */
const readBackticks = (scan: Scan): string => {
  let inner = '';
  for (;;) {
    spendStep(scan.budget);
    const char = scan.text[scan.at];
    if (char === undefined) return fail(scan, 'unclosed backquote');
    scan.at += 1;
    if (char === '`') return inner;
    const next = scan.text[scan.at];
    if (char === '\\' && next !== undefined && '\\`$'.includes(next)) {
      inner += next;
      scan.at += 1;
    } else inner += char;
  }
};

/** Runs `read` one level deeper: `${` in `"` in `${` … recurse, and nesting past MAX_DEPTH is unparseable. */
const nested = <T>(scan: Scan, read: () => T): T => {
  scan.depth += 1;
  if (scan.depth > MAX_DEPTH) fail(scan, 'nesting too deep');
  const result = read();
  scan.depth -= 1;
  return result;
};

/** After `$`: one expansion, appended to `parts` as written; returns whether it is decided at run time. */
const readDollar = (scan: Scan, parts: string[]): boolean => nested(scan, () => expandDollar(scan, parts));

const expandDollar = (scan: Scan, parts: string[]): boolean => {
  const { text } = scan;
  const start = scan.at - 1;
  const next = text[scan.at];
  if (next === '(' && text[scan.at + 1] === '(') {
    scan.at += 2;
    let depth = 2;
    while (depth > 0) {
      spendStep(scan.budget);
      const char = text[scan.at];
      if (char === undefined) return fail(scan, 'unclosed arithmetic expansion');
      if (char === '$' && text[scan.at + 1] === '(' && text[scan.at + 2] !== '(') {
        scan.at += 2;
        parseList(scan, ')');
        continue;
      }
      scan.at += 1;
      if (char === '(') depth += 1;
      else if (char === ')') depth -= 1;
    }
  } else if (next === '(') {
    scan.at += 1;
    parseList(scan, ')');
  } else if (next === '{') {
    scan.at += 1;
    let depth = 1;
    while (depth > 0) {
      spendStep(scan.budget);
      const char = text[scan.at];
      if (char === undefined) return fail(scan, 'unclosed ${');
      scan.at += 1;
      if (char === '{') depth += 1;
      else if (char === '}') depth -= 1;
      else if (char === '\\') scan.at += 1;
      else if (char === "'") readSingle(scan);
      else if (char === '"') readDouble(scan, '"', []);
      else if (char === '`') subScan(scan, readBackticks(scan), parseAll);
      else if (char === '$') readDollar(scan, []);
    }
  } else if (next !== undefined && /[A-Za-z_]/.test(next)) {
    NAME.lastIndex = scan.at;
    scan.at += (NAME.exec(text) as RegExpExecArray)[0].length;
  } else if (next !== undefined && /[0-9@*#?$!-]/.test(next)) {
    scan.at += 1;
  } else {
    parts.push('$');
    return false;
  }
  parts.push(text.slice(start, scan.at));
  return true;
};

/** After `'`: the literal text up to the closing quote. */
const readSingle = (scan: Scan): string => {
  const end = scan.text.indexOf("'", scan.at);
  if (end === -1) return fail(scan, 'unclosed single quote');
  spendStep(scan.budget, end + 1 - scan.at);
  const literal = scan.text.slice(scan.at, end);
  scan.at = end + 1;
  return literal;
};

/** After `$'`: ANSI-C quoting, escapes decoded. */
const readAnsi = (scan: Scan): string => {
  let literal = '';
  for (;;) {
    spendStep(scan.budget);
    const char = scan.text[scan.at];
    if (char === undefined) return fail(scan, "unclosed $' quote");
    scan.at += 1;
    if (char === "'") return literal;
    if (char !== '\\') {
      literal += char;
      continue;
    }
    const escaped = scan.text[scan.at] ?? '';
    scan.at += 1;
    literal +=
      ANSI_ESCAPES[escaped] ?? (escaped === "'" || escaped === '"' || escaped === '\\' ? escaped : `\\${escaped}`);
  }
};

/**
 * After `"` (or over a whole here-document body when `close` is undefined): appends the text to `parts` and
 * returns whether an expansion made it dynamic. Commands in `$(…)` and backticks are added to the scan.
 */
const readDouble = (scan: Scan, close: '"' | undefined, parts: string[]): boolean =>
  nested(scan, () => readQuoted(scan, close, parts));

const readQuoted = (scan: Scan, close: '"' | undefined, parts: string[]): boolean => {
  let dynamic = false;
  for (;;) {
    spendStep(scan.budget);
    const char = scan.text[scan.at];
    if (char === undefined) {
      if (close === undefined) return dynamic;
      return fail(scan, 'unclosed double quote');
    }
    scan.at += 1;
    if (char === close) return dynamic;
    if (char === '\\') {
      const next = scan.text[scan.at];
      if (next !== undefined && '$`"\\\n'.includes(next)) {
        scan.at += 1;
        if (next !== '\n') parts.push(next);
      } else parts.push('\\');
    } else if (char === '$') {
      dynamic = readDollar(scan, parts) || dynamic;
    } else if (char === '`') {
      const start = scan.at - 1;
      subScan(scan, readBackticks(scan), parseAll);
      parts.push(scan.text.slice(start, scan.at));
      dynamic = true;
    } else parts.push(char);
  }
};

/** Reads one word at the cursor (which is not at a blank or an operator). */
const readWord = (scan: Scan): RawWord => {
  const parts: string[] = [];
  let dynamic = false;
  let quotedFrom = -1;
  const quoted = () => {
    if (quotedFrom === -1) quotedFrom = parts.join('').length;
  };
  const { text } = scan;
  while (scan.at < text.length) {
    spendStep(scan.budget);
    const char = text[scan.at] as string;
    if (WORD_END.has(char)) break;
    scan.at += 1;
    if (char === '\\') {
      const next = text[scan.at];
      scan.at += 1;
      if (next === '\n' || next === undefined) continue;
      quoted();
      parts.push(next);
    } else if (char === "'") {
      quoted();
      parts.push(readSingle(scan));
    } else if (char === '"') {
      quoted();
      dynamic = readDouble(scan, '"', parts) || dynamic;
    } else if (char === '$' && text[scan.at] === "'") {
      scan.at += 1;
      quoted();
      parts.push(readAnsi(scan));
    } else if (char === '$' && text[scan.at] === '"') {
      scan.at += 1;
      quoted();
      dynamic = readDouble(scan, '"', parts) || dynamic;
    } else if (char === '$') {
      dynamic = readDollar(scan, parts) || dynamic;
    } else if (char === '`') {
      const start = scan.at - 1;
      subScan(scan, readBackticks(scan), parseAll);
      parts.push(text.slice(start, scan.at));
      dynamic = true;
    } else parts.push(char);
  }
  const joined = parts.join('');
  return { text: joined, dynamic, quotedFrom: quotedFrom === -1 ? joined.length : quotedFrom };
};

/** At `<` or `>` (or `&>`): one redirection, its target read and dropped; a here-document is queued. */
const readRedirection = (scan: Scan): void => {
  REDIRECTION.lastIndex = scan.at;
  const operator = REDIRECTION.exec(scan.text);
  scan.at += (operator as RegExpExecArray)[0].length;
  while (scan.text[scan.at] === ' ' || scan.text[scan.at] === '\t') {
    spendStep(scan.budget);
    scan.at += 1;
  }
  const next = scan.text[scan.at];
  if (next === undefined || WORD_END.has(next)) fail(scan, 'redirection without a target');
  const target = readWord(scan);
  const kind = (operator as RegExpExecArray)[0];
  if (kind === '<<' || kind === '<<-') {
    scan.heredocs.push({
      delimiter: target.text,
      stripTabs: kind === '<<-',
      expands: target.quotedFrom === target.text.length,
    });
  }
};

/** After a newline: the bodies of the here-documents opened on the line just ended. */
const readHeredocBodies = (scan: Scan): void => {
  for (const heredoc of scan.heredocs.splice(0)) {
    const lines: string[] = [];
    for (;;) {
      if (scan.at >= scan.text.length) fail(scan, `here-document not closed by "${heredoc.delimiter}"`);
      const end = scan.text.indexOf('\n', scan.at);
      spendStep(scan.budget, (end === -1 ? scan.text.length : end + 1) - scan.at);
      const line = scan.text.slice(scan.at, end === -1 ? undefined : end);
      scan.at = end === -1 ? scan.text.length : end + 1;
      if ((heredoc.stripTabs ? line.replace(/^\t+/, '') : line) === heredoc.delimiter) break;
      lines.push(line);
    }
    // An unquoted delimiter expands the body like double quotes: `$(…)` there runs too.
    if (heredoc.expands) subScan(scan, lines.join('\n'), (inner) => readDouble(inner, undefined, []));
  }
};

/** Reads commands until `closer` (the `)` of a subshell or `$(`) or the end of the text. */
const parseList = (scan: Scan, closer: ')' | undefined): void => {
  scan.depth += 1;
  if (scan.depth > MAX_DEPTH) fail(scan, 'nesting too deep');
  const { text } = scan;
  let words: RawWord[] = [];
  const finish = () => {
    pushCommand(scan, words);
    words = [];
  };
  while (scan.at < text.length) {
    spendStep(scan.budget);
    const char = text[scan.at] as string;
    const next = text[scan.at + 1];
    if (char === ' ' || char === '\t') scan.at += 1;
    else if (char === '\\' && next === '\n') scan.at += 2;
    else if (char === '\n') {
      finish();
      scan.at += 1;
      readHeredocBodies(scan);
    } else if (char === '#') {
      const end = text.indexOf('\n', scan.at);
      scan.at = end === -1 ? text.length : end;
    } else if (char === ')') {
      if (closer !== ')') fail(scan, 'unbalanced ")"');
      finish();
      scan.at += 1;
      scan.depth -= 1;
      return;
    } else if (char === ';') {
      if (next === ';' || next === '&') fail(scan, 'case clauses are not followed');
      finish();
      scan.at += 1;
    } else if (char === '&' && next === '>') readRedirection(scan);
    else if (char === '&' || char === '|') {
      finish();
      scan.at += next === char || (char === '|' && next === '&') ? 2 : 1;
    } else if (char === '(') {
      if (next === '(') fail(scan, 'arithmetic commands are not followed');
      scan.at += 1;
      // At a command's start (reserved words such as `!` or `if` aside) `(` opens a subshell.
      if (words.every((word) => PREFIX_WORDS.has(word.text) && word.quotedFrom === word.text.length)) {
        parseList(scan, ')');
        continue;
      }
      // `name ()`: a function definition; its body is read as the commands that follow.
      while (text[scan.at] === ' ' || text[scan.at] === '\t') {
        spendStep(scan.budget);
        scan.at += 1;
      }
      if (text[scan.at] !== ')') fail(scan, 'unexpected "("');
      scan.at += 1;
      words = [];
    } else if ((char === '<' || char === '>') && next === '(') {
      const start = scan.at;
      scan.at += 2;
      parseList(scan, ')');
      words.push({ text: text.slice(start, scan.at), dynamic: true, quotedFrom: 0 });
    } else if (char === '<' || char === '>') readRedirection(scan);
    else {
      const word = readWord(scan);
      const plain = !word.dynamic && word.quotedFrom === word.text.length;
      if (plain && /^\d+$/.test(word.text) && (text[scan.at] === '<' || text[scan.at] === '>')) continue;
      if (plain && word.text === 'case' && words.every((w) => PREFIX_WORDS.has(w.text))) {
        fail(scan, 'case statements are not followed');
      }
      words.push(word);
    }
  }
  if (closer !== undefined) fail(scan, 'unclosed "(" or "$("');
  finish();
  if (scan.heredocs.length > 0) fail(scan, `here-document not closed by "${scan.heredocs[0]?.delimiter ?? ''}"`);
  scan.depth -= 1;
};

/**
 * The simple commands of `command`, each command found inside `$(…)`, backticks or `<(…)` listed before the
 * command that contains it (it runs first).
 *
 * @example
 * splitSimpleCommands('FOO=1 npm test && echo $(git push)')
 * // ok: [npm test] (assignments: FOO=1), [git push], [echo $(git push)] — the echo argument is dynamic
 */
export const splitSimpleCommands = (command: string, budget: ReadBudget = readBudget()): SplitResult => {
  const scan: Scan = { text: command, at: 0, out: [], heredocs: [], depth: 0, budget };
  try {
    parseList(scan, undefined);
    return { ok: true, commands: scan.out };
  } catch (error) {
    if (error instanceof Unparseable) return { ok: false, reason: error.reason, at: error.at };
    if (error instanceof BudgetExceeded) return { ok: false, reason: error.message, at: scan.at };
    throw error;
  }
};
