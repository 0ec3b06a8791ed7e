/**
 * The `if` view of a command line (shellParse.ts reads it): its simple commands as written, for Claude's
 * permission-rule syntax — `Bash(git push *)` runs a hook when ANY part of the command matches, so
 * `npm test && git push`, `(cd x; git push)`, `echo $(git push)` and `` `git push` `` must all yield `git push`.
 *
 * What a running shell alone could tell (a parameter, command or arithmetic expansion) is kept as written and
 * flagged `dynamic`. A construct the reader does not follow (`case`, arithmetic commands, an unclosed quote,
 * a missing here-document end, a spent budget) makes the whole command unparseable: the caller then runs the
 * hook, because a condition must never fail open.
 */
import { readBudget, type ReadBudget } from './readBudget.js';
import type { ParsedWord } from './shellScan.js';
import { parseShell } from './shellParse.js';

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

/** A word as written: quotes removed, expansions kept. */
export const asWritten = (word: ParsedWord): ShellWord => {
  // The text as written is the word's own; only an expansion (not a glob) makes it dynamic.
  let dynamic = false;
  if (word.parts !== undefined)
    for (const part of word.parts) if (part.kind !== 'literal' && part.kind !== 'glob') dynamic = true;
  return { text: word.text, dynamic };
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
  const line = parseShell(command, budget);
  if (line.failure !== undefined) return { ok: false, reason: line.failure.reason, at: line.failure.at };
  const commands: SimpleCommand[] = [];
  for (const parsed of line.commands) {
    if (!parsed.runs || parsed.words.length + parsed.assignments.length === 0) continue;
    commands.push({ assignments: parsed.assignments.map(asWritten), words: parsed.words.map(asWritten) });
  }
  return { ok: true, commands };
};
