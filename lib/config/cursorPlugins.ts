/**
 * Cursor plugins (cursor.com/docs/reference/plugins): a directory with a `.cursor-plugin/plugin.json` manifest,
 * either a local one (`~/.cursor/plugins/local/<name>/`) or one installed from a marketplace
 * (`~/.cursor/plugins/cache/<marketplace>/<name>/<version>/`, the newest version directory). The manifest's
 * `hooks` names the hooks file relative to the plugin; without it the plugin's `hooks/hooks-cursor.json` (what
 * plugins shipping for Claude Code too use, as obra/superpowers does) or else `hooks/hooks.json`. Their hooks get
 * `CURSOR_PLUGIN_ROOT`, rank with the user who installed them, and are untrusted until approved.
 */
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isRecord } from '../core/guards.js';
import { describeReceived } from '../core/messages.js';
import type { ConfigProblem } from '../diagnostics/problems.js';
import { readBundleJson } from './bundleJson.js';
import { bundleDirectories, type Bundle, type BundleDiscovery } from './bundles.js';
import { CURSOR } from '../dialects/cursor.js';
import { configDirOf, type DialectEnvironment } from '../dialects/registry.js';

/** What a broken manifest costs: the plugin's hooks file is not known, so none of its hooks load. */
const PLUGIN_LOST = 'the hooks of this Cursor plugin are not loaded';

/** The directories in `directory`, by name (see bundleDirectories). */
const subdirectories = (directory: string, problems: ConfigProblem[]): string[] =>
  bundleDirectories(directory, 'the Cursor plugins directory', "its plugins' hooks are not loaded", problems);

const modified = (path: string): number => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
};

/** The installed version of a marketplace plugin: its most recently written version directory. */
const newestVersion = (pluginDir: string, problems: ConfigProblem[]): string | undefined => {
  const versions = subdirectories(pluginDir, problems).map((name) => join(pluginDir, name));
  let newest: string | undefined;
  for (const version of versions) if (newest === undefined || modified(version) > modified(newest)) newest = version;
  return newest;
};

/** The hooks file a plugin's manifest names (inside the plugin), its default, or `undefined` when unusable. */
const pluginHooksFile = (root: string, problems: ConfigProblem[]): string | undefined => {
  const manifest = join(root, '.cursor-plugin', 'plugin.json');
  if (!existsSync(manifest)) return undefined;
  const read = readBundleJson(manifest, PLUGIN_LOST, problems);
  if (read === undefined) return undefined;
  const value = read.document.value;
  if (!isRecord(value)) {
    read.sink.error('', `not a Cursor plugin manifest; ${PLUGIN_LOST}`, {
      expected: 'an object',
      received: describeReceived(value),
      fileInactive: true,
    });
    return undefined;
  }
  const named = value.hooks;
  if (named === undefined) {
    const cursorOnly = join(root, 'hooks', 'hooks-cursor.json');
    return existsSync(cursorOnly)
      ? cursorOnly
      : join(root, ...(CURSOR.bundles[0]?.hooksFile ?? ['hooks', 'hooks.json']));
  }
  if (typeof named !== 'string') {
    read.sink.warning('/hooks', `hooks given inline in the manifest are not read; ${PLUGIN_LOST}`, {
      expected: 'the path of the hooks file, relative to the plugin',
      received: describeReceived(named),
    });
    return undefined;
  }
  const path = resolve(root, named);
  const inside = relative(resolve(root), path);
  if (isAbsolute(named) || inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
    read.sink.error('/hooks', `the hooks file must be inside the plugin; ${PLUGIN_LOST}`, {
      expected: 'a relative path inside the plugin',
      received: JSON.stringify(named),
    });
    return undefined;
  }
  return path;
};

/**
 * The installed Cursor plugins with a usable manifest; a manifest that cannot be read or parsed, or whose
 * `hooks` is unusable, is a problem. A plugin with no hooks file simply has no hooks.
 */
export const cursorPlugins = (environment: DialectEnvironment): BundleDiscovery => {
  const plugins = join(configDirOf(CURSOR, environment), 'plugins');
  const problems: ConfigProblem[] = [];
  const found: { id: string; root: string }[] = [];
  const local = join(plugins, 'local');
  for (const name of subdirectories(local, problems)) found.push({ id: name, root: join(local, name) });
  const cache = join(plugins, 'cache');
  for (const marketplace of subdirectories(cache, problems)) {
    for (const name of subdirectories(join(cache, marketplace), problems)) {
      const root = newestVersion(join(cache, marketplace, name), problems);
      if (root !== undefined) found.push({ id: `${name}@${marketplace}`, root });
    }
  }
  const bundles: Bundle[] = [];
  for (const { id, root } of found) {
    const hooksFile = pluginHooksFile(root, problems);
    if (hooksFile !== undefined)
      bundles.push({ dialect: 'cursor', kind: 'plugin', id, root, hooksFile, scope: 'user' });
  }
  return { bundles, problems };
};
