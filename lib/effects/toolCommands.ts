/**
 * Effects of version control, package managers, build tools and shell builtins: `git push` is vcs(push) and
 * egress, `npm install` installs(npm) and egress, `make` or `npm test` run project code (unknown), `export`
 * changes the environment. A subcommand the table does not know is unknown, never "no effect".
 */
import type { Handler } from './context.js';
import { readOptions } from './options.js';
import { hostOf, type Arg } from './sink.js';

const GIT_READS = new Set([
  ...['status', 'log', 'diff', 'show', 'blame', 'rev-parse', 'ls-files', 'grep', 'describe', 'shortlog', 'reflog'],
  ...['ls-tree', 'cat-file', 'rev-list', 'whatchanged', 'name-rev', 'show-ref', 'for-each-ref', 'help', 'version'],
  ...['check-ignore', 'merge-base', 'count-objects', 'var', 'cherry', 'range-diff', 'annotate', 'verify-commit'],
]);
/** Subcommands that change the work tree or the repository. */
const GIT_WRITES = new Set([
  ...['commit', 'add', 'checkout', 'switch', 'restore', 'reset', 'stash', 'merge', 'rebase', 'cherry-pick', 'revert'],
  ...['tag', 'branch', 'init', 'am', 'apply', 'mv', 'notes', 'worktree', 'submodule', 'config', 'gc', 'prune'],
  ...['update-index', 'update-ref', 'commit-tree', 'read-tree', 'bisect', 'sparse-checkout', 'filter-branch', 'lfs'],
]);
/** Subcommands that talk to a remote. */
const GIT_REMOTE = new Set(['push', 'pull', 'fetch', 'clone', 'ls-remote', 'remote', 'send-email', 'archive']);

const git: Handler = (args, { sink }) => {
  let at = 0;
  const given: { name: string; value?: Arg }[] = [];
  // git's own options come before the subcommand; the options after it are the subcommand's.
  while (at < args.length && (args[at] as Arg).text.startsWith('-')) {
    const name = (args[at] as Arg).text;
    const valued = ['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path'].includes(name);
    given.push(valued ? { name, value: args[at + 1] ?? { text: '?', known: false } } : { name });
    at += valued ? 2 : 1;
  }
  const [sub, ...rest] = args.slice(at);
  if (
    given.some(
      (option) =>
        option.name === '-c' && /alias|sshCommand|pager|editor|hooksPath|fsmonitor/i.test(option.value?.text ?? ''),
    )
  ) {
    sink.unknown('git -c sets a program git runs');
  }
  if (sub === undefined || !sub.known) {
    sink.unknown('git subcommand only known at run time');
    return;
  }
  const name = sub.text;
  if (GIT_READS.has(name) || (name === 'branch' && rest.length === 0) || (name === 'tag' && rest.length === 0)) {
    sink.path('reads', { text: '.git', known: true });
    return;
  }
  if (name === 'clean') {
    sink.add('vcs', 'clean');
    const dryRun = rest.some((arg) => /^-[a-zA-Z]*n/.test(arg.text) || arg.text === '--dry-run');
    if (!dryRun) sink.add('deletes', undefined, 'git clean');
    return;
  }
  if (name === 'rm') {
    sink.add('vcs', 'rm');
    const cached = rest.some((arg) => arg.text === '--cached');
    if (!cached) for (const file of readOptions(rest).operands) sink.path('deletes', file);
    return;
  }
  if (GIT_REMOTE.has(name)) {
    sink.add('vcs', name);
    const url = readOptions(rest, [
      '-o',
      '--push-option',
      '--depth',
      '-b',
      '--branch',
      '--upload-pack',
      '--receive-pack',
      '--repo',
    ]).operands.find((arg) => hostOf(arg) !== undefined);
    const host = url === undefined ? undefined : hostOf(url);
    if (name !== 'remote' || rest.some((arg) => ['update', 'prune', 'show'].includes(arg.text)))
      sink.egress(host, `git ${name}`);
    if (name === 'pull' || name === 'clone') sink.add('writes', undefined, `git ${name}`);
    return;
  }
  if (GIT_WRITES.has(name)) {
    sink.add('vcs', name);
    if (name === 'config' || name === 'submodule' || name === 'lfs' || name === 'bisect' || name === 'filter-branch')
      sink.unknown(`git ${name} may run programs or reach a remote`);
    // Commands that rewrite files of the work tree.
    if (
      [
        'checkout',
        'switch',
        'restore',
        'reset',
        'stash',
        'merge',
        'rebase',
        'cherry-pick',
        'revert',
        'am',
        'apply',
        'mv',
        'worktree',
      ].includes(name)
    ) {
      sink.add('writes', undefined, `git ${name}`);
    }
    return;
  }
  sink.unknown(`git ${name}: a subcommand whose effects are not known`);
};

