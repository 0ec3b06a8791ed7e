/**
 * The direct-exec fast path against real bash: for generated simple commands and environments, starting the
 * program directly (directExec + the launcher, shell fallback armed) and `bash --norc --noprofile -c` give the
 * same argv (as the kernel passed it: `$0` and the file executed included), the same environment, stdin, exit
 * status and stderr; every command the reader cannot prove simple goes to the shell (redirections the fast path
 * takes are compared in directRedirects.spec.ts); and the failures bash
 * reports itself (127 not found, 126 not executable or a directory, a bad interpreter, no `#!`) come out in
 * its own words.
 */
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchRequest, LaunchResult } from '../../lib/process/launch.js';
import { directExec } from '../../lib/process/directExec.js';
import { resolveShell, shellArgs } from '../../lib/protocol/hookEnv.js';
import { fixture, launched } from './processHarness.js';

const PROGRAM = 'argv-env.sh';
let root: string;
let work: string;
let bin: string;
let home: string;
let bash: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'hookstream-direct-'));
  work = path.join(root, 'work');
  // A space in the directory: an unquoted reference to it splits, and must split as bash splits it.
  bin = path.join(root, 'b in');
  home = path.join(root, 'home');
  for (const dir of [work, bin, home, path.join(work, 'sub')]) mkdirSync(dir, { recursive: true });
  for (const dir of [work, bin, home]) {
    copyFileSync(fixture(PROGRAM), path.join(dir, PROGRAM));
    chmodSync(path.join(dir, PROGRAM), 0o755);
  }
  writeFileSync(path.join(work, 'plain.sh'), '#!/bin/sh\necho never\n', { mode: 0o644 });
  writeFileSync(path.join(work, 'no-shebang.sh'), 'echo "run by $BASH_VERSINFO" "$0" "$@"\n', { mode: 0o755 });
  writeFileSync(path.join(work, 'bad-interpreter.sh'), '#!/no/such/interpreter\necho never\n', { mode: 0o755 });
  symlinkSync(work, path.join(root, 'link'));
  bash = resolveShell();
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const baseEnv = (): Record<string, string> => ({
  PATH: `${bin}:/usr/bin:/bin`,
  HOME: home,
  SHLVL: '1',
  PWD: work,
  BIN: bin,
  LANG: 'C',
});

interface Outcome {
  exitCode?: number | undefined;
  signal?: string | undefined;
  error?: string | undefined;
  argv: string[];
  env: string[];
  rest: string;
  stderr: string;
}

/** Takes one block printed as its byte count on a line, then its bytes (NUL-separated entries). */
const block = (bytes: Buffer, at: number): { entries: string[]; next: number } => {
  const newline = bytes.indexOf(10, at);
  if (newline === -1) return { entries: [], next: at };
  const size = Number(bytes.subarray(at, newline).toString());
  const end = newline + 1 + size;
  return {
    entries: bytes
      .subarray(newline + 1, end)
      .toString()
      .split('\0')
      .slice(0, -1),
    next: end,
  };
};

/** The fixture's output read back: argv, the environment sorted (bash exports in its own order), stdin. */
const outcomeOf = (result: LaunchResult): Outcome => {
  const stdout = Buffer.from(result.stdout);
  const argv = block(stdout, 0);
  const env = block(stdout, argv.next);
  return {
    exitCode: result.exitCode,
    signal: result.signal,
    error: result.error,
    argv: argv.entries,
    env: env.entries.sort(),
    rest: stdout.subarray(env.next).toString(),
    stderr: Buffer.from(result.stderr).toString(),
  };
};

const request = (file: string, args: readonly string[], env: Record<string, string>): LaunchRequest => ({
  file,
  args,
  cwd: work,
  baseEnv: baseEnv(),
  env,
  input: '{"hook_event_name":"BeforeTool"}\n',
  maxOutputBytes: 1 << 20,
});

const viaBash = async (command: string, env: Record<string, string>): Promise<Outcome> =>
  outcomeOf(await launched(request(bash, shellArgs(bash, command), env)));

/** The fast path as the executor takes it; undefined when it would run the shell. */
const viaDirect = async (command: string, env: Record<string, string>): Promise<Outcome | undefined> => {
  const direct = directExec(command, baseEnv(), env, work);
  if (direct === undefined) return undefined;
  const full = Object.assign({}, env, direct.env);
  const launch = request(direct.file, direct.args, full);
  return outcomeOf(
    await launched(
      Object.assign(launch, { argv0: direct.argv0, fallback: { file: bash, args: shellArgs(bash, command) } }),
    ),
  );
};

