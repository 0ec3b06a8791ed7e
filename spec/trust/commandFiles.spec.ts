/**
 * Which files a command runs, found statically: every spelling of issue 11's bypasses (wrappers,
 * interpreter flags, PATH lookups with the hook's own `env.PATH`), the `#!` line, startup files the
 * environment names, `cd` and compound commands — and what is said when a file cannot be pinned.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandFiles } from '../../lib/trust/commandFiles.js';
import { hookScriptOf } from '../../lib/trust/hookScript.js';
import { fsProbe } from '../../lib/inspect/programs.js';
import type { CommandHookConfig } from '../../lib/model/types.js';

const root = mkdtempSync(path.join(tmpdir(), 'hookstream-files-'));
const project = path.join(root, 'project');
const home = path.join(root, 'home');
const put = (file: string, text: string, mode = 0o755): string => {
  const target = path.join(project, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
  chmodSync(target, mode);
  return target;
};
put('.hookstream/x.sh', '#!/bin/sh\necho x\n');
put('.hookstream/bin/guard', '#!/bin/sh\necho guard\n');
put('.hookstream/bin/sh', '#!/bin/sh\necho fake\n');
put('$PATH/tripwire', '#!/bin/sh\necho tripwire\n');
put('.hookstream/interp', '#!/bin/sh\necho interp\n');
put('.hookstream/by-interp.sh', '#!.hookstream/interp\necho via interp\n');
put('.hookstream/split.mjs', '#!/usr/bin/env -S node --no-warnings\nconsole.log(1)\n');
put('tool/__main__.py', 'print(1)\n', 0o644);
put('node_modules/eslint/bin/eslint.js', 'console.log(1)\n');
put('package.json', '{"scripts":{"check":"true"}}\n', 0o644);
put('.hookstream/rc.sh', 'echo rc\n', 0o644);
put('.hookstream/pre.cjs', 'void 0\n', 0o644);
put('data.json', '{}\n', 0o644);
mkdirSync(path.join(project, 'node_modules', '.bin'), { recursive: true });
symlinkSync('../eslint/bin/eslint.js', path.join(project, 'node_modules', '.bin', 'eslint'));
symlinkSync('/usr/bin/env', path.join(project, '.hookstream', 'env-link'));
mkdirSync(home, { recursive: true });

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** The host environment of these specs: a plain system PATH. */
const variables = { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: home };
const find = (command: string, extra: Partial<CommandHookConfig> = {}) =>
  commandFiles({ type: 'command', command, ...extra }, { projectDir: project, home, variables });
/** `role path pin` for each file, paths relative to the project. */
const pinned = (command: string, extra: Partial<CommandHookConfig> = {}): string[] =>
  find(command, extra).files.map((file) => `${file.role} ${path.relative(project, file.path)} ${file.pin}`);

const X = 'script .hookstream/x.sh bytes';

