/**
 * Effects of programs that carry a small program of their own: `find` (`-delete`, `-exec … {} ;`), `sed`
 * (`-i`, the `w` and `e` commands), `awk` (`print > file`, `system()`), and the interpreters — `python -c`,
 * `node -e`, `perl -pi -e`, `ruby -e`, `php -r` — read with the interpreter table and option parser the trust
 * walk uses (lib/inspect/interpreters.ts), their code by codeEffects.ts. A script file is project code: unknown.
 */
import { parseArgs } from '../inspect/argv.js';
import { interpreterOf } from '../inspect/interpreters.js';
import { codeEffects } from './codeEffects.js';
import type { EffectContext, Handler } from './context.js';
import { hasOption, optionValues, readOptions } from './options.js';
import { UNKNOWN_ARG, type Arg } from './sink.js';
import { TOOL_COMMANDS } from './toolCommands.js';

/** Where `find`'s expression starts: the first word that is an option, `(` or `!`. */
const FIND_PRIMARY = /^[-(!]/;
/** `find`'s global options, the primaries that write a file and those that run a command. */
const FIND_GLOBAL = /^-(?:[HLP]|O\d|D)$/;
const FIND_WRITES = /^-(?:fprint0?|fprintf|fls)$/;
const FIND_RUNS = /^-(?:exec|execdir|ok|okdir)$/;

const find: Handler = (args, context) => {
  const { sink } = context;
  let at = 0;
  // Global options (`-L`, `-H`, `-P`, `-O3`) come before the starting points.
  while (at < args.length && FIND_GLOBAL.test(args[at]?.text ?? '')) at += args[at]?.text === '-D' ? 2 : 1;
  const roots: Arg[] = [];
  for (; at < args.length && !FIND_PRIMARY.test((args[at] as Arg).text); at++) roots.push(args[at] as Arg);
  for (const root of roots.length > 0 ? roots : [{ text: '.', known: true }]) sink.path('reads', root);
  for (; at < args.length; at++) {
    const word = (args[at] as Arg).text;
    if (word === '-delete')
      sink.add('deletes', undefined, `find ${roots.map((root) => root.text).join(' ') || '.'} -delete`);
    else if (FIND_WRITES.test(word)) {
      const file = args[at + 1];
      if (file !== undefined) sink.path('writes', file);
      at += word === '-fprintf' ? 2 : 1;
    } else if (FIND_RUNS.test(word)) {
      const command: Arg[] = [];
      for (at += 1; at < args.length; at++) {
        const part = args[at] as Arg;
        if (part.known && (part.text === ';' || part.text === '+')) break;
        // `{}` is each file found: a path only known at run time.
        command.push(part.text.includes('{}') ? UNKNOWN_ARG : part);
      }
      context.run(command);
    }
  }
};

/** A sed `w FILE` (or `s/…/…/w FILE`) command, and an `e` command or flag; made once, not per script. */
const SED_WRITES = /(?:^|[;{}\n]|\/[gpIiMm0-9]*)\s*[wW]\s+([^;\n}]+)/g;
const SED_RUNS = /(?:^|[;{}\n])\s*(?:\d+|\$|\/[^/]*\/)?\s*e\b|\/[gpIiMm0-9]*e[gpIiMm0-9]*(?:$|[;\s}])/;

/** The files a `sed` script's `w` commands write, and whether it runs commands (`e`). */
const sedScript = (script: Arg, context: EffectContext): void => {
  if (!script.known) {
    context.sink.unknown('sed script only known at run time');
    return;
  }
  // An `exec` loop on the one global pattern: `matchAll` copies the pattern and makes an iterator per script.
  SED_WRITES.lastIndex = 0;
  for (let match; (match = SED_WRITES.exec(script.text)) !== null;) {
    context.sink.path('writes', { text: (match[1] ?? '').trim(), known: true });
  }
  if (SED_RUNS.test(script.text)) context.sink.unknown('sed e runs commands');
};

const sed: Handler = (args, context) => {
  const scripts: Arg[] = [];
  const operands: Arg[] = [];
  let inPlace = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as Arg;
    const text = arg.text;
    if (!arg.known || !text.startsWith('-') || text === '-') operands.push(arg);
    else if (text === '-e' || text === '--expression') scripts.push(args[++index] ?? UNKNOWN_ARG);
    else if (text === '-f' || text === '--file') {
      const file = args[++index] ?? UNKNOWN_ARG;
      context.sink.path('reads', file);
      scripts.push({ text: '?', known: false });
    } else if (text.startsWith('--in-place') || text === '-I') inPlace = true;
    else if (text.startsWith('--expression=')) scripts.push({ text: text.slice(13), known: true });
    else if (!text.startsWith('--')) {
      for (let at = 1; at < text.length; at++) {
        const char = text[at];
        // `-i.bak` or `-ie`: in place, and the rest of the word is the backup suffix.
        if (char === 'i' || char === 'I') {
          inPlace = true;
          break;
        }
        if (char === 'e' || char === 'f' || char === 'l') {
          const value =
            at + 1 < text.length ? { text: text.slice(at + 1), known: true } : (args[++index] ?? UNKNOWN_ARG);
          if (char === 'e') scripts.push(value);
          if (char === 'f') {
            context.sink.path('reads', value);
            scripts.push({ text: '?', known: false });
          }
          break;
        }
      }
    }
  }
  const files = scripts.length > 0 ? operands : operands.slice(1);
  if (scripts.length === 0 && operands[0] !== undefined) scripts.push(operands[0]);
  for (const script of scripts) sedScript(script, context);
  for (const file of files) context.sink.path(inPlace ? 'writes' : 'reads', file);
};

