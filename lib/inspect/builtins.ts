/**
 * The shell's own commands, each as the walk must read it: most run nothing (`echo`, `test`); some read or
 * run a file (`source x`, `enable -f x.so`), run code later (`trap 'body' EXIT`, `eval`), or change what
 * later words mean (`cd`, `pushd`/`popd`, `hash -p path name`, `read X`, `export`, `shopt -s
 * expand_aliases`). A builtin missing from this table is not assumed harmless: `cannot pin` says so.
 */
import type { Word } from './argv.js';
import { expandAssigned, expandMarkers, isKnownValue, UNKNOWN_VALUE } from './expand.js';
import { findScript, searchPathOf } from './interpret.js';
import { layer, type LineState, type Scope, type Walk } from './walk.js';
import path from 'node:path';

/** What the walk knows of the command being read. */
export interface BuiltinCall {
  /** The arguments as scanned (variables still markers), after the builtin's name. */
  readonly raw: readonly (string | undefined)[];
  /** Where the command was written. */
  readonly field: string;
  /** Inside an `if`/`while`/`{ }` body: it may run or not. */
  readonly conditional: boolean;
  readonly depth: number;
}

type Handler = (walk: Walk, call: BuiltinCall, state: LineState) => void;

const ASSIGNMENT = /^([A-Za-z_]\w*)=/;
const NAME = /^[A-Za-z_]\w*$/;

/** The arguments' values now; `--` and leading options (as `-x` words) split off. */
const operands = (walk: Walk, call: BuiltinCall, state: LineState): { options: string[]; words: Word[] } => {
  const options: string[] = [];
  let at = 0;
  for (; at < call.raw.length; at++) {
    const text = expandMarkers(call.raw[at], state.env, walk.home);
    if (text === '--') {
      at += 1;
      break;
    }
    if (text === undefined || !/^[-+]./.test(text)) break;
    options.push(text);
  }
  const words = call.raw
    .slice(at)
    .map((raw): Word => ({ text: expandMarkers(raw, state.env, walk.home), field: call.field }));
  return { options, words };
};

const scopeOf = (state: LineState): Scope =>
  state.hashed === undefined
    ? { cwd: state.cwd, env: state.env, shell: true }
    : { cwd: state.cwd, env: state.env, shell: true, hashed: state.hashed };

/** Moves the shell to `target` (undefined: only a running shell knows where). */
const moveTo = (state: LineState, target: string | undefined): void => {
  state.oldpwd = state.cwd;
  state.cwd = target;
};

/** Where `cd dir` goes: CDPATH entries first for a relative name, as bash searches them. */
const cdTarget = (walk: Walk, word: Word | undefined, state: LineState): string | undefined => {
  if (word === undefined) {
    const home = state.env.get('HOME') ?? walk.home;
    return isKnownValue(home) ? home : undefined;
  }
  const name = word.text;
  if (name === undefined) return undefined;
  if (name === '-') return state.oldpwd;
  if (path.isAbsolute(name)) return path.normalize(name);
  if (state.cwd === undefined) return undefined;
  const cdpath = state.env.get('CDPATH');
  if (cdpath !== undefined && !/^\.\.?(?:\/|$)/.test(name)) {
    if (!isKnownValue(cdpath)) return undefined;
    for (const entry of cdpath.split(':')) {
      const candidate = path.resolve(state.cwd, entry === '' ? '.' : entry, name);
      if (walk.probe.stat(candidate)?.isDirectory() === true) return candidate;
    }
  }
  return path.resolve(state.cwd, name);
};

const cd: Handler = (walk, call, state) => {
  const { words } = operands(walk, call, state);
  moveTo(state, call.conditional ? undefined : cdTarget(walk, words[0], state));
};

const pushd: Handler = (walk, call, state) => {
  const { options, words } = operands(walk, call, state);
  const target = words[0];
  if (call.conditional || state.dirs === undefined || target?.text === undefined || /^[-+]\d+$/.test(target.text)) {
    // Rotating the stack, or swapping with no argument, needs the stack a running shell has.
    const swap = target === undefined && !call.conditional ? state.dirs?.pop() : undefined;
    if (swap !== undefined && state.dirs !== undefined) {
      state.dirs.push(state.cwd);
      moveTo(state, swap);
      return;
    }
    state.dirs = undefined;
    if (!options.includes('-n')) moveTo(state, undefined);
    return;
  }
  const dir = cdTarget(walk, target, state);
  if (options.includes('-n')) {
    state.dirs.push(dir);
    return;
  }
  state.dirs.push(state.cwd);
  moveTo(state, dir);
};