describe('commandFiles: the script behind wrappers and interpreter flags (issue 11 bypasses)', () => {
  it.each([
    ['/usr/bin/env sh .hookstream/x.sh'],
    ['env sh .hookstream/x.sh'],
    ['env -i sh .hookstream/x.sh'],
    ['env - FOO=1 BAR=2 sh .hookstream/x.sh'],
    ['env -u HOME --unset=PWD sh .hookstream/x.sh'],
    ['env -S "sh -e" .hookstream/x.sh'],
    ['bash -e .hookstream/x.sh'],
    ['bash -eu -o pipefail .hookstream/x.sh arg'],
    ['bash +o posix --norc -x .hookstream/x.sh'],
    ['sh -x .hookstream/x.sh'],
    ['nice sh .hookstream/x.sh'],
    ['nice -n 5 sh .hookstream/x.sh'],
    ['nice -10 sh .hookstream/x.sh'],
    ['nice --adjustment=3 sh .hookstream/x.sh'],
    ['timeout 5 sh .hookstream/x.sh'],
    ['timeout -s KILL -k 1 5s sh .hookstream/x.sh'],
    ['timeout --signal=TERM --preserve-status 5 sh .hookstream/x.sh'],
    ['nohup sh .hookstream/x.sh'],
    ['stdbuf -oL -e 0 sh .hookstream/x.sh'],
    ['ionice -c 3 sh .hookstream/x.sh'],
    ['setsid -w sh .hookstream/x.sh'],
    ['command sh .hookstream/x.sh'],
    ['exec -a name sh .hookstream/x.sh'],
    ['sudo -u nobody -E sh .hookstream/x.sh'],
    ['nice timeout 5 env -i nohup bash -e .hookstream/x.sh'],
    ['bash -c "sh .hookstream/x.sh"'],
    ['eval sh .hookstream/x.sh'],
    ['FOO=1 sh .hookstream/x.sh > out.log 2>&1 < /dev/null'],
  ])('%s pins .hookstream/x.sh', (command) => {
    expect(pinned(command)).toContain(X);
  });

  it('pins the script in the exec form too, arguments in their own fields', () => {
    const found = find('nice', { args: ['-n', '5', 'bash', '-e', '.hookstream/x.sh'] });
    expect(found.files).toEqual([
      expect.objectContaining({ role: 'script', field: '/args/4', word: '.hookstream/x.sh' }),
    ]);
  });

  it('does not mistake an option value for the script', () => {
    expect(pinned('bash -o .hookstream/x.sh .hookstream/rc.sh')).toEqual(['script .hookstream/rc.sh bytes']);
    expect(pinned('timeout 5 .hookstream/x.sh')).toEqual(['program .hookstream/x.sh bytes']);
  });
});

describe('commandFiles: PATH lookups', () => {
  it("finds a bare name through the hook's own env.PATH (relative entries are the project's)", () => {
    expect(pinned('guard', { env: { PATH: '.hookstream/bin:$PATH' } })).toEqual([
      'program .hookstream/bin/guard bytes',
    ]);
  });

  it('finds it through a PATH assignment before the command, or one earlier in the line', () => {
    expect(pinned('PATH=.hookstream/bin:$PATH guard')).toEqual(['program .hookstream/bin/guard bytes']);
    expect(pinned('export PATH=.hookstream/bin; guard')).toEqual(['program .hookstream/bin/guard bytes']);
    expect(pinned('env PATH=.hookstream/bin guard')).toEqual(['program .hookstream/bin/guard bytes']);
  });

  it('pins an interpreter the project puts first on PATH, and its script', () => {
    expect(pinned('sh .hookstream/x.sh', { env: { PATH: '.hookstream/bin:/usr/bin:/bin' } })).toEqual([
      'program .hookstream/bin/sh bytes',
      X,
    ]);
  });

  it('tries an entry with a variable as written and as a shell would expand it', () => {
    expect(pinned('tripwire', { env: { PATH: '$PATH' } })).toEqual(['program $PATH/tripwire bytes']);
  });

  it('follows bash to a script it finds on PATH when it is not in the working directory', () => {
    expect(pinned('bash guard', { env: { PATH: '.hookstream/bin:/usr/bin' } })).toEqual([
      'script .hookstream/bin/guard bytes',
    ]);
  });

  it('does not pin system programs or tools found on PATH outside the project, and says so', () => {
    const found = find('sh .hookstream/x.sh');
    expect(found.files.map((file) => file.role)).toEqual(['script']);
    expect(found.notPinned).toContainEqual(expect.stringMatching(/^sh \(.*\/sh\): a system file$/));
    expect(found.notPinned).toContain('files .hookstream/x.sh sources');
    expect(find('no-such-tool-anywhere x').notPinned).toContain("no-such-tool-anywhere: not found on the hook's PATH");
  });

  it('uses the default path after env -i and command -p, and sudo its secure path', () => {
    expect(pinned('guard', { env: { PATH: '.hookstream/bin' } })).toHaveLength(1);
    expect(pinned('env -i guard', { env: { PATH: '.hookstream/bin' } })).toEqual([]);
    expect(pinned('command -p guard', { env: { PATH: '.hookstream/bin' } })).toEqual([]);
    expect(pinned('sudo guard', { env: { PATH: '.hookstream/bin' } })).toEqual([]);
    expect(find('sudo guard').notPinned).toContain('what sudo runs as another user is decided by its own policy');
  });
});

