/**
 * What an interpreter runs and loads: its script (a shell also searches PATH for a bare name), the code a
 * shell runs with `-c` (walked as a command line of its own), modules named by options (`node -r`) and by
 * the environment (`NODE_OPTIONS`, `BASH_ENV`, `LD_PRELOAD`), `python -m` packages and `npx` binaries
 * found in the project — and, for the approval, what each language may load that is not pinned.
 */
import path from 'node:path';
import { parseArgs, type Grammar, type ParsedArgs, type Word } from './argv.js';
import { isKnownValue } from './expand.js';
import { interpreterOf, type Family, type Interpreter } from './interpreters.js';
import { LOADER_NAMES, loaderOf } from './loaders.js';
import { DEFAULT_PATH, isSystemPath } from './programs.js';
import { looksLikePath, type Reached, type Scope, type Walk } from './walk.js';

export const searchPathOf = (scope: Scope): string => scope.searchPath ?? scope.env.get('PATH') ?? DEFAULT_PATH;

/** A file an interpreter reads (script, module, startup file); shells also search PATH for a bare name. */
export const findScript = (
  walk: Walk,
  word: Word,
  scope: Scope,
  role: 'script' | 'module' | 'startup',
  viaPath = false,
) => {
  const name = word.text;
  if (name === undefined) {
    walk.cannot(`a ${role} named only at run time (${word.field})`);
    return undefined;
  }
  const here = walk.resolve(name, scope);
  if (here === undefined) return undefined;
  let reached: Reached = 'named';
  let file = here;
  if (viaPath && !name.includes('/') && walk.probe.stat(here) === undefined) {
    const found = walk.lookUp(name, searchPathOf(scope), scope.cwd ?? walk.projectDir);
    if (found.file !== undefined) {
      file = found.file;
      reached = found.relativeEntry ? 'relative-lookup' : 'lookup';
    }
  }
  return walk.pin(file, role, word, reached) ? file : undefined;
};

/** `BASH_ENV`'s value is expanded by bash (`$(…)` runs): only a plain path names one file. */
const EXPANDED_FILES = new Set(['BASH_ENV', 'ENV']);

