/**
 * The words of a shell command line, read without running anything: each word as its parts — literal text
 * (quoted or not), glob characters, parameter, command and arithmetic expansions kept as written — so that
 * one reading serves both views of a command: the text as written (`if` conditions) and the value with the
 * known variables (the trust walk). The structure around the words (lists, subshells, redirections, here-
 * documents, reserved words) is shellParse.ts; the commands inside `$(…)` and backticks are read by it too.
 *
 * Only space, tab and newline are blanks, as in bash. Every loop spends a step of the read's budget
 * (readBudget.ts): a word too long or too deep to read ends the read, never a loop.
 */
import { spendStep } from './readBudget.js';
import {
  fail,
  MAX_DEPTH,
  nestedList,
  plainWord,
  position,
  subScan,
  WORD_END,
  wordOf,
  type ParsedWord,
  type Scan,
  type WordPart,
} from './shellScan.js';

/** The characters that end a run of plain text, as a table indexed by char code (below 128; others never end one). */
const stops = (chars: string): Uint8Array => {
  const table = new Uint8Array(128);
  for (const char of chars) table[char.charCodeAt(0)] = 1;
  return table;
};
/**
 * Runs of characters that only add themselves to a word, each charged one step as a run: outside quotes all
 * but blanks, operators, quotes, escapes, expansions and glob characters (`[` and `]` end a run, so the `]`
 * a `[` opened is seen); inside double quotes all but the quote, escapes and expansions; in a here-document
 * body (read like double quotes, with no closing quote) the quote too.
 */
const PLAIN_STOPS = stops(' \t\n;&|()<>\\\'"$`*?[]');
const DOUBLE_STOPS = stops('"\\$`');
const HEREDOC_STOPS = stops('\\$`');

/**
 * Where the run of plain characters starting at `at` ends. A loop over char codes, not a sticky regex: each
 * `exec` made a match array and a string per run, a third of what reading a 200-character line allocated.
 */
const runEnd = (text: string, at: number, table: Uint8Array): number => {
  let end = at;
  for (const length = text.length; end < length; end++) {
    const code = text.charCodeAt(end);
    if (code < 128 && table[code] === 1) break;
  }
  return end;
};