describe('commandFiles: the program itself', () => {
  it('pins a program named by path and follows its #! line', () => {
    expect(pinned('.hookstream/by-interp.sh')).toEqual([
      'program .hookstream/by-interp.sh bytes',
      'program .hookstream/interp bytes',
    ]);
    expect(pinned('"$HOOKSTREAM_PROJECT_DIR"/.hookstream/x.sh')).toEqual(['program .hookstream/x.sh bytes']);
    expect(find('.hookstream/split.mjs').notPinned).toContain('files .hookstream/split.mjs imports');
  });

  it('pins where a link in the project to a system program points, not the program', () => {
    expect(pinned('.hookstream/env-link sh .hookstream/x.sh')).toEqual(['program .hookstream/env-link target']);
  });

  it('pins by bytes the files of a project that itself lives under a system directory (/opt, /usr/src)', () => {
    // The project's real path is under /opt: its files are still the repository's, not system files.
    const underOpt = (file: string) => file.replace(project, '/opt/checkout');
    const probe = { ...fsProbe, realpath: (file: string) => underOpt(fsProbe.realpath(file) ?? file) };
    const found = commandFiles(
      { type: 'command', command: 'sh .hookstream/x.sh; ./.hookstream/env-link true' },
      { projectDir: project, home, variables, probe },
    );
    expect(found.files.map((file) => `${file.role} ${path.relative(project, file.path)} ${file.pin}`)).toEqual([
      X,
      'program .hookstream/env-link target',
    ]);
  });

  it('pins a missing script (creating it later changes the fingerprint)', () => {
    expect(pinned('bash .hookstream/missing.sh')).toEqual(['script .hookstream/missing.sh bytes']);
  });

  it('follows cd, and forgets the directory after a cd that may not run', () => {
    expect(pinned('cd .hookstream && ./x.sh')).toEqual(['program .hookstream/x.sh bytes']);
    expect(pinned('cd .hookstream; cd bin; ./guard')).toEqual(['program .hookstream/bin/guard bytes']);
    const unknown = find('if true; then cd .hookstream; fi; ./x.sh');
    expect(unknown.files).toEqual([]);
    expect(unknown.notPinned).toContain('cannot pin: ./x.sh: relative to a directory only known at run time');
  });

  it('follows if/while/for bodies and test brackets', () => {
    expect(pinned('if [ -e x ]; then sh .hookstream/x.sh; else ./.hookstream/bin/guard; fi')).toEqual([
      X,
      'program .hookstream/bin/guard bytes',
    ]);
    expect(pinned('for f in a b; do bash .hookstream/x.sh "$f"; done')).toEqual([X]);
    expect(pinned('[[ -e a ]] && sh .hookstream/x.sh')).toEqual([X]);
  });

  it('says what it does not follow', () => {
    for (const command of ['(cd .hookstream; ./x.sh)', 'case a in a) ./x;; esac', 'cat <<EOF\nx\nEOF']) {
      expect(find(command).notPinned).toContainEqual(expect.stringMatching(/shell syntax hookstream does not follow/));
    }
    expect(find('$TOOL .hookstream/x.sh').notPinned).toContain(
      'cannot pin: a program only known at run time (/command)',
    );
    expect(find('sh $(pwd)/x.sh').notPinned).toContain('cannot pin: a script named only at run time (/command)');
    expect(find('jq -f ./data.json').notPinned).toContain('./data.json: an argument of jq, not followed');
    expect(find('xargs sh').notPinned).toEqual(
      expect.arrayContaining([
        'the arguments xargs reads from stdin (the event JSON)',
        'cannot pin: sh reads its program from stdin',
      ]),
    );
  });

  it('runs nothing for builtins and for wrappers that only ask', () => {
    for (const command of [
      'echo hi',
      'true',
      'command -v sh',
      'exit 0',
      'node --version',
      'bash -n .hookstream/x.sh',
    ]) {
      expect(pinned(command)).toEqual([]);
    }
  });
});

