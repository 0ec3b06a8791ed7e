/**
 * `hookstream validate`: every settings problem the loader finds (file:line:column, JSON pointer,
 * expected vs received), plus static checks of each command hook — shell syntax and the scripts they
 * run, and matchers that match no tool (or other target) the agents know, as `doctor` checks them — and notes
 * on hooks that will not run. Exit status 1 when any problem is an error; with `--strict` every warning is one
 * (an unknown event, an invalid matcher or a misspelt one silently disables a guard).
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import type { Command } from 'commander';
import { loadSettingsSync } from '../config/index.js';
import type { ConfigProblem, LoadedSettings, SettingsFile } from '../config/index.js';
import { dialectById } from '../dialects/registry.js';
import { checkCommandHook, type CheckEnvironment } from './commandChecks.js';
import { matcherFinding } from './doctorChecks.js';
import { printLine, raiseStatus, type CliContext } from './context.js';
import { createLocator, type Locate } from './locate.js';
import {
  errorCount,
  problemLine,
  resolveDialectSettings,
  withDialectOption,
  withSharedOptions,
  type SharedOptions,
} from './settingsOptions.js';
import { createPaint } from './style.js';
import { createFingerprinter, type Fingerprinter } from '../trust/fingerprint.js';
import { visible, visibleJson } from './visible.js';
import { programOf } from '../kinds/table.js';
import { hasEffectMatcher } from '../plan/effectMatcher.js';

/**
 * The loader's problems, then a warning for each finding of the command checks, at the hook's position, and one
 * per group whose matcher matches no plausible target (doctor's check), at the matcher.
 */
