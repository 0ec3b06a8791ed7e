/**
 * What the session daemon shows and keeps for the projects it holds: its live dashboard (behind the per-user
 * token, in a real browser too) has the events of every project, decisions included; each project's decision
 * ledger is written, and stays one intact chain when a settings edit rebuilds the project's system mid-session
 * (the old system's writer closes before the new one appends).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verdictOf, verifyLedger } from '../../lib/ledger/verifyLedger.js';
import type { DashboardMessage } from '../../lib/tools/dashboardModel.js';
import { createDashboardToken } from '../../lib/tools/dashboardToken.js';
import { ledgerFileOf } from '../../lib/tools/daemonProjects.js';
import { startHookDaemon, type HookDaemon } from '../../lib/tools/hookDaemon.js';
import { chromiumPath, launchChromium, NO_CHROMIUM } from '../observe/browser.js';
import { claudeToolCall, writeDenyBashSettings } from '../helpers/daemonSettings.js';

const root = mkdtempSync(path.join(tmpdir(), 'hs-daemon-views-'));
const home = path.join(root, 'home');
const ledgers = path.join(root, 'ledgers');
const projects = [path.join(root, 'alpha'), path.join(root, 'beta')] as const;
const socket = path.join(root, 'd.sock');
const token = createDashboardToken();
let daemon: HookDaemon;

const writeSettings = (reason: string): void => {
  writeDenyBashSettings(home, reason);
};

/** One Claude Code tool call through the daemon's socket, as the thin client sends it; resolves with the reply. */
const toolCall = (project: string, tool: string): Promise<{ exitCode: number; stderr: string }> =>
  new Promise((resolve, reject) => {
    const client = connect(socket);
    let reply = '';
    client.setEncoding('utf8');
    client.on('data', (chunk: string) => (reply += chunk));
    client.on('end', () => {
      resolve(JSON.parse(reply) as { exitCode: number; stderr: string });
    });
    client.on('error', reject);
    const stdin = JSON.stringify(claudeToolCall(project, tool));
    client.end(`${JSON.stringify({ agent: 'claude', event: 'PreToolUse', cwd: '/', env: {}, stdin })}\n`);
  });

const dashboardAt = (route: string): string => new URL(route, daemon.dashboardUrl).href.replace(/\?.*$/, '');

beforeAll(async () => {
  mkdirSync(path.join(home, '.hookstream'), { recursive: true });
  for (const project of projects) mkdirSync(project);
  mkdirSync(ledgers);
  writeSettings('not here');
  daemon = await startHookDaemon({ socket, home, dashboard: { port: 0, token }, ledger: { dir: ledgers } });
  for (const project of projects) {
    expect((await toolCall(project, 'Bash')).exitCode).toBe(2);
    expect((await toolCall(project, 'Read')).exitCode).toBe(0);
  }
});

afterAll(async () => {
  await daemon.close();
  rmSync(root, { recursive: true, force: true });
});

describe("the daemon's dashboard", () => {
  it('shows the decided events of every project it holds, behind its token', async () => {
    expect(daemon.dashboardUrl).toContain(`?token=${token.value}`);
    const response = await fetch(dashboardAt('/state'), { headers: { authorization: `Bearer ${token.value}` } });
    const rows = ((await response.json()) as DashboardMessage[]).flatMap((message) =>
      message.type === 'row' ? [message.row] : [],
    );
    expect(rows.map((row) => row.decision).sort()).toEqual(['deny', 'deny', 'none', 'none']);
    // Each row names the project its event came from.
    expect(rows.map((row) => `${path.basename(row.project ?? '?')} ${row.decision}`).sort()).toEqual([
      'alpha deny',
      'alpha none',
      'beta deny',
      'beta none',
    ]);
    expect(rows.filter((row) => row.decision === 'deny').map((row) => row.reason)).toEqual(['not here', 'not here']);
    expect((await fetch(dashboardAt('/state'))).status).toBe(403);
    expect((await fetch(dashboardAt('/state'), { headers: { authorization: 'Bearer wrong' } })).status).toBe(403);
  });

  it.skipIf(chromiumPath === undefined)(
    `draws them live in Chromium${chromiumPath === undefined ? ` (${NO_CHROMIUM})` : ''}`,
    async () => {
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        await page.goto(daemon.dashboardUrl ?? '');
        await page.waitForFunction(`document.querySelectorAll('#rows .row[data-decision="deny"]').length === 2`);
        // A call made while the page is open arrives by itself.
        await toolCall(projects[0], 'Bash');
        await page.waitForFunction(`document.querySelectorAll('#rows .row[data-decision="deny"]').length === 3`);
        expect(await page.textContent('#source')).toBe('hookstream daemon');
        // The project filter appears with both projects; choosing one hides the other's rows.
        expect(await page.isVisible('#filter-project')).toBe(true);
        await page.selectOption('#filter-project', projects[1]);
        const shown = await page.evaluate(`[...document.querySelectorAll('#rows .row:not([hidden])')]
          .map((node) => node.dataset.project + '|' + node.querySelector('.project').textContent)`);
        expect(shown).toEqual([`${projects[1]}|beta`, `${projects[1]}|beta`]);
      } finally {
        await browser.close();
      }
    },
  );
});

describe("the daemon's ledgers", () => {
  it("keeps each project's ledger one intact chain across a rebuild after a settings edit", async () => {
    writeSettings('edited since');
    expect((await toolCall(projects[1], 'Bash')).stderr).toContain('edited since');
    await daemon.close();
    const [alpha, beta] = projects.map((project) => verifyLedger(ledgerFileOf(ledgers, project)));
    expect(alpha && verdictOf(alpha)).toBe('intact');
    // The browser's call went to the first project.
    expect(alpha?.events).toBe(chromiumPath === undefined ? 2 : 3);
    expect(beta && verdictOf(beta)).toBe('intact');
    expect(beta?.events).toBe(3);
    // Two writers, one after the other: the second opened the file the first had sealed and closed.
    expect(beta?.unclosedBefore).toEqual([]);
  });

  it('names each ledger after its project, never two projects in one file', () => {
    expect(path.basename(ledgerFileOf(ledgers, '/a/my project'))).toMatch(/^my_project-[0-9a-f]{12}\.ledger$/);
    expect(ledgerFileOf(ledgers, '/a/x')).not.toBe(ledgerFileOf(ledgers, '/b/x'));
  });
});
