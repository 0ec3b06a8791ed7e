/**
 * `npm run demo -- --dashboard --record FILE`: the demo's session on the live dashboard (read here through
 * `/state`, the JSON twin of the page's stream) and in a recording that `hookstream profile` reads — and the
 * demo still exits cleanly on Ctrl-C.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { DashboardMessage } from '../../lib/tools/dashboardModel.js';
import { BUILT_CLI } from '../../spec/helpers/builtCli.js';

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'hookstream-demo-dashboard-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const getJson = (url: string): Promise<DashboardMessage[]> =>
  new Promise((resolve, reject) => {
    get(url, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        resolve(JSON.parse(body) as DashboardMessage[]);
      });
    }).on('error', reject);
  });

describe('demo: --dashboard and --record', () => {
  it('serves the session live, records it, and stops on SIGINT', async () => {
    const recording = path.join(dir, 'demo.jsonl');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'demos/agent-loop/main.ts', '--dashboard', '--port', '0', '--record', recording],
      { env: { ...process.env, NO_COLOR: '1' } },
    );
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => {
        resolve(code);
      }),
    );
    try {
      // The session is over once the demo says the server is still up.
      for (let i = 0; i < 1200 && !/still serving/.test(stdout); i++) await new Promise((r) => setTimeout(r, 100));
      const [, url, token] = /dashboard: (http:\/\/127\.0\.0\.1:\d+\/)\?token=([\w-]+)/.exec(stdout) ?? [];
      expect(url, stdout).toBeDefined();
      const rows = (await getJson(`${url ?? ''}state?token=${token ?? ''}`)).flatMap((m) =>
        m.type === 'row' ? [m.row] : [],
      );
      const events = new Set(rows.map((row) => row.event));
      for (const event of [
        'SessionStart',
        'BeforeToolSelection',
        'BeforeTool',
        'AfterTool',
        'AfterModel',
        'SessionEnd',
      ]) {
        expect(events).toContain(event);
      }
      expect(rows.filter((row) => row.decision === 'deny' || row.decision === 'block').length).toBeGreaterThan(0);
      expect(rows.some((row) => row.hooks.some((bar) => bar.label === 'protect-paths'))).toBe(true);
      expect(rows.some((row) => row.hooks.some((bar) => bar.problem === 'exit 1'))).toBe(true);
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
    // The recording holds the session's hooks.
    const profiled = await run(process.execPath, [BUILT_CLI, 'profile', recording, '--json'], {
      env: { ...process.env, NO_COLOR: '1' },
    });
    const profile = JSON.parse(profiled.stdout) as { hooks: { name: string }[] };
    expect(profile.hooks.map((hook) => hook.name)).toEqual(expect.arrayContaining(['protect-paths', 'audit-log']));
  }, 180_000);
});
