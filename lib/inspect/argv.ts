/**
 * An argument vector as the static analysis sees it, and one option parser for every program it must see
 * through (wrappers such as `env` and `timeout`, interpreters such as `bash` and `python`). Each program is
 * described as data (a `Grammar`); the parser finds where its options end and what they name.
 */

/** One argument: its text (undefined when only a running shell could tell) and where the hook wrote it. */
export interface Word {
  readonly text: string | undefined;
  /** JSON pointer under the hook entry: `/command`, `/args/2`, `/env/BASH_ENV`. */
  readonly field: string;
}

/** How a program reads its options. Option names carry their dashes: `-o`, `--rcfile`. */
export interface Grammar {
  /** Options that take a value (the next word, the rest of a short cluster, or `=value`). */
  readonly valued?: readonly string[];
  /** Valued options whose value is code to run (`python -c`, `node -e`). */
  readonly code?: readonly string[];
  /** Valued options whose value is a file or module that runs too (`node -r`, `ruby -r`). */
  readonly modules?: readonly string[];
  /** Valued options whose value is the program file itself (`php -f`). */
  readonly scripts?: readonly string[];
  /** Valued options whose value is a file read before the program (`bash --rcfile`, `node --env-file`). */
  readonly startup?: readonly string[];
  /** Options that make the program load code hookstream cannot pin (`php -d`, `node --openssl-config`). */
  readonly risky?: readonly string[];
  /** Valued options that change the working directory (`env -C`, `ruby -C`). */
  readonly chdir?: readonly string[];
  /** Valued options after which every word is the program's own argument (`python -c`, `python -m`). */
  readonly ends?: readonly string[];
  /** Valued options whose value is a module found on the language's own path (`python -m`). */
  readonly packages?: readonly string[];
  /** Options after which nothing is run (`--version`, `node --check`, `command -v`). */
  readonly noRun?: readonly string[];
  /** A short flag that makes the first operand code (`sh -c`). */
  readonly codeFlag?: string;
  /** A short flag that makes the program read its code from stdin (`sh -s`). */
  readonly stdinFlag?: string;
  /** `-abc` is three flags (`bash -eu`); otherwise it is one option. */
  readonly clusters?: boolean;
  /** `+o name` options exist (shells). */
  readonly plus?: boolean;
  /** Every option that takes a value is listed: an unknown one is a flag. */
  readonly closed?: boolean;
  /** In an open grammar, unknown options with these prefixes are flags all the same (`--no-`, `--trace-`). */
  readonly flagPrefixes?: readonly string[];
  /** `-10` is an option (`nice -10`). */
  readonly numeric?: boolean;
}

/** What the options of one command line say. */
export interface ParsedArgs {
  /** Index of the first operand (the script, the wrapped program); `words.length` when there is none. */
  operand: number;
  /** Values of the `code` options, and the first operand under `codeFlag`. */
  code: readonly Word[];
  modules: readonly Word[];
  scripts: readonly Word[];
  startup: readonly Word[];
  packages: readonly Word[];
  /** The last `chdir` value. */
  chdir?: Word;
  /** `codeFlag` was given: the first operand is code, not a file. */
  codeOperand: boolean;
  stdin: boolean;
  noRun: boolean;
  /** An option the grammar does not know, which may have taken the next word as its value. */
  unknownOption?: string;
  /** A word only a running shell could tell stood where an option or operand was expected. */
  unknownWord: boolean;
  /** Every option given, in order, with its value when it takes one (`env -u PATH`, `env -i`). */
  options: readonly GivenOption[];
}

export interface GivenOption {
  readonly name: string;
  readonly value?: Word;
}

/**
 * The lists of a parse start as these shared frozen empty ones and get an array at their first entry: a parse
 * (every wrapper and shell a command goes through) made six arrays, most of them left empty.
 */
const NO_WORDS: readonly Word[] = Object.freeze([]);
const NO_OPTIONS: readonly GivenOption[] = Object.freeze([]);

/** `list` with `item` added at its end: a new array in place of a shared empty one, else the same one grown. */
const added = <T>(list: readonly T[], item: T, empty: readonly T[]): readonly T[] => {
  if (list === empty) return [item];
  (list as T[]).push(item);
  return list;
};

/** The value of an option that ends the command line: unknown. */
const missing = (after: Word): Word => ({ text: undefined, field: after.field });

const has = (list: readonly string[] | undefined, name: string): boolean => list?.includes(name) ?? false;

