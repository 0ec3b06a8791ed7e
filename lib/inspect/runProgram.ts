/**
 * One argument vector, followed to the files it runs: builtins (nothing, or the file `source` reads),
 * wrappers (to the program they run, with the environment, directory and search path they set), the
 * program itself (named, or looked up on PATH as `execvp` does), its `#!` line, and for an interpreter
 * what lib/inspect/interpret.ts finds.
 */
import { parseArgs, type Word } from './argv.js';
import { runBuiltin, stateOf } from './builtins.js';
import { isKnownValue } from './expand.js';
import { interpret, searchPathOf, startupFiles } from './interpret.js';
import { interpreterOf } from './interpreters.js';
import { programConfig } from './programConfig.js';
import { DEFAULT_PATH, isSystemPath } from './programs.js';
import { leadingWords } from './shellWords.js';
import { layer, looksLikePath, type Scope, type Variables, type Walk } from './walk.js';
import { programName } from './interpreters.js';
import { wrappedAt, wrapperOf } from './lookThrough.js';
import type { Wrapper } from './wrappers.js';

/** `#!` chains, `bash -c` in `bash -c`, `env -S`: deeper than this is not followed. */
const MAX_DEPTH = 6;

/** A program name found on the scope's search path, pinned (or noted) by the walk's rule. */
const findProgram = (walk: Walk, word: Word, scope: Scope): string | undefined => {
  const name = word.text ?? '';
  if (looksLikePath(name)) {
    const file = walk.resolve(name, scope);
    if (file !== undefined) walk.pin(file, 'program', word);
    return file;
  }
  const search = searchPathOf(scope);
  if (!isKnownValue(search)) {
    walk.cannot(`${name}: looked up on a PATH only known at run time`);
    return undefined;
  }
  const found = walk.lookUp(name, search, scope.cwd ?? walk.projectDir);
  if (found.file === undefined) {
    // Split into words by the shell (`$CMD` holding `sh x.sh`), or a name no lookup here can find.
    if (/\s/.test(name)) walk.cannot(`a program name with blanks, split by the shell at run time: ${name}`);
    else walk.note(`${name}: not found on the hook's PATH`);
    return undefined;
  }
  walk.pin(found.file, 'program', word, found.relativeEntry ? 'relative-lookup' : 'lookup', found.real);
  return found.file;
};

/** The environment with `name` set (or removed). */
const withVariable = (env: Variables, name: string, value: string | undefined): Variables =>
  layer(env, [[name, value]]);

/** Runs a wrapper's arguments: its options change the scope, then what it runs is followed. */
const unwrap = (walk: Walk, name: string, wrapper: Wrapper, args: readonly Word[], scope: Scope, depth: number) => {
  const parsed = parseArgs(args, wrapper.grammar);
  if (parsed.noRun) return;
  let env = scope.env;
  let searchPath = wrapper.searchPath ?? scope.searchPath;
  let cwd = scope.cwd;
  const split: Word[] = [];
  for (const { name: option, value } of parsed.options) {
    if (wrapper.clear?.includes(option)) env = layer(undefined, []);
    if (wrapper.unset?.includes(option) && value?.text !== undefined) env = withVariable(env, value.text, undefined);
    if (wrapper.defaultPath?.includes(option)) searchPath = DEFAULT_PATH;
    if (wrapper.searchPathOption?.includes(option)) searchPath = value?.text;
    if (wrapper.split?.includes(option) && value !== undefined) {
      const words = value.text === undefined ? [undefined] : leadingWords(value.text, env, walk.home, 64);
      split.push(...words.map((text) => ({ text, field: value.field })));
    }
  }
  if (parsed.chdir !== undefined)
    cwd = parsed.chdir.text === undefined ? undefined : walk.resolve(parsed.chdir.text, scope);
  const at = wrappedAt(wrapper, args, parsed);
  let from = parsed.operand;
  if (wrapper.clear !== undefined && args[from]?.text === '-') {
    env = layer(undefined, []);
    from += 1;
  }
  // Between the skipped operands and the program: the `NAME=value` words the wrapper sets.
  for (const { text = '' } of args.slice(from + (wrapper.skip ?? 0), at)) {
    const name = text.slice(0, text.indexOf('='));
    walk.assigned.add(name);
    env = withVariable(env, name, text.slice(name.length + 1));
  }
  if (wrapper.assignments === true && args[at] !== undefined && args[at]?.text === undefined) {
    walk.cannot(`${name}: an argument only known at run time may set a variable or name the program`);
  }
  if (wrapper.note !== undefined) walk.note(wrapper.note);
  const argv = split.concat(args.slice(at));
  if (argv.length === 0) return;
  // `command` and `builtin` still find builtins (and `command` the programs `hash -p` bound); the others exec a program.
  const shell = scope.shell && (name === 'command' || name === 'builtin');
  const inner: Scope = searchPath === undefined ? { cwd, env, shell } : { cwd, env, shell, searchPath };
  runArgv(
    walk,
    argv,
    shell && scope.hashed !== undefined && searchPath === undefined ? { cwd, env, shell, hashed: scope.hashed } : inner,
    depth + 1,
  );
};