/** One variable that loads code: its file pinned, or a line saying what cannot be pinned. */
const loadedBy = (walk: Walk, scope: Scope, name: string, value: string, family: Family | undefined): void => {
  const loader = loaderOf(name);
  if (loader === undefined) return;
  const fromHost = value === walk.hostVariables.get(name);
  // The host's own settings are the user's, not the repository's; its BASH_ENV is still read by the shell.
  if (fromHost && !(family === 'shell' && EXPANDED_FILES.has(name))) return;
  if (!isKnownValue(value)) {
    walk.cannot(`env ${name} holds a value only known at run time (${loader.what})`);
    return;
  }
  const field = `/env/${name}`;
  if (loader.kind === 'file') {
    if (value === '') return;
    if (EXPANDED_FILES.has(name) && /[$`]/.test(value))
      walk.cannot(`env ${name} is expanded by the shell, which may run code`);
    else findScript(walk, { text: value, field }, scope, 'startup');
  } else if (loader.kind === 'files') {
    for (const part of value.split(/[\s:]+/).filter(Boolean)) {
      if (part.includes('/')) findScript(walk, { text: part, field }, scope, 'startup');
      else walk.cannot(`env ${name} ${part}: a library the loader searches for (${loader.what})`);
    }
  } else if (loader.kind === 'dirs') {
    if (name === 'HOME' && value === walk.home) return;
    const dirs = value.split(':').filter(Boolean);
    const outside = dirs.filter((dir) => !isSystemPath(path.resolve(scope.cwd ?? walk.projectDir, dir) + '/'));
    if (outside.length > 0) walk.cannot(`env ${name} loads code from ${outside.join(':')}: ${loader.what}`);
  } else walk.cannot(`env ${name} loads code: ${loader.what}`);
};

/** Files and code the environment makes every program (or one interpreter) load. */
export const startupFiles = (walk: Walk, scope: Scope, family: Interpreter['family'] | undefined): void => {
  for (const name of LOADER_NAMES) {
    const value = scope.env.get(name);
    if (value !== undefined) loadedBy(walk, scope, name, value, family);
  }
  for (const name of walk.assigned) {
    const value = scope.env.get(name);
    if (value !== undefined && !LOADER_NAMES.includes(name)) loadedBy(walk, scope, name, value, family);
  }
  const nodeOptions = scope.env.get('NODE_OPTIONS');
  if (nodeOptions === undefined || (family !== 'node' && nodeOptions === walk.hostVariables.get('NODE_OPTIONS'))) {
    return;
  }
  if (!isKnownValue(nodeOptions)) {
    walk.cannot('env NODE_OPTIONS holds a value only known at run time');
    return;
  }
  const interpreter = interpreterOf('node');
  if (interpreter === undefined) return;
  const parsed = parseArgs(
    nodeOptions
      .split(/\s+/)
      .filter(Boolean)
      .map((text) => ({ text, field: '/env/NODE_OPTIONS' })),
    interpreter.grammar,
  );
  for (const module of parsed.modules) moduleFile(walk, module, scope, 'node');
  for (const file of parsed.startup) findScript(walk, file, scope, 'startup');
  if (parsed.unknownOption !== undefined) {
    walk.cannot(`env NODE_OPTIONS ${parsed.unknownOption}: an option hookstream does not know`);
  }
  interpreterOptions(walk, 'NODE_OPTIONS', parsed, interpreter.grammar);
};

/** A module option's value (`-r ./x.cjs`): a local path is pinned; a name is resolved from the project too. */
const moduleFile = (walk: Walk, word: Word, scope: Scope, family: string): void => {
  if (word.text !== undefined && !looksLikePath(word.text)) {
    walk.cannot(`module ${word.text}: resolved by ${family} from its own search path`);
    return;
  }
  findScript(walk, word, scope, 'module');
};

/** Python's `-X` settings that load code before the script. */
const PYTHON_LOADING_X = /^(?:presite|pycache_prefix)(?:=|$)/;

/** Options that load code the walk cannot pin: the grammar's `risky` ones, and values that load a module (`python -W a::m.C`). */
const interpreterOptions = (walk: Walk, program: string, parsed: ParsedArgs, grammar?: Grammar): void => {
  for (const { name, value } of parsed.options) {
    const text = value?.text;
    if (grammar?.risky?.includes(name) === true) walk.cannot(`${program} ${name}: loads code hookstream cannot pin`);
    else if (name === '-X' && text !== undefined && PYTHON_LOADING_X.test(text)) {
      walk.cannot(`${program} -X ${text}: loads code hookstream cannot pin`);
    } else if (name === '-W' && text !== undefined && (text.split(':')[2] ?? '').includes('.')) {
      walk.cannot(`${program} -W ${text}: imports the module of the warning category`);
    }
  }
};

/** An interpreter's arguments: the script, code run by a shell, modules and packages it names. */
export const interpret = (
  walk: Walk,
  program: string,
  interpreter: Interpreter,
  args: readonly Word[],
  scope: Scope,
  depth: number,
) => {
  let words = args;
  const first = words[0]?.text;
  if (interpreter.subcommands !== undefined && first !== undefined && !first.startsWith('-')) {
    if (interpreter.subcommands.includes(first)) words = words.slice(1);
    else if (!looksLikePath(first) && !/\.[cm]?[jt]sx?$/.test(first)) {
      walk.cannot(`what ${program} ${first} runs`);
      return;
    }
  }
  const parsed = parseArgs(words, interpreter.grammar);
  if (parsed.noRun) return;
  startupFiles(walk, scope, interpreter.family);
  interpreterOptions(walk, program, parsed, interpreter.grammar);
  const here: Scope =
    parsed.chdir === undefined
      ? scope
      : {
          cwd: parsed.chdir.text === undefined ? undefined : walk.resolve(parsed.chdir.text, scope),
          env: scope.env,
          shell: false,
        };
  for (const module of parsed.modules) moduleFile(walk, module, here, program);
  for (const file of parsed.startup) findScript(walk, file, here, 'startup');
  for (const script of parsed.scripts) findScript(walk, script, here, 'script');
  for (const name of parsed.packages) packageModule(walk, name, here);
  if (parsed.code.length > 0 && interpreter.family !== 'shell') walk.note(`what the inline ${program} code loads`);
  const operand = words[parsed.operand];
  if (interpreter.family === 'package') {
    findScript(walk, { text: 'package.json', field: operand?.field ?? '/command' }, here, 'script');
    walk.note(`what the package.json script ${program} runs`);
    return;
  }
  if (parsed.codeOperand) {
    if (operand?.text === undefined) walk.cannot(`shell code only known at run time (${operand?.field ?? '/command'})`);
    else walk.runLine(operand.text, { cwd: here.cwd, env: here.env, shell: true }, operand.field, depth + 1);
    return;
  }
  if (parsed.code.length > 0 || parsed.packages.length > 0 || parsed.scripts.length > 0) return;
  if (operand === undefined || operand.text === '-' || parsed.stdin) {
    walk.cannot(`${program} reads its program from stdin`);
    return;
  }
  if (interpreter.family === 'npx') {
    npxBinary(walk, operand, here);
    return;
  }
  const script = findScript(walk, operand, here, 'script', interpreter.family === 'shell');
  if (script !== undefined) walk.note(`files ${walk.display(script)} ${interpreter.loads}`);
  if (parsed.unknownOption !== undefined) {
    // The unknown option may have taken the next word as its value: pin every argument naming a file.
    walk.cannot(
      `${program} ${parsed.unknownOption}: an option hookstream does not know; every argument naming a file is pinned`,
    );
    for (const word of words.slice(parsed.operand + 1)) {
      const file = word.text === undefined ? undefined : walk.resolve(word.text, here);
      if (file !== undefined && walk.probe.stat(file)?.isFile() === true) walk.pin(file, 'script', word);
    }
  }
};

/** `python -m a.b`: `a/b.py` or `a/b/__main__.py` in the working directory (first on Python's path with -m). */
const packageModule = (walk: Walk, name: Word, scope: Scope): void => {
  const base = name.text?.replaceAll('.', '/');
  const candidates = base === undefined ? [] : [`${base}.py`, `${base}/__main__.py`];
  for (const candidate of candidates) {
    const file = walk.resolve(candidate, scope);
    if (file !== undefined && walk.probe.stat(file)?.isFile() === true) {
      walk.pin(file, 'module', { text: candidate, field: name.field });
      walk.note(`files ${walk.display(file)} imports`);
      return;
    }
  }
  walk.note(`module ${name.text ?? '?'}: found by Python on its own path`);
};

/** `npx name`: the project's `node_modules/.bin/name` when there is one, else a package from the registry. */
const npxBinary = (walk: Walk, word: Word, scope: Scope): void => {
  const name = word.text ?? '';
  const local = scope.cwd === undefined ? undefined : path.join(scope.cwd, 'node_modules', '.bin', name);
  if (local !== undefined && walk.probe.stat(local) !== undefined) {
    const real = walk.probe.realpath(local) ?? local;
    walk.pin(real, 'script', word);
    walk.note(`files ${walk.display(real)} imports`);
  } else walk.cannot(`npx ${name}: a package npx fetches or finds outside the project`);
};
