/**
 * The README's quick start must work as written: its first TypeScript block is run for real, importing
 * `hookstream` by name (the package's self-reference, resolved through `exports` to the built dist/).
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = new URL('./.quick-start.tmp.mts', import.meta.url);

describe('README', () => {
  afterAll(() => {
    rmSync(script, { force: true });
  });

  it('opens with the two commands: the demo and the test suite', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const firstBlock = readme.split('```')[1] ?? '';
    expect(firstBlock).toMatch(/npm install && npm run demo/);
    expect(firstBlock).toMatch(/npm test/);
  });

  it('quick start blocks a write to /etc both with fire and inside an rxjs pipeline', async () => {
    // `npm test` builds dist/ first (pretest); `hookstream` resolves to it by the package's own name.
    expect(existsSync(new URL('../../dist/lib/index.js', import.meta.url)), 'run `npm run build` first').toBe(true);
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const quickStart = readme.split('## Quick start')[1]?.split('```ts')[1]?.split('```')[0];
    expect(quickStart).toBeDefined();
    writeFileSync(script, quickStart ?? '');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script.pathname], { timeout: 60_000 });
    expect(stdout).toMatch(/^blocked: \/etc\/hosts is a system file; write inside the project$/m);
    expect(stdout).toMatch(/^⛔ \/etc\/passwd is a system file/m);
    expect(stdout).toMatch(/^✔ \{"path":".\/notes.md"\}$/m);
  });
});