const INSTALL = new Set([
  'install',
  'i',
  'add',
  'ci',
  'update',
  'up',
  'upgrade',
  'remove',
  'rm',
  'uninstall',
  'un',
  'sync',
  'link',
  'dedupe',
  'prune',
]);
const PUBLISH = new Set(['publish', 'unpublish', 'deprecate', 'login', 'adduser', 'dist-tag', 'owner', 'token']);
const QUERY = new Set(['view', 'info', 'show', 'search', 'outdated', 'audit', 'ping', 'whoami']);
const LOCAL = new Set([
  'ls',
  'list',
  'll',
  'la',
  'why',
  'explain',
  'config',
  'get',
  'root',
  'bin',
  'prefix',
  'help',
  'version',
  '--version',
  '-v',
  'pack',
  'freeze',
  'check',
]);

/** `npm`, `pnpm`, `yarn`, `bun`, `pip`, `cargo` …: installs and publishes reach the registry; scripts are project code. */
const packageManager =
  (manager: string, bareInstalls = false): Handler =>
  (args, { sink }) => {
    const [sub] = readOptions(args, [
      '--prefix',
      '-C',
      '--cwd',
      '-w',
      '--workspace',
      '--filter',
      '--dir',
      '--registry',
    ]).operands;
    const name = sub?.text;
    if (name === undefined ? bareInstalls : INSTALL.has(name)) {
      sink.add('installs', manager);
      sink.egress(undefined, `${manager} ${name ?? 'install'}`);
      return;
    }
    if (name !== undefined && PUBLISH.has(name)) {
      sink.egress(undefined, `${manager} ${name}`);
      sink.path('reads', { text: '.', known: true });
      return;
    }
    if (name !== undefined && QUERY.has(name)) {
      sink.egress(undefined, `${manager} ${name}`);
      return;
    }
    if (name !== undefined && LOCAL.has(name)) return;
    sink.unknown(`${manager} ${name ?? ''}: runs project scripts or code`.replace(' :', ':'));
  };

/** System package managers: installing runs as root and reaches the mirrors. */
const systemPackages =
  (manager: string, ...verbs: string[]): Handler =>
  (args, { sink }) => {
    const [sub] = readOptions(args, ['-o', '-c', '-t', '--target-release']).operands;
    if (sub !== undefined && verbs.includes(sub.text)) {
      sink.add('installs', manager);
      sink.egress(undefined, `${manager} ${sub.text}`);
    } else if (
      sub !== undefined &&
      ['list', 'search', 'show', 'info', 'policy', 'madison', 'depends'].includes(sub.text)
    ) {
      return;
    } else sink.unknown(`${manager} ${sub?.text ?? ''}: effects not known`);
  };

/** A program that runs the project's own code (a build, a test runner): its effects are the code's. */
const projectCode: Handler = (_args, { sink }, name) => {
  sink.unknown(`${name} runs project code`);
};

/** `npx x`, `pnpx`, `bunx`, `uvx`: fetches a package and runs it. */
const fetchAndRun =
  (manager: string): Handler =>
  (args, { sink }) => {
    const [tool] = readOptions(args, ['-p', '--package', '-c', '--call', '--from', '--with']).operands;
    sink.add('installs', manager);
    sink.egress(undefined, `${manager} ${tool?.text ?? ''}`.trim());
    sink.unknown(`${manager} runs ${tool?.text ?? 'a package'}`);
  };

const docker: Handler = (args, { sink }, name) => {
  const [sub] = readOptions(args, ['-H', '--host', '--context', '--config', '-l', '--log-level']).operands;
  const verb = sub?.text ?? '';
  if (['pull', 'push', 'login', 'search'].includes(verb)) sink.egress(undefined, `${name} ${verb}`);
  else if (['ps', 'images', 'version', 'info', 'inspect', 'logs', 'stats', 'top', 'port', 'history'].includes(verb))
    return;
  else sink.unknown(`${name} ${verb}: runs containers or changes images`);
};

