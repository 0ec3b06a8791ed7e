/**
 * The options every command shares — `--settings FILE…`, `--project-dir DIR`, `--json` — and what
 * they resolve to: the project directory and the settings files to read.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { DIALECT_IDS, isDialectId } from '../dialects/registry.js';
import type { DialectId } from '../dialects/types.js';
import { didYouMean } from '../diagnostics/suggest.js';
import { formatProblem, standardSettingsFiles } from '../config/index.js';
import type { ConfigProblem, SettingsFile } from '../config/index.js';
import { CliError, printNote, type CliContext } from './context.js';
import { visible } from './visible.js';

/** The shared options as commander parses them. */
export interface SharedOptions {
  settings?: string[];
  projectDir?: string;
  json?: boolean;
  /** Set by commands that add {@link withDialectOption}. */
  dialect?: string;
}

export interface ResolvedSettings {
  /** Absolute project directory. */
  projectDir: string;
  files: SettingsFile[];
  /** Absolute paths of the files named with `--settings` (empty when the standard files are used). */
  named: ReadonlySet<string>;
}

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

/** Adds `--settings`, `--project-dir` and `--json` to `command`. */
export const withSharedOptions = (command: Command): Command =>
  command
    .option(
      '--settings <file>',
      'a settings file at user scope, in the format its path or content shows (else name it with --dialect); repeat for several, earlier first (default: the standard files)',
      collect,
    )
    .option('--project-dir <dir>', 'the project directory (default: the current directory)')
    .option('--json', 'print machine-readable JSON on stdout');

/**
 * Adds `--dialect <agent>` to a command that reads settings: only that agent's files, and a `--settings` file
 * read in its format (without it, the format is told from the file's path or content, or the run fails naming
 * the option).
 */
export const withDialectOption = (command: Command): Command =>
  command.option('--dialect <agent>', `only this agent's files: ${DIALECT_IDS.join(', ')}`);

/**
 * Resolves the project directory (it must exist) and the settings files: each `--settings` file at
 * user scope and required, else every dialect's standard files (`standardSettingsFiles`) — among them a
 * plugin registry or extension manifest that cannot be used, carrying its problems, which loading reports.
 */
export const resolveSettings = (context: CliContext, options: SharedOptions): ResolvedSettings => {
  const projectDir = resolve(context.cwd, options.projectDir ?? '.');
  let isDirectory = false;
  try {
    isDirectory = statSync(projectDir).isDirectory();
  } catch {
    // Reported below with the path the user gave.
  }
  if (!isDirectory) throw new CliError(`project directory not found: ${projectDir}`);
  const named = options.settings ?? [];
  if (named.length === 0) return { projectDir, files: standardSettingsFiles(projectDir), named: new Set() };
  const files = named.map((path): SettingsFile => ({
    scope: 'user',
    path: resolve(context.cwd, path),
    required: true,
  }));
  return { projectDir, files, named: new Set(files.map((file) => file.path)) };
};

/** {@link resolveSettings}, narrowed to the agent `--dialect` names (a usage error for an unknown one). */
export const resolveDialectSettings = (context: CliContext, options: SharedOptions): ResolvedSettings =>
  narrowSettings(
    resolveSettings(context, options),
    options.dialect === undefined ? undefined : dialectNamed(options.dialect),
  );

/** `error: file:line:column pointer: message (expected X, received Y)` */
// Messages quote names, commands and paths from the files: control and bidi characters are shown escaped.
export const problemLine = (problem: ConfigProblem): string =>
  `${problem.severity}: ${visible(formatProblem(problem))}`;

/**
 * How many of the problems are errors: what `validate` counts, and what makes every command that reads settings
 * (`validate`, `doctor`, `list`, `fire`) exit non-zero — a file that cannot be read or parsed is one.
 */
export const errorCount = (problems: readonly ConfigProblem[]): number =>
  problems.filter((problem) => problem.severity === 'error').length;

/**
 * Prints settings problems on stderr and tells whether they are fatal: an error in a file the user
 * named is (they asked for that file); faults in the standard files only drop the hooks they touch
 * (and {@link reportSettingsState} makes them an exit status).
 */
export const reportLoadProblems = (
  context: CliContext,
  problems: readonly ConfigProblem[],
  settings: ResolvedSettings,
): boolean => {
  for (const problem of problems) printNote(context, problemLine(problem));
  return problems.some((problem) => problem.severity === 'error' && settings.named.has(problem.file));
};

/**
 * After the problems: one line per settings file none of whose hooks is active, and — when no hook can run —
 * why, never blaming `tools.enableHooks` for a file that is missing or broken: where hookstream looked when no
 * file exists, the errors when none could be used, else the setting that switched hooks off. Returns whether
 * any problem is an error, so the caller can refuse to exit 0.
 *
 * @param disabledBy Asked only when `enabled` is false and some file was usable.
 */
export const reportSettingsState = (
  context: CliContext,
  problems: readonly ConfigProblem[],
  settings: ResolvedSettings,
  enabled: boolean,
  disabledBy: () => string | undefined,
): boolean => {
  const lost = new Set(problems.filter((problem) => problem.fileInactive === true).map((problem) => problem.file));
  // A registry or manifest holds no hooks itself: what is lost is the plugins or extensions it lists.
  const listsBundles = new Set(settings.files.filter((file) => file.problems !== undefined).map((file) => file.path));
  for (const file of lost) {
    printNote(
      context,
      listsBundles.has(file)
        ? `plugin or extension hooks are not active: ${file} could not be used (see above)`
        : `hooks from ${file} are not active: the file could not be used (see above)`,
    );
  }
  if (!enabled) {
    const paths = settings.files.map((file) => file.path);
    const found = paths.filter((path) => settings.named.has(path) || existsSync(path));
    if (found.length === 0) printNote(context, `no settings file found (looked for ${paths.join(', ')}); no hook ran`);
    else if (found.every((path) => lost.has(path))) printNote(context, 'no settings file could be used; no hook ran');
    else {
      const unread = lost.size === 0 ? '' : ` (${[...lost].join(', ')} could not be used)`;
      printNote(context, `hooks are ${disabledBy() ?? 'switched off by these settings'}${unread}; no hook ran`);
    }
  }
  return errorCount(problems) > 0;
};

/** The dialect `name` names (`--dialect`), or a usage error listing the known ones. */
export const dialectNamed = (dialectName: string): DialectId => {
  if (!isDialectId(dialectName)) {
    throw new CliError(
      `unknown dialect "${dialectName}"${didYouMean(dialectName, DIALECT_IDS)}; known: ${DIALECT_IDS.join(', ')}`,
    );
  }
  return dialectName;
};

/**
 * Only `dialect`'s files. Files named with `--settings` are kept (the user asked for them) and read in that
 * dialect: `--dialect claude --settings my.json` says whose format `my.json` is.
 */
export const narrowSettings = (settings: ResolvedSettings, dialect: DialectId | undefined): ResolvedSettings => {
  if (dialect === undefined) return settings;
  if (settings.named.size > 0) {
    const named = settings.files.map((file): SettingsFile => Object.assign({}, file, { dialect }));
    return { projectDir: settings.projectDir, files: named, named: settings.named };
  }
  const files = settings.files.filter((file) => (file.dialect ?? 'hookstream') === dialect);
  return { projectDir: settings.projectDir, files, named: settings.named };
};
