/**
 * The direct-exec view of a command line (shellParse.ts reads it): whether the line is ONE simple command that
 * needs no shell — its words literal text and `$NAME`/`${NAME}` references, quoted or not, with plain
 * redirections of descriptors 0 to 2 to a file named by such a word (`>f`, `>>f`, `2>f`, `2>>f`, `<f`) or to
 * each other (`2>&1`, `>&2`) — and the argv and redirections bash would make of it with a given environment. A
 * hook command such as `"$CLAUDE_PROJECT_DIR"/hooks/guard.sh --x` or `cat > /dev/null` then starts its program
 * without starting bash first (about 1.2 ms a spawn).
 *
 * The rule is an allowlist: anything whose result is not certainly bash's own is refused (`undefined`) and the
 * caller runs the shell. Refused: operators (`;`, `&`, `|`, `(`, newline…), other redirections (`&>`, `>|`,
 * `<>`, `<&`, here-documents, other descriptors, `>&-`), reserved words, assignments, globs and brackets,
 * braces, tildes other than a leading `~` or `~/`, substitutions, special parameters and the variables bash sets
 * itself (`$PWD`, `$SHLVL`, `$RANDOM`…), and an unquoted value holding a glob character or a backslash.
 */
import { readBudget } from './readBudget.js';
import { plainText } from './shellCommand.js';
import { parseShell, type Redirection } from './shellParse.js';
import { partsOf, type WordPart } from './shellScan.js';
import type { VariableLookup } from './shellWords.js';

/** One redirection as written: to a file named by a word, or a copy of descriptor 1 or 2. */
export type DirectRedirection =
  | { readonly fd: 0 | 1 | 2; readonly mode: 'read' | 'write' | 'append'; readonly target: readonly WordPart[] }
  | { readonly fd: 1 | 2; readonly copyOf: 1 | 2 };

/** A redirection with its target expanded: a file name as bash would open it, or a descriptor copied. */
export type ExpandedRedirection =
  | { readonly fd: 0 | 1 | 2; readonly mode: 'read' | 'write' | 'append'; readonly file: string }
  | { readonly fd: 1 | 2; readonly copyOf: 1 | 2 };

/** A line read as one simple command: its words as parts, ready to expand with a run's variables. */
export interface DirectCommand {
  readonly words: readonly (readonly WordPart[])[];
  /** In the order written, which is the order bash performs them. */
  readonly redirections: readonly DirectRedirection[];
}

