/**
 * `hookstream dashboard FILE.jsonl` as a real process: it serves the page and the event stream on loopback,
 * sends what the recording holds, then each line appended to it (a malformed line is reported and skipped),
 * refuses requests for another host or without the token it printed, and on SIGTERM closes its server and exits 0. A bad `--port` is a usage error.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardMessage } from '../../lib/tools/dashboardModel.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld, MAIN, REPO_ROOT } from './cliHarness.js';

const line = (event: string, fields: Record<string, unknown>, decision?: string): string =>
  JSON.stringify({
    hookstream: 1,
    event,
    session: 's1',
    at: '2026-11-23T10:00:00.000Z',
    durationMs: 12,
    fields,
    result: {
      blocked: decision === 'deny',
      stopped: false,
      suppressOutput: false,
      success: true,
      warnings: [],
      ...(decision === undefined ? {} : { decision }),
      hooks: [{ name: 'guard', source: 'user', outcome: decision === 'deny' ? 'blocked' : 'success', durationMs: 11 }],
    },
  }) + '\n';

/** GET on the dashboard; resolves with status and body. */
const get = (url: string, host?: string): Promise<{ status: number; body: string; type: string }> =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        headers: host ? { host } : {},
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body, type: String(response.headers['content-type']) });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });

/** Reads `/events` and collects the messages until `until` holds (bounded). */
const streamUntil = (url: string, until: (messages: DashboardMessage[]) => boolean): Promise<DashboardMessage[]> =>
  new Promise((resolve, reject) => {
    const messages: DashboardMessage[] = [];
    const req = request(new URL(`events${new URL(url).search}`, url), (response) => {
      let buffer = '';
      response.setEncoding('utf8').on('data', (chunk: string) => {
        buffer += chunk;
        const events = buffer.split('\n\n');
        buffer = events.pop() ?? '';
        for (const event of events) {
          const data = event.split('\n').find((field) => field.startsWith('data: '));
          if (data !== undefined) messages.push(JSON.parse(data.slice(6)) as DashboardMessage);
        }
        if (until(messages)) {
          req.destroy();
          resolve(messages);
        }
      });
    });
    req.on('error', (error) => {
      if (!until(messages)) reject(error);
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`stream timed out with ${JSON.stringify(messages)}`));
    }, 15_000);
    req.on('close', () => {
      clearTimeout(timer);
    });
    req.end();
  });

const rowIds = (messages: DashboardMessage[]) => messages.flatMap((m) => (m.type === 'row' ? [m.row.id] : []));

describe('hookstream dashboard', () => {
  let world: CliWorld;
  let child: ChildProcessWithoutNullStreams;
  let url: string;
  let stderr = '';
  let recording: string;

  beforeAll(async () => {
    world = new CliWorld();
    recording = world.write(
      'session.jsonl',
      line('BeforeTool', { tool_name: 'write_file', tool_input: { path: '.env' } }, 'deny') +
        line('SessionStart', { source: 'startup' }),
    );
    child = spawn(process.execPath, [MAIN, 'dashboard', recording, '--port', '0'], {
      cwd: REPO_ROOT,
      env: { ...process.env, HOME: world.home, NO_COLOR: '1', HOOKSTREAM_CLI_SPEC_MARKER: world.marker },
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    url = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        const match = /dashboard: (http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}) /.exec(stdout);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      child.on('exit', (code) => {
        reject(new Error(`exited ${String(code)}: ${stderr}`));
      });
    });
  }, CLI_TEST_TIMEOUT_MS);

  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    world.cleanup();
  });

  it('serves the self-contained page', async () => {
    const page = await get(url);
    expect(page.status).toBe(200);
    expect(page.type).toBe('text/html; charset=utf-8');
    expect(page.body).toContain(`<title>hookstream · ${recording}</title>`);
    expect(page.body).toContain("new EventSource('events')");
    // Self-contained: no script, style or font from anywhere else.
    expect(page.body).not.toMatch(/<script[^>]+src=|<link[^>]+href=|https?:\/\/(?!127\.0\.0\.1)/);
  });

  it('sends the recording so far, then every line appended to it', async () => {
    const state = JSON.parse((await get(new URL(`state${new URL(url).search}`, url).href)).body) as DashboardMessage[];
    expect(rowIds(state)).toEqual(['r1', 'r2']);
    const first = state[0];
    expect(first?.type === 'row' ? first.row : undefined).toMatchObject({
      event: 'BeforeTool',
      decision: 'deny',
      input: 'write_file {"path":".env"}',
      hooks: [{ label: 'guard', outcome: 'blocked', durationMs: 11 }],
    });
    const streamed = streamUntil(url, (messages) => rowIds(messages).includes('r4'));
    appendFileSync(recording, 'not json\n');
    appendFileSync(recording, line('BeforeTool', { tool_name: 'read_file', tool_input: { path: 'a' } }, 'allow'));
    expect(rowIds(await streamed)).toEqual(['r1', 'r2', 'r4']);
    expect(stderr).toMatch(/session\.jsonl:3: not JSON/);
  });

  it('refuses a request for another host (DNS rebinding)', async () => {
    const refused = await get(url, 'attacker.example:80');
    expect(refused.status).toBe(403);
  });

  it('refuses every request without the token it printed: another local user cannot read the session', async () => {
    const bare = new URL(url);
    bare.search = '';
    for (const path of ['', 'state', 'events']) {
      const refused = await get(new URL(path, bare).href);
      expect([path, refused.status]).toEqual([path, 403]);
      expect(refused.body).not.toContain('write_file');
    }
  });

  it('exits 0 on SIGTERM, leaving nothing behind', async () => {
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => {
        resolve(code);
      }),
    );
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(get(url)).rejects.toThrow(/ECONNREFUSED/);
    expect(world.leftovers()).toEqual([]);
  });

  it(
    'rejects a bad --port as a usage error',
    async () => {
      const run = await world.run(['dashboard', recording, '--port', 'http']);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        'hookstream: --port must be a number from 0 to 65535 (0: any free port), received "http"\n',
      );
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