/** `export A=1`, `unset A`: the environment of the commands that follow changes. */
const environment: Handler = (args, { sink }) => {
  if (args.some((arg) => !arg.text.startsWith('-') || arg.text === '-n')) sink.add('changes', 'env');
};

/** `. file`, `source file`: the file runs in this shell. */
const source: Handler = (args, { sink }) => {
  const file: Arg | undefined = args[0];
  sink.path('reads', file ?? { text: '?', known: false });
  sink.unknown(`sources ${file?.text ?? 'a file'}`);
};

/** `trap 'code' EXIT`: the code runs later in this shell. */
const trap: Handler = (args, context) => {
  const options = readOptions(args);
  const code = options.operands[0];
  if (code !== undefined && options.operands.length > 1 && code.text !== '-' && code.text !== '') context.line(code);
};

const signals: Handler = (_args, { sink }, name) => {
  sink.unknown(`${name} signals processes`);
};

const uvManager = packageManager('uv');
const goInstall = packageManager('go');

export const TOOL_COMMANDS: Readonly<Record<string, Handler>> = {
  git,
  npm: packageManager('npm'),
  pnpm: packageManager('pnpm'),
  yarn: packageManager('yarn', true),
  bun: packageManager('bun'),
  pip: packageManager('pip'),
  pip3: packageManager('pip'),
  pipx: packageManager('pipx'),
  poetry: packageManager('poetry'),
  uv: (args, context, name) => {
    uvManager(args[0]?.text === 'pip' ? args.slice(1) : args, context, name);
  },
  cargo: packageManager('cargo'),
  gem: packageManager('gem'),
  composer: packageManager('composer'),
  bundle: packageManager('bundler', true),
  conda: packageManager('conda'),
  go: (args, context, name) => {
    const verb = args[0]?.text;
    if (verb === 'get' || verb === 'install' || (verb === 'mod' && args[1]?.text === 'download'))
      goInstall([{ text: 'install', known: true }], context, name);
    else if (verb === 'version' || verb === 'env' || verb === 'fmt' || verb === 'vet' || verb === 'doc') {
      if (verb === 'fmt') context.sink.add('writes', undefined, 'go fmt');
    } else projectCode(args, context, name);
  },
  'apt-get': systemPackages('apt', 'install', 'upgrade', 'dist-upgrade', 'remove', 'purge', 'update', 'autoremove'),
  apt: systemPackages('apt', 'install', 'upgrade', 'full-upgrade', 'remove', 'purge', 'update', 'autoremove'),
  yum: systemPackages('yum', 'install', 'update', 'upgrade', 'remove', 'erase'),
  dnf: systemPackages('dnf', 'install', 'update', 'upgrade', 'remove', 'erase'),
  apk: systemPackages('apk', 'add', 'del', 'update', 'upgrade'),
  brew: systemPackages('brew', 'install', 'upgrade', 'uninstall', 'reinstall', 'update', 'tap'),
  npx: fetchAndRun('npm'),
  pnpx: fetchAndRun('pnpm'),
  bunx: fetchAndRun('bun'),
  uvx: fetchAndRun('uv'),
  docker,
  podman: docker,
  ...Object.fromEntries(
    ['make', 'cmake', 'ninja', 'mvn', 'gradle', 'gradlew', 'ant', 'bazel', 'pytest', 'jest', 'vitest', 'mocha', 'tsc']
      .concat(['eslint', 'prettier', 'ruff', 'black', 'mypy', 'tox', 'nox', 'rake', 'rails', 'django-admin', 'just'])
      .concat(['task', 'turbo', 'nx', 'lerna', 'webpack', 'vite', 'rollup', 'esbuild', 'swc', 'babel', 'jasmine'])
      .concat(['rustc', 'gcc', 'g++', 'cc', 'clang', 'javac', 'java', 'dotnet', 'swift', 'kotlinc', 'mix', 'elixir'])
      .map((name) => [name, projectCode]),
  ),
  export: environment,
  unset: environment,
  setenv: environment,
  source,
  '.': source,
  trap,
  kill: signals,
  pkill: signals,
  killall: signals,
  crontab: (_args, { sink }) => {
    sink.unknown('crontab schedules commands');
  },
  systemctl: (_args, { sink }) => {
    sink.unknown('systemctl controls services');
  },
};
