/**
 * The built `hookstream` command (`dist/lib/cli/main.js`, made by `npm run build`, which `npm test` runs first).
 * Specs run the built command rather than the sources through tsx: a start costs a third as much, and the specs
 * then run what a user installs. A build older than the sources would test stale code, so it is refused loudly.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BUILT_CLI = path.join(REPO_ROOT, 'dist', 'lib', 'cli', 'main.js');

/** Source files under `dir` (relative to the repository) whose build output is missing or older than them. */
const staleSources = (dir: string): string[] =>
  readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const source = path.join(dir, entry.name);
    if (entry.isDirectory()) return staleSources(source);
    // TypeScript is compiled to .js; the shell client is copied as it is (scripts/copyAssets.mjs).
    if (!/\.(ts|sh)$/.test(entry.name) || entry.name.endsWith('.d.ts')) return [];
    const built = path.join(REPO_ROOT, 'dist', source.replace(/\.ts$/, '.js'));
    try {
      return statSync(built).mtimeMs >= statSync(path.join(REPO_ROOT, source)).mtimeMs ? [] : [source];
    } catch {
      return [source];
    }
  });

/** Throws, naming the files, when `dist/` does not hold a build of the current `lib/`. */
export const assertFreshBuild = (): void => {
  const stale = staleSources('lib');
  if (stale.length > 0) {
    const shown = stale.slice(0, 5).join(', ') + (stale.length > 5 ? `, … (${stale.length} in all)` : '');
    throw new Error(`dist/ is older than lib/ (${shown}): run \`npm run build\` first (\`npm test\` does it)`);
  }
};
