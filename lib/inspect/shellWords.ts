/**
 * Reads a shell-form command the way bash would split it — quotes, escapes, `~`, the variables whose
 * values are known, `;`/`&&`/`|` lists, redirections, `if`/`while`/`for`/`{ }` bodies — without running
 * anything. Used by `hookstream validate` and the trust fingerprint to find the files a command runs, so
 * unlike `simpleCommands.ts` (which splits for `if` conditions and keeps expansions as written) it keeps
 * each word's *value* and where it runs: a word that only a running shell could know (command
 * substitution, unknown variables, globs) comes back as `undefined`, a `cd` inside a compound command
 * makes the directory unknown, and syntax it does not follow (subshells, `case`, functions,
 * here-documents) stops the scan and says where, so the caller can report what it did not follow.
 *
 * Only space and tab separate words, as in bash: a `\r`, a no-break space or any other Unicode blank is a
 * word character. Every loop spends a step of a budget (lib/inspect/readBudget.ts), so no input can make
 * the scan spin; a spent budget stops the scan like unfollowed syntax does.
 */
import { BudgetExceeded, readBudget, spendStep, spendWord, type ReadBudget } from './readBudget.js';

/** Characters that end a word outside quotes. */
const OPERATORS = new Set([';', '|', '&', '<', '>', '(', ')', '\n']);
/** Unquoted, these make a glob (`[` only with a closing `]`: a lone `[` is the test command). */
const GLOB = new Set(['*', '?']);
/** Words that open a compound command whose body runs in this shell (`for` also skips its header). */
const OPENING = new Set(['if', 'while', 'until', 'for', '{']);
const CLOSING = new Set(['fi', 'done', '}']);
/** Words that continue a compound command, or prefix a simple one, and leave what follows as it is. */
const TRANSPARENT = new Set(['then', 'elif', 'else', 'do', '!', 'time']);
/** Words that start syntax this reader does not follow. */
const UNFOLLOWED = new Set(['case', 'esac', 'function', 'select', 'coproc']);

/** Where the values of variables come from (a Map will do). */
export interface VariableLookup {
  get(name: string): string | undefined;
}

interface Cursor {
  text: string;
  at: number;
  budget: ReadBudget;
}

/** The blanks that separate words: bash's, and no others. */
const isBlank = (char: string | undefined): boolean => char === ' ' || char === '\t';
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;

/** Expands `$NAME` / `${NAME}` at the cursor (just after `$`); `undefined` when the value is unknown. */
const readVariable = (cursor: Cursor, vars: VariableLookup): string | undefined => {
  const braced = cursor.text[cursor.at] === '{';
  // A sticky match at the cursor: slicing the rest of the text per variable made a long line quadratic.
  NAME.lastIndex = cursor.at + (braced ? 1 : 0);
  const match = NAME.exec(cursor.text);
  if (!match) return undefined;
  cursor.at += match[0].length + (braced ? 1 : 0);
  if (braced) {
    if (cursor.text[cursor.at] !== '}') return undefined;
    cursor.at += 1;
  }
  return vars.get(match[0]);
};

/** Whether `char` ends an unquoted word: a blank or an operator. */
const endsWord = (char: string): boolean => isBlank(char) || OPERATORS.has(char);

/** Moves the cursor past a command substitution (just after its opening) whose contents are never known. */
const skipSubstitution = (cursor: Cursor, close: '`' | ')'): void => {
  let depth = 0;
  while (cursor.at < cursor.text.length) {
    spendStep(cursor.budget);
    const char = cursor.text[cursor.at];
    cursor.at += char === '\\' ? 2 : 1;
    if (close === ')' && char === '(') depth += 1;
    else if (char === close && (close === '`' || --depth === 0)) return;
  }
};

