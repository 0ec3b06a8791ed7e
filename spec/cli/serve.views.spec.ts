/**
 * `hookstream serve --dashboard-port … --ledger-dir …` as a real process: it prints the dashboard's URL with the
 * per-user token and keeps it in `dashboard-url` (0600) in the runtime directory while it runs, makes the ledger
 * directory, and removes the URL file when it stops on SIGTERM. Bad values are usage errors naming the option.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../process/processHarness.js';
import { MAIN } from './cliHarness.js';

const root = mkdtempSync(path.join(tmpdir(), 'hs-serve-views-'));
const runDir = path.join(root, 'run');
const env = Object.assign({}, process.env, { HOME: root, HOOKSTREAM_RUNTIME_DIR: runDir, NO_COLOR: '1' });

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('hookstream serve with a dashboard and ledgers', () => {
  it('serves the dashboard at the URL it prints and keeps, and tidies up on SIGTERM', async () => {
    const ledgers = path.join(root, 'ledgers');
    const child = spawn(process.execPath, [MAIN, 'serve', '--dashboard-port', '0', '--ledger-dir', ledgers], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      let printed = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
      expect(await eventually(() => printed.includes('decision ledgers in'), 20_000), printed).toBe(true);
      const url = /dashboard: (\S+)/.exec(printed)?.[1] ?? '';
      const token = readFileSync(path.join(runDir, 'http-token'), 'utf8').trim();
      expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/\\?token=${token}$`));
      const urlFile = path.join(runDir, 'dashboard-url');
      expect(readFileSync(urlFile, 'utf8')).toBe(`${url}\n`);
      expect(statSync(urlFile).mode & 0o777).toBe(0o600);
      expect(statSync(ledgers).isDirectory()).toBe(true);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('hookstream daemon');
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(existsSync(urlFile)).toBe(false);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it.each([
    [['--ledger-key', 'k.pem'], '--ledger-key signs the ledger: it needs --ledger-dir as well'],
    [['--dashboard-port', '70000'], '--dashboard-port must be a number from 0 to 65535'],
    [['--ledger-dir', root, '--ledger-key', 'missing.pem'], 'cannot read the ledger key missing.pem'],
  ])('refuses %j', (args, message) => {
    const result = spawnSync(process.execPath, [MAIN, 'serve', ...args], { env, cwd: root, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(message);
  });
});
