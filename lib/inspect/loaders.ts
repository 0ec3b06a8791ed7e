/**
 * Environment variables that make programs load or run code (`BASH_ENV`, `PYTHONPATH`, `PERL5OPT`,
 * `LD_AUDIT`, an exported bash function `BASH_FUNC_name%%` …), as data. A hook that sets one — in its
 * `env`, a `NAME=value` prefix, `export` or `env NAME=value` — reaches code its approval must cover: a single
 * named file is pinned, anything else (a directory, options, command text) is reported as "cannot pin".
 */

/**
 * How a variable's value loads code: `file` names one file, `files` a list of files (`LD_PRELOAD`), `dirs`
 * directories searched for code, `code` options or command text that name code elsewhere.
 */
export type LoadKind = 'file' | 'files' | 'dirs' | 'code';

export interface Loader {
  readonly kind: LoadKind;
  /** What the program does with it, for the "cannot pin" line. */
  readonly what: string;
}

const table = (kind: LoadKind, what: string, names: string): [string, Loader][] =>
  names.split(' ').map((name) => [name, { kind, what }]);

const LOADERS: ReadonlyMap<string, Loader> = new Map([
  ...table('file', 'a shell reads this file first', 'BASH_ENV ENV'),
  ...table('file', 'interactive Python runs this file', 'PYTHONSTARTUP'),
  ...table(
    'file',
    'git reads this configuration file, which can run commands',
    'GIT_CONFIG GIT_CONFIG_GLOBAL GIT_CONFIG_SYSTEM',
  ),
  ...table(
    'files',
    'the dynamic loader loads these libraries into every program',
    'LD_PRELOAD LD_AUDIT DYLD_INSERT_LIBRARIES',
  ),
  ...table(
    'dirs',
    'Python imports modules (and sitecustomize) from here',
    'PYTHONPATH PYTHONHOME PYTHONUSERBASE PYTHONPLATLIBDIR',
  ),
  ...table('dirs', 'Perl loads modules from here', 'PERL5LIB PERLLIB'),
  ...table('dirs', 'Ruby loads libraries and gems from here', 'RUBYLIB GEM_PATH GEM_HOME'),
  ...table('dirs', 'Node resolves modules from here', 'NODE_PATH'),
  ...table('dirs', 'the dynamic loader finds libraries here', 'LD_LIBRARY_PATH DYLD_LIBRARY_PATH'),
  ...table('dirs', 'git runs its commands and hooks from here', 'GIT_EXEC_PATH GIT_TEMPLATE_DIR GIT_DIR'),
  ...table('dirs', 'programs read their configuration and startup files from here', 'HOME XDG_CONFIG_HOME ZDOTDIR'),
  ...table('dirs', 'bash loads builtins from here', 'BASH_LOADABLES_PATH'),
  ...table('code', 'Perl takes these as options (-M loads a module)', 'PERL5OPT PERL5DB'),
  ...table('code', 'Ruby takes these as options (-r loads a library)', 'RUBYOPT'),
  ...table('code', 'Python imports what these name', 'PYTHONWARNINGS PYTHONBREAKPOINT'),
  ...table('code', 'Java loads the agents these options name', 'JAVA_TOOL_OPTIONS _JAVA_OPTIONS JDK_JAVA_OPTIONS'),
  ...table('code', '.NET loads these startup hooks', 'DOTNET_STARTUP_HOOKS'),
  ...table(
    'code',
    'bash runs this command text or takes these options',
    'PROMPT_COMMAND SHELLOPTS BASHOPTS PS0 PS4 IFS',
  ),
  ...table(
    'code',
    'git runs this command or reads these settings',
    'GIT_CONFIG_PARAMETERS GIT_CONFIG_COUNT GIT_SSH GIT_SSH_COMMAND GIT_EDITOR GIT_PAGER GIT_ASKPASS GIT_EXTERNAL_DIFF GIT_PROXY_COMMAND',
  ),
  ...table(
    'code',
    'programs run the command this names',
    'EDITOR VISUAL PAGER MANPAGER SSH_ASKPASS SUDO_ASKPASS BROWSER',
  ),
]);

/** Families of names: `BASH_FUNC_name%%` defines a shell function; `npm_config_*` and `GIT_CONFIG_KEY_n` configure. */
const PREFIXES: readonly [RegExp, Loader][] = [
  [/^BASH_FUNC_/, { kind: 'code', what: 'bash defines a function from it, which replaces a command of that name' }],
  [/^npm_config_/i, { kind: 'code', what: 'npm reads it as configuration (script-shell, node-options …)' }],
  [/^GIT_CONFIG_(?:KEY|VALUE)_\d+$/, { kind: 'code', what: 'git reads it as configuration, which can run commands' }],
];

/** How `name` loads code, or undefined when it does not (as far as hookstream knows). `NODE_OPTIONS` is parsed apart. */
export const loaderOf = (name: string): Loader | undefined =>
  LOADERS.get(name) ?? PREFIXES.find(([pattern]) => pattern.test(name))?.[1];

/** Every name in the table, checked whether or not the hook set them (file-valued ones are pinned from the host too). */
export const LOADER_NAMES: readonly string[] = [...LOADERS.keys()];