describe('commandFiles: interpreters and what they load', () => {
  it.each([
    ['python3 -u -B .hookstream/x.sh', [X]],
    ['python3 -X dev -W ignore .hookstream/x.sh', [X]],
    ['python -m tool', ['module tool/__main__.py bytes']],
    ['node --enable-source-maps --no-warnings .hookstream/x.sh', [X]],
    ['node --max-old-space-size=64 -r ./.hookstream/pre.cjs .hookstream/x.sh', ['module .hookstream/pre.cjs bytes', X]],
    ['node --import=./.hookstream/pre.cjs .hookstream/x.sh', ['module .hookstream/pre.cjs bytes', X]],
    ['tsx --tsconfig t.json .hookstream/x.sh', [X]],
    ['deno run -A --config deno.json .hookstream/x.sh', [X]],
    ['bun run .hookstream/x.sh', [X]],
    ['ruby -w .hookstream/x.sh', [X]],
    ['php -f .hookstream/x.sh', [X]],
    ['npx eslint .', ['script node_modules/eslint/bin/eslint.js bytes']],
    ['npm run check', ['script package.json bytes']],
  ])('%s', (command, files) => {
    expect(pinned(command)).toEqual(files);
  });

  it('pins every file argument after an option it does not know', () => {
    const found = find('node --custom-thing value .hookstream/x.sh');
    expect(found.files.map((file) => path.relative(project, file.path))).toContain('.hookstream/x.sh');
    expect(found.notPinned).toContainEqual(
      expect.stringMatching(/node --custom-thing: an option hookstream does not know/),
    );
  });

  it('pins the startup files the environment names: BASH_ENV, NODE_OPTIONS, LD_PRELOAD', () => {
    expect(pinned('true', { env: { BASH_ENV: '.hookstream/rc.sh' } })).toEqual(['startup .hookstream/rc.sh bytes']);
    expect(pinned('node .hookstream/x.sh', { env: { NODE_OPTIONS: '--require ./.hookstream/pre.cjs' } })).toEqual([
      'module .hookstream/pre.cjs bytes',
      X,
    ]);
    expect(pinned('/bin/true', { env: { LD_PRELOAD: './.hookstream/pre.cjs' } })).toEqual([
      'startup .hookstream/pre.cjs bytes',
    ]);
  });

  it('notes what package managers and npx resolve themselves', () => {
    expect(find('npx not-installed-here').notPinned).toContain(
      'cannot pin: npx not-installed-here: a package npx fetches or finds outside the project',
    );
    expect(find('python -m elsewhere').notPinned).toContain('module elsewhere: found by Python on its own path');
    expect(find('node -r some-package x.mjs').notPinned).toContain(
      'cannot pin: module some-package: resolved by node from its own search path',
    );
  });
});

describe('hookScriptOf (validate): the main file, built on commandFiles', () => {
  it('is the program when it is local, else the script', () => {
    const environment = { projectDir: project, home, variables };
    expect(hookScriptOf({ type: 'command', command: '.hookstream/x.sh' }, environment)).toMatchObject({
      word: '.hookstream/x.sh',
      direct: true,
      field: '/command',
    });
    expect(hookScriptOf({ type: 'command', command: 'bash -e .hookstream/x.sh' }, environment)).toMatchObject({
      path: path.join(project, '.hookstream/x.sh'),
      direct: false,
    });
    expect(hookScriptOf({ type: 'command', command: 'echo hi' }, environment)).toBeUndefined();
  });
});
