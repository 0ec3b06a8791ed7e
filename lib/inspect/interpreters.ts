/**
 * Interpreters whose first operand is a script file (`bash -eu -o pipefail x.sh`, `python -u x.py`,
 * `node --enable-source-maps x.mjs`, `deno run -A x.ts`), described as data: their options, which of
 * them carry code, modules or a working directory, and what each language may still load that the
 * fingerprint cannot follow. A grammar that is not `closed` marks an unknown option, and the caller then
 * pins every argument that names a file rather than guess which one is the script.
 */
import type { Grammar } from './argv.js';

export type Family = 'shell' | 'python' | 'node' | 'deno' | 'bun' | 'ruby' | 'perl' | 'php' | 'npx' | 'package';

export interface Interpreter {
  readonly family: Family;
  readonly grammar: Grammar;
  /** Subcommands that may come before the options (`deno run`, `bun run`); others run no script file. */
  readonly subcommands?: readonly string[];
  /** What a script of this language may load that is not pinned (`files x.sh sources`). */
  readonly loads: string;
}

const SHELL: Interpreter = {
  family: 'shell',
  grammar: {
    valued: ['-o', '-O', '--rcfile', '--init-file'],
    startup: ['--rcfile', '--init-file'],
    codeFlag: '-c',
    stdinFlag: '-s',
    noRun: ['-n', '--version', '--help'],
    clusters: true,
    plus: true,
    closed: true,
  },
  loads: 'sources',
};

const PYTHON: Interpreter = {
  family: 'python',
  grammar: {
    valued: ['-c', '-m', '-W', '-X', '--check-hash-based-pycs'],
    code: ['-c'],
    packages: ['-m'],
    ends: ['-c', '-m'],
    noRun: ['-V', '--version', '-h', '--help'],
    clusters: true,
    closed: true,
  },
  loads: 'imports',
};

/** Node's options that take a separate value (V8's and the rest take `--flag=value`). */
const NODE_VALUED = [
  ...['-e', '--eval', '-p', '--print', '-r', '--require', '--import', '--loader', '--experimental-loader'],
  ...['-C', '--conditions', '--input-type', '--env-file', '--env-file-if-exists', '--title', '--inspect-port'],
  ...['--disable-warning', '--dns-result-order', '--experimental-default-type', '--redirect-warnings'],
  ...['--stack-trace-limit', '--unhandled-rejections', '--watch-path', '--test-reporter', '--icu-data-dir'],
  ...['--test-name-pattern', '--test-reporter-destination', '--report-dir', '--report-directory'],
  ...['--openssl-config', '--snapshot-blob', '--experimental-config-file', '--experimental-policy'],
];
/** Node's flags come in families; none of these takes a separate value. */
const NODE_FLAGS = [
  ...['--no-', '--enable-', '--experimental-', '--trace-', '--expose-', '--harmony', '--preserve-symlinks'],
  ...['--pending-deprecation', '--throw-deprecation', '--abort-on-uncaught-exception', '--frozen-intrinsics'],
  ...['--jitless', '--insecure-http-parser', '--zero-fill-buffers', '--permission', '--allow-', '--watch'],
  '--inspect',
];
const NODE: Interpreter = {
  family: 'node',
  grammar: {
    valued: NODE_VALUED,
    code: ['-e', '--eval', '-p', '--print'],
    modules: ['-r', '--require', '--import', '--loader', '--experimental-loader'],
    startup: ['--env-file', '--env-file-if-exists'],
    risky: ['--openssl-config', '--snapshot-blob', '--experimental-config-file', '--experimental-policy'],
    noRun: ['-v', '--version', '-h', '--help', '-c', '--check', '--v8-options'],
    flagPrefixes: NODE_FLAGS,
  },
  loads: 'imports',
};

const TS_NODE: Interpreter = {
  family: 'node',
  grammar: {
    valued: [...NODE_VALUED, '--tsconfig', '-P', '--project', '-O', '--compiler-options', '--compiler', '--cwd'],
    code: NODE.grammar.code ?? [],
    modules: NODE.grammar.modules ?? [],
    startup: NODE.grammar.startup ?? [],
    risky: NODE.grammar.risky ?? [],
    chdir: ['--cwd'],
    noRun: NODE.grammar.noRun ?? [],
    flagPrefixes: NODE_FLAGS,
  },
  loads: 'imports',
};