/** `A-Z`, `a-z` or `_`: a character a parameter name starts with. */
const isNameStart = (code: number): boolean => (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
/** A character of a parameter name after its first. */
const isNameChar = (code: number): boolean => isNameStart(code) || (code >= 48 && code <= 57);
const SPECIAL_PARAMETER = /[0-9@*#?$!-]/;
const BRACED_NAME = /^\$\{([A-Za-z_]\w*)\}$/;
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

/**
 * Appends literal text, joined to the part before when that is literal text quoted alike. Called for every run
 * of plain text and every escaped character: the joined part is a literal, not `{ ...last, text }` (a spread
 * with a key after it gets a new hidden class per object on Node 20 and cost about half of a 200-character read).
 */
const addText = (parts: WordPart[], text: string, quoted: boolean): void => {
  const last = parts.at(-1);
  if (last?.kind === 'literal' && last.quoted === quoted)
    parts[parts.length - 1] = { kind: 'literal', text: last.text + text, quoted };
  else parts.push({ kind: 'literal', text, quoted });
};

/** After `` ` ``: the command text up to the closing backtick, escapes undone, read as nested commands. */
const readBackticks = (scan: Scan, parts: WordPart[]): void => {
  const start = scan.at - 1;
  let inner = '';
  for (;;) {
    spendStep(scan.state.budget);
    const char = scan.text[scan.at];
    if (char === undefined) return fail('unclosed backquote');
    scan.at += 1;
    if (char === '`') break;
    const next = scan.text[scan.at];
    if (char === '\\' && next !== undefined && '\\`$'.includes(next)) {
      inner += next;
      scan.at += 1;
    } else inner += char;
  }
  subScan(scan, inner, (sub) => {
    sub.state.list(sub, undefined);
  });
  parts.push({ kind: 'command', raw: scan.text.slice(start, scan.at) });
};

/** After `$`: one expansion (or a lone `$`, which is itself). Nesting is counted inline: a closure per call cost more. */
const readDollar = (scan: Scan, parts: WordPart[], quoted: boolean): void => {
  scan.depth += 1;
  if (scan.depth > MAX_DEPTH) fail('nesting too deep');
  const { text } = scan;
  const start = scan.at - 1;
  const next = text[scan.at];
  if (next === '(' && text[scan.at + 1] === '(') {
    scan.at += 2;
    for (let depth = 2; depth > 0;) {
      spendStep(scan.state.budget);
      const char = text[scan.at];
      if (char === undefined) return fail('unclosed arithmetic expansion');
      if (char === '$' && text[scan.at + 1] === '(' && text[scan.at + 2] !== '(') {
        scan.at += 2;
        nestedList(scan, ')');
        continue;
      }
      scan.at += 1;
      if (char === '(') depth += 1;
      else if (char === ')') depth -= 1;
    }
    parts.push({ kind: 'arithmetic', raw: text.slice(start, scan.at) });
  } else if (next === '(') {
    scan.at += 1;
    nestedList(scan, ')');
    parts.push({ kind: 'command', raw: text.slice(start, scan.at) });
  } else if (next === '{') {
    scan.at += 1;
    for (let depth = 1; depth > 0;) {
      spendStep(scan.state.budget);
      const char = text[scan.at];
      if (char === undefined) return fail('unclosed ${');
      scan.at += 1;
      if (char === '{') depth += 1;
      else if (char === '}') depth -= 1;
      else if (char === '\\') scan.at += 1;
      else if (char === "'") readSingle(scan);
      else if (char === '"' || char === '`' || char === '$') readSpecial(scan, char, []);
    }
    const raw = text.slice(start, scan.at);
    parts.push({ kind: 'parameter', raw, name: BRACED_NAME.exec(raw)?.[1], quoted });
  } else if (next !== undefined && isNameStart(next.charCodeAt(0))) {
    let end = scan.at + 1;
    while (end < text.length && isNameChar(text.charCodeAt(end))) end += 1;
    const name = text.slice(scan.at, end);
    scan.at = end;
    parts.push({ kind: 'parameter', raw: text.slice(start, end), name, quoted });
  } else if (next !== undefined && SPECIAL_PARAMETER.test(next)) {
    scan.at += 1;
    parts.push({ kind: 'parameter', raw: text.slice(start, scan.at), name: undefined, quoted });
  } else addText(parts, '$', quoted);
  scan.depth -= 1;
};

/** `"`, `` ` `` or `$` just read inside `${…}` or double quotes. */
const readSpecial = (scan: Scan, char: string, parts: WordPart[]): void => {
  if (char === '"') readDouble(scan, '"', parts);
  else if (char === '`') readBackticks(scan, parts);
  else readDollar(scan, parts, true);
};

/** After `'`: the literal text up to the closing quote. */
const readSingle = (scan: Scan): string => {
  const end = scan.text.indexOf("'", scan.at);
  if (end === -1) return fail('unclosed single quote');
  spendStep(scan.state.budget, end + 1 - scan.at);
  const literal = scan.text.slice(scan.at, end);
  scan.at = end + 1;
  return literal;
};

/** After `$'`: ANSI-C quoting, escapes decoded. */
const readAnsi = (scan: Scan): string => {
  let literal = '';
  for (;;) {
    spendStep(scan.state.budget);
    const char = scan.text[scan.at];
    if (char === undefined) return fail("unclosed $' quote");
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

/** After `"` (or over a whole here-document body when `close` is undefined): its parts, appended to `parts`. */
export const readDouble = (scan: Scan, close: '"' | undefined, parts: WordPart[]): void => {
  const before = parts.length;
  const { text } = scan;
  const table = close === undefined ? HEREDOC_STOPS : DOUBLE_STOPS;
  scan.depth += 1;
  if (scan.depth > MAX_DEPTH) fail('nesting too deep');
  for (;;) {
    spendStep(scan.state.budget);
    const char = text[scan.at];
    if (char === undefined) {
      if (close === undefined) break;
      return fail('unclosed double quote');
    }
    scan.at += 1;
    if (char === close) {
      // `""` is a quoted empty string: it keeps an otherwise empty word as an argument, and quotes a name.
      if (parts.length === before) addText(parts, '', true);
      break;
    }
    if (char === '\\') {
      const next = text[scan.at];
      if (next !== undefined && '$`"\\\n'.includes(next)) {
        scan.at += 1;
        if (next !== '\n') addText(parts, next, true);
      } else addText(parts, '\\', true);
    } else if (char === '$' || char === '`') readSpecial(scan, char, parts);
    else {
      // The run of plain characters this one starts is one slice: one string and one part, not one per character.
      const end = runEnd(text, scan.at, table);
      spendStep(scan.state.budget, end - scan.at);
      addText(parts, text.slice(scan.at - 1, end), true);
      scan.at = end;
    }
  }
  scan.depth -= 1;
};

/**
 * Reads one word at the cursor (which is not at a blank or an operator). A word that is one run of plain text
 * (most are: `rm`, `-rf`, `out.json`) is a plain word, read with no parts array; a word that goes on after its
 * first run gets that run as its first part in an array of one (an empty array grown by a push reserves
 * seventeen slots).
 */
export const readWord = (scan: Scan): ParsedWord => {
  const at = position(scan);
  const { text } = scan;
  const { budget } = scan.state;
  let bracket = false;
  let parts: WordPart[];
  const first = text[scan.at];
  if (first !== undefined && (first === '[' || first === ']' || PLAIN_STOPS[first.charCodeAt(0)] !== 1)) {
    // The loop's first turn, for a word that starts with plain text: the same steps, an array of one.
    spendStep(budget);
    bracket = first === '[';
    const end = runEnd(text, scan.at + 1, PLAIN_STOPS);
    spendStep(budget, end - scan.at - 1);
    const run = text.slice(scan.at, end);
    scan.at = end;
    // The word ends with the run: the step the loop below spends on the character that ends it, and no parts.
    if (end >= text.length) return plainWord(run, at);
    if (WORD_END.has(text[end] as string)) {
      spendStep(budget);
      return plainWord(run, at);
    }
    parts = [{ kind: 'literal', text: run, quoted: false }];
  } else parts = [];
  while (scan.at < text.length) {
    spendStep(budget);
    const char = text[scan.at] as string;
    if (WORD_END.has(char)) break;
    scan.at += 1;
    const next = text[scan.at];
    if (char === '\\') {
      scan.at += 1;
      if (next !== '\n' && next !== undefined) addText(parts, next, true);
    } else if (char === "'") addText(parts, readSingle(scan), true);
    else if (char === '"') readDouble(scan, '"', parts);
    else if (char === '$' && next === "'") {
      scan.at += 1;
      addText(parts, readAnsi(scan), true);
    } else if (char === '$' && next === '"') {
      scan.at += 1;
      readDouble(scan, '"', parts);
    } else if (char === '$' || char === '`') {
      if (char === '$') readDollar(scan, parts, false);
      else readBackticks(scan, parts);
    } else if (char === '*' || char === '?' || (char === ']' && bracket)) parts.push({ kind: 'glob', text: char });
    else {
      bracket ||= char === '[';
      // The run of plain characters this one starts is one slice: one string and one part, not one per character.
      const end = runEnd(text, scan.at, PLAIN_STOPS);
      spendStep(budget, end - scan.at);
      addText(parts, text.slice(scan.at - 1, end), false);
      scan.at = end;
    }
  }
  return wordOf(parts, at);
};
