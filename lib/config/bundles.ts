/**
 * Hook files that come with a bundle: an installed, enabled Claude Code plugin (`<root>/hooks/hooks.json`,
 * its hooks given `CLAUDE_PLUGIN_ROOT` and `CLAUDE_PLUGIN_DATA`) or a Gemini CLI extension
 * (`~/.gemini/extensions/<name>/hooks/hooks.json`, with `${extensionPath}`). Their hooks load with source
 * `extension`: the lowest priority, and untrusted until approved like project hooks.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { errorText, isRecord } from '../core/guards.js';
import type { Mutable } from '../model/types.js';
import { describeReceived, escapePointerToken } from '../core/messages.js';
import type { ConfigProblem } from '../diagnostics/problems.js';
import { readBundleJson } from './bundleJson.js';
import { CLAUDE } from '../dialects/claude.js';
import { GEMINI } from '../dialects/gemini.js';
import { configDirOf, type DialectEnvironment } from '../dialects/registry.js';
import type { Dialect, DialectId, DialectScope } from '../dialects/types.js';
import { SWITCH_REACH, TRUST_RANK } from '../dialects/scopeRule.js';

export interface Bundle {
  readonly dialect: DialectId;
  readonly kind: 'plugin' | 'extension';
  /** `name@marketplace` for a plugin, the directory name for an extension. */
  readonly id: string;
  readonly root: string;
  /** The hooks file; it may not exist (a bundle without hooks). */
  readonly hooksFile: string;
  /** A plugin's persistent data directory (`CLAUDE_PLUGIN_DATA`); it survives plugin updates. */
  readonly dataDir?: string;
  /** The hooks file is the event map itself, with no outer `hooks` (x-code's referenced hooks file). */
  readonly hooksAtTop?: true;
  /** The scope that enabled the plugin: its hooks rank with it (an extension: the user, who installed it). */
  readonly scope?: DialectScope;
}

export interface BundleDiscovery {
  readonly bundles: Bundle[];
  /**
   * Faults of the files that list bundles (a plugin registry or an extension manifest that cannot be read or
   * parsed), by file, pointer and line: the bundles they would list are missing, and the caller reports why.
   */
  readonly problems: ConfigProblem[];
}

const hooksFileOf = (dialect: Dialect, root: string): string =>
  join(root, ...(dialect.bundles[0]?.hooksFile ?? ['hooks', 'hooks.json']));

/** `CLAUDE_PLUGIN_DATA` of a plugin: a directory per plugin id, characters outside a file name replaced. */
export const pluginDataDir = (configDir: string, id: string): string =>
  join(configDir, 'plugins', 'data', id.replace(/[^A-Za-z0-9._-]/g, '-'));

/** One Claude Code settings file as plugin enablement reads it. */
export interface PluginSettings {
  readonly scope: DialectScope;
  readonly settings: unknown;
  readonly file?: string;
}

export interface EnabledPlugins {
  /** Each enabled plugin id and the scope that enabled it: its hooks rank with that scope. */
  readonly enabled: Map<string, DialectScope>;
  /** An `enabledPlugins` false that could not turn off a plugin a higher-trust file enables, per file and pointer. */
  readonly problems: ConfigProblem[];
}

/**
 * The plugin ids Claude Code's settings enable, by the scope rule (scopeRule.ts): for each id the highest-trust
 * file that says `true` or `false` decides (the first given among equals, `local` before `project`). A project
 * never turns off a plugin the user or the administrator enables: that `false` is reported instead.
 */
export const enabledPluginIds = (files: readonly PluginSettings[]): EnabledPlugins => {
  const decided = new Map<string, { on: boolean; scope: DialectScope }>();
  const votes: { id: string; on: boolean; file: PluginSettings }[] = [];
  for (const file of files) {
    const enabled = isRecord(file.settings) ? file.settings.enabledPlugins : undefined;
    if (!isRecord(enabled)) continue;
    for (const [id, on] of Object.entries(enabled)) {
      if (typeof on !== 'boolean') continue;
      votes.push({ id, on, file });
      const before = decided.get(id);
      if (before === undefined || TRUST_RANK[file.scope] > TRUST_RANK[before.scope])
        decided.set(id, { on, scope: file.scope });
    }
  }
  const problems: ConfigProblem[] = [];
  for (const { id, on, file } of votes) {
    const decision = decided.get(id);
    if (on || decision?.on !== true || TRUST_RANK[file.scope] >= TRUST_RANK[decision.scope] || file.file === undefined)
      continue;
    problems.push({
      severity: 'warning',
      file: file.file,
      pointer: `/enabledPlugins/${escapePointerToken(id)}`,
      message:
        `"enabledPlugins": { ${JSON.stringify(id)}: false } cannot turn off a plugin the ${decision.scope} ` +
        `settings enable: its hooks still run; a ${file.scope} file's switches reach ${SWITCH_REACH[file.scope].join(' and ')} hooks only`,
    });
  }
  const enabled = new Map<string, DialectScope>();
  for (const [id, decision] of decided) if (decision.on) enabled.set(id, decision.scope);
  return { enabled, problems };
};

