/**
 * Hook files that come with a bundle: an installed, enabled Claude Code plugin (`<root>/hooks/hooks.json`,
 * its hooks given `CLAUDE_PLUGIN_ROOT` and `CLAUDE_PLUGIN_DATA`) or a Gemini CLI extension
 * (`~/.gemini/extensions/<name>/hooks/hooks.json`, with `${extensionPath}`). Their hooks load with source
 * `extension`: the lowest priority, and untrusted until approved like project hooks.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { errorText, isRecord } from '../../core/guards.js';
import { CLAUDE } from './claude.js';
import { GEMINI } from './gemini.js';
import { configDirOf, type DialectEnvironment } from './registry.js';
import type { Dialect, DialectId } from './types.js';

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
}

export interface BundleDiscovery {
  readonly bundles: Bundle[];
  /** Registry files that could not be read: the bundles they list are missing, and the caller reports why. */
  readonly problems: string[];
}

const hooksFileOf = (dialect: Dialect, root: string): string =>
  join(root, ...(dialect.bundles[0]?.hooksFile ?? ['hooks', 'hooks.json']));

/** `CLAUDE_PLUGIN_DATA` of a plugin: a directory per plugin id, characters outside a file name replaced. */
export const pluginDataDir = (configDir: string, id: string): string =>
  join(configDir, 'plugins', 'data', id.replace(/[^A-Za-z0-9._-]/g, '-'));

/**
 * The plugin ids Claude Code's settings enable, read from its settings objects highest priority first:
 * the first file that says `true` or `false` for an id decides.
 */
export const enabledPluginIds = (settingsObjects: readonly unknown[]): Set<string> => {
  const decided = new Map<string, boolean>();
  for (const settings of settingsObjects) {
    const enabled = isRecord(settings) ? settings.enabledPlugins : undefined;
    if (!isRecord(enabled)) continue;
    for (const [id, value] of Object.entries(enabled)) {
      if (typeof value === 'boolean' && !decided.has(id)) decided.set(id, value);
    }
  }
  return new Set([...decided].filter(([, on]) => on).map(([id]) => id));
};

/**
 * The enabled Claude Code plugins, from `<config dir>/plugins/installed_plugins.json`
 * (`{ plugins: { "name@marketplace": [{ installPath, projectPath? }] } }`). A project-scoped install counts
 * only in its own project.
 */
export const claudePlugins = (environment: DialectEnvironment, enabled: ReadonlySet<string>): BundleDiscovery => {
  const configDir = configDirOf(CLAUDE, environment);
  const registry = join(configDir, 'plugins', 'installed_plugins.json');
  if (!existsSync(registry)) return { bundles: [], problems: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(registry, 'utf8'));
  } catch (error) {
    return { bundles: [], problems: [`cannot read ${registry}: ${errorText(error)}; plugin hooks are not loaded`] };
  }
  const plugins = isRecord(parsed) && isRecord(parsed.plugins) ? parsed.plugins : {};
  const bundles: Bundle[] = [];
  for (const [id, installs] of Object.entries(plugins)) {
    if (!enabled.has(id) || !Array.isArray(installs)) continue;
    const install = installs.find(
      (entry): entry is Record<string, unknown> =>
        isRecord(entry) &&
        typeof entry.installPath === 'string' &&
        (typeof entry.projectPath !== 'string' || resolve(entry.projectPath) === resolve(environment.projectDir)),
    );
    if (install === undefined) continue;
    const root = install.installPath as string;
    bundles.push({
      dialect: 'claude',
      kind: 'plugin',
      id,
      root,
      hooksFile: hooksFileOf(CLAUDE, root),
      dataDir: pluginDataDir(configDir, id),
    });
  }
  return { bundles, problems: [] };
};

/** The installed Gemini CLI extensions: directories of `<config dir>/extensions` with a `gemini-extension.json`. */
export const geminiExtensions = (environment: DialectEnvironment): BundleDiscovery => {
  const directory = join(configDirOf(GEMINI, environment), 'extensions');
  let names: string[];
  try {
    names = readdirSync(directory, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || entry.isSymbolicLink())
      .map((entry) => entry.name)
      .sort();
  } catch {
    return { bundles: [], problems: [] };
  }
  const bundles = names
    .map((name) => join(directory, name))
    .filter((root) => existsSync(join(root, 'gemini-extension.json')))
    .map((root): Bundle => ({
      dialect: 'gemini',
      kind: 'extension',
      id: root.slice(directory.length + 1),
      root,
      hooksFile: hooksFileOf(GEMINI, root),
    }));
  return { bundles, problems: [] };
};
