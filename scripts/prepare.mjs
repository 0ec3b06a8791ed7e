#!/usr/bin/env node
/**
 * npm `prepare`: builds dist/ (the only thing the package ships besides its docs). npm runs it
 * - after `npm install` in a clone: the devDependencies are there, so it builds;
 * - when an app installs from a git URL: npm installs the devDependencies first, then runs it;
 * - when an app installs a clone by path (`npm install ../hookstream`): npm links the clone and runs it
 *   there, devDependencies or not. Without TypeScript it installs them first (lockfile versions, no
 *   install scripts), so the path install works without a manual step in the clone.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** Writes one `hookstream prepare: …` line to stderr. */
const note = (/** @type {string} */ text) => process.stderr.write(`hookstream prepare: ${text}\n`);

/**
 * Runs `file args` in the package root with inherited stdio; exits with its status when it fails.
 * @param {string} file
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 */
const run = (file, args, env = process.env) => {
  const { status, signal, error } = spawnSync(file, args, { cwd: root, stdio: 'inherit', env });
  if (status === 0) return;
  const why = error?.message ?? (signal === null ? `exit status ${status}` : `signal ${signal}`);
  note(`${[file, ...args].join(' ')} failed (${why})`);
  process.exit(status === null || status === 0 ? 1 : status);
};

// Settings of the app's own install that must not steer the one in the clone.
const FOREIGN_SETTINGS = new Set(
  ['global', 'location', 'prefix', 'omit', 'include', 'only', 'production', 'ignore_scripts'].map(
    (name) => `npm_config_${name}`,
  ),
);

if (!existsSync(tsc)) {
  note('TypeScript is not installed here; installing the devDependencies to build dist/');
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !FOREIGN_SETTINGS.has(name)));
  // npm_execpath is the npm that runs this script; outside npm, the one on PATH.
  const npm = process.env.npm_execpath;
  const [file, prefix] = npm?.endsWith('.js') ? [process.execPath, [npm]] : ['npm', []];
  run(file, [...prefix, 'install', '--include=dev', '--ignore-scripts', '--no-audit', '--no-fund'], env);
}
run(process.execPath, [tsc, '-p', 'tsconfig.build.json']);
run(process.execPath, [join(root, 'scripts', 'copyAssets.mjs')]);