const popd: Handler = (walk, call, state) => {
  const { options, words } = operands(walk, call, state);
  if (call.conditional || state.dirs === undefined || words.length > 0) {
    state.dirs = undefined;
    if (!options.includes('-n')) moveTo(state, undefined);
    return;
  }
  // An empty stack makes popd fail and stay where it is.
  if (state.dirs.length === 0) return;
  const top = state.dirs.pop();
  if (!options.includes('-n')) moveTo(state, top);
};

/** `source x` / `. x`: bash looks a name without a slash up on PATH (readable files), then in the directory. */
const source: Handler = (walk, call, state) => {
  const { words } = operands(walk, call, state);
  const word = words[0];
  if (word === undefined) return;
  const scope = scopeOf(state);
  let file: string | undefined;
  if (word.text !== undefined && !word.text.includes('/') && state.cwd !== undefined) {
    const search = searchPathOf(scope);
    if (!isKnownValue(search)) {
      walk.cannot(`source ${word.text}: looked up on a PATH only known at run time`);
      return;
    }
    for (const entry of search.split(':')) {
      const candidate = path.resolve(state.cwd, entry === '' ? '.' : entry, word.text);
      if (walk.probe.stat(candidate)?.isFile() === true) {
        file = walk.pin(candidate, 'script', word) ? candidate : undefined;
        break;
      }
    }
  }
  file ??= findScript(walk, word, scope, 'script');
  if (file !== undefined) walk.note(`files ${walk.display(file)} sources`);
  state.opaqueAfter ??= `source ${word.text ?? '…'}`;
};

const evaluate: Handler = (walk, call, state) => {
  const { words } = operands(walk, call, state);
  const texts = words.map((word) => word.text);
  if (texts.some((text) => text === undefined)) walk.cannot(`eval of words only known at run time (${call.field})`);
  else walk.runShell(texts.join(' '), state, call.field, call.depth + 1);
};

/** `trap 'body' EXIT`: the body runs later in this shell; it is walked now and again at the end of the line. */
const trap: Handler = (walk, call, state) => {
  const { options, words } = operands(walk, call, state);
  if (options.some((option) => /^-[lp]/.test(option)) || words.length < 2) return;
  const body = words[0]?.text;
  if (body === undefined) {
    walk.cannot(`trap body only known at run time (${call.field})`);
    return;
  }
  if (body === '' || body === '-' || /^\d+$/.test(body)) return;
  walk.runShell(body, stateOf(scopeOf(state)), call.field, call.depth + 1);
  state.traps.push({ body, field: call.field });
};

/** `hash -p path name`: `name` runs `path` from here on. */
const hash: Handler = (walk, call, state) => {
  const { options, words } = operands(walk, call, state);
  const flags = options.join('');
  if (flags.includes('r')) state.hashed = undefined;
  if (flags.includes('d')) for (const word of words) if (word.text !== undefined) state.hashed?.delete(word.text);
  const at = options.indexOf('-p');
  if (!flags.includes('p')) return;
  // `-p path` may come as its own option word or first operand.
  const file = at !== -1 && options[at] === '-p' ? words[0] : undefined;
  const names = words.slice(1);
  if (file?.text === undefined || names.some((name) => name.text === undefined)) {
    walk.cannot(`hash -p with a path or name only known at run time (${call.field})`);
    return;
  }
  state.hashed = new Map(state.hashed);
  for (const name of names) if (name.text !== undefined) state.hashed.set(name.text, file.text);
};

/** `enable -f lib.so name`: loads a shared object into the shell; `enable -n name` hands `name` to PATH. */
const enable: Handler = (walk, call, state) => {
  const { options, words } = operands(walk, call, state);
  const flags = options.join('');
  if (flags.includes('n')) walk.cannot(`enable -n: a builtin turned off, so a program of that name runs instead`);
  if (!flags.includes('f')) return;
  const library = words[0];
  if (library?.text === undefined || !library.text.includes('/')) {
    walk.cannot(`enable -f ${library?.text ?? '…'}: a builtin loaded from BASH_LOADABLES_PATH`);
    return;
  }
  const file = walk.resolve(library.text, scopeOf(state));
  if (file !== undefined) walk.pin(file, 'module', library);
};

/** `export NAME=value`, `declare`, `local`, `readonly`: the variables hold for the rest of the line. */
const declare: Handler = (walk, call, state) => {
  for (const raw of call.raw) {
    if (raw === undefined) {
      walk.cannot(`a variable set to a value only known at run time (${call.field})`);
      continue;
    }
    if (raw === '-n' || /^-\w*n/.test(raw)) walk.cannot(`declare -n: a name that refers to another variable`);
    const match = ASSIGNMENT.exec(raw);
    if (match === null) continue;
    const name = match[1] ?? '';
    walk.assigned.add(name);
    state.env = layer(state.env, [[name, expandAssigned(raw.slice(match[0].length), state.env, walk.home)]]);
  }
};