export const collectProblems = (loaded: LoadedSettings, environment: CheckEnvironment): ConfigProblem[] => {
  const locate = createLocator();
  const problems = [...loaded.problems];
  const fingerprints = createFingerprinter(environment.projectDir, environment.home);
  const checkedMatchers = new Set<string>();
  for (const entry of loaded.entries) {
    // A hook's pointer is …/<group>/hooks/<n>; its group's matcher is …/<group>/matcher, checked once.
    const file = entry.origin.file ?? '<settings>';
    const pointer = `${entry.origin.pointer?.replace(/\/hooks\/\d+$/, '') ?? ''}/matcher`;
    if (!checkedMatchers.has(`${file}#${pointer}`)) {
      checkedMatchers.add(`${file}#${pointer}`);
      const problem = matcherProblem(entry, loaded.problems, file, pointer, locate);
      if (problem !== undefined) problems.push(problem);
    }
    const program = programOf(entry.definition);
    if (program === undefined) continue;
    for (const finding of checkCommandHook(program, environment)) {
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
    const unpinnable = unpinnableGuard(entry, fingerprints);
    if (unpinnable !== undefined) {
      const pointer = `${entry.origin.pointer ?? ''}/command`;
      problems.push({ severity: 'warning', file, pointer, ...locate(file, pointer), message: unpinnable });
    }
  }
  return problems;
};

/** doctor's matcher check as a warning at the group's matcher; none for a matcher the loader already reported. */
const matcherProblem = (
  entry: LoadedSettings['entries'][number],
  loaderProblems: readonly ConfigProblem[],
  file: string,
  pointer: string,
  locate: Locate,
): ConfigProblem | undefined => {
  const finding = matcherFinding(entry);
  if (finding === undefined) return undefined;
  if (loaderProblems.some((problem) => problem.file === file && problem.pointer === pointer)) return undefined;
  return { severity: 'warning', file, pointer, ...locate(file, pointer), message: finding.message };
};

/**
 * A guard that must run (`required`, `failurePolicy: "block"`) whose command holds constructs the trust inspector
 * cannot pin: what they run may change after approval without anyone being asked again.
 */
const unpinnableGuard = (entry: LoadedSettings['entries'][number], fingerprints: Fingerprinter): string | undefined => {
  const definition = programOf(entry.definition);
  if (definition === undefined || (definition.required !== true && definition.failurePolicy !== 'block')) {
    return undefined;
  }
  const { cannotPin } = fingerprints.subject(entry);
  if (cannotPin.length === 0) return undefined;
  const kind = definition.required === true ? 'required' : 'blocking (failurePolicy "block")';
  return `${kind} hook "${entry.name}" has parts hookstream cannot pin, so an approval does not cover what they run: ${cannotPin.join('; ')}`;
};

/** Stable order: by file as given, then by position (file-level problems first). */
const byPosition =
  (files: readonly string[]) =>
  (a: ConfigProblem, b: ConfigProblem): number =>
    files.indexOf(a.file) - files.indexOf(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

interface ValidateOptions extends SharedOptions {
  strict?: boolean;
}

/** Under `--strict` a warning is an error: the copy says so in its severity, for `--json` readers too. */
const asError = (problem: ConfigProblem): ConfigProblem =>
  problem.severity === 'error' ? problem : Object.assign({}, problem, { severity: 'error' as const });

/** One note per hook that will not run whatever the event (switched off by its own file, or a lockdown). */
const inactiveNotes = (loaded: LoadedSettings): string[] => {
  const locate = createLocator();
  return [...loaded.inactive].map(([entry, reason]) => {
    const { file, pointer } = entry.origin;
    const position = file !== undefined && pointer !== undefined ? locate(file, pointer) : undefined;
    const where = [file, position?.line, position?.column].filter((part) => part !== undefined).join(':');
    return visible(`note: hook "${entry.name}"${where === '' ? '' : ` (${where})`} does not run: ${reason}`);
  });
};

/** What an effect matcher does with a call it cannot read, said once per group that has one. */
export const UNKNOWN_RULE =
  'also run for every call whose effects cannot be fully read — a program hookstream does not know, a project ' +
  'script (make, npm run, ./x.sh), code that is not clearly read-only (python -c …), a path or host only the ' +
  'shell knows ("$X"), an MCP tool with no effect mapping — because an unknown effect may be what the guard is for';

/** One note per hook group with an effect matcher, at its `effects` key: the unknown rule, so no one is surprised. */
const effectNotes = (loaded: LoadedSettings): string[] => {
  const locate = createLocator();
  const seen = new Set<string>();
  const notes: string[] = [];
  for (const entry of loaded.entries) {
    if (!hasEffectMatcher(entry.condition)) continue;
    const { file, pointer } = entry.origin;
    // A hook's pointer is …/<group>/hooks/<n> (a flat hook is its own group): the note goes to the group's effects.
    const at = `${pointer?.replace(/\/hooks\/\d+$/, '') ?? ''}/effects`;
    if (seen.has(`${file ?? ''}#${at}`)) continue;
    seen.add(`${file ?? ''}#${at}`);
    const position = file === undefined ? undefined : locate(file, at);
    const where = [file, position?.line, position?.column].filter((part) => part !== undefined).join(':');
    notes.push(
      visible(`note: the effect matcher at ${where === '' ? at : `${where} ${at}`}: its hooks ${UNKNOWN_RULE}`),
    );
  }
  return notes;
};

/** `path (Claude Code plugin)`: whose format another agent's file is in; hookstream's own files as they are. */
const withDialect = (path: string, files: readonly SettingsFile[]): string => {
  const file = files.find((candidate) => candidate.path === path);
  if (file?.dialect === undefined || file.dialect === 'hookstream') return path;
  const { label, bundles } = dialectById(file.dialect);
  return `${path} (${label}${file.bundle === undefined ? '' : ` ${bundles[0]?.kind ?? 'bundle'}`})`;
};

const validate = (context: CliContext, options: ValidateOptions): void => {
  const settings = resolveDialectSettings(context, options);
  const loaded = loadSettingsSync(settings.files);
  const paths = settings.files.map((file) => file.path);
  const found = collectProblems(loaded, { projectDir: settings.projectDir, home: homedir() }).sort(byPosition(paths));
  const problems = options.strict === true ? found.map(asError) : found;
  const errors = errorCount(problems);
  raiseStatus(context, errors > 0 ? 1 : 0);
  if (options.json) {
    printLine(context, visibleJson({ problems }));
    return;
  }
  const paint = createPaint(context.color);
  for (const problem of problems) {
    const line = problemLine(problem);
    printLine(context, problem.severity === 'error' ? paint.red(line) : paint.yellow(line));
  }
  const existing = settings.named.size > 0 ? paths : paths.filter((path) => existsSync(path));
  if (existing.length === 0) {
    printLine(context, `no settings files found (looked for ${visible(paths.join(', '))})`);
    return;
  }
  const hooks = plural(loaded.entries.length, 'hook');
  const counts = `${plural(errors, 'error')}, ${plural(problems.length - errors, 'warning')}`;
  const checked = existing.map((path) => visible(withDialect(path, settings.files)));
  printLine(
    context,
    `checked ${checked.join(', ')}: ${hooks}, ${problems.length === 0 ? paint.green('no problems') : counts}`,
  );
  // Only files that could be read say anything about enablement: a broken file is reported above, not blamed here.
  const usable = existing.some((path) => !problems.some((problem) => problem.file === path && problem.fileInactive));
  if (!loaded.enabled && loaded.entries.length > 0 && usable && loaded.disabledBy !== undefined) {
    printLine(context, paint.dim(visible(`note: hooks are ${loaded.disabledBy}`)));
  } else {
    for (const note of inactiveNotes(loaded)) printLine(context, paint.dim(note));
  }
  for (const note of effectNotes(loaded)) printLine(context, paint.dim(note));
};

/** Adds the `validate` command to `program`. */
export const defineValidate = (program: Command, context: CliContext): void => {
  withSharedOptions(
    withDialectOption(program.command('validate'))
      .description('check settings files: schema, matchers, shell syntax of commands, the scripts they run')
      .option(
        '--strict',
        'count every warning as an error (unknown events, invalid or misspelt matchers, missing scripts, …)',
      ),
  )
    .addHelpText(
      'after',
      '\nExit status: 0 when there is no error (warnings allowed; none with --strict), 1 otherwise.',
    )
    .action((options: ValidateOptions) => {
      validate(context, options);
    });
};
