/**
 * The settings files hookstream reads by default: every dialect's files at every scope —
 * `.hookstream/`, `.claude/settings{,.local}.json`, `.gemini/settings.json`, `.cursor/hooks.json`,
 * `.github/hooks/*.json`, `.codex/hooks.json`, their user and system siblings —
 * plus the hooks files of enabled Claude Code plugins, installed Gemini CLI extensions and Cursor plugins, as Copilot, Continue
 * and VS Code read `.claude/`. A file need not exist; each one says whose format it is in.
 */
import { homedir } from 'node:os';
import { DIALECT_IDS, dialectSettingsFiles, type DialectEnvironment, type DialectId } from '../dialects/index.js';
import { claudePlugins, enabledPluginIds, geminiExtensions, type Bundle } from './bundles.js';
import { cursorPlugins } from './cursorPlugins.js';
import { xcodePlugins } from './xcodePlugins.js';
import { dialectById, locationOf } from '../dialects/registry.js';
import { directoryFiles } from './dialectDirectories.js';
import { parseJsonDocument } from '../diagnostics/jsonLocate.js';
import { MAX_SETTINGS_FILE_BYTES } from '../core/limits.js';
import { readRegularFileSync } from '../core/readRegularFile.js';
import type { HookSource } from '../model/types.js';
import type { DialectScope } from '../dialects/types.js';
import type { ConfigProblem } from '../diagnostics/problems.js';

export type FileScope = Exclude<HookSource, 'runtime'>;

export interface SettingsFile {
  scope: FileScope;
  path: string;
  /** A missing required file is an error; a missing optional one (the default) is simply absent. */
  required?: boolean;
  /** Whose format the file is in (lib/config/dialects); default `hookstream`. */
  dialect?: DialectId;
  /** Its scope in that agent's hierarchy (Claude's `local`, `managed`); default from `scope`. */
  dialectScope?: DialectScope;
  /** The plugin or extension whose `hooks/hooks.json` this is. */
  bundle?: { readonly root: string; readonly dataDir?: string; readonly id?: string };
  /** The file is a bundle's event map itself, with no outer `hooks` (x-code's `"hooks": "./hooks/hooks.json"`). */
  hooksAtTop?: true;
  /** The project the file belongs to: relative `if` path rules resolve against it. */
  projectDir?: string;
  /**
   * Faults discovery found in this file — a plugin registry or an extension manifest that cannot be read or
   * parsed, with pointer and line — so the bundles it lists are missing. Loading reports them as the file's
   * problems and does not read it as settings (it holds no hooks).
   */
  problems?: readonly ConfigProblem[];
}

export interface DiscoveryOptions {
  /** Only these dialects' files (`hookstream fire --dialect claude`); default all. */
  dialects?: readonly DialectId[];
  /** Where `CLAUDE_CONFIG_DIR`, `GEMINI_CLI_HOME` … are read; default `process.env`. */
  variables?: Readonly<Record<string, string | undefined>>;
}

/**
 * A directory location's files (Copilot's `.github/hooks/*.json`), each a file of the list like `template`; a
 * policy file that fails the ownership rule is in the list with its refusal (`problems`), never read.
 */
const directoryEntries = (template: SettingsFile, id: DialectId): SettingsFile[] => {
  const location = template.dialectScope === undefined ? undefined : locationOf(dialectById(id), template.dialectScope);
  const { paths, refused } = directoryFiles(template.path, location?.ownership);
  const files = paths.map((path): SettingsFile => Object.assign({}, template, { path }));
  for (const problem of refused) files.push(Object.assign({}, template, { path: problem.file, problems: [problem] }));
  return files;
};

/** A settings object for `enabledPlugins`, or `undefined` for a missing or unreadable file (loading reports it). */
const readQuietly = (path: string): unknown => {
  try {
    return parseJsonDocument(readRegularFileSync(path, { maxBytes: MAX_SETTINGS_FILE_BYTES })).value;
  } catch {
    return undefined;
  }
};

