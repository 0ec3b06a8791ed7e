/**
 * What an interpreter runs and loads: its script (a shell also searches PATH for a bare name), the code a
 * shell runs with `-c` (walked as a command line of its own), modules named by options (`node -r`) and by
 * the environment (`NODE_OPTIONS`, `BASH_ENV`, `LD_PRELOAD`), `python -m` packages and `npx` binaries
 * found in the project — and, for the approval, what each language may load that is not pinned.
 */
import path from 'node:path';
import { parseArgs, type Word } from './argv.js';
import { interpreterOf, type Interpreter } from './interpreters.js';
import { DEFAULT_PATH } from './programs.js';
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
    walk.note(`a ${role} named only at run time (${word.field})`);
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

/** Files the environment makes every program (or one interpreter) load. */
export const startupFiles = (walk: Walk, scope: Scope, family: Interpreter['family'] | undefined): void => {
  const field = (name: string): Word => ({ text: scope.env.get(name), field: `/env/${name}` });
  for (const preload of (scope.env.get('LD_PRELOAD') ?? '').split(/[\s:]+/).filter(Boolean)) {
    findScript(walk, { text: preload, field: '/env/LD_PRELOAD' }, scope, 'startup');
  }
  if (family === 'shell' && scope.env.has('BASH_ENV')) findScript(walk, field('BASH_ENV'), scope, 'startup');
  const nodeOptions = scope.env.get('NODE_OPTIONS');
  if (family === 'node' && nodeOptions !== undefined) {
    const words = nodeOptions.split(/\s+/).filter(Boolean);
    const interpreter = interpreterOf('node');
    if (interpreter === undefined) return;
    const parsed = parseArgs(
      words.map((text) => ({ text, field: '/env/NODE_OPTIONS' })),
      interpreter.grammar,
    );
    for (const module of parsed.modules) moduleFile(walk, module, scope, 'node');
  }
};

/** A module option's value (`-r ./x.cjs`): a local path is pinned, a package name is noted. */
const moduleFile = (walk: Walk, word: Word, scope: Scope, family: string): void => {
  if (word.text !== undefined && !looksLikePath(word.text)) {
    walk.note(`module ${word.text}: resolved by ${family} from its own search path`);
    return;
  }
  findScript(walk, word, scope, 'module');
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
      walk.note(`what ${program} ${first} runs`);
      return;
    }
  }
  const parsed = parseArgs(words, interpreter.grammar);
  if (parsed.noRun) return;
  startupFiles(walk, scope, interpreter.family);
  const here: Scope =
    parsed.chdir === undefined
      ? scope
      : {
          cwd: parsed.chdir.text === undefined ? undefined : walk.resolve(parsed.chdir.text, scope),
          env: scope.env,
          shell: false,
        };
  for (const module of parsed.modules) moduleFile(walk, module, here, program);
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
    if (operand?.text === undefined) walk.note(`shell code only known at run time (${operand?.field ?? '/command'})`);
    else walk.runLine(operand.text, { cwd: here.cwd, env: here.env, shell: true }, operand.field, depth + 1);
    return;
  }
  if (parsed.code.length > 0 || parsed.packages.length > 0 || parsed.scripts.length > 0) return;
  if (operand === undefined || operand.text === '-' || parsed.stdin) {
    walk.note(`the program ${program} reads from stdin`);
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
    walk.note(
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
  } else walk.note(`npx ${name}: a package npx fetches or finds outside the project`);
};
