/**
 * Package hygiene (issue 11 item 6): what an app gets when it installs hookstream. No install-time script
 * anywhere in the runtime tree (read from package-lock.json), the manifest's promises (exports, engines, peer
 * rxjs, license), no source maps pointing at unshipped sources, and the tarball's content as `npm pack`
 * computes it. The installs themselves (tarball, clone path, git URL) are exercised by .ci/install-check.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratch, ROOT } from '../docs/readmeBlocks.js';
import { runtimeTree, type Lockfile } from './runtimeTree.js';

const exec = promisify(execFile);

interface Manifest {
  name: string;
  license: string;
  engines: { node: string };
  exports: Record<string, string | { types: string; default: string }>;
  bin: Record<string, string>;
  files: string[];
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  devDependencies: Record<string, string>;
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
const manifest = readJson('package.json') as Manifest;
const lock = readJson('package-lock.json') as Lockfile;
const CLEAN_BUILD = 'stale build output in dist/: run `npm run prepack && npm run build` (a clean build)';
/** The lifecycle scripts npm runs when a package is installed from the registry. */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

describe('the runtime dependency tree', () => {
  const tree = runtimeTree(lock);

  it('is what the manifest asks for, every package resolved', () => {
    expect(tree.filter((path) => path.startsWith('missing:'))).toEqual([]);
    for (const name of [...Object.keys(manifest.dependencies), 'rxjs']) expect(tree).toContain(`node_modules/${name}`);
    expect(tree, 'no devDependency is reached').not.toContain('node_modules/vitest');
  });

  it('runs no install-time script: nothing in it has `hasInstallScript` in the lock', () => {
    expect(tree.filter((path) => lock.packages[path]?.hasInstallScript === true)).toEqual([]);
  });

  it('runs no install-time script: no installed package.json of it declares one', () => {
    const withScripts = tree.filter((path) => {
      const { scripts = {} } = readJson(`${path}/package.json`) as { scripts?: Record<string, string> };
      return INSTALL_SCRIPTS.some((script) => script in scripts) || existsSync(join(ROOT, path, 'binding.gyp'));
    });
    expect(withScripts).toEqual([]);
  });

  it('would be caught: an install script two levels down is found, through nested resolution, optional peers aside', () => {
    const synthetic: Lockfile = {
      packages: {
        '': {
          dependencies: { reporter: '^1' },
          // An optional peer is the app's choice (an adapter's framework): npm does not install it with us.
          peerDependencies: { framework: '^1' },
          peerDependenciesMeta: { framework: { optional: true } },
        },
        'node_modules/framework': { hasInstallScript: true },
        'node_modules/reporter': { dependencies: { analytics: '^1' } },
        'node_modules/reporter/node_modules/analytics': { hasInstallScript: true },
        'node_modules/analytics': {},
        'node_modules/unrelated': { hasInstallScript: true },
      },
    };
    const found = runtimeTree(synthetic).filter((path) => synthetic.packages[path]?.hasInstallScript === true);
    expect(found).toEqual(['node_modules/reporter/node_modules/analytics']);
  });

  it("has no install script of hookstream's own (prepare runs only in a clone or a git install)", () => {
    expect(INSTALL_SCRIPTS.filter((script) => script in manifest.scripts)).toEqual([]);
  });
});

describe('package.json', () => {
  it('exports ./package.json beside the entry points', () => {
    expect(manifest.exports['./package.json']).toBe('./package.json');
  });

  it('has rxjs as a peer dependency (^7.8), and as a devDependency for its own build only', () => {
    expect(manifest.peerDependencies).toHaveProperty('rxjs', '^7.8.0');
    // Every other peer is a framework or OpenTelemetry: optional, nothing loaded when absent.
    const others = Object.keys(manifest.peerDependencies ?? {}).filter((name) => name !== 'rxjs');
    expect(others.length).toBeGreaterThan(0);
    for (const name of others) expect(manifest.peerDependenciesMeta?.[name], name).toEqual({ optional: true });
    expect(manifest.peerDependenciesMeta).not.toHaveProperty('rxjs');
    expect(manifest.dependencies).not.toHaveProperty('rxjs');
    expect(manifest.devDependencies).toHaveProperty('rxjs');
  });

  it('states the Node versions where require(esm) works unflagged, and this Node is one of them', () => {
    expect(manifest.engines.node).toBe('^20.19.0 || >=22.12.0');
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
    expect((major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major > 22).toBe(true);
  });

  it('is MIT, with the license text shipped', () => {
    expect(manifest.license).toBe('MIT');
    const license = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} hookstream contributors\n/);
  });

  it('builds without source maps (the sources they would point at are not shipped)', () => {
    const build = (readJson('tsconfig.build.json') as { compilerOptions: Record<string, unknown> }).compilerOptions;
    for (const option of ['sourceMap', 'inlineSourceMap', 'declarationMap']) expect(build[option] ?? false).toBe(false);
  });
});

describe('the tarball (npm pack --dry-run)', () => {
  const packed: Promise<string[]> = exec('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    timeout: 60_000,
  }).then(({ stdout }) => (JSON.parse(stdout) as [{ files: { path: string }[] }])[0].files.map((file) => file.path));

  it('holds the license, the readme, the manifest and the build', { timeout: 60_000 }, async () => {
    const files = await packed;
    for (const file of ['LICENSE', 'README.md', 'package.json', 'dist/lib/index.js', 'dist/lib/index.d.ts']) {
      expect(files).toContain(file);
    }
    const targets = Object.values(manifest.exports).flatMap((target) =>
      typeof target === 'string' ? [target] : [target.types, target.default],
    );
    for (const target of [...targets, ...Object.values(manifest.bin)]) expect(files).toContain(target.slice(2));
  });

  it('holds nothing else: no specs, benchmarks, API reports, demos, sources, scripts or maps', async () => {
    const files = await packed;
    const allowed = (file: string) =>
      ['LICENSE', 'README.md', 'package.json'].includes(file) || /^dist\/lib\//.test(file);
    expect(files.filter((file) => !allowed(file))).toEqual([]);
    expect(
      files.filter((file) => file.endsWith('.map')),
      CLEAN_BUILD,
    ).toEqual([]);
  });

  it('ships no stale build output: every module has its source in lib/', async () => {
    const stale = (await packed)
      .filter((file) => file.endsWith('.js'))
      .filter((file) => !existsSync(join(ROOT, file.replace(/^dist\//, '').replace(/\.js$/, '.ts'))));
    expect(stale, CLEAN_BUILD).toEqual([]);
  });
});

describe('the built package from CommonJS', () => {
  const scratch = createScratch();
  afterAll(() => {
    scratch.remove();
  });

  it('require("hookstream") works (require(esm)), and so does require("hookstream/package.json")', async () => {
    const script = [
      "const { createHookSystem } = require('hookstream');",
      "const { name } = require('hookstream/package.json');",
      'console.log(typeof createHookSystem, name);',
    ].join('\n');
    const { stdout } = await exec(process.execPath, ['--input-type=commonjs', '-e', script], {
      cwd: scratch.dir,
      timeout: 30_000,
    });
    expect(stdout.trim()).toBe('function hookstream');
  });
});