const awk: Handler = (args, context) => {
  const { sink } = context;
  const options = readOptions(
    args,
    ['-f', '--file', '-v', '--assign', '-F', '--field-separator', '-i', '--include', '-l', '--load', '-e', '--source'],
    false,
  );
  const programFiles = optionValues(options, '-f', '--file');
  for (const file of programFiles) sink.path('reads', file);
  const inPlace = optionValues(options, '-i', '--include').some((arg) => arg.text === 'inplace');
  const sources = optionValues(options, '-e', '--source');
  const program = programFiles.length > 0 || sources.length > 0 ? undefined : options.operands[0];
  const files = program === undefined ? options.operands : options.operands.slice(1);
  for (const code of program === undefined ? sources : [program]) {
    if (!code.known) sink.unknown('awk program only known at run time');
    for (const match of code.text.matchAll(/print[f]?\b[^;}]*?>>?\s*("([^"]*)"|[^;}\s]+)/g)) {
      sink.path('writes', match[2] === undefined ? UNKNOWN_ARG : { text: match[2], known: true });
    }
    if (/\bsystem\s*\(|\|\s*getline|\|&|print[f]?\b[^;}]*\|/.test(code.text)) sink.unknown('awk program runs commands');
  }
  if (programFiles.length > 0) sink.unknown('awk program file');
  for (const file of files) sink.path(inPlace ? 'writes' : 'reads', file);
};

/** `python -c`, `node -e`, `perl -pi -e` …; `python -m pip` is pip; a script file is unknown. */
const interpreter: Handler = (args, context, name) => {
  const table = interpreterOf(name);
  if (table === undefined) return;
  const words = args.map((arg) => ({ text: arg.known ? arg.text : undefined, field: '' }));
  const parsed = parseArgs(words, table.grammar);
  if (parsed.noRun) return;
  const operands = args.slice(parsed.operand);
  const module = parsed.packages[0]?.text;
  if (module === 'pip' || module === 'venv' || module === 'ensurepip') {
    if (module === 'pip') TOOL_COMMANDS['pip']?.(args.slice(parsed.operand), context, 'pip');
    else context.sink.path('writes', args[parsed.operand] ?? UNKNOWN_ARG);
    return;
  }
  if (module !== undefined) {
    context.sink.unknown(`${name} -m ${module} runs a module`);
    return;
  }
  const code = parsed.code[0];
  if (code === undefined) {
    const script = operands[0];
    if (script === undefined || script.text === '-') context.sink.unknown(`${name} reads its program from stdin`);
    else {
      context.sink.add('executes', script.known ? script.text : undefined, script.text);
      context.sink.unknown(`${name} runs a script file`);
    }
    return;
  }
  if (code.text === undefined) {
    context.sink.unknown(`${name} code only known at run time`);
    return;
  }
  codeEffects(code.text, name, context.sink);
  // `perl -pi -e 's/a/b/' f`, `ruby -i -pe`: the files are edited in place; otherwise read.
  const inPlace =
    (table.family === 'perl' || table.family === 'ruby') && args.some((arg) => /^-[a-zA-Z]*i/.test(arg.text));
  const lineLoop =
    table.family === 'perl' || table.family === 'ruby'
      ? hasOption(
          readOptions(args.slice(0, parsed.operand), ['-e', '-E', '-I', '-M', '-m', '-r', '-C', '-F']),
          '-n',
          '-p',
        ) || inPlace
      : false;
  if (lineLoop) for (const file of operands) context.sink.path(inPlace ? 'writes' : 'reads', file);
};

export const CODE_COMMANDS: Readonly<Record<string, Handler>> = {
  find,
  sed,
  gsed: sed,
  awk,
  gawk: awk,
  mawk: awk,
  nawk: awk,
};

/** The interpreter handler, for every name interpreterOf knows that is not a shell or package manager. */
export const interpreterHandler = (name: string): Handler | undefined => {
  const family = interpreterOf(name)?.family;
  return family === undefined || family === 'shell' || family === 'package' || family === 'npx'
    ? undefined
    : interpreter;
};
