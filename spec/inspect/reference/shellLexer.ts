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
import { spendStep } from '../../../lib/inspect/readBudget.js';
import {
  fail,
  nested,
  nestedList,
  position,
  subScan,
  WORD_END,
  type ParsedWord,
  type Scan,
  type WordPart,
} from './shellScan.js';

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
/**
 * Runs of characters that only add themselves to a word, each charged one step as a run: outside quotes all
 * but blanks, operators, quotes, escapes, expansions and glob characters (`[` and `]` end a run, so the `]`
 * a `[` opened is seen); inside double quotes all but the quote, escapes and expansions; in a here-document
 * body (read like double quotes, with no closing quote) the quote too.
 */
const PLAIN_RUN = /[^ \t\n;&|()<>\\'"$`*?[\]]*/y;
const DOUBLE_RUN = /[^"\\$`]*/y;
const HEREDOC_RUN = /[^\\$`]*/y;
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

/** After `$`: one expansion (or a lone `$`, which is itself). */
const readDollar = (scan: Scan, parts: WordPart[], quoted: boolean): void => {
  nested(scan, () => {
    const { text } = scan;
    const start = scan.at - 1;
    const next = text[scan.at];
    const raw = () => text.slice(start, scan.at);
    if (next === '(' && text[scan.at + 1] === '(') {
      scan.at += 2;
      for (let depth = 2; depth > 0;) {
        spendStep(scan.state.budget);
        const char = text[scan.at];
        if (char === undefined) return fail('unclosed arithmetic expansion');
        if (char === '$' && text[scan.at + 1] === '(' && text[scan.at + 2] !== '(') {
          scan.at += 2;
          nestedList(scan, () => {
            scan.state.list(scan, ')');
          });
          continue;
        }
        scan.at += 1;
        if (char === '(') depth += 1;
        else if (char === ')') depth -= 1;
      }
      parts.push({ kind: 'arithmetic', raw: raw() });
    } else if (next === '(') {
      scan.at += 1;
      nestedList(scan, () => {
        scan.state.list(scan, ')');
      });
      parts.push({ kind: 'command', raw: raw() });
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
      const name = /^\$\{([A-Za-z_]\w*)\}$/.exec(raw());
      parts.push({ kind: 'parameter', raw: raw(), name: name?.[1], quoted });
    } else if (next !== undefined && /[A-Za-z_]/.test(next)) {
      NAME.lastIndex = scan.at;
      const name = (NAME.exec(text) as RegExpExecArray)[0];
      scan.at += name.length;
      parts.push({ kind: 'parameter', raw: raw(), name, quoted });
    } else if (next !== undefined && /[0-9@*#?$!-]/.test(next)) {
      scan.at += 1;
      parts.push({ kind: 'parameter', raw: raw(), name: undefined, quoted });
    } else addText(parts, '$', quoted);
  });
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
  nested(scan, () => {
    for (;;) {
      spendStep(scan.state.budget);
      const char = scan.text[scan.at];
      if (char === undefined) {
        if (close === undefined) return;
        return fail('unclosed double quote');
      }
      scan.at += 1;
      if (char === close) {
        // `""` is a quoted empty string: it keeps an otherwise empty word as an argument, and quotes a name.
        if (parts.length === before) addText(parts, '', true);
        return;
      }
      if (char === '\\') {
        const next = scan.text[scan.at];
        if (next !== undefined && '$`"\\\n'.includes(next)) {
          scan.at += 1;
          if (next !== '\n') addText(parts, next, true);
        } else addText(parts, '\\', true);
      } else if (char === '$' || char === '`') readSpecial(scan, char, parts);
      else {
        // The run of plain characters this one starts is one slice: one string and one part, not one per character.
        const run = close === undefined ? HEREDOC_RUN : DOUBLE_RUN;
        run.lastIndex = scan.at;
        const length = (run.exec(scan.text) as RegExpExecArray)[0].length;
        spendStep(scan.state.budget, length);
        addText(parts, scan.text.slice(scan.at - 1, scan.at + length), true);
        scan.at += length;
      }
    }
  });
};

/** Reads one word at the cursor (which is not at a blank or an operator). */
export const readWord = (scan: Scan): ParsedWord => {
  const parts: WordPart[] = [];
  const at = position(scan);
  const { text } = scan;
  let bracket = false;
  while (scan.at < text.length) {
    spendStep(scan.state.budget);
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
      PLAIN_RUN.lastIndex = scan.at;
      const length = (PLAIN_RUN.exec(text) as RegExpExecArray)[0].length;
      spendStep(scan.state.budget, length);
      addText(parts, text.slice(scan.at - 1, scan.at + length), false);
      scan.at += length;
    }
  }
  return { parts, at };
};
