/**
 * The inspector as an allowlist: each construct is either understood — and the file it reaches pinned — or
 * reported as `cannot pin: <construct>`. Builtins that read or run files, `--`, directory changes, `hash -p`,
 * `trap`, brace and tilde expansion, descriptors, interpreter startup options, and environment variables that
 * load code.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { commandFiles } from '../../lib/trust/commandFiles.js';
import { expandBraces } from '../../lib/inspect/expand.js';

const root = mkdtempSync(path.join(tmpdir(), 'hookstream-cannot-pin-'));
const project = path.join(root, 'project');
const home = path.join(root, 'home');
const put = (file: string, text = '#!/bin/sh\necho x\n'): void => {
  const target = path.join(project, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
  chmodSync(target, 0o755);
};
for (const file of ['.hookstream/x.sh', '.hookstream/a.sh', 'd/x', 'd/sub/y', 'e/x', 'lib/e.so', 'other/x']) put(file);
mkdirSync(home, { recursive: true });
execFileSync('mkfifo', [path.join(project, 'fifo')]);
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const variables = { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: home };
const find = (command: string, env?: Record<string, string>) =>
  commandFiles(env === undefined ? { type: 'command', command } : { type: 'command', command, env }, {
    projectDir: project,
    home,
    variables,
  });
const pinned = (command: string, env?: Record<string, string>): string[] =>
  find(command, env).files.map((file) => `${file.role} ${path.relative(project, file.path)}`);

describe('understood: the file the construct reaches is pinned, nothing is reported', () => {
  it.each([
    ['source -- .hookstream/x.sh', ['script .hookstream/x.sh']],
    ['. -- .hookstream/x.sh', ['script .hookstream/x.sh']],
    ['cd -- d && ./x', ['program d/x']],
    ['cd -P d; cd sub; ./y', ['program d/sub/y']],
    ['cd d; cd -; ./e/x', ['program e/x']],
    ['pushd d; ./x', ['program d/x']],
    ['pushd d; pushd e; popd; ./x', ['program d/x']],
    ['pushd -n d; popd; ./x', ['program d/x']],
    ['command cd d; ./x', ['program d/x']],
    ['hash -p ./d/x tool; tool', ['program d/x']],
    ['hash -p ./d/x tool; hash -r; ./e/x', ['program e/x']],
    ["trap './d/x' EXIT", ['program d/x']],
    ["trap -- './d/x' EXIT INT; cd e", ['program d/x', 'program e/d/x']],
    ['enable -f ./lib/e.so e', ['module lib/e.so']],
    ['eval cd d; ./x', ['program d/x']],
    ['eval -- ./d/x', ['program d/x']],
    ['D=d; $D/x', ['program d/x']],
    ['D=d; D=e; "$D"/x', ['program e/x']],
    ['.hookstream/{a,x}.sh', ['program .hookstream/a.sh']],
    ['bash .hookstream/{a,x}.sh', ['script .hookstream/a.sh']],
    ['bash --rcfile .hookstream/x.sh -i -c true', ['startup .hookstream/x.sh']],
    ['bash --init-file=.hookstream/a.sh -ic true', ['startup .hookstream/a.sh']],
    ['node --env-file .hookstream/a.sh .hookstream/x.sh', ['startup .hookstream/a.sh', 'script .hookstream/x.sh']],
    ["echo '{a,b}' ~", []],
  ])('%s', (command, files) => {
    const found = find(command);
    expect(found.files.map((file) => `${file.role} ${path.relative(project, file.path)}`)).toEqual(files);
    expect(found.cannotPin).toEqual([]);
  });

  it('resolves ~ with HOME as reassigned earlier in the line, not as the approving shell has it', () => {
    expect(pinned('HOME="$HOOKSTREAM_PROJECT_DIR/d"; ~/x')).toEqual(['program d/x']);
    // A prefix assignment does not change its own command's words: `~` is still the old home.
    expect(pinned('HOME="$HOOKSTREAM_PROJECT_DIR/d" ~/x')).toEqual(['program ../home/x']);
    expect(pinned('HOME="$HOOKSTREAM_PROJECT_DIR/d"; cd; ./x')).toEqual(['program d/x']);
    // What runs then reads its configuration from the new home: said, not pinned.
    expect(find('HOME="$HOOKSTREAM_PROJECT_DIR/d"; ~/x').cannotPin).toContainEqual(
      expect.stringMatching(/^cannot pin: env HOME loads code from .*\/d: programs read their configuration/),
    );
    expect(pinned('PATH=~/bin:$PATH; cd e; ./x')).toEqual(['program e/x']);
  });

  it('expands braces as bash does', () => {
    expect(expandBraces('a{b,c{d,e}}f')).toEqual(['abf', 'acdf', 'acef']);
    expect(expandBraces('{{a,b},c}')).toEqual(['a', 'b', 'c']);
    expect(expandBraces('x{1..3}')).toEqual(['x1', 'x2', 'x3']);
    expect(expandBraces('{08..10}')).toEqual(['08', '09', '10']);
    expect(expandBraces('{a..e..2}')).toEqual(['a', 'c', 'e']);
    expect(expandBraces('${x}{a}')).toEqual(['${x}{a}']);
    expect(expandBraces('{1..1000}')).toBeUndefined();
  });
});

describe('not understood: reported as "cannot pin"', () => {
  it.each([
    ['bash /dev/fd/3 3< .hookstream/x.sh', /^cannot pin: \/dev\/fd\/3/],
    ['bash /dev/stdin < .hookstream/x.sh', /^cannot pin: \/dev\/stdin/],
    ['source /proc/self/fd/0', /^cannot pin: \/proc\/self\/fd\/0/],
    ['bash fifo', /^cannot pin: fifo.*pipe/],
    ['bash < .hookstream/x.sh', /^cannot pin: bash reads its program from stdin/],
    ['bash <(cat .hookstream/x.sh)', /shell syntax hookstream does not follow/],
    ['enable -f e.so e', /^cannot pin: enable -f e\.so/],
    ['enable -n echo; echo', /^cannot pin: enable -n/],
    ['trap "$CMD" EXIT', /^cannot pin: trap body only known at run time/],
    ['pushd +1; ./x', /^cannot pin: \.\/x: relative to a directory only known at run time/],
    ['if true; then pushd d; fi; ./x', /relative to a directory only known at run time/],
    ['read D; cd "$D"; ./x', /relative to a directory only known at run time/],
    ['read X; $X', /^cannot pin: a program only known at run time/],
    ['export P=$(pwd); cd "$P"', /^cannot pin: a variable set to a value only known at run time/],
    ['echo "$(./d/x)"; true', /^cannot pin: what "\$\(\.\/d\/x\)" runs \(a command substitution, not followed\)/],
    ['~root/x', /^cannot pin: a program only known at run time/],
    ['source .hookstream/x.sh; ./d/x', /^cannot pin: what follows source \.hookstream\/x\.sh/],
    ['shopt -s expand_aliases', /^cannot pin: shopt -s expand_aliases/],
    ['set -k; ./d/x', /^cannot pin: set -k/],
    ['compgen -C ./d/x x', /^cannot pin: compgen/],
    ['perl -Mevil x.pl', /^cannot pin: module evil: resolved by perl/],
    ['node -r some-package x.mjs', /^cannot pin: module some-package/],
    ['python3 -X presite=evil x.py', /^cannot pin: python3 -X presite=evil/],
    ['python3 -W error::evil.Warning x.py', /^cannot pin: python3 -W error::evil\.Warning/],
    ['php -d auto_prepend_file=x.php x.php', /^cannot pin: php -d/],
    ['node --openssl-config=o.cnf x.mjs', /^cannot pin: node --openssl-config/],
  ])('%s', (command, line) => {
    expect(find(command).cannotPin).toContainEqual(expect.stringMatching(line));
  });
});

describe('environment variables that load code', () => {
  it.each([
    [{ 'BASH_FUNC_tool%%': '() { ./d/x; }' }, 'tool', /^cannot pin: env BASH_FUNC_tool%% loads code/],
    [{ PYTHONPATH: 'lib' }, 'python3 x.py', /^cannot pin: env PYTHONPATH loads code from lib/],
    [{ PYTHONHOME: 'lib' }, 'python3 x.py', /^cannot pin: env PYTHONHOME/],
    [{ PYTHONUSERBASE: 'lib' }, 'python3 x.py', /^cannot pin: env PYTHONUSERBASE/],
    [{ PERL5OPT: '-Mevil' }, 'perl x.pl', /^cannot pin: env PERL5OPT loads code/],
    [{ PERL5LIB: 'lib' }, 'perl x.pl', /^cannot pin: env PERL5LIB/],
    [{ RUBYOPT: '-revil' }, 'ruby x.rb', /^cannot pin: env RUBYOPT/],
    [{ NODE_OPTIONS: '--require evil' }, 'node x.mjs', /^cannot pin: module evil/],
    [{ NODE_PATH: 'lib' }, 'node x.mjs', /^cannot pin: env NODE_PATH/],
    [{ LD_LIBRARY_PATH: 'lib' }, '/bin/true', /^cannot pin: env LD_LIBRARY_PATH/],
    [{ LD_PRELOAD: 'libevil.so' }, '/bin/true', /^cannot pin: env LD_PRELOAD libevil\.so/],
    [{ BASH_ENV: '$(./d/x)' }, 'true', /^cannot pin: env BASH_ENV is expanded by the shell/],
    [{ SHELLOPTS: 'xtrace' }, 'bash -c true', /^cannot pin: env SHELLOPTS/],
    [{ PROMPT_COMMAND: './d/x' }, 'bash -i', /^cannot pin: env PROMPT_COMMAND/],
    [{ GIT_SSH_COMMAND: './d/x' }, 'git fetch', /^cannot pin: env GIT_SSH_COMMAND/],
    [{ GIT_EXEC_PATH: 'lib' }, 'git status', /^cannot pin: env GIT_EXEC_PATH/],
    [{ npm_config_script_shell: './d/x' }, 'npm test', /^cannot pin: env npm_config_script_shell/],
  ])('%j with %s', (env, command, line) => {
    expect(find(command, env).cannotPin).toContainEqual(expect.stringMatching(line));
  });

  it('follows assignments in the command and `env NAME=value` as well as the hook env', () => {
    expect(find('PERL5OPT=-Mevil perl x.pl').cannotPin).toContainEqual(expect.stringMatching(/env PERL5OPT/));
    expect(find('export PYTHONPATH=lib; python3 x.py').cannotPin).toContainEqual(
      expect.stringMatching(/env PYTHONPATH/),
    );
    expect(find('env "BASH_FUNC_f%%=() { ./d/x; }" bash -c f').cannotPin).toContainEqual(
      expect.stringMatching(/env BASH_FUNC_f%%/),
    );
  });

  it('pins a single named file: LD_AUDIT, LD_PRELOAD, BASH_ENV, GIT_CONFIG_GLOBAL', () => {
    expect(pinned('/bin/true', { LD_AUDIT: './lib/e.so' })).toEqual(['startup lib/e.so']);
    expect(pinned('/bin/true', { LD_PRELOAD: './lib/e.so ./d/x' })).toEqual(['startup lib/e.so', 'startup d/x']);
    expect(pinned('true', { BASH_ENV: '.hookstream/x.sh' })).toEqual(['startup .hookstream/x.sh']);
    expect(pinned('/bin/true', { GIT_CONFIG_GLOBAL: 'd/x' })).toEqual(['startup d/x']);
  });

  it("leaves the host's own settings and system directories alone", () => {
    const found = commandFiles(
      { type: 'command', command: 'python3 x.py', env: { LD_LIBRARY_PATH: '/usr/lib/x86_64-linux-gnu' } },
      { projectDir: project, home, variables: Object.assign({ PYTHONPATH: '/somewhere/of/mine' }, variables) },
    );
    expect(found.cannotPin).toEqual([]);
  });
});

describe('programs whose own configuration runs commands: listed under "not pinned"', () => {
  it.each([
    ['git status', 'git: reads .git/config, which can run commands (core.fsmonitor'],
    ['make lint', 'make: runs the recipes of the Makefile'],
    ['npm test', 'npm: runs package.json scripts'],
    ['direnv exec . true', 'direnv: runs .envrc'],
  ])('%s', (command, line) => {
    const found = find(command);
    expect(found.notPinned).toContainEqual(expect.stringContaining(line));
    expect(found.cannotPin.some((cannot) => cannot.includes(line))).toBe(false);
  });
});