/** Records the value of option `name` in the lists it belongs to. */
const take = (grammar: Grammar, name: string, value: Word, parsed: ParsedArgs): void => {
  parsed.options = added(parsed.options, { name, value }, NO_OPTIONS);
  if (has(grammar.code, name)) parsed.code = added(parsed.code, value, NO_WORDS);
  if (has(grammar.modules, name)) parsed.modules = added(parsed.modules, value, NO_WORDS);
  if (has(grammar.scripts, name)) parsed.scripts = added(parsed.scripts, value, NO_WORDS);
  if (has(grammar.startup, name)) parsed.startup = added(parsed.startup, value, NO_WORDS);
  if (has(grammar.packages, name)) parsed.packages = added(parsed.packages, value, NO_WORDS);
  if (has(grammar.chdir, name)) parsed.chdir = value;
  if (has(grammar.noRun, name)) parsed.noRun = true;
};

/** A flag given on its own (`--posix`, `-i`): remembered, and marked unknown when the grammar is open. */
const flag = (grammar: Grammar, name: string, parsed: ParsedArgs): void => {
  parsed.options = added(parsed.options, { name }, NO_OPTIONS);
  if (grammar.codeFlag === name) parsed.codeOperand = true;
  else if (grammar.stdinFlag === name) parsed.stdin = true;
  else if (has(grammar.noRun, name)) parsed.noRun = true;
  else if (grammar.closed === true || parsed.unknownOption !== undefined) return;
  else if (!(grammar.flagPrefixes ?? []).some((prefix) => name.startsWith(prefix))) parsed.unknownOption = name;
};

/** Reads a short cluster `-abc` (or `+o`); returns how many extra words it consumed. */
const readCluster = (grammar: Grammar, word: Word, next: Word | undefined, parsed: ParsedArgs): number => {
  const text = word.text ?? '';
  for (let at = 1; at < text.length; at++) {
    const name = `-${text[at] ?? ''}`;
    if (has(grammar.valued, name)) {
      const rest = text.slice(at + 1);
      take(grammar, name, rest === '' ? (next ?? missing(word)) : { text: rest, field: word.field }, parsed);
      return rest === '' ? 1 : 0;
    }
    flag(grammar, name, parsed);
  }
  return 0;
};

/**
 * Parses the options of `words` (the program's arguments, without the program) by `grammar`.
 *
 * @example parseArgs(words('-eu -o pipefail x.sh a'), BASH).operand // → 3 (x.sh)
 */
export const parseArgs = (words: readonly Word[], grammar: Grammar): ParsedArgs => {
  const parsed: ParsedArgs = {
    operand: words.length,
    code: NO_WORDS,
    modules: NO_WORDS,
    scripts: NO_WORDS,
    startup: NO_WORDS,
    packages: NO_WORDS,
    codeOperand: false,
    stdin: false,
    noRun: false,
    unknownWord: false,
    options: NO_OPTIONS,
  };
  for (let index = 0; index < words.length; index++) {
    const word = words[index] ?? missing({ text: undefined, field: '' });
    const text = word.text;
    if (text === undefined) {
      parsed.unknownWord = true;
      parsed.operand = index;
      return parsed;
    }
    if (text === '--') {
      parsed.operand = index + 1;
      return parsed;
    }
    const option = text.startsWith('-') || (grammar.plus === true && text.startsWith('+'));
    if (!option || text === '-' || text === '+') {
      parsed.operand = index;
      return parsed;
    }
    if (grammar.numeric === true && /^-\d+$/.test(text)) {
      parsed.options = added(parsed.options, { name: text }, NO_OPTIONS);
      continue;
    }
    const equals = text.startsWith('--') ? text.indexOf('=') : -1;
    const name = equals === -1 ? text : text.slice(0, equals);
    if (equals !== -1) {
      take(grammar, name, { text: text.slice(equals + 1), field: word.field }, parsed);
    } else if (has(grammar.valued, name)) {
      take(grammar, name, words[index + 1] ?? missing(word), parsed);
      index += 1;
    } else if (!text.startsWith('--') && grammar.clusters === true) {
      index += readCluster(grammar, word, words[index + 1], parsed);
    } else {
      flag(grammar, name, parsed);
      continue;
    }
    const last = parsed.options.at(-1)?.name ?? '';
    if (has(grammar.ends, last)) {
      parsed.operand = index + 1;
      return parsed;
    }
  }
  return parsed;
};