const PLUGINS_LOST = 'the hooks of the plugins Claude Code settings enable are not loaded';

/**
 * The enabled Claude Code plugins, from `<config dir>/plugins/installed_plugins.json`
 * (`{ plugins: { "name@marketplace": [{ installPath, projectPath? }] } }`). A project-scoped install counts
 * only in its own project. The registry is read only when some plugin is enabled (otherwise it decides nothing);
 * a registry that cannot be read or parsed, or whose shape is not that, is a problem.
 */
export const claudePlugins = (
  environment: DialectEnvironment,
  enabled: ReadonlySet<string> | ReadonlyMap<string, DialectScope>,
): BundleDiscovery => {
  const configDir = configDirOf(CLAUDE, environment);
  const registry = join(configDir, 'plugins', 'installed_plugins.json');
  const problems: ConfigProblem[] = [];
  if (enabled.size === 0) return { bundles: [], problems };
  const read = readBundleJson(registry, PLUGINS_LOST, problems);
  if (read === undefined) return { bundles: [], problems };
  const parsed = read.document.value;
  if (!isRecord(parsed) || !isRecord(parsed.plugins)) {
    const where = isRecord(parsed) ? '/plugins' : '';
    read.sink.error(where, `not a plugin registry; ${PLUGINS_LOST}`, {
      expected: where === '' ? '{ plugins: { … } }' : 'an object of plugin ids',
      received: describeReceived(isRecord(parsed) ? parsed.plugins : parsed),
      fileInactive: true,
    });
    return { bundles: [], problems };
  }
  const plugins = parsed.plugins;
  const bundles: Bundle[] = [];
  for (const [id, installs] of Object.entries(plugins)) {
    if (!enabled.has(id)) continue;
    if (!Array.isArray(installs)) {
      read.sink.error(
        `/plugins/${escapePointerToken(id)}`,
        `plugin "${id}" is enabled but its installs cannot be read; its hooks are not loaded`,
        {
          expected: 'an array of installs',
          received: describeReceived(installs),
        },
      );
      continue;
    }
    const install = installs.find(
      (entry): entry is Record<string, unknown> =>
        isRecord(entry) &&
        typeof entry.installPath === 'string' &&
        (typeof entry.projectPath !== 'string' || resolve(entry.projectPath) === resolve(environment.projectDir)),
    );
    if (install === undefined) continue;
    const root = install.installPath as string;
    const bundle: Mutable<Bundle> = {
      dialect: 'claude',
      kind: 'plugin',
      id,
      root,
      hooksFile: hooksFileOf(CLAUDE, root),
      dataDir: pluginDataDir(configDir, id),
    };
    const scope = enabled instanceof Map ? (enabled as ReadonlyMap<string, DialectScope>).get(id) : undefined;
    if (scope !== undefined) bundle.scope = scope;
    bundles.push(bundle);
  }
  return { bundles, problems };
};

/** What a broken manifest costs: Gemini CLI skips an extension whose manifest it cannot parse, and so do we. */
/**
 * The directories (or links to them) in `directory`, by name: none when it does not exist, and a problem that
 * says whose hooks are lost (`lost`) when it cannot be listed. Shared by every bundle scan.
 */
export const bundleDirectories = (
  directory: string,
  what: string,
  lost: string,
  problems: ConfigProblem[],
): string[] => {
  try {
    return readdirSync(directory, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || entry.isSymbolicLink())
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      problems.push({
        severity: 'error',
        file: directory,
        pointer: '',
        message: `cannot list ${what}: ${errorText(error)}; ${lost}`,
        fileInactive: true,
      });
    }
    return [];
  }
};

const EXTENSION_LOST = 'Gemini CLI skips this extension, so its hooks are not loaded';

/**
 * The installed Gemini CLI extensions: directories of `<config dir>/extensions` with a `gemini-extension.json`
 * that holds a JSON object; a manifest that cannot be read or parsed, or an extensions directory that cannot be
 * listed, is a problem.
 */
export const geminiExtensions = (environment: DialectEnvironment): BundleDiscovery => {
  const directory = join(configDirOf(GEMINI, environment), 'extensions');
  const problems: ConfigProblem[] = [];
  const names = bundleDirectories(directory, 'the extensions directory', 'extension hooks are not loaded', problems);
  const usable = (root: string): boolean => {
    const manifest = join(root, 'gemini-extension.json');
    if (!existsSync(manifest)) return false;
    const read = readBundleJson(manifest, EXTENSION_LOST, problems);
    if (read === undefined) return false;
    if (isRecord(read.document.value)) return true;
    read.sink.error('', `not an extension manifest; ${EXTENSION_LOST}`, {
      expected: 'an object',
      received: describeReceived(read.document.value),
      fileInactive: true,
    });
    return false;
  };
  const bundles = names
    .map((name) => join(directory, name))
    .filter(usable)
    .map((root): Bundle => ({
      dialect: 'gemini',
      kind: 'extension',
      id: root.slice(directory.length + 1),
      root,
      hooksFile: hooksFileOf(GEMINI, root),
    }));
  return { bundles, problems };
};
