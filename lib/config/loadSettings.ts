/**
 * Loads hook settings from a parsed object or from settings files at several scopes, validates
 * them and merges the scopes. Never throws for bad settings: every fault comes back as a
 * {@link ConfigProblem}; callers that want to refuse errors use `assertNoSettingsErrors`.
 */
import type { HookSource } from '../model/types.js';
import type { FileScope, SettingsFile } from './discoverFiles.js';
import { JsonSyntaxError, parseJsonDocument, type JsonDocument } from '../diagnostics/jsonLocate.js';
import { mergeScopes } from './mergeScopes.js';
import type { LoadedSettings, ScopeContribution } from './mergeScopes.js';
import { createProblemSink } from '../diagnostics/problemSink.js';
import { describeReceived } from '../diagnostics/problems.js';
import type { ConfigProblem } from '../diagnostics/problems.js';
import { readSettings } from './readSettings.js';
import { errorText, isRecord } from '../core/guards.js';
import { MAX_SETTINGS_FILE_BYTES } from '../core/limits.js';
import { readRegularFile, readRegularFileSync } from '../core/readRegularFile.js';
import type { Mutable } from '../model/types.js';
import { DIALECT_OPTION_HINT, detectDialect } from './detectDialect.js';
import { dialectById, isDialectId } from '../dialects/registry.js';
import type { DialectId } from '../dialects/types.js';
import { readDialectSettings, type DialectFileContext } from './readDialectSettings.js';
import { whitelistInForce } from './commandWhitelist.js';

export type { LoadedSettings } from './mergeScopes.js';

export type { FileScope, SettingsFile } from './discoverFiles.js';

/** A parsed settings object, or a list of settings files. */
// eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- names the two accepted shapes
export type SettingsInput = unknown | readonly SettingsFile[];

export interface LoadSettingsOptions {
  /** Scope of an in-memory settings object; default `project`. Ignored for files. */
  scope?: HookSource;
  /** Names an in-memory settings object in problems; default `<object>`. */
  label?: string;
}

const FILE_SCOPES: readonly string[] = ['project', 'user', 'system', 'extension'] satisfies FileScope[];
const FILE_LIST_LABEL = '<settings files>';
/** Only this file is lost (the other scopes still load), and every such error says so. */
const LOST = 'no hook from this file is active';

export { standardSettingsFiles } from './discoverFiles.js';
export type { DiscoveryOptions } from './discoverFiles.js';

type ReadOutcome = { text: string } | { missing: true } | { failure: string };

const classifyReadError = (error: unknown): ReadOutcome => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return { missing: true };
  return { failure: errorText(error) };
};

// Only a regular file under the bound: a FIFO would hang the host and `/dev/zero` exhaust its memory.
const READ_OPTIONS = { maxBytes: MAX_SETTINGS_FILE_BYTES };

async function readAsync(path: string): Promise<ReadOutcome> {
  try {
    return { text: await readRegularFile(path, READ_OPTIONS) };
  } catch (error) {
    return classifyReadError(error);
  }
}

function readSync(path: string): ReadOutcome {
  try {
    return { text: readRegularFileSync(path, READ_OPTIONS) };
  } catch (error) {
    return classifyReadError(error);
  }
}

const isSettingsFile = (value: unknown): value is SettingsFile => {
  const file = value as Partial<SettingsFile> | null;
  return (
    typeof file === 'object' &&
    file !== null &&
    typeof file.path === 'string' &&
    file.path !== '' &&
    FILE_SCOPES.includes(String(file.scope)) &&
    (file.required === undefined || typeof file.required === 'boolean') &&
    (file.dialect === undefined || (typeof file.dialect === 'string' && isDialectId(file.dialect)))
  );
};

/** Valid entries of a file list; a malformed entry is reported and skipped. */
function checkFileList(list: readonly unknown[], problems: ConfigProblem[]): SettingsFile[] {
  const sink = createProblemSink(FILE_LIST_LABEL, problems);
  return list.filter((file, index): file is SettingsFile => {
    if (isSettingsFile(file)) return true;
    sink.error(`/${index}`, 'invalid settings file reference; skipped', {
      expected: `{ scope: ${FILE_SCOPES.map((scope) => `'${scope}'`).join(' | ')}, path: string, required?: boolean }`,
      received: describeReceived(file),
    });
    return false;
  });
}

/** A file read and parsed, or `undefined` when it is absent or unusable (its problems are reported). */
interface ParsedFile {
  readonly file: SettingsFile;
  readonly document: JsonDocument;
}

/** One file parsed, or none when it is absent or unusable. */
function parseFile(file: SettingsFile, outcome: ReadOutcome, problems: ConfigProblem[]): ParsedFile | undefined {
  // A registry or manifest that discovery found at fault (discoverFiles.ts): its problems, and no settings.
  if (file.problems !== undefined) {
    problems.push(...file.problems);
    return undefined;
  }
  const sink = createProblemSink(file.path, problems);
  if ('missing' in outcome) {
    if (file.required) {
      sink.error('', `${file.scope} settings file not found; ${LOST}`, {
        expected: 'an existing file',
        fileInactive: true,
      });
    }
    return undefined;
  }
  if ('failure' in outcome) {
    sink.error('', `cannot read ${file.scope} settings file: ${outcome.failure}; ${LOST}`, { fileInactive: true });
    return undefined;
  }
  try {
    return { file, document: parseJsonDocument(outcome.text) };
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const problem: ConfigProblem = {
      severity: 'error',
      file: file.path,
      pointer: '',
      line: error.position.line,
      column: error.position.column,
      message: `invalid JSON: ${error.reason}; ${LOST}`,
      fileInactive: true,
    };
    problems.push(problem);
    return undefined;
  }
}

