/**
 * Reads the leading words of a shell-form command the way bash would split them — quotes, escapes,
 * `~`, and the variables hookstream itself exports — without running anything. Used by
 * `hookstream validate` and the trust fingerprint to find the script a command runs; a word that only a running shell could
 * know (command substitution, unknown variables, globs) comes back as `undefined`.
 */

/** Characters that end the first simple command. */
const OPERATORS = new Set([';', '|', '&', '<', '>', '(', ')', '\n']);
const GLOB = new Set(['*', '?', '[']);

interface Cursor {
  text: string;
  at: number;
}

/** Expands `$NAME` / `${NAME}` at the cursor (just after `$`); `undefined` when the value is unknown. */
const readVariable = (cursor: Cursor, vars: ReadonlyMap<string, string>): string | undefined => {
  const braced = cursor.text[cursor.at] === '{';
  const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(cursor.text.slice(cursor.at + (braced ? 1 : 0)));
  if (!match) return undefined;
  cursor.at += match[0].length + (braced ? 1 : 0);
  if (braced) {
    if (cursor.text[cursor.at] !== '}') return undefined;
    cursor.at += 1;
  }
  return vars.get(match[0]);
};

/** Moves the cursor past a command substitution (just after its opening) whose contents are never known. */
const skipSubstitution = (cursor: Cursor, close: '`' | ')'): void => {
  let depth = 0;
  while (cursor.at < cursor.text.length) {
    const char = cursor.text[cursor.at];
    cursor.at += char === '\\' ? 2 : 1;
    if (close === ')' && char === '(') depth += 1;
    else if (char === close && (close === '`' || --depth === 0)) return;
  }
};

/** Reads one word at the cursor; `known` turns false when part of it cannot be known statically. */
const readWord = (
  cursor: Cursor,
  vars: ReadonlyMap<string, string>,
  home: string,
): { value: string; known: boolean } => {
  let value = '';
  let known = true;
  let quote: '"' | "'" | undefined;
  const { text } = cursor;
  if (text[cursor.at] === '~' && (cursor.at + 1 >= text.length || /[\s/]/.test(text[cursor.at + 1] ?? ''))) {
    value = home;
    cursor.at += 1;
  }
  while (cursor.at < text.length) {
    const char = text[cursor.at] ?? '';
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else value += char;
      cursor.at += 1;
      continue;
    }
    if (quote === undefined && (/\s/.test(char) || OPERATORS.has(char))) break;
    cursor.at += 1;
    if (char === '\\') {
      value += text[cursor.at] ?? '';
      cursor.at += 1;
    } else if (char === '"') {
      quote = quote === '"' ? undefined : '"';
    } else if (char === "'" && quote === undefined) {
      quote = "'";
    } else if (char === '`' || (char === '$' && text[cursor.at] === '(')) {
      skipSubstitution(cursor, char === '`' ? '`' : ')');
      known = false;
    } else if (char === '$') {
      const expanded = readVariable(cursor, vars);
      if (expanded === undefined) known = false;
      else value += expanded;
    } else {
      if (quote === undefined && GLOB.has(char)) known = false;
      value += char;
    }
  }
  return { value, known };
};

/**
 * The words of the first simple command in `command`, up to `limit` of them.
 *
 * @param vars Variables whose values are known (the project-dir variables, `HOME`, the hook's `env`).
 * @return One entry per word: its text, or `undefined` when only a running shell could tell.
 */
export const leadingWords = (
  command: string,
  vars: ReadonlyMap<string, string>,
  home: string,
  limit = 8,
): (string | undefined)[] => {
  const cursor: Cursor = { text: command, at: 0 };
  const words: (string | undefined)[] = [];
  while (words.length < limit) {
    while (cursor.at < command.length && /[ \t]/.test(command[cursor.at] ?? '')) cursor.at += 1;
    const next = command[cursor.at];
    if (next === undefined || OPERATORS.has(next) || next === '#') break;
    const { value, known } = readWord(cursor, vars, home);
    words.push(known ? value : undefined);
  }
  return words;
};
