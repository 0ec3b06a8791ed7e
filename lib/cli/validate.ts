/**
 * `hookstream validate`: every settings problem the loader finds (file:line:column, JSON pointer,
 * expected vs received), plus static checks of each command hook — shell syntax and the scripts they
 * run. Exit status 1 when any problem is an error.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import type { Command } from 'commander';
import { loadSettingsSync } from '../config/index.js';
import type { ConfigProblem, LoadedSettings } from '../config/index.js';
import { checkCommandHook, type CheckEnvironment } from './commandChecks.js';
import { printLine, raiseStatus, type CliContext } from './context.js';
import { createLocator } from './locate.js';
import { problemLine, resolveSettings, withSharedOptions, type SharedOptions } from './settingsOptions.js';
import { createPaint } from './style.js';

/** The loader's problems, then a warning for each finding of the command checks, at the hook's position. */
export const collectProblems = (loaded: LoadedSettings, environment: CheckEnvironment): ConfigProblem[] => {
  const locate = createLocator();
  const problems = [...loaded.problems];
  for (const entry of loaded.entries) {
    if (entry.definition.type !== 'command') continue;
    const file = entry.origin.file ?? '<settings>';
    for (const finding of checkCommandHook(entry.definition, environment)) {
      const pointer = `${entry.origin.pointer ?? ''}${finding.field}`;
      const problem: ConfigProblem = {
        severity: 'warning',
        file,
        pointer,
        ...locate(file, pointer),
        message: finding.message,
      };
      if (finding.expected !== undefined) problem.expected = finding.expected;
      if (finding.received !== undefined) problem.received = finding.received;
      problems.push(problem);
    }
  }
  return problems;
};

/** Stable order: by file as given, then by position (file-level problems first). */
const byPosition =
  (files: readonly string[]) =>
  (a: ConfigProblem, b: ConfigProblem): number =>
    files.indexOf(a.file) - files.indexOf(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

const validate = (context: CliContext, options: SharedOptions): void => {
  const settings = resolveSettings(context, options);
  const loaded = loadSettingsSync(settings.files);
  const paths = settings.files.map((file) => file.path);
  const problems = collectProblems(loaded, { projectDir: settings.projectDir, home: homedir() }).sort(
    byPosition(paths),
  );
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  raiseStatus(context, errors > 0 ? 1 : 0);
  if (options.json) {
    printLine(context, JSON.stringify({ problems }, null, 2));
    return;
  }
  const paint = createPaint(context.color);
  for (const problem of problems) {
    const line = problemLine(problem);
    printLine(context, problem.severity === 'error' ? paint.red(line) : paint.yellow(line));
  }
  const found = settings.named.size > 0 ? paths : paths.filter((path) => existsSync(path));
  if (found.length === 0) {
    printLine(context, `no settings files found (looked for ${paths.join(', ')})`);
    return;
  }
  const hooks = plural(loaded.entries.length, 'hook');
  const counts = `${plural(errors, 'error')}, ${plural(problems.length - errors, 'warning')}`;
  printLine(
    context,
    `checked ${found.join(', ')}: ${hooks}, ${problems.length === 0 ? paint.green('no problems') : counts}`,
  );
  if (!loaded.enabled && loaded.entries.length > 0) {
    printLine(context, paint.dim('note: hooks are disabled by these settings (set "tools": { "enableHooks": true })'));
  }
};

/** Adds the `validate` command to `program`. */
export const defineValidate = (program: Command, context: CliContext): void => {
  withSharedOptions(
    program
      .command('validate')
      .description('check settings files: schema, matchers, shell syntax of commands, the scripts they run'),
  )
    .addHelpText('after', '\nExit status: 0 when there is no error (warnings allowed), 1 otherwise.')
    .action((options: SharedOptions) => {
      validate(context, options);
    });
};