const bundleFile = (bundle: Bundle, projectDir: string): SettingsFile => {
  const file: SettingsFile = {
    scope: 'extension',
    path: bundle.hooksFile,
    dialect: bundle.dialect,
    // Its hooks rank with the scope that enabled it: a project's switches cannot reach a plugin the user enabled.
    dialectScope: bundle.scope ?? 'user',
    bundle: bundle.dataDir === undefined ? { root: bundle.root } : { root: bundle.root, dataDir: bundle.dataDir },
    projectDir,
  };
  // Hooks that are told which plugin they belong to (x-code's `plugin.id`) carry its id.
  if (dialectById(bundle.dialect).bundleInputField !== undefined)
    file.bundle = Object.assign({ id: bundle.id }, file.bundle);
  if (bundle.hooksAtTop === true) file.hooksAtTop = true;
  return file;
};

/**
 * Each faulty registry or manifest as a file of the list carrying its problems (see `SettingsFile.problems`):
 * the one list then brings them to every reader — `loadSettings`, `createHookSystem`, `list`, `validate`.
 */
const problemFiles = (problems: readonly ConfigProblem[], dialect: DialectId, projectDir: string): SettingsFile[] => {
  const byFile = new Map<string, ConfigProblem[]>();
  for (const problem of problems) {
    const list = byFile.get(problem.file);
    if (list === undefined) byFile.set(problem.file, [problem]);
    else list.push(problem);
  }
  return [...byFile].map(([path, found]) => ({ scope: 'extension', path, dialect, projectDir, problems: found }));
};

/**
 * The settings files of every dialect, highest priority first: project files, then user, then system, then
 * plugins and extensions (their hooks rank lowest and are trusted like project hooks). A plugin registry or
 * an extension manifest that cannot be used is in the list too, with its problems (`SettingsFile.problems`).
 *
 * @example
 * const settings = loadSettingsSync(standardSettingsFiles(process.cwd()));
 * @param home Default the current user's home directory.
 */
export function standardSettingsFiles(
  projectDir: string,
  home: string = homedir(),
  options: DiscoveryOptions = {},
): SettingsFile[] {
  const ids = options.dialects ?? DIALECT_IDS;
  const environment: DialectEnvironment = { projectDir, home, variables: options.variables ?? process.env };
  const files = dialectSettingsFiles(environment, ids).flatMap((found): SettingsFile[] => {
    const file: SettingsFile = { scope: found.source, path: found.path };
    // hookstream's own files stay exactly as the seeds wrote them: no dialect field.
    if (found.dialect !== 'hookstream') {
      file.dialect = found.dialect;
      file.dialectScope = found.scope;
      file.projectDir = projectDir;
    }
    return found.directory === true ? directoryEntries(file, found.dialect) : [file];
  });
  if (ids.includes('claude')) {
    const claudeFiles = files
      .filter((file) => file.dialect === 'claude')
      .map((file) => ({ scope: file.dialectScope ?? 'project', settings: readQuietly(file.path), file: file.path }));
    const enabled = enabledPluginIds(claudeFiles);
    const plugins = claudePlugins(environment, enabled.enabled);
    for (const bundle of plugins.bundles) files.push(bundleFile(bundle, projectDir));
    files.push(...problemFiles([...enabled.problems, ...plugins.problems], 'claude', projectDir));
  }
  if (ids.includes('gemini')) {
    const extensions = geminiExtensions(environment);
    for (const bundle of extensions.bundles) files.push(bundleFile(bundle, projectDir));
    files.push(...problemFiles(extensions.problems, 'gemini', projectDir));
  }
  if (ids.includes('cursor')) {
    const plugins = cursorPlugins(environment);
    for (const bundle of plugins.bundles) files.push(bundleFile(bundle, projectDir));
    files.push(...problemFiles(plugins.problems, 'cursor', projectDir));
  }
  if (ids.includes('xcode')) {
    const plugins = xcodePlugins(environment);
    for (const bundle of plugins.bundles) files.push(bundleFile(bundle, projectDir));
    files.push(...problemFiles(plugins.problems, 'xcode', projectDir));
  }
  return files;
}