/** Both paths, compared; returns whether the direct path was taken. */
const same = async (command: string, env: Record<string, string>): Promise<boolean> => {
  const direct = await viaDirect(command, env);
  if (direct === undefined) return false;
  expect(direct, command).toEqual(await viaBash(command, env));
  return true;
};

// Generated commands: the program named in the ways hooks name it, then words built from literal text,
// quotes, escapes and references to variables whose values hold blanks, globs, quotes and tildes.
const value = fc
  .array(fc.constantFrom('a', 'b', ' ', '  ', '\t', '\n', '/', '*', '\\', '$', '"', "'", '~', '-', '=', ''), {
    maxLength: 5,
  })
  .map((parts) => parts.join(''));
const vars = fc.record({ A: value, B: value, C: value });
const program = fc.constantFrom(
  `"$BIN"/${PROGRAM}`,
  `$BIN/${PROGRAM}`,
  `"\${BIN}/${PROGRAM}"`,
  `./${PROGRAM}`,
  PROGRAM,
  `~/${PROGRAM}`,
  `"$CLAUDE_PROJECT_DIR"/${PROGRAM}`,
);
const doubleText = fc
  .array(fc.constantFrom('x', ' ', '$A', '${B}', '\\"', '\\$', "'", '~', '*'), { maxLength: 4 })
  .map((parts) => `"${parts.join('')}"`);