/** Whether a file switches hookstream's hooks on: then a list's files in the shared canonical shape are hookstream's. */
const enablesHookstream = (parsed: ParsedFile): boolean => {
  const value = parsed.document.value;
  const dialect = parsed.file.dialect ?? 'hookstream';
  return dialect === 'hookstream' && isRecord(value) && isRecord(value.tools) && value.tools.enableHooks === true;
};

/**
 * The dialect to read a file in: its own `dialect`, else the one its path or content shows (a Claude file
 * passed without one must not be read as hookstream's, where its guards would never run), else — undecidable —
 * `undefined` with an error naming the option that settles it.
 */
function dialectToRead(parsed: ParsedFile, listEnables: boolean, problems: ConfigProblem[]): DialectId | undefined {
  if (parsed.file.dialect !== undefined) return parsed.file.dialect;
  const detected = detectDialect(parsed.file.path, parsed.document.value);
  if ('dialect' in detected) return detected.dialect;
  // Another file of the list switches hookstream's hooks on: this one lists hooks for it (the seeds' layout).
  if (listEnables) return 'hookstream';
  createProblemSink(parsed.file.path, problems).error(
    '',
    `cannot tell whose settings format this file is in: ${detected.ambiguous}; ${DIALECT_OPTION_HINT}; ${LOST}`,
    { fileInactive: true },
  );
  return undefined;
}

/** The command whitelists in force, per dialect that has one (commandWhitelist.ts). */
type Whitelists = ReadonlyMap<DialectId, readonly string[]>;

/** One parsed file's contribution, in the dialect it is written in. */
function fromParsed(parsed: ParsedFile, dialect: DialectId, whitelists: Whitelists, problems: ConfigProblem[]) {
  const { file, document } = parsed;
  const origin = { source: file.scope, file: file.path };
  const located = createProblemSink(file.path, problems, document);
  const settings =
    dialect === 'hookstream'
      ? readSettings(document.value, origin, located)
      : readDialectSettings(document.value, dialectContext(file, dialect, whitelists.get(dialect)), located);
  return [{ source: file.scope, settings, file: file.path }];
}

/**
 * Every file's contribution: parsed first, so that one file's `tools.enableHooks` settles another's dialect and
 * a user file's command whitelist governs the project's hooks.
 */
function fromFiles(
  files: readonly SettingsFile[],
  outcomes: readonly ReadOutcome[],
  problems: ConfigProblem[],
): ScopeContribution[] {
  const parsed = files.flatMap((file, index) => parseFile(file, outcomes[index] ?? { missing: true }, problems) ?? []);
  const listEnables = parsed.some(enablesHookstream);
  const read = parsed.flatMap((one) => {
    const dialect = dialectToRead(one, listEnables, problems);
    return dialect === undefined ? [] : [{ one, dialect }];
  });
  const whitelists = new Map<DialectId, readonly string[]>();
  for (const id of new Set(read.map(({ dialect }) => dialect))) {
    const scoped = read.filter(({ dialect }) => dialect === id);
    const files = scoped.map(({ one }) => ({ source: one.file.scope, value: one.document.value }));
    const list = whitelistInForce(dialectById(id), files);
    if (list !== undefined) whitelists.set(id, list);
  }
  return read.flatMap(({ one, dialect }) => fromParsed(one, dialect, whitelists, problems));
}

/** How a file of another agent is read: its dialect, scope, bundle and project. */
function dialectContext(file: SettingsFile, id: DialectId, whitelist?: readonly string[]): DialectFileContext {
  const dialect = dialectById(id);
  const context: Mutable<DialectFileContext> = {
    dialect,
    scope: file.dialectScope ?? (file.scope === 'extension' ? 'user' : file.scope),
    source: file.scope,
    file: file.path,
  };
  if (file.bundle !== undefined) {
    context.bundle = file.bundle;
    context.bundleKeys = dialect.bundles[0]?.fileKeys ?? [];
  }
  if (file.hooksAtTop === true) context.hooksAtTop = true;
  if (file.projectDir !== undefined) context.projectDir = file.projectDir;
  if (whitelist !== undefined) context.commandWhitelist = whitelist;
  return context;
}

function fromObject(value: unknown, options: LoadSettingsOptions, problems: ConfigProblem[]): ScopeContribution {
  const source = options.scope ?? 'project';
  const label = options.label ?? '<object>';
  return { source, settings: readSettings(value, { source }, createProblemSink(label, problems)), label };
}

/**
 * Loads and merges hook settings.
 *
 * @example
 * const settings = await loadSettings(standardSettingsFiles(process.cwd()));
 * for (const problem of settings.problems) console.error(formatProblem(problem));
 *
 * @param input A parsed settings object (scope from `options.scope`, default `project`), or a list of files.
 * @return Merged switches, every valid hook entry with its origin, and every problem found.
 */
export async function loadSettings(input: SettingsInput, options: LoadSettingsOptions = {}): Promise<LoadedSettings> {
  const problems: ConfigProblem[] = [];
  if (!Array.isArray(input)) return mergeScopes([fromObject(input, options, problems)], problems);
  const files = checkFileList(input, problems);
  const outcomes = await Promise.all(files.map((file) => readAsync(file.path)));
  return mergeScopes(fromFiles(files, outcomes, problems), problems);
}

/** {@link loadSettings} with synchronous file reads, for start-up code and the CLI. */
export function loadSettingsSync(input: SettingsInput, options: LoadSettingsOptions = {}): LoadedSettings {
  const problems: ConfigProblem[] = [];
  if (!Array.isArray(input)) return mergeScopes([fromObject(input, options, problems)], problems);
  const files = checkFileList(input, problems);
  return mergeScopes(
    fromFiles(
      files,
      files.map((file) => readSync(file.path)),
      problems,
    ),
    problems,
  );
}
