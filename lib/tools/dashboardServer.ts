/**
 * The dashboard's HTTP server, on loopback only: `/` is the self-contained page, `/events` a Server-Sent
 * Events stream (every row kept so far, then each change), `/state` the same as one JSON document for
 * scripts. Requests naming another host are refused, so a web page cannot reach the server through DNS
 * rebinding. Loopback is shared by every user of the machine, so every request must also carry the server's
 * random token (dashboardToken.ts). Row changes go out at once; the latency table at most every
 * `STATS_INTERVAL_MS`. A page that stops reading is dropped once its unsent bytes pass a bound: its browser
 * reconnects and gets the whole state again, and the server never buffers without limit.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Subscription } from 'rxjs';
import { HookstreamError } from '../core/errors.js';
import { errorText } from '../core/guards.js';
import type { HookSystem } from '../system/hookSystem.js';
import { createDashboardModel, type DashboardMessage, type DashboardModel } from './dashboardModel.js';
import { dashboardPage } from './dashboardPage.js';
import { createDashboardToken, tokenCookie, tokenOf, type DashboardToken } from './dashboardToken.js';

export interface DashboardOptions {
  /** Port on 127.0.0.1; default 0: any free port (read it from `url`). */
  port?: number;
  /** The page's title; default the session id. */
  title?: string;
}

export interface Dashboard {
  /** `http://127.0.0.1:<port>/?token=<token>`: open it as is; without the token every request is refused. */
  readonly url: string;
  readonly port: number;
  /** The random token every request must carry (`?token=`, `Authorization: Bearer`, or the page's cookie). */
  readonly token: string;
  /** Stops listening, ends every open page's stream, and stops watching the hooks. */
  close(): Promise<void>;
}

const LOOPBACK = '127.0.0.1';
/** Slowest refresh of the latency table while hooks finish in bursts. */
const STATS_INTERVAL_MS = 250;

/** Unsent bytes a page may hold on top of the state it was sent when it connected, before it is dropped. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

const sse = (message: DashboardMessage): string => `data: ${JSON.stringify(message)}\n\n`;

/** The server with what specs and the CLI need beyond {@link Dashboard}. */
export interface DashboardServer extends Dashboard {
  /** Unsent bytes of each open event stream. */
  readonly buffered: () => number[];
}

interface Client {
  readonly response: ServerResponse;
  /** The unsent bytes allowed: the bound plus the snapshot sent at connect, which a live page drains at once. */
  readonly limit: number;
}

/** Serves `model` on loopback; resolves once listening. */
export const startDashboardServer = (
  model: DashboardModel,
  options: {
    port?: number | undefined;
    title: string;
    maxBufferedBytes?: number;
    /** A token kept elsewhere (the session daemon's per-user one); default a fresh one. */
    token?: DashboardToken | undefined;
  },
): Promise<DashboardServer> => {
  const clients = new Set<Client>();
  const page = dashboardPage(options.title);
  const token = options.token ?? createDashboardToken();
  const maxBuffered = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  let port = 0;
  let pendingStats: DashboardMessage | undefined;
  let statsTimer: NodeJS.Timeout | undefined;

  const broadcast = (text: string): void => {
    for (const client of clients) {
      // A page that stopped reading: drop it rather than buffer without bound (its browser reconnects).
      if (client.response.writableLength > client.limit) {
        clients.delete(client);
        client.response.destroy();
        continue;
      }
      client.response.write(text);
    }
  };
  const stopListening = model.listen((message) => {
    if (message.type === 'row') {
      broadcast(sse(message));
      return;
    }
    pendingStats = message;
    statsTimer ??= setTimeout(() => {
      statsTimer = undefined;
      if (pendingStats !== undefined) broadcast(sse(pendingStats));
      pendingStats = undefined;
    }, STATS_INTERVAL_MS);
  });

  const allowedHost = (request: IncomingMessage): boolean =>
    [`${LOOPBACK}:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(request.headers.host ?? '');

  const server = createServer((request, response) => {
    if (!allowedHost(request)) {
      response.writeHead(403, { 'content-type': 'text/plain' }).end('hookstream dashboard: loopback only\n');
      return;
    }
    if (!token.matches(tokenOf(request, port))) {
      response
        .writeHead(403, { 'content-type': 'text/plain' })
        .end('hookstream dashboard: open the URL with ?token= that the dashboard printed\n');
      return;
    }
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET') {
      response.writeHead(405, { allow: 'GET' }).end();
    } else if (path === '/') {
      // The page's own requests (the event stream) carry the token as a cookie of this port only.
      response
        .writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          'set-cookie': tokenCookie(port, token.value),
        })
        .end(page);
    } else if (path === '/state') {
      response
        .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(JSON.stringify(model.snapshot()));
    } else if (path === '/events') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      response.write('retry: 1000\n\n');
      for (const message of model.snapshot()) response.write(sse(message));
      const client: Client = { response, limit: maxBuffered + response.writableLength };
      clients.add(client);
      request.on('close', () => clients.delete(client));
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    }
  });

  const close = (): Promise<void> =>
    new Promise<void>((resolve) => {
      stopListening();
      if (statsTimer !== undefined) clearTimeout(statsTimer);
      for (const client of clients) client.response.end();
      clients.clear();
      server.close(() => {
        resolve();
      });
      server.closeAllConnections();
    });

  return new Promise<DashboardServer>((resolve, reject) => {
    server.once('error', (error) => {
      stopListening();
      reject(
        new HookstreamError(`Cannot serve the dashboard on ${LOOPBACK}:${options.port ?? 0}: ${errorText(error)}`, {
          cause: error,
        }),
      );
    });
    server.listen(options.port ?? 0, LOOPBACK, () => {
      port = (server.address() as AddressInfo).port;
      resolve({
        url: `http://${LOOPBACK}:${port}/?token=${token.value}`,
        port,
        token: token.value,
        close,
        buffered: () => [...clients].map((client) => client.response.writableLength),
      });
    });
  });
};

/**
 * Feeds `model` with `hooks`' hook runs and decisions from now on, their rows labelled with `project` when given;
 * returns the function that stops it.
 */
export const feedDashboard = (
  model: Pick<DashboardModel, 'activity' | 'decision'>,
  hooks: Pick<HookSystem, 'decisions$' | 'results$'>,
  project?: string,
): (() => void) => {
  const subscriptions: Subscription[] = [
    hooks.results$.subscribe((record) => {
      model.activity(record, project);
    }),
    hooks.decisions$.subscribe((record) => {
      model.decision(record, project);
    }),
  ];
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe();
  };
};

/**
 * Serves a live dashboard of `hooks` on loopback: every event and hook run from now on, as they happen.
 *
 * @example
 * const dashboard = await serveDashboard(hooks, { port: 4848 });
 * console.log(`dashboard: ${dashboard.url}`);
 * // … the agent runs …
 * await dashboard.close();
 */
export const serveDashboard = async (
  hooks: Pick<HookSystem, 'decisions$' | 'results$' | 'sessionId'>,
  options: DashboardOptions = {},
): Promise<Dashboard> => {
  const model = createDashboardModel();
  const stop = feedDashboard(model, hooks);
  try {
    const server = await startDashboardServer(model, {
      port: options.port,
      title: options.title ?? `session ${hooks.sessionId}`,
    });
    return {
      url: server.url,
      port: server.port,
      token: server.token,
      close: async () => {
        stop();
        await server.close();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
};