const DENO: Interpreter = {
  family: 'deno',
  grammar: {
    valued: ['-c', '--config', '--import-map', '--lock', '--cert', '--location', '--seed', '--ext', '--env-file'],
    noRun: ['-V', '--version', '-h', '--help'],
  },
  subcommands: ['run', 'serve'],
  loads: 'imports',
};

const BUN: Interpreter = {
  family: 'bun',
  grammar: {
    valued: ['--cwd', '-c', '--config', '-r', '--preload', '--env-file', '--tsconfig-override', '-e', '--eval'],
    code: ['-e', '--eval', '-p', '--print'],
    modules: ['-r', '--preload'],
    chdir: ['--cwd'],
    noRun: ['-v', '--version', '-h', '--help'],
  },
  subcommands: ['run'],
  loads: 'imports',
};

const RUBY: Interpreter = {
  family: 'ruby',
  grammar: {
    valued: ['-C', '-E', '-F', '-I', '-r', '-e', '--encoding'],
    code: ['-e'],
    modules: ['-r'],
    chdir: ['-C'],
    noRun: ['-v', '--version', '-h', '--help', '-c'],
    clusters: true,
  },
  loads: 'requires',
};

const PERL: Interpreter = {
  family: 'perl',
  grammar: {
    valued: ['-e', '-E', '-I', '-M', '-m'],
    code: ['-e', '-E'],
    modules: ['-M', '-m'],
    risky: ['-d'],
    noRun: ['-v', '-V', '-h', '-c'],
    clusters: true,
  },
  loads: 'requires',
};

const PHP: Interpreter = {
  family: 'php',
  grammar: {
    valued: ['-c', '-d', '-f', '-r', '-B', '-R', '-F', '-E', '-z', '-t', '-S'],
    code: ['-r', '-B', '-R', '-E'],
    scripts: ['-f', '-F'],
    risky: ['-c', '-d'],
    noRun: ['-v', '--version', '-h', '--help', '-l', '-m', '-i'],
  },
  loads: 'includes',
};

/** `npx name`: a package binary from the project's node_modules/.bin, or fetched from the registry. */
const NPX: Interpreter = {
  family: 'npx',
  grammar: {
    valued: ['-p', '--package', '-c', '--call', '--cache', '--registry', '--userconfig', '-w', '--workspace'],
    code: ['-c', '--call'],
    noRun: ['-v', '--version', '-h', '--help'],
  },
  loads: 'imports',
};

/** `npm run x`, `yarn x`, `pnpm x`: the command is a script in package.json. */
const PACKAGE: Interpreter = { family: 'package', grammar: {}, loads: 'runs' };

const BY_NAME: Readonly<Record<string, Interpreter>> = {
  node: NODE,
  nodejs: NODE,
  tsx: TS_NODE,
  'ts-node': TS_NODE,
  'ts-node-esm': TS_NODE,
  deno: DENO,
  bun: BUN,
  ruby: RUBY,
  perl: PERL,
  php: PHP,
  npx: NPX,
  npm: PACKAGE,
  yarn: PACKAGE,
  pnpm: PACKAGE,
};

/**
 * A program's name without its directory: `/usr/bin/rm` and `./bin/rm` are `rm`. A loop from the end: about a
 * third of the time of `lastIndexOf`, and every program of every command is named several times.
 */
export const programName = (program: string): string => {
  for (let at = program.length - 1; at >= 0; at--) if (program.charCodeAt(at) === 47) return program.slice(at + 1);
  return program;
};

/** Shells and Pythons by name; made once, as a regex literal in a function is a new object per call. */
const SHELL_NAME = /^(?:sh|bash|dash|zsh|ksh|ksh93|mksh|ash|yash|posh)$/;
const PYTHON_NAME = /^(?:python|pypy)[\d.]*$/;

/** The interpreter a program name stands for (`python3.12`, `/usr/bin/bash` → by its last part). */
export const interpreterOf = (program: string): Interpreter | undefined => {
  const name = programName(program);
  if (SHELL_NAME.test(name)) return SHELL;
  if (PYTHON_NAME.test(name)) return PYTHON;
  return Object.hasOwn(BY_NAME, name) ? BY_NAME[name] : undefined;
};
