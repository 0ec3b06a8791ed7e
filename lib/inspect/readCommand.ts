/**
 * Every program a shell command line runs, read without running anything: each simple command of the line
 * (lists, pipelines, subshells, `$(…)`, backticks, here-documents — simpleCommands.ts), and inside each,
 * what it runs in turn — the program a wrapper runs (`sudo`, `env`, `timeout 5`, `xargs`), the code of
 * `bash -c` / `sh -c` / `bash -lc`, the line `eval` runs — looked through as the trust walk looks through
 * them (lookThrough.ts). Used by `if` conditions, where a rule holds when ANY program matches.
 *
 * What cannot be read makes the whole reading fail, with the reason: an unclosed quote, syntax not
 * followed, a shell's code or an `eval` line only known at run time, a shell reading commands from stdin,
 * nesting deeper than MAX_NESTING, or a spent budget. A caller that guards must then act as if anything
 * ran.
 */
import type { Word } from './argv.js';
import { parseArgs } from './argv.js';
import { programName } from './interpreters.js';
import { evalLine, shellRun, wrappedAt, wrapperOf } from './lookThrough.js';
import { BudgetExceeded, readBudget, spendStep, type ReadBudget } from './readBudget.js';
import { splitSimpleCommands, type ShellWord } from './simpleCommands.js';

/** One program the line runs (a wrapper and the program it runs are two). */
export interface ProgramRun {
  /** The program and its arguments: quotes removed, expansions kept as written and flagged dynamic. */
  readonly words: readonly ShellWord[];
  /** The program's name without its directory (`/usr/bin/rm` → `rm`); undefined when only the shell knows it. */
  readonly name: string | undefined;
}

export type CommandReading =
  { readonly ok: true; readonly programs: readonly ProgramRun[] } | { readonly ok: false; readonly reason: string };

/** `bash -c` inside `eval` inside `bash -c` …: deeper than this is not read. */
export const MAX_NESTING = 8;

class Unreadable extends Error {}

const ASSIGNMENT = /^[A-Za-z_]\w*=/;

/** The words as the option parser reads them: a dynamic word is unknown, except the name of an assignment. */
const asWords = (words: readonly ShellWord[]): Word[] =>
  words.map((word) => ({ text: word.dynamic && !ASSIGNMENT.test(word.text) ? undefined : word.text, field: '' }));

class Reader {
  readonly programs: ProgramRun[] = [];

  constructor(private readonly budget: ReadBudget) {}

  /** Reads a command line (the hook's, a shell's `-c` code, an `eval` line). */
  line(text: string, depth: number): void {
    if (depth > MAX_NESTING) throw new Unreadable(`nested more than ${String(MAX_NESTING)} levels deep`);
    const split = splitSimpleCommands(text, this.budget);
    if (!split.ok) throw new Unreadable(split.reason);
    for (const simple of split.commands) this.follow(simple.words, depth);
  }

  /** Records one argument vector and follows what it runs. */
  follow(words: readonly ShellWord[], depth: number): void {
    // Charged per word listed: `nice nice … rm` lists every suffix, which must not grow without bound.
    spendStep(this.budget, words.length + 1);
    const program = words[0];
    if (program === undefined) return;
    if (program.dynamic) {
      this.programs.push({ words, name: undefined });
      return;
    }
    const name = programName(program.text);
    this.programs.push({ words, name });
    const rest = words.slice(1);
    const args = asWords(rest);
    if (name === 'eval') {
      const line = evalLine(args);
      if (line === undefined) throw new Unreadable('eval of words only known at run time');
      this.line(line, depth + 1);
      return;
    }
    const wrapper = wrapperOf(name);
    if (wrapper !== undefined) {
      const parsed = parseArgs(args, wrapper.grammar);
      if (parsed.noRun) return;
      const at = wrappedAt(wrapper, args, parsed);
      // A word only the shell knows where an option or operand was expected: the program may be anything.
      if (parsed.unknownWord) {
        this.programs.push({ words: rest.slice(parsed.operand), name: undefined });
        return;
      }
      // Wrappers do not nest code: a chain of them is bounded by the words and the budget, not by MAX_NESTING.
      const split = this.split(wrapper.split, parsed.options);
      this.follow(split.concat(rest.slice(at)), depth);
      // An option the table does not know may have taken the next word as its value.
      if (parsed.unknownOption !== undefined) this.follow(rest.slice(at + 1), depth);
      return;
    }
    const shell = shellRun(name, args);
    if (shell?.kind === 'code') {
      if (shell.code.text === undefined) throw new Unreadable(`${name} -c code only known at run time`);
      this.line(shell.code.text, depth + 1);
    } else if (shell?.kind === 'stdin') throw new Unreadable(`${name} reads its commands from stdin`);
  }

  /** The words an option such as `env -S 'rm -f x'` puts before the program. */
  private split(names: readonly string[] | undefined, options: readonly { name: string; value?: Word }[]) {
    const words: ShellWord[] = [];
    for (const { name, value } of options) {
      if (names?.includes(name) !== true || value === undefined) continue;
      if (value.text === undefined) throw new Unreadable(`${name} of words only known at run time`);
      const split = splitSimpleCommands(value.text, this.budget);
      if (!split.ok || split.commands.length > 1) throw new Unreadable(`${name} value that is not one command`);
      const only = split.commands[0];
      // `env -S 'A=1 rm x'`: env sets A itself; the program is what follows.
      if (only !== undefined) words.push(...only.words);
    }
    return words;
  }
}

/**
 * Every program `command` runs, as far as it can be read.
 *
 * @example
 * readCommand('true && sudo bash -lc "/bin/rm -rf x"').programs.map((program) => program.name)
 * // → ['true', 'sudo', 'bash', 'rm']
 */
export const readCommand = (command: string, budget: ReadBudget = readBudget()): CommandReading => {
  const reader = new Reader(budget);
  try {
    reader.line(command, 0);
    return { ok: true, programs: reader.programs };
  } catch (error) {
    if (error instanceof Unreadable || error instanceof BudgetExceeded) return { ok: false, reason: error.message };
    throw error;
  }
};
