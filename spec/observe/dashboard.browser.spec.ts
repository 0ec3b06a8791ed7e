/**
 * The live dashboard in a real browser (headless Chromium through playwright-core): a hook system fires
 * events — denied, allowed, a hook that cannot start (127), an unapproved project hook, a timeout, a slow
 * hook, one still running — and the page must show each as it happens: rows, colour-coded decisions, loud
 * problems, the slow-hooks table, working filters, tool input shown as text (never HTML). It saves a
 * screenshot in a temporary directory; with HOOKSTREAM_UPDATE_SCREENSHOT=1 it also writes docs/dashboard.png,
 * the README's picture. Every process, server and browser it starts is gone afterwards.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../lib/tools/dashboardServer.js';
import { serveDashboard } from '../../lib/tools/dashboardServer.js';
import { createHookSystem, type HookSystem } from '../../lib/system/createHookSystem.js';
import { MARKER_VARIABLE, ProcessTest } from '../process/processHarness.js';
import { chromiumPath, launchChromium, NO_CHROMIUM } from './browser.js';

const REPO = path.resolve(import.meta.dirname, '../..');

// Page-side code is passed as text: the specs are type-checked without the DOM library.
const rowsShown = (count: number) => `document.querySelectorAll('#rows .row').length === ${count}`;
const chipColour = (decision: string) =>
  `getComputedStyle(document.querySelector('#rows .row[data-decision="${decision}"] .decision')).backgroundColor`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(chromiumPath === undefined)(
  `dashboard in Chromium${chromiumPath === undefined ? ` (${NO_CHROMIUM})` : ''}`,
  () => {
    let world: ProcessTest;
    let hooks: HookSystem;
    let dashboard: Dashboard;
    let browser: Browser;
    let page: Page;
    let releaseAgent: (() => void) | undefined;
    const shots = mkdtempSync(path.join(tmpdir(), 'hookstream-dashboard-'));

    beforeAll(async () => {
      world = new ProcessTest();
      const env = { [MARKER_VARIABLE]: world.marker };
      // A project settings file: its hook runs only once approved, and the trust store here is empty.
      const settings = path.join(world.dir, 'settings.json');
      writeFileSync(
        settings,
        JSON.stringify({
          tools: { enableHooks: true },
          hooks: {
            BeforeTool: [{ matcher: '^run_shell_command$', hooks: [{ name: 'shell-audit', command: 'true', env }] }],
          },
        }),
      );
      hooks = createHookSystem({
        settings: [{ scope: 'project', path: settings }],
        projectDir: world.dir,
        trust: { store: path.join(world.dir, 'trusted-hooks.json') },
      });
      hooks.register(
        'BeforeTool',
        {
          type: 'function',
          name: 'protect-paths',
          run: (input) =>
            String(input.tool_input.path).endsWith('.env')
              ? { decision: 'deny', reason: '.env holds secrets' }
              : { decision: 'allow' },
        },
        { matcher: '^write_file$' },
      );
      hooks.register(
        'BeforeTool',
        { type: 'command', name: 'lint-gate', command: 'hookstream-missing-linter --check', env },
        { matcher: '^write_file$' },
      );
      hooks.register('AfterTool', {
        type: 'function',
        name: 'slow-audit',
        run: async () => {
          await sleep(120);
          return { decision: 'allow' };
        },
      });
      hooks.register('AfterTool', { type: 'command', name: 'shell-timeout', command: 'sleep 5', timeout: 200, env });
      hooks.register('BeforeAgent', {
        type: 'function',
        name: 'prompt-review',
        statusMessage: 'Reviewing the prompt…',
        run: () =>
          new Promise((resolve) => {
            releaseAgent = () => {
              resolve({ decision: 'ask', reason: 'a human should look' });
            };
          }),
      });
      dashboard = await serveDashboard(hooks, { title: 'spec session' });
      browser = await launchChromium();
      page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
      await page.goto(dashboard.url);
      await page.waitForFunction("document.getElementById('status').textContent === 'live'");
    }, 60_000);

    afterAll(async () => {
      releaseAgent?.();
      await browser?.close();
      await dashboard?.close();
      await world.verifyClean(hooks);
      rmSync(shots, { recursive: true, force: true });
    });

    const rowCount = () => page.locator('#rows .row').count();
    const visibleRows = () => page.locator('#rows .row:visible').count();

    it('shows each event as it is decided, decisions colour-coded', async () => {
      await hooks.fire('SessionStart', { source: 'startup' });
      await hooks.fire('BeforeTool', { tool_name: 'write_file', tool_input: { path: '.env', content: 'KEY=1' } });
      await hooks.fire('BeforeTool', { tool_name: 'write_file', tool_input: { path: 'notes.md', content: '# notes' } });
      await hooks.fire('BeforeTool', { tool_name: 'run_shell_command', tool_input: { command: 'npm test' } });
      await hooks.fire('AfterTool', { tool_name: 'read_file', tool_input: { path: 'a.ts' }, tool_response: {} });
      await page.waitForFunction(rowsShown(5));
      const denied = page.locator('#rows .row[data-decision="deny"]');
      await expect(denied.count()).resolves.toBe(1);
      await expect(denied.textContent()).resolves.toMatch(
        /BeforeTool.*write_file \{"path":"\.env".*deny.*protect-paths.*\.env holds secrets/s,
      );
      expect(await page.evaluate(chipColour('deny'))).toBe('rgb(198, 40, 40)');
      expect(await page.evaluate(chipColour('allow'))).toBe('rgb(46, 125, 50)');
      await expect(page.locator('#rows .row[data-event="SessionStart"]').textContent()).resolves.toContain(
        'no hook ran',
      );
    });

    it('makes problems loud: 127, untrusted, timeout — on the row and in the problems panel', async () => {
      const badges = await page.locator('.problem-badge').allTextContents();
      expect(badges).toEqual(
        expect.arrayContaining(['exit 127: command not found', 'untrusted: not approved', 'timed out']),
      );
      await expect(page.locator('#problems li[data-kind="not-found"]').textContent()).resolves.toBe(
        'lint-gate: command not found (127) × 2',
      );
      await expect(page.locator('#problems li[data-kind="untrusted"]').textContent()).resolves.toBe(
        'shell-audit: not approved × 1',
      );
      await expect(page.locator('#problems li[data-kind="timeout"]').textContent()).resolves.toBe(
        'shell-timeout: timed out × 1',
      );
      expect(await page.locator('#rows .row.problem').count()).toBe(4);
    });

    it('lists slow hooks with p50/p95/max', async () => {
      await page.waitForSelector('#slow tr[data-hook="slow-audit"]');
      const cells = await page.locator('#slow tr[data-hook="slow-audit"] td').allTextContents();
      expect(cells[0]).toBe('slow-audit');
      expect(cells[1]).toBe('1');
      expect(Number.parseInt(cells[2] ?? '', 10)).toBeGreaterThanOrEqual(115);
      expect(cells[3]).toBe(cells[2]);
    });

    it('filters by event, decision and hook', async () => {
      await page.selectOption('#filter-decision', 'deny');
      expect(await visibleRows()).toBe(1);
      await page.selectOption('#filter-decision', '');
      await page.selectOption('#filter-hook', 'lint-gate');
      expect(await visibleRows()).toBe(2);
      await page.selectOption('#filter-hook', '');
      await page.selectOption('#filter-event', 'AfterTool');
      expect(await visibleRows()).toBe(1);
      await page.selectOption('#filter-event', '');
      expect(await visibleRows()).toBe(await rowCount());
      // One system's dashboard has no project to choose from.
      expect(await page.isVisible('#filter-project')).toBe(false);
    });

    it('draws a hook while it runs, then its decision', async () => {
      const decided = hooks.fire('BeforeAgent', { prompt: 'refactor the payment module' });
      await page.waitForSelector('#rows .row.running .bar.running');
      await expect(page.locator('#rows .row.running .decision').textContent()).resolves.toBe('running');
      // The hook's statusMessage says what it is doing while it runs.
      await expect(page.locator('#rows .row.running .hook').textContent()).resolves.toBe(
        'prompt-review running: Reviewing the prompt… ',
      );
      releaseAgent?.();
      await decided;
      await page.waitForSelector('#rows .row[data-decision="ask"]');
      expect(await page.locator('#rows .row.running').count()).toBe(0);
      await expect(page.locator('#rows .row[data-decision="ask"]').textContent()).resolves.toContain(
        '"refactor the payment module"',
      );
    });

    it('saves a screenshot', async () => {
      // The latency table is refreshed at most every 250 ms: wait for the last hook's line.
      await page.waitForSelector('#slow tr[data-hook="prompt-review"]');
      const file = path.join(shots, 'dashboard.png');
      await page.screenshot({ path: file, fullPage: true });
      const png = readFileSync(file);
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(statSync(file).size).toBeGreaterThan(20_000);
      if (process.env.HOOKSTREAM_UPDATE_SCREENSHOT === '1') {
        mkdirSync(path.join(REPO, 'docs'), { recursive: true });
        writeFileSync(path.join(REPO, 'docs', 'dashboard.png'), png);
        expect(existsSync(path.join(REPO, 'docs', 'dashboard.png'))).toBe(true);
      }
    });

    it('shows tool input as text, never as HTML', async () => {
      const hostile = '<img src=x onerror="window.pwned=1">';
      await hooks.fire('BeforeTool', { tool_name: 'write_file', tool_input: { path: hostile } });
      await page.waitForFunction(rowsShown(7));
      // The digest is JSON: the quotes come escaped, the markup stays as written.
      await expect(page.locator('#rows .row').first().locator('.input').textContent()).resolves.toContain(
        '<img src=x onerror=\\"window.pwned=1\\">',
      );
      expect(await page.locator('#rows img').count()).toBe(0);
      expect(await page.evaluate('typeof window.pwned')).toBe('undefined');
    });

    it('sends everything so far to a page that opens later', async () => {
      const late = await browser.newPage();
      await late.goto(dashboard.url);
      await late.waitForFunction(rowsShown(7));
      await expect(late.locator('#count').textContent()).resolves.toBe('7 events');
      await late.close();
    });
  },
);