/** Reads one word at the cursor; `known` turns false when part of it cannot be known statically. */
const readWord = (cursor: Cursor, vars: VariableLookup, home: string): { value: string; known: boolean } => {
  let value = '';
  let known = true;
  let quote: '"' | "'" | undefined;
  let bracket = false;
  const { text } = cursor;
  const afterTilde = text[cursor.at + 1];
  if (text[cursor.at] === '~' && (afterTilde === undefined || afterTilde === '/' || endsWord(afterTilde))) {
    value = home;
    cursor.at += 1;
  }
  while (cursor.at < text.length) {
    spendStep(cursor.budget);
    const char = text[cursor.at] ?? '';
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else value += char;
      cursor.at += 1;
      continue;
    }
    if (quote === undefined && endsWord(char)) break;
    cursor.at += 1;
    if (char === '\\') {
      // A backslash-newline joins lines; any other escaped character is itself.
      if (text[cursor.at] !== '\n') value += text[cursor.at] ?? '';
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
      if (quote === undefined && (GLOB.has(char) || (char === ']' && bracket))) known = false;
      if (quote === undefined && char === '[') bracket = true;
      value += char;
    }
  }
  return { value, known };
};

/** One word as read: its text, or `undefined` when only a running shell could tell. */
export type ShellWord = string | undefined;

/** One simple command of a line. */
export interface ScannedCommand {
  /** Its words, redirections left out. */
  words: ShellWord[];
  /** Inside an `if`/`while`/`for`/`{ }` body: it may run or not, so a `cd` here leaves the directory unknown. */
  conditional: boolean;
}

export interface ShellScan {
  /** The simple commands of the line, in order. */
  commands: ScannedCommand[];
  /** Set when the scan stopped at syntax it does not follow: what, quoted from the command. */
  stoppedAt?: string;
  /** Set with `stoppedAt` when the scan stopped because the command is too long to read (its budget ran out). */
  reason?: string;
}

const skipBlanks = (cursor: Cursor): void => {
  while (cursor.at < cursor.text.length && isBlank(cursor.text[cursor.at])) {
    spendStep(cursor.budget);
    cursor.at += 1;
  }
};

const REDIRECTION = /&>>?|[<>]&|>>|>\||<>|<<<|<|>/y;

/** A redirection operator at the cursor (`>`, `2>>`, `&>`, `<&`, …) and its length; 0 when there is none. */
const redirectionLength = (text: string, at: number): number => {
  REDIRECTION.lastIndex = at;
  const match = REDIRECTION.exec(text);
  return match ? match[0].length : 0;
};

/**
 * Every simple command in `command`, up to `limit` of them, as bash would split it.
 *
 * @param vars Variables whose values are known (the project-dir variables, `HOME`, the hook's `env`).
 * @example scanCommands('cd sub && FOO=1 ./run.sh > log 2>&1; exit 0', vars, home).commands.map((c) => c.words)
 * // → [['cd', 'sub'], ['FOO=1', './run.sh'], ['exit', '0']]
 */
export const scanCommands = (
  command: string,
  vars: VariableLookup,
  home: string,
  limit = 32,
  budget: ReadBudget = readBudget(),
): ShellScan => {
  const cursor: Cursor = { text: command, at: 0, budget };
  const commands: ScannedCommand[] = [];
  let start = 0;
  try {
    return scanFrom(cursor, vars, home, limit, commands, (at) => (start = at));
  } catch (error) {
    if (!(error instanceof BudgetExceeded)) throw error;
    // What was read before the budget ran out stands; the rest is reported as not followed.
    return { commands, stoppedAt: quoteFrom(command, start), reason: error.message };
  }
};

/** The command from `at`, quoted for a message: the first 24 characters of that line. */
const quoteFrom = (command: string, at: number): string => JSON.stringify(command.slice(at, at + 24).split('\n')[0]);