/** Characters that make a line more than one plain simple command, wherever they stand (quoted too). */
const OPERATORS = /[;|()`\n\r]/;
/** `&` anywhere but in `>&` or `<&` (those the redirection check reads). */
const LONE_AMPERSAND = /(?<![<>])&/;
const FILE_MODES: ReadonlyMap<string, 'read' | 'write' | 'append'> = new Map([
  ['>', 'write'],
  ['>>', 'append'],
  ['<', 'read'],
] as const);
/** In unquoted literal text: globbing, brace expansion, or tilde forms bash reads in the middle of a word. */
const UNQUOTED_SPECIAL = /[*?[\]{}~\\]/;
/** In the value of an unquoted reference: globbing (or, for a backslash, a doubt about it). */
const UNSAFE_UNQUOTED_VALUE = /[*?[\\]/;
/** Blanks of the default IFS (bash never imports IFS from the environment). */
const IFS_BLANKS = /[ \t\n]+/;

/**
 * Variables bash sets or changes itself when it starts (`compgen -v` in an empty environment, plus its prompt
 * and option variables): a reference to one is the shell's value, not the environment's.
 */
const SHELL_SET_VARIABLES: ReadonlySet<string> = new Set(
  (
    'BASH BASHOPTS BASHPID BASH_ALIASES BASH_ARGC BASH_ARGV BASH_ARGV0 BASH_CMDS BASH_COMMAND ' +
    'BASH_EXECUTION_STRING BASH_LINENO BASH_LOADABLES_PATH BASH_SOURCE BASH_SUBSHELL BASH_VERSINFO BASH_VERSION ' +
    'COMP_WORDBREAKS DIRSTACK EPOCHREALTIME EPOCHSECONDS EUID GROUPS HISTCMD HOSTNAME HOSTTYPE IFS LINENO ' +
    'MACHTYPE OPTERR OPTIND OPTARG OSTYPE PATH PPID PS1 PS2 PS3 PS4 PWD OLDPWD RANDOM SECONDS SHELL SHELLOPTS ' +
    'SHLVL SRANDOM TERM UID FUNCNAME PIPESTATUS _'
  ).split(' '),
);

/** Builtins of bash (`enable -a`): a command named so runs inside the shell, not from PATH. */
const BASH_BUILTINS: ReadonlySet<string> = new Set(
  (
    '. : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs disown ' +
    'echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local logout mapfile ' +
    'popd printf pushd pwd read readarray readonly return set shift shopt source suspend test times trap true ' +
    'type typeset ulimit umask unalias unset wait'
  ).split(' '),
);

/** A part bash expands without a running shell's help: literal text, or a reference to an ordinary variable. */
const plainPart = (part: WordPart, first: boolean): boolean => {
  if (part.kind === 'literal') return part.quoted || !UNQUOTED_SPECIAL.test(first ? part.text.slice(1) : part.text);
  return part.kind === 'parameter' && part.name !== undefined && !SHELL_SET_VARIABLES.has(part.name);
};

/** `~` is read only as the whole word or before `/`, unquoted, at the start of the word's first part. */
const tildeUnderstood = (parts: readonly WordPart[]): boolean => {
  const [head] = parts;
  if (head?.kind !== 'literal' || head.quoted || !head.text.startsWith('~')) return true;
  return head.text.startsWith('~/') || (head.text === '~' && parts.length === 1);
};

/**
 * `command` as one simple command a program can run without a shell, or undefined. The result depends on the
 * text alone: read once, expanded per run (`expandDirect`).
 */
export const readDirectCommand = (command: string): DirectCommand | undefined => {
  if (OPERATORS.test(command) || LONE_AMPERSAND.test(command)) return undefined;
  const line = parseShell(command, readBudget());
  if (line.failure !== undefined || line.unfollowedAt !== undefined || line.commands.length !== 1) return undefined;
  const [only] = line.commands;
  if (only === undefined || !only.runs || only.nested || only.conditional) return undefined;
  if (only.reserved.length + only.assignments.length > 0 || only.words.length === 0) return undefined;
  const words = only.words.map(partsOf);
  if (!words.every(plainWord)) return undefined;
  const redirections: DirectRedirection[] = [];
  for (const redirection of only.redirections) {
    const direct = directRedirection(redirection);
    if (direct === undefined) return undefined;
    redirections.push(direct);
  }
  return { words, redirections };
};

/** A word bash expands without a running shell's help. */
const plainWord = (parts: readonly WordPart[]): boolean =>
  tildeUnderstood(parts) && parts.every((part, index) => plainPart(part, index === 0 && tildeAt(part)));

/** One of the redirections taken: descriptor 0 from a file, 1 or 2 to a file or to the other one. */
const directRedirection = (redirection: Redirection): DirectRedirection | undefined => {
  const { op, fd } = redirection;
  if (op === '>&') {
    const out = fd ?? 1;
    const copied = plainText(redirection.target);
    if ((out !== 1 && out !== 2) || (copied !== '1' && copied !== '2')) return undefined;
    return { fd: out, copyOf: copied === '1' ? 1 : 2 };
  }
  const mode = FILE_MODES.get(op);
  if (mode === undefined) return undefined;
  const at = fd ?? (mode === 'read' ? 0 : 1);
  const target = partsOf(redirection.target);
  if (!plainWord(target)) return undefined;
  if (mode === 'read') return at === 0 ? { fd: 0, mode, target } : undefined;
  return at === 1 || at === 2 ? { fd: at, mode, target } : undefined;
};

const tildeAt = (part: WordPart): boolean => part.kind === 'literal' && !part.quoted && part.text.startsWith('~');

/** A field being built by word splitting: its text, and whether anything (a quote, a character) made it a field. */
interface Field {
  text: string;
  real: boolean;
}

/**
 * Adds the fields bash makes of one word to `fields`: word splitting of unquoted references on blanks, an empty
 * unquoted expansion adding none, quoted empties kept. False when bash could do something else (an unquoted
 * value that would glob, `~` with no home).
 */
const expandWord = (parts: readonly WordPart[], vars: VariableLookup, fields: string[]): boolean => {
  let field: Field = { text: '', real: false };
  const close = (): void => {
    if (field.real) fields.push(field.text);
    field = { text: '', real: false };
  };
  for (const [index, part] of parts.entries()) {
    if (part.kind === 'literal') {
      let text = part.text;
      if (index === 0 && tildeAt(part)) {
        const home = vars.get('HOME');
        if (home === undefined || home === '') return false;
        text = home + text.slice(1);
      }
      field.text += text;
      field.real = true;
      continue;
    }
    if (part.kind !== 'parameter' || part.name === undefined) return false;
    const value = vars.get(part.name) ?? '';
    if (part.quoted) {
      field.text += value;
      field.real = true;
      continue;
    }
    if (UNSAFE_UNQUOTED_VALUE.test(value)) return false;
    const pieces = value.split(IFS_BLANKS);
    // A value that starts with blanks ends the field before it; one that ends with blanks, the field after it.
    for (const [at, piece] of pieces.entries()) {
      if (at > 0) close();
      if (piece !== '') {
        field.text += piece;
        field.real = true;
      }
    }
  }
  close();
  return true;
};

/**
 * The argv bash makes of `command` with `vars` (and `home` for a leading `~`). Undefined when bash could do
 * something else: a word `expandWord` refuses, a builtin named.
 */
export const expandDirect = (command: DirectCommand, vars: VariableLookup): string[] | undefined => {
  const argv: string[] = [];
  for (const parts of command.words) if (!expandWord(parts, vars, argv)) return undefined;
  const [program] = argv;
  // A name without a slash may be a builtin, which runs inside bash; an empty one is bash's error to print.
  if (program === undefined || program === '' || (!program.includes('/') && BASH_BUILTINS.has(program)))
    return undefined;
  return argv;
};

/**
 * The redirections of `command` with their targets expanded, in order. Undefined when a target is not exactly
 * one non-empty field: bash reports an ambiguous redirect, or fails to open "", in its own words.
 */
export const expandRedirections = (command: DirectCommand, vars: VariableLookup): ExpandedRedirection[] | undefined => {
  const expanded: ExpandedRedirection[] = [];
  for (const redirection of command.redirections) {
    if (!('target' in redirection)) {
      expanded.push(redirection);
      continue;
    }
    const fields: string[] = [];
    if (!expandWord(redirection.target, vars, fields)) return undefined;
    const [file] = fields;
    if (fields.length !== 1 || file === undefined || file === '') return undefined;
    expanded.push({ fd: redirection.fd, mode: redirection.mode, file });
  }
  return expanded;
};
