/**
 * How a program that runs another is looked through, for every reader of commands: the trust walk (which
 * then finds files) and `if` conditions (which then match rules). One place decides where a wrapper's
 * program starts, what code a shell's `-c` runs and what `eval` runs, from the one wrapper table
 * (wrappers.ts), the one interpreter table (interpreters.ts) and the one option parser (argv.ts) — so a
 * guard's condition sees exactly the programs the approval saw.
 */
import type { ParsedArgs, Word } from './argv.js';
import { parseArgs } from './argv.js';
import { interpreterOf, programName } from './interpreters.js';
import { WRAPPERS, type Wrapper } from './wrappers.js';

/** `env NAME=value`: any name without `=` (`BASH_FUNC_f%%` too), as env itself reads its operands. */
const ENV_ASSIGNMENT = /^[^=]+=/;

/** The wrapper a program stands for (`/usr/bin/env` → env), or undefined. */
export const wrapperOf = (program: string): Wrapper | undefined => {
  const name = programName(program);
  return Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name] : undefined;
};

/**
 * Where the program a wrapper runs starts in the wrapper's arguments: after its options (`parsed`), the
 * `-` that empties `env`'s environment, the operands it reads first (`timeout 5`) and its `NAME=value`
 * operands (`env A=1`). The words in between are the caller's to read (`args.slice(parsed.operand, at)`).
 */
export const wrappedAt = (wrapper: Wrapper, args: readonly Word[], parsed: ParsedArgs): number => {
  let at = parsed.operand;
  if (wrapper.clear !== undefined && args[at]?.text === '-') at += 1;
  at += wrapper.skip ?? 0;
  while (wrapper.assignments === true && ENV_ASSIGNMENT.test(args[at]?.text ?? '')) at += 1;
  return at;
};

/** What a shell's arguments run: code given with `-c`, a script file, commands read from stdin, or nothing. */
export type ShellRun =
  | { readonly kind: 'code'; readonly code: Word }
  | { readonly kind: 'script'; readonly script: Word }
  | { readonly kind: 'stdin' }
  | { readonly kind: 'none' };

/** What `program args` runs when `program` is a shell (`bash -lc 'rm x'`, `sh x.sh`); undefined for other programs. */
export const shellRun = (program: string, args: readonly Word[]): ShellRun | undefined => {
  const interpreter = interpreterOf(program);
  if (interpreter?.family !== 'shell') return undefined;
  const parsed = parseArgs(args, interpreter.grammar);
  if (parsed.noRun) return { kind: 'none' };
  const operand = args[parsed.operand];
  if (parsed.codeOperand)
    return { kind: 'code', code: operand ?? { text: undefined, field: args.at(-1)?.field ?? '' } };
  if (operand === undefined || operand.text === '-' || parsed.stdin) return { kind: 'stdin' };
  return { kind: 'script', script: operand };
};

/** The command line `eval` runs: its arguments joined by spaces; undefined when one is only known at run time. */
export const evalLine = (args: readonly Word[]): string | undefined => {
  const texts: string[] = [];
  for (const word of args) {
    if (word.text === undefined) return undefined;
    texts.push(word.text);
  }
  return texts.join(' ');
};
