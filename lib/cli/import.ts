/**
 * `hookstream import --from claude|gemini|cursor|copilot|codex|ollm|xcode`: writes the project's hooks of that agent into
 * `.hookstream/settings.json` in hookstream's own format (lib/config/importDialect.ts), printing the change as a
 * diff first; `--dry-run` prints it and writes nothing. Everything it could not convert is listed, by file and
 * pointer. Hooks in those files already run in place (discovery); importing is for moving to hookstream for good.
 * For x-code, whose hooks come with plugins, the project is a plugin being written: its `plugin.json`.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Command } from 'commander';
import { dialectById, dialectSettingsFiles, isDialectId } from '../dialects/registry.js';
import { directoryFiles } from '../config/dialectDirectories.js';
import { importDialectHooks, mergeImported, type ImportedHooks } from '../config/importDialect.js';
import { xcodePluginHooks } from '../config/xcodePlugins.js';
import type { Dialect, DialectScope } from '../dialects/types.js';
import { formatProblem, type ConfigProblem } from '../diagnostics/problems.js';
import { visible } from './visible.js';
import { parseJsonDocument } from '../diagnostics/jsonLocate.js';
import { errorText, isRecord } from '../core/guards.js';
import { MAX_SETTINGS_FILE_BYTES } from '../core/limits.js';
import { readRegularFileSync } from '../core/readRegularFile.js';
import { checkSafeWrite, replaceFileSafely, UnsafeWriteError } from '../core/safeWrite.js';
import { CliError, printLine, printNote, type CliContext } from './context.js';
import { refuseHomeProject } from './homeProject.js';
import { lineDiff } from './lineDiff.js';
import { resolveSettings, type SharedOptions } from './settingsOptions.js';

interface ImportOptions extends Pick<SharedOptions, 'projectDir' | 'json'> {
  from: string;
  dryRun?: boolean;
  allowHome?: boolean;
}

const AGENTS = ['claude', 'gemini', 'cursor', 'copilot', 'codex', 'ollm', 'xcode'];

interface Source {
  readonly path: string;
  readonly scope: DialectScope;
  /** The file is a plugin's referenced hooks file: the event map itself, with no outer `hooks`. */
  readonly atTop?: boolean;
}

/**
 * x-code has no project settings: its hooks come with plugins. The project is taken as a plugin being written,
 * its `plugin.json` holding the hooks inline or naming the file that does.
 */
const xcodeSources = (projectDir: string): Source[] => {
  const problems: ConfigProblem[] = [];
  const hooks = xcodePluginHooks(projectDir, problems);
  const [problem] = problems;
  if (problem !== undefined) {
    throw new CliError(`${visible(formatProblem(problem))}; nothing imported`);
  }
  return hooks === undefined ? [] : [{ path: hooks.file, scope: 'project', atTop: hooks.atTop }];
};

/** The project's own files of `dialect`: user, managed and plugin hooks belong to the machine, not to this project. */
const projectSources = (projectDir: string, dialect: Dialect): Source[] => {
  if (dialect.id === 'xcode') return xcodeSources(projectDir);
  return (
    dialectSettingsFiles({ projectDir, home: projectDir }, [dialect.id])
      .filter((file) => file.source === 'project')
      // Copilot's `.github/hooks/` is a directory: each of its `*.json` files.
      .flatMap((file) =>
        file.directory === true ? directoryFiles(file.path).paths.map((path) => ({ ...file, path })) : [file],
      )
      .filter((file) => existsSync(file.path))
      .reverse()
  );
};

/** A settings file's text: a regular file under the size bound, else the command's error. */
const readText = (path: string): string => {
  try {
    return readRegularFileSync(path, { maxBytes: MAX_SETTINGS_FILE_BYTES });
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${errorText(error)}; nothing imported`);
  }
};

const parseJson = (text: string, path: string): unknown => {
  try {
    return parseJsonDocument(text).value;
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${errorText(error)}; nothing imported`);
  }
};

/** Runs a safe-write step; a refusal (a link out of the project) or a failed write is the command's error. */
const writeGuard = (write: () => unknown): void => {
  try {
    write();
  } catch (error) {
    if (error instanceof UnsafeWriteError) throw new CliError(`${error.message}; nothing imported`);
    throw new CliError(`cannot write the imported hooks: ${errorText(error)}; nothing imported`);
  }
};

const runImport = (context: CliContext, options: ImportOptions): void => {
  if (!isDialectId(options.from) || !AGENTS.includes(options.from)) {
    throw new CliError(`--from must be one of ${AGENTS.join(', ')}; received "${options.from}"`);
  }
  const dialect = dialectById(options.from);
  const { projectDir } = resolveSettings(context, { projectDir: options.projectDir });
  refuseHomeProject(projectDir, options.allowHome, 'import');
  const sources = projectSources(projectDir, dialect);
  if (sources.length === 0) {
    const what = dialect.id === 'xcode' ? 'plugin.json with hooks' : 'settings';
    throw new CliError(`no ${dialect.label} ${what} in ${projectDir}; nothing imported`);
  }
  const imported: ImportedHooks['hooks'] = {};
  const notes: string[] = [];
  for (const source of sources) {
    const value = parseJson(readText(source.path), source.path);
    const result = importDialectHooks(source.atTop === true ? { hooks: value } : value, dialect, {
      scope: source.scope,
      file: source.path,
      projectDir,
    });
    for (const [event, groups] of Object.entries(result.hooks)) (imported[event] ??= []).push(...groups);
    for (const note of result.notes) notes.push(`${relative(projectDir, source.path)} ${note}`);
  }
  const target = join(projectDir, '.hookstream', 'settings.json');
  // Checked before the target is read: through a planted link, the file shown and merged would be another's.
  writeGuard(() => {
    checkSafeWrite(projectDir, target);
  });
  const before = existsSync(target) ? readText(target) : '';
  const existing = before === '' ? {} : parseJson(before, target);
  if (!isRecord(existing)) throw new CliError(`${target} is not a JSON object; nothing imported`);
  const after = `${JSON.stringify(mergeImported(existing, imported), null, 2)}\n`;
  const diff = lineDiff(before, after, relative(projectDir, target));
  if (options.json) {
    printLine(context, JSON.stringify({ file: target, changed: diff.length > 0, diff, notes }, null, 2));
  } else {
    for (const line of diff) printLine(context, line);
    if (diff.length === 0) printLine(context, `${relative(projectDir, target)} already holds these hooks`);
    for (const note of notes) printNote(context, `not converted: ${note}`);
  }
  if (options.dryRun === true || diff.length === 0) return;
  writeGuard(() => replaceFileSafely(projectDir, target, after, { createDirs: true }));
  if (!options.json) {
    printNote(
      context,
      `wrote ${target}; its hooks now get hookstream's event and field names on stdin, and the ${dialect.label} files still run too until you remove their hooks`,
    );
  }
};

/** Adds the `import` command to `program`. */
export const defineImport = (program: Command, context: CliContext): void => {
  program
    .command('import')
    .description(
      "convert a project's Claude Code, Gemini CLI, Cursor, Copilot, Codex, OLLM or x-code plugin hooks into .hookstream/settings.json",
    )
    .requiredOption('--from <agent>', `the agent whose project settings to read: ${AGENTS.join(', ')}`)
    .option('--dry-run', 'print the change as a diff and write nothing')
    .option('--project-dir <dir>', 'the project directory (default: the current directory)')
    .option('--json', 'print { file, changed, diff, notes } on stdout')
    .option('--allow-home', 'allow the home directory as the project (its settings are your user settings)')
    .action((options: ImportOptions) => {
      runImport(context, options);
    });
};