/** The scan itself; `mark` records where each step of the line starts, for the message when the budget runs out. */
const scanFrom = (
  cursor: Cursor,
  vars: VariableLookup,
  home: string,
  limit: number,
  commands: ScannedCommand[],
  mark: (at: number) => void,
): ShellScan => {
  const command = cursor.text;
  let words: ShellWord[] = [];
  let depth = 0;
  /** Skipping a `for NAME in …` header or a `[[ … ]]` test, which run no command. */
  let skipping: 'for' | '[[' | undefined;
  const end = (): void => {
    if (words.length > 0) commands.push({ words, conditional: depth > 0 });
    words = [];
  };
  const stop = (at: number): ShellScan => {
    end();
    return { commands, stoppedAt: quoteFrom(command, at) };
  };
  while (commands.length < limit) {
    spendStep(cursor.budget);
    skipBlanks(cursor);
    const at = cursor.at;
    mark(at);
    const next = command[at];
    if (next === undefined) break;
    if (next === '#') {
      const newline = command.indexOf('\n', at);
      cursor.at = newline === -1 ? command.length : newline;
      continue;
    }
    const redirection = redirectionLength(command, at);
    if (redirection > 0) {
      // A here-document's body is lines of its own, and `<(…)` runs a command: neither is followed.
      if (command.startsWith('<<', at) && !command.startsWith('<<<', at)) return stop(at);
      cursor.at += redirection;
      skipBlanks(cursor);
      if (command[cursor.at] === '(') return stop(at);
      readWord(cursor, vars, home);
      continue;
    }
    if (next === '(' || next === ')') return stop(at);
    if (OPERATORS.has(next)) {
      cursor.at += command[at + 1] === next || (next === '|' && command[at + 1] === '&') ? 2 : 1;
      if (skipping === 'for') skipping = undefined;
      end();
      continue;
    }
    const { value, known } = readWord(cursor, vars, home);
    // Every turn reads at least one character: a word that reads none would repeat for ever.
    if (cursor.at === at) return stop(at);
    if (skipping !== undefined) {
      if (known && (value === ']]' ? skipping === '[[' : value === 'do' && skipping === 'for')) skipping = undefined;
      continue;
    }
    // `2>file`: the digits are the redirected descriptor, not a word.
    if (known && /^\d+$/.test(value) && redirectionLength(command, cursor.at) > 0) continue;
    if (words.length === 0 && known) {
      if (UNFOLLOWED.has(value)) return stop(at);
      if (TRANSPARENT.has(value)) continue;
      if (OPENING.has(value)) {
        depth += 1;
        if (value === 'for') skipping = 'for';
        continue;
      }
      if (CLOSING.has(value)) {
        depth = Math.max(0, depth - 1);
        continue;
      }
      if (value === '[[') {
        skipping = '[[';
        continue;
      }
    }
    spendWord(cursor.budget);
    words.push(known ? value : undefined);
  }
  if (commands.length < limit) end();
  return commands.length >= limit && cursor.at < command.length ? stop(cursor.at) : { commands };
};

/**
 * The words of the first simple command in `command`, up to `limit` of them.
 *
 * @param vars Variables whose values are known (the project-dir variables, `HOME`, the hook's `env`).
 * @return One entry per word: its text, or `undefined` when only a running shell could tell.
 */
export const leadingWords = (
  command: string,
  vars: VariableLookup,
  home: string,
  limit = 8,
  budget: ReadBudget = readBudget(),
): ShellWord[] => {
  const cursor: Cursor = { text: command, at: 0, budget };
  const words: ShellWord[] = [];
  try {
    while (words.length < limit) {
      skipBlanks(cursor);
      const at = cursor.at;
      const next = command[at];
      if (next === undefined || OPERATORS.has(next) || next === '#') break;
      const { value, known } = readWord(cursor, vars, home);
      if (cursor.at === at) break;
      spendWord(cursor.budget);
      words.push(known ? value : undefined);
    }
  } catch (error) {
    if (!(error instanceof BudgetExceeded)) throw error;
    // The rest is unknown: a word only a running shell could tell.
    words.push(undefined);
  }
  return words;
};