const token = fc.oneof(
  fc.stringMatching(/^[a-z0-9._/=:,+@%-]{1,5}$/),
  fc.stringMatching(/^[a-z *$"~;]{0,4}$/).map((text) => `'${text}'`),
  doubleText,
  fc.constantFrom('$A', '${B}', '$C', '""', "''", '\\ ', '\\*', "$'a\\tb'", '~', '~/x', '-~', 'a=~/x'),
);
const word = fc.array(token, { minLength: 1, maxLength: 3 }).map((tokens) => tokens.join(''));
const command = fc
  .tuple(program, fc.array(word, { maxLength: 4 }), fc.constantFrom(' ', '  ', '\t'))
  .map(([name, words, blank]) => [name, ...words].join(blank));

describe('direct exec against bash -c', () => {
  it('gives the same argv, environment, stdin, exit status and stderr for generated simple commands', async () => {
    let direct = 0;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(command, vars, fc.constantFrom('0', '3'), async (line, values, exit) => {
        runs += 1;
        const env = Object.assign({ CLAUDE_PROJECT_DIR: work, FIXTURE_EXIT: exit }, values);
        if (await same(line, env)) direct += 1;
      }),
      { numRuns: 60 },
    );
    // Most generated commands are simple: the property must have compared the fast path, not skipped it.
    expect(direct).toBeGreaterThan(runs / 3);
  });

  it('sends every command the reader cannot prove simple to the shell', () => {
    const constructs = fc.constantFrom(
      ';',
      '&',
      '&&',
      '|',
      '&>out',
      '>|out',
      '<>x',
      ' 3>x',
      '>&-',
      '<&0',
      '<<<x',
      '>$(id)',
      '$(id)',
      '`id`',
      '*',
      '?',
      '[ab]',
      '{a,b}',
      '$1',
      '$@',
      '${A:-y}',
      '$PWD',
      '$SHLVL',
      '$RANDOM',
      '$((1+1))',
      '\nid',
      '(id)',
      '<(id)',
      'x=~/y',
    );
    fc.assert(
      fc.property(program, word, constructs, fc.boolean(), (name, plain, construct, before) => {
        // After the construct a blank: `$PWDa` would be another variable's name.
        const line = before ? `${name} ${construct} ${plain}` : `${name} ${plain}${construct}`;
        expect(directExec(line, baseEnv(), {}, work), line).toBeUndefined();
      }),
      { numRuns: 300 },
    );
    for (const line of [`A=1 ${PROGRAM}`, `if ${PROGRAM}; then :; fi`, `! ${PROGRAM}`, `{ ${PROGRAM}; }`, 'echo hi'])
      expect(directExec(line, baseEnv(), {}, work), line).toBeUndefined();
    for (const line of ['time ls', 'exec ls', 'command ls', '"$E"', '""', `${PROGRAM} ~user`, `${PROGRAM} a~/b`])
      expect(directExec(line, baseEnv(), { E: 'echo' }, work), line).toBeUndefined();
  });

  it('reads a variable bash sets or reads itself, or an environment it would change, through the shell', () => {
    const simple = `./${PROGRAM} x`;
    expect(directExec(simple, baseEnv(), {}, work)).toBeDefined();
    const changed: readonly Readonly<Record<string, string>>[] = [
      { BASH_ENV: '/tmp/x' },
      { IFS: ':' },
      { POSIXLY_CORRECT: '1' },
      { 'BASH_FUNC_f%%': '() { :; }' },
      { 'A-B': '1' },
      { SHLVL: 'x' },
      { OLDPWD: path.join(root, 'missing') },
    ];
    for (const env of changed) expect(directExec(simple, baseEnv(), env, work), JSON.stringify(env)).toBeUndefined();
    expect(directExec(PROGRAM, Object.assign(baseEnv(), { PATH: `.:${bin}` }), {}, work)).toBeUndefined();
    expect(directExec(`~/${PROGRAM}`, baseEnv(), { HOME: '' }, work)).toBeUndefined();
  });
});

describe('direct exec: what bash does around the program', () => {
  it('keeps an inherited PWD naming the directory, resets any other, keeps OLDPWD while it is a directory', async () => {
    expect(await same(`./${PROGRAM} a`, { PWD: path.join(root, 'link') })).toBe(true);
    expect(await same(`./${PROGRAM} a`, { PWD: root })).toBe(true);
    expect(await same(`./${PROGRAM} a`, { PWD: 'relative' })).toBe(true);
    expect(await same(`./${PROGRAM} a`, { OLDPWD: root })).toBe(true);
    expect(await same(`${PROGRAM} "$HOME"`, {})).toBe(true);
  });

  it('looks past a PATH entry that is a file, and resets a PWD or OLDPWD under one, as bash does', async () => {
    // stat() of a name under a file fails with ENOTDIR, not ENOENT: it must read as "nothing there".
    const file = path.join(work, 'plain.sh');
    expect(await same(`${PROGRAM} a`, { PATH: `${file}:${bin}` })).toBe(true);
    expect(await same(`./${PROGRAM} a`, { PWD: path.join(file, 'x') })).toBe(true);
    expect(directExec(`./${PROGRAM} a`, baseEnv(), { OLDPWD: path.join(file, 'x') }, work)).toBeUndefined();
  });

  it('leaves 127 for a missing program and 126 for one not executable or a directory, in bash words', async () => {
    // A file the kernel would not run goes to bash at once; one that fails to start is started again through it.
    const cases: [string, 'direct' | 'shell', number][] = [
      ['./missing.sh', 'shell', 127],
      ['"$BIN"/missing', 'shell', 127],
      ['./sub', 'shell', 126],
      [`${work}/sub x`, 'shell', 126],
      ['./plain.sh', 'direct', 126],
    ];
    for (const [line, path, status] of cases) {
      expect(await same(line, {}), line).toBe(path === 'direct');
      const bashSays = await viaBash(line, {});
      expect(bashSays.exitCode, line).toBe(status);
      expect(bashSays.stderr, line).toMatch(
        /bash: line 1: .*: (No such file or directory|Permission denied|Is a directory)\n$/,
      );
    }
  });

  it('runs a script with no #! as bash does, and reports a bad interpreter in bash words', async () => {
    expect(await same('./no-shebang.sh a "b c"', {})).toBe(false);
    expect((await viaBash('./no-shebang.sh a', {})).rest).toMatch(/^run by \d+ \.\/no-shebang\.sh a\n$/);
    expect(await same('./bad-interpreter.sh', {})).toBe(true);
    expect((await viaBash('./bad-interpreter.sh', {})).stderr).toMatch(/bad interpreter|required file not found/);
  });

  it('leaves a name not found on PATH, and builtins, to the shell', async () => {
    expect(directExec('no-such-program-hookstream', baseEnv(), {}, work)).toBeUndefined();
    expect((await viaBash('no-such-program-hookstream', {})).stderr).toMatch(
      /bash: line 1: no-such-program-hookstream: command not found\n$/,
    );
    expect(directExec('printf x', baseEnv(), {}, work)).toBeUndefined();
  });
});
