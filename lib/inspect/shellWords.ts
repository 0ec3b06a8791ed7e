/**
 * The trust view of a command line (shellParse.ts reads it): each word's *value* and where it runs, for
 * `hookstream validate` and the trust fingerprint, which find the files a command runs. A word only a
 * running shell could know (a command substitution, an unknown variable, a glob) is `undefined`, a command
 * inside an `if`/`while`/`for`/`{ }` body is `conditional` (a `cd` there makes the directory unknown), and
 * what the walk does not follow — a subshell, `case`, a function, a here-document, `<(…)`, syntax the reader
 * cannot read, a spent budget — ends the scan, saying where, so the caller reports it.
 */
import { readBudget, type ReadBudget } from './readBudget.js';
import type { ParsedWord } from './shellScan.js';
import { parseShell, type ParsedCommand, type ParsedLine } from './shellParse.js';

/** Where the values of variables come from (a Map will do). */
export interface VariableLookup {
  get(name: string): string | undefined;
}

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
  /** The command substitutions in the words scanned, as written: what they run is not followed. */
  substitutions?: string[];
}

/** A word's value with `vars`; `~` alone or before `/` is `home`. */
export const wordValue = (word: ParsedWord, vars: VariableLookup, home: string): ShellWord => {
  if (word.parts === undefined) {
    const { text } = word;
    return text === '~' || text.startsWith('~/') ? home + text.slice(1) : text;
  }
  let value = '';
  for (const [index, part] of word.parts.entries()) {
    if (part.kind === 'literal') {
      const tilde =
        index === 0 && !part.quoted && (part.text.startsWith('~/') || (part.text === '~' && !word.parts[1]));
      value += tilde ? home + part.text.slice(1) : part.text;
    } else if (part.kind === 'parameter' && part.name !== undefined) {
      const known = vars.get(part.name);
      if (known === undefined) return undefined;
      value += known;
    } else return undefined;
  }
  return value;
};

/** The command from `at`, quoted for a message: the first 24 characters of that line. */
const quoteFrom = (command: string, at: number): string => JSON.stringify(command.slice(at, at + 24).split('\n')[0]);

/** Where the trust view stops: the first construct it does not follow, or where the read failed. */
const stopOf = (line: ParsedLine): number => Math.min(line.unfollowedAt ?? Infinity, line.failure?.at ?? Infinity);

/** The words of a command of the line that come before `stop`; reserved words too when `reserved`. */
const wordsBefore = (parsed: ParsedCommand, stop: number, reserved: boolean): ParsedWord[] =>
  [...(reserved ? parsed.reserved : []), ...parsed.assignments, ...parsed.words].filter((word) => word.at < stop);

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
  const line = parseShell(command, budget);
  const stop = stopOf(line);
  const scan: ShellScan = { commands: [] };
  const substitutions: string[] = [];
  for (const parsed of line.commands) {
    if (parsed.nested || parsed.at >= stop) continue;
    const words = wordsBefore(parsed, stop, false);
    if (scan.commands.length >= limit && parsed.runs && words.length > 0) {
      scan.stoppedAt = quoteFrom(command, parsed.at);
      break;
    }
    for (const word of [...parsed.reserved, ...words, ...parsed.targets]) {
      if (word.at >= stop || word.parts === undefined) continue;
      for (const part of word.parts) if (part.kind === 'command') substitutions.push(part.raw);
    }
    if (!parsed.runs || words.length === 0) continue;
    scan.commands.push({ words: words.map((word) => wordValue(word, vars, home)), conditional: parsed.conditional });
  }
  if (stop !== Infinity && scan.stoppedAt === undefined) {
    scan.stoppedAt = quoteFrom(command, stop);
    if (line.failure?.budget === true && line.failure.at === stop) scan.reason = line.failure.reason;
  }
  if (substitutions.length > 0) scan.substitutions = substitutions;
  return scan;
};

/**
 * The words of the first simple command in `command` (reserved words and assignments included), up to
 * `limit` of them.
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
  const line = parseShell(command, budget);
  const stop = stopOf(line);
  const first = line.commands.find((parsed) => !parsed.nested);
  const words: ShellWord[] = (first === undefined ? (line.partial ?? []) : wordsBefore(first, stop, true))
    .filter((word) => word.at < stop)
    .slice(0, limit)
    .map((word) => wordValue(word, vars, home));
  // The rest of a command the read stopped in is unknown: a word only a running shell could tell.
  if (first === undefined && line.failure !== undefined && words.length < limit) words.push(undefined);
  return words;
};
