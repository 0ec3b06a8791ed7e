/**
 * The settings files hookstream reads by default (issue #12 "Discovery"): every dialect's files at every scope —
 * `.hookstream/`, `.claude/settings{,.local}.json`, `.gemini/settings.json`, their user and system siblings —
 * plus the hooks files of enabled Claude Code plugins and installed Gemini CLI extensions, as Copilot, Continue
 * and VS Code read `.claude/`. A file need not exist; each one says whose format it is in.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import {
  DIALECT_IDS,
  claudePlugins,
  dialectSettingsFiles,
  enabledPluginIds,
  geminiExtensions,
  type Bundle,
  type DialectEnvironment,
  type DialectId,
} from './dialects/index.js';
import { parseJsonDocument } from './jsonLocate.js';
import type { HookSource } from '../core/types.js';
import type { DialectScope } from './dialects/types.js';

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
  bundle?: { readonly root: string; readonly dataDir?: string };
  /** The project the file belongs to: relative `if` path rules resolve against it. */
  projectDir?: string;
}

export interface DiscoveryOptions {
  /** Only these dialects' files (`hookstream fire --dialect claude`); default all. */
  dialects?: readonly DialectId[];
  /** Where `CLAUDE_CONFIG_DIR`, `GEMINI_CLI_HOME` … are read; default `process.env`. */
  variables?: Readonly<Record<string, string | undefined>>;
}

/** A settings object for `enabledPlugins`, or `undefined` for a missing or unreadable file (loading reports it). */
const readQuietly = (path: string): unknown => {
  try {
    return parseJsonDocument(readFileSync(path, 'utf8')).value;
  } catch {
    return undefined;
  }
};

const bundleFile = (bundle: Bundle, projectDir: string): SettingsFile => {
  const file: SettingsFile = {
    scope: 'extension',
    path: bundle.hooksFile,
    dialect: bundle.dialect,
    bundle: bundle.dataDir === undefined ? { root: bundle.root } : { root: bundle.root, dataDir: bundle.dataDir },
    projectDir,
  };
  return file;
};

/**
 * The settings files of every dialect, highest priority first: project files, then user, then system, then
 * plugins and extensions (their hooks rank lowest and are trusted like project hooks).
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
  const files = dialectSettingsFiles(environment, ids).map((found): SettingsFile => {
    const file: SettingsFile = { scope: found.source, path: found.path };
    // hookstream's own files stay exactly as the seeds wrote them: no dialect field.
    if (found.dialect !== 'hookstream') {
      file.dialect = found.dialect;
      file.dialectScope = found.scope;
      file.projectDir = projectDir;
    }
    return file;
  });
  if (ids.includes('claude')) {
    const claudeFiles = files.filter((file) => file.dialect === 'claude').map((file) => readQuietly(file.path));
    for (const bundle of claudePlugins(environment, enabledPluginIds(claudeFiles)).bundles) {
      files.push(bundleFile(bundle, projectDir));
    }
  }
  if (ids.includes('gemini')) {
    for (const bundle of geminiExtensions(environment).bundles) files.push(bundleFile(bundle, projectDir));
  }
  return files;
}
