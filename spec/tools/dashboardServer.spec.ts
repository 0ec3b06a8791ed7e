/**
 * The dashboard server's two guards, with real sockets: every request must carry the random token (query,
 * bearer header, or the cookie the page gets) or it is refused with 403 — the page, the event stream and the
 * JSON state alike; and a client that connects to the event stream and never reads is dropped once its unsent
 * bytes pass the bound, so the server's memory per client stays bounded, while a client that reads stays.
 */
import { connect, type Socket } from 'node:net';
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createDashboardModel, type DashboardModel } from '../../lib/tools/dashboardModel.js';
import { startDashboardServer, type DashboardServer } from '../../lib/tools/dashboardServer.js';
import type { RecordingEntry } from '../../lib/observe/recording.js';

let server: DashboardServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.close();
  server = undefined;
});

const start = async (model: DashboardModel = createDashboardModel(), maxBufferedBytes?: number) => {
  server = await startDashboardServer(model, { title: 'spec', maxBufferedBytes });
  return server;
};

interface Answer {
  status: number;
  body: string;
  cookie: string | undefined;
}

/** A GET that reads the status, the cookie and (except for the event stream) the body. */
const get = (port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (response) => {
      const cookie = response.headers['set-cookie']?.[0];
      if (path.startsWith('/events') && response.statusCode === 200) {
        response.once('data', (chunk: Buffer) => {
          resolve({ status: 200, body: chunk.toString(), cookie });
          req.destroy();
        });
        return;
      }
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body, cookie });
      });
    });
    req.on('error', reject);
    req.end();
  });

const entry = (line: number, reasonBytes: number): RecordingEntry => ({
  line,
  recorded: {
    hookstream: 1,
    event: 'BeforeTool',
    session: 's',
    at: '2026-11-28T00:00:00.000Z',
    durationMs: 1,
    fields: { tool_name: 'write_file', tool_input: { path: `f${line}` } },
    result: {
      blocked: true,
      stopped: false,
      suppressOutput: false,
      success: true,
      warnings: [],
      decision: 'deny',
      reason: 'r'.repeat(reasonBytes),
      hooks: [{ name: 'guard', source: 'user', outcome: 'blocked', durationMs: 1 }],
    },
  },
});

describe('dashboard token', () => {
  it('prints a URL with a fresh random token, different per server', async () => {
    const first = await start();
    expect(first.url).toBe(`http://127.0.0.1:${first.port}/?token=${first.token}`);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const other = await startDashboardServer(createDashboardModel(), { title: 'other' });
    expect(other.token).not.toBe(first.token);
    await other.close();
  });

  it('refuses the page, the event stream and the state without the token, or with a wrong one', async () => {
    const { port, token } = await start();
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of ['/', '/events', '/state', '/missing']) {
      for (const headers of [
        {} as Record<string, string>,
        { authorization: `Bearer ${wrong}` },
        { cookie: `hookstream-dashboard-${port}=${wrong}` },
      ]) {
        expect([path, (await get(port, path, headers)).status]).toEqual([path, 403]);
      }
      expect([path, (await get(port, `${path}?token=${wrong}`)).status]).toEqual([path, 403]);
      expect([path, (await get(port, `${path}?token=`)).status]).toEqual([path, 403]);
    }
    // Another port's cookie is another dashboard's.
    expect((await get(port, '/state', { cookie: `hookstream-dashboard-${port + 1}=${token}` })).status).toBe(403);
  });

  it('lets the token through in the query or a bearer header; the page sets the cookie its stream then uses', async () => {
    const { port, token } = await start();
    const page = await get(port, `/?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.cookie).toBe(`hookstream-dashboard-${port}=${token}; Path=/; HttpOnly; SameSite=Strict`);
    expect((await get(port, '/state', { authorization: `Bearer ${token}` })).status).toBe(200);
    const cookie = (page.cookie ?? '').split(';')[0] ?? '';
    const stream = await get(port, '/events', { cookie: `other=1; ${cookie}` });
    expect(stream.status).toBe(200);
    expect(stream.body).toContain('retry: 1000');
  });
});

/** A raw socket asking for the event stream that never reads a byte. */
const stalledClient = (port: number, token: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET /events?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      resolve(socket);
    });
    socket.pause();
    socket.on('error', reject);
    sockets.push(socket);
  });

/** A socket on the event stream that reads everything; counts the bytes. */
const readingClient = (port: number, token: string): Promise<{ socket: Socket; bytes: () => number }> =>
  new Promise((resolve) => {
    let bytes = 0;
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET /events?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      resolve({ socket, bytes: () => bytes });
    });
    socket.on('data', (chunk: Buffer) => (bytes += chunk.length));
    sockets.push(socket);
  });

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('a client that stops reading', () => {
  it('is dropped once its unsent bytes pass the bound; the server never holds more; a reading client stays', async () => {
    const bound = 256 * 1024;
    const model = createDashboardModel();
    const { port, token, buffered } = await start(model, bound);
    const stalled = await stalledClient(port, token);
    const reader = await readingClient(port, token);
    // Both streams registered (the server answered both requests).
    for (let wait = 0; buffered().length < 2 && wait < 10_000; wait += 1) await turn();
    expect(buffered()).toHaveLength(2);
    const closed = new Promise<void>((resolve) => {
      stalled.once('close', () => {
        resolve();
      });
    });
    stalled.on('error', () => undefined);
    const message = 16 * 1024;
    let most = 0;
    let sent = 0;
    // Far more than any socket buffer holds; stops as soon as the stalled client is gone.
    while (buffered().length === 2 && sent < 200 * 1024 * 1024) {
      model.recorded(entry(sent / message + 1, message));
      sent += message;
      most = Math.max(most, ...buffered());
      if ((sent / message) % 4 === 0) await turn();
    }
    expect(buffered()).toHaveLength(1);
    // The bound, plus the few bytes of the snapshot it was sent, plus one message written before the check.
    expect(most).toBeLessThan(bound + 2 * message + 8 * 1024);
    stalled.resume();
    await closed;
    // The reader is still connected and got the stream.
    expect(reader.socket.destroyed).toBe(false);
    expect(reader.bytes()).toBeGreaterThan(0);
  });
});
