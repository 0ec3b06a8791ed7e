#!/usr/bin/env node
/**
 * The build's second step, after tsc: copies the files of lib/ that are not TypeScript into dist/lib/ beside the
 * compiled code that names them — the shell hook client (lib/cli/hook.sh, and hook.pl, its fast path when perl is there), which `hookstream install` writes into
 * agents' settings by its path next to install.js.
 */
import { chmodSync, copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const ASSETS = [
  { path: 'lib/cli/hook.sh', mode: 0o755 },
  { path: 'lib/cli/hook.pl', mode: 0o644 },
];

for (const { path, mode } of ASSETS) {
  const target = join(root, 'dist', path);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(join(root, path), target);
  chmodSync(target, mode);
}