/** The interpreter line of a file run directly, followed as if the kernel ran it. */
const shebang = (walk: Walk, file: string, word: Word, scope: Scope, depth: number): void => {
  const line = walk.probe.firstLine(file);
  if (line?.startsWith('#!') !== true) return;
  const [interpreter = '', ...rest] = line.slice(2).trim().split(/\s+/);
  const argument = rest.join(' ');
  const argv: Word[] = [{ text: interpreter, field: word.field }];
  if (argument !== '') argv.push({ text: argument, field: word.field });
  argv.push({ text: file, field: word.field });
  runArgv(walk, argv, { cwd: scope.cwd, env: scope.env, shell: false }, depth + 1);
};

/** Follows one argument vector (program first) to the files it runs. */
export const runArgv = (walk: Walk, argv: readonly Word[], scope: Scope, depth: number): void => {
  let [first] = argv;
  const rest = argv.slice(1);
  if (first === undefined) return;
  if (depth > MAX_DEPTH) {
    walk.cannot(`${first.text ?? 'a program'}: nested more than ${MAX_DEPTH} levels deep`);
    return;
  }
  let name = first.text;
  if (name === undefined) {
    walk.cannot(`a program only known at run time (${first.field})`);
    return;
  }
  if (scope.shell && !name.includes('/')) {
    // A builtin behind `command`/`builtin`, in a copy of the shell's state: what it changes is said, not followed.
    const call = { raw: rest.map((word) => word.text), field: first.field, conditional: false, depth };
    if (runBuiltin(walk, name, call, stateOf(scope), false)) return;
    const bound = scope.hashed?.get(name);
    if (bound !== undefined) {
      // `hash -p path name`: bash runs `path` for `name` without looking it up.
      name = bound.includes('/') ? bound : `./${bound}`;
      first = { text: name, field: first.field };
    }
  }
  const base = programName(name);
  const wrapper = wrapperOf(name);
  // `/usr/bin/env` is the wrapper; a project's own `./env` is just a program.
  if (
    wrapper !== undefined &&
    (!name.includes('/') || isSystemPath(name) || isSystemPath(walk.probe.realpath(name) ?? name))
  ) {
    unwrap(walk, base, wrapper, rest, scope, depth);
    return;
  }
  const file = findProgram(walk, first, scope);
  const configured = programConfig(base);
  if (configured !== undefined) walk.note(`${base}: ${configured}`);
  const interpreter = interpreterOf(name);
  if (interpreter !== undefined) {
    interpret(walk, base, interpreter, rest, scope, depth);
    return;
  }
  startupFiles(walk, scope, undefined);
  if (file !== undefined && walk.has(file)) shebang(walk, file, first, scope, depth);
  for (const word of rest.slice(0, 16)) {
    if (word.text === undefined || !looksLikePath(word.text)) continue;
    const named = walk.resolve(word.text, scope);
    if (named !== undefined && !walk.has(named) && walk.probe.stat(named)?.isFile() === true) {
      walk.note(`${word.text}: an argument of ${base}, not followed`);
    }
  }
};
