/**
 * x-code plugins: `~/.x-code/plugins/cache/<marketplace>/<name>/<version>/plugin.json`, the id `name@marketplace`.
 * The manifest's `hooks` is either the event map itself (the manifest is then the hooks file) or the path of a
 * file inside the plugin holding that map with no outer `hooks`. A plugin's persistent data directory is
 * `~/.x-code/plugins/data/<id>/` (`${pluginDataDir}`). Their hooks rank with the user who installed them and are
 * untrusted until approved, like Claude Code plugins.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isRecord } from '../core/guards.js';
import { describeReceived } from '../core/messages.js';
import type { ConfigProblem } from '../diagnostics/problems.js';
import { readBundleJson } from './bundleJson.js';
import { bundleDirectories, type Bundle, type BundleDiscovery } from './bundles.js';
import { configDirOf, type DialectEnvironment } from '../dialects/registry.js';
import { XCODE } from '../dialects/xcode.js';

const PLUGIN_LOST = 'the hooks of this x-code plugin are not loaded';

const subdirectories = (directory: string, problems: ConfigProblem[]): string[] =>
  bundleDirectories(directory, 'the x-code plugins directory', "its plugins' hooks are not loaded", problems);

/** The installed version: the highest version directory (`1.10.0` after `1.9.0`); an upgrade replaces the old one. */
const installedVersion = (pluginDir: string, problems: ConfigProblem[]): string | undefined =>
  subdirectories(pluginDir, problems)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .at(-1);

/** Whether `named` is a path inside `root`. */
const inside = (root: string, named: string): boolean => {
  const path = relative(resolve(root), resolve(root, named));
  return !isAbsolute(named) && path !== '' && path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path);
};

/**
 * The hooks file of the plugin at `root` and whether it holds the event map itself (no outer `hooks`);
 * `undefined`: no manifest, no hooks, or unusable (reported in `problems`). Also `hookstream import --from xcode`'s
 * reader of a plugin being written in the project.
 */
export const xcodePluginHooks = (
  root: string,
  problems: ConfigProblem[],
): { readonly file: string; readonly atTop: boolean } | undefined => {
  const manifest = join(root, 'plugin.json');
  if (!existsSync(manifest)) return undefined;
  const read = readBundleJson(manifest, PLUGIN_LOST, problems);
  if (read === undefined) return undefined;
  const value = read.document.value;
  if (!isRecord(value)) {
    read.sink.error('', `not an x-code plugin manifest; ${PLUGIN_LOST}`, {
      expected: 'an object',
      received: describeReceived(value),
      fileInactive: true,
    });
    return undefined;
  }
  const hooks = value.hooks;
  if (hooks === undefined) return undefined;
  if (isRecord(hooks)) return { file: manifest, atTop: false };
  if (typeof hooks !== 'string' || !inside(root, hooks)) {
    read.sink.error('/hooks', `"hooks" must be the hooks or the path of a file inside the plugin; ${PLUGIN_LOST}`, {
      expected: 'an object keyed by event, or a relative path such as "./hooks/hooks.json"',
      received: describeReceived(hooks),
    });
    return undefined;
  }
  return { file: resolve(root, hooks), atTop: true };
};

/**
 * The installed x-code plugins that declare hooks; a manifest that cannot be read or parsed, or whose `hooks`
 * is unusable, is a problem naming the file.
 *
 * @example
 * xcodePlugins({ projectDir: '/repo', home: '/home/u' }).bundles.map((plugin) => plugin.id); // ['linear@anthropic-marketplace']
 */
export const xcodePlugins = (environment: DialectEnvironment): BundleDiscovery => {
  const configDir = configDirOf(XCODE, environment);
  const cache = join(configDir, 'plugins', 'cache');
  const problems: ConfigProblem[] = [];
  const bundles: Bundle[] = [];
  for (const marketplace of subdirectories(cache, problems)) {
    for (const name of subdirectories(join(cache, marketplace), problems)) {
      const version = installedVersion(join(cache, marketplace, name), problems);
      if (version === undefined) continue;
      const root = join(cache, marketplace, name, version);
      const hooks = xcodePluginHooks(root, problems);
      if (hooks === undefined) continue;
      const id = `${name}@${marketplace}`;
      const bundle: Bundle = {
        dialect: 'xcode',
        kind: 'plugin',
        id,
        root,
        hooksFile: hooks.file,
        dataDir: join(configDir, 'plugins', 'data', id),
        scope: 'user',
      };
      bundles.push(hooks.atTop ? Object.assign({ hooksAtTop: true as const }, bundle) : bundle);
    }
  }
  return { bundles, problems };
};