/** Builtins that give variables values read at run time (`read X`, `getopts o X`, `printf -v X`, `let`). */
const readsInto: Handler = (walk, call, state) => {
  const names = call.raw
    .map((raw) => expandMarkers(raw, state.env, walk.home)?.replace(/[=+\-*/%<>&|^!].*$/, ''))
    .filter((text): text is string => text !== undefined && NAME.test(text));
  state.env = layer(
    state.env,
    ['REPLY', ...names].map((name) => [name, UNKNOWN_VALUE] as const),
  );
};

const unset: Handler = (walk, call, state) => {
  const { options, words } = operands(walk, call, state);
  if (options.includes('-f')) return;
  const names = words.map((word) => word.text).filter((text): text is string => text !== undefined);
  state.env = layer(
    state.env,
    names.map((name) => [name, undefined] as const),
  );
};

/** `shopt -s expand_aliases`, `set -k`: later words stop meaning what they say. */
const options: Handler = (walk, call, state) => {
  const { options: given, words } = operands(walk, call, state);
  const texts = [...given, ...words.map((word) => word.text ?? '…')];
  if (texts.some((text) => /^-\w*k/.test(text)) || texts.includes('keyword')) {
    walk.cannot('set -k: every NAME=value argument goes to the environment');
  }
  if (texts.includes('expand_aliases') && given.some((option) => option.startsWith('-s'))) {
    walk.cannot('shopt -s expand_aliases: aliases replace command names');
  }
};

const runsCode =
  (what: string): Handler =>
  (walk) => {
    walk.cannot(what);
  };

const inert: Handler = () => undefined;

/** Every bash builtin, and how the walk reads it. `exec`, `command` and `builtin` are wrappers (wrappers.ts). */
const BUILTINS: Readonly<Record<string, Handler>> = {
  cd,
  pushd,
  popd,
  source,
  '.': source,
  eval: evaluate,
  trap,
  hash,
  enable,
  export: declare,
  declare,
  typeset: declare,
  local: declare,
  readonly: declare,
  read: readsInto,
  mapfile: inert,
  readarray: inert,
  getopts: readsInto,
  let: readsInto,
  printf: (walk, call, state) => {
    if (call.raw[0] !== '-v') return;
    const named: BuiltinCall = {
      raw: call.raw.slice(1, 2),
      field: call.field,
      conditional: call.conditional,
      depth: call.depth,
    };
    readsInto(walk, named, state);
  },
  unset,
  set: options,
  shopt: options,
  compgen: runsCode('compgen: -C and -F run commands'),
  bind: runsCode('bind: -x runs commands'),
  fc: runsCode('fc: runs commands from the history'),
  ...Object.fromEntries(
    (
      ': true false echo test [ pwd exit return shift wait kill type umask ulimit times help jobs fg bg disown ' +
      'suspend logout break continue dirs caller alias unalias complete compopt history'
    )
      .split(' ')
      .map((name) => [name, inert]),
  ),
};

/** Builtins whose effect reaches later commands of the same shell (a copy of the state would lose it). */
const STATEFUL = new Set([
  'cd',
  'pushd',
  'popd',
  'source',
  '.',
  'hash',
  'export',
  'declare',
  'typeset',
  'local',
  'readonly',
  'read',
  'unset',
]);

export const isBuiltin = (name: string): boolean => Object.hasOwn(BUILTINS, name);

/**
 * Reads the builtin `name` with `call`'s arguments into `state`. Returns false when `name` is no builtin.
 *
 * @param shared Whether `state` is the line's own (false: a copy, as behind `command cd x`).
 */
export const runBuiltin = (walk: Walk, name: string, call: BuiltinCall, state: LineState, shared = true): boolean => {
  const handler = Object.hasOwn(BUILTINS, name) ? BUILTINS[name] : undefined;
  if (handler === undefined) return false;
  if (!shared && STATEFUL.has(name)) walk.cannot(`${name} behind a wrapper: it changes the shell for what follows`);
  handler(walk, call, state);
  return true;
};

/** A fresh state for a shell started in `scope`. */
export const stateOf = (scope: Scope): LineState => ({
  cwd: scope.cwd,
  oldpwd: undefined,
  env: scope.env,
  dirs: [],
  hashed: scope.hashed === undefined ? undefined : new Map(scope.hashed),
  traps: [],
});

export { scopeOf };
