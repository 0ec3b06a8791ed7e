/**
 * The dashboard's HTTP server, on loopback only: `/` is the self-contained page, `/events` a Server-Sent
 * Events stream (every row kept so far, then each change), `/state` the same as one JSON document for
 * scripts. Requests naming another host are refused, so a web page cannot reach the server through DNS
 * rebinding. Row changes go out at once; the latency table at most every `STATS_INTERVAL_MS`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Subscription } from 'rxjs';
import { HookstreamError } from '../core/errors.js';
import { errorText } from '../core/guards.js';
import type { HookSystem } from '../system/hookSystem.js';
import { createDashboardModel, type DashboardMessage, type DashboardModel } from './dashboardModel.js';
import { dashboardPage } from './dashboardPage.js';

export interface DashboardOptions {
  /** Port on 127.0.0.1; default 0: any free port (read it from `url`). */
  port?: number;
  /** The page's title; default the session id. */
  title?: string;
}

export interface Dashboard {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  readonly port: number;
  /** Stops listening, ends every open page's stream, and stops watching the hooks. */
  close(): Promise<void>;
}

const LOOPBACK = '127.0.0.1';
/** Slowest refresh of the latency table while hooks finish in bursts. */
const STATS_INTERVAL_MS = 250;

const sse = (message: DashboardMessage): string => `data: ${JSON.stringify(message)}\n\n`;

/** Serves `model` on loopback; resolves once listening. */
export const startDashboardServer = (
  model: DashboardModel,
  options: { port?: number; title: string },
): Promise<Dashboard> => {
  const clients = new Set<ServerResponse>();
  const page = dashboardPage(options.title);
  let port = 0;
  let pendingStats: DashboardMessage | undefined;
  let statsTimer: NodeJS.Timeout | undefined;

  const broadcast = (text: string): void => {
    for (const client of clients) client.write(text);
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
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET') {
      response.writeHead(405, { allow: 'GET' }).end();
    } else if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
    } else if (path === '/state') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(model.snapshot()));
    } else if (path === '/events') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      response.write('retry: 1000\n\n');
      for (const message of model.snapshot()) response.write(sse(message));
      clients.add(response);
      request.on('close', () => clients.delete(response));
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    }
  });

  const close = (): Promise<void> =>
    new Promise<void>((resolve) => {
      stopListening();
      if (statsTimer !== undefined) clearTimeout(statsTimer);
      for (const client of clients) client.end();
      clients.clear();
      server.close(() => {
        resolve();
      });
      server.closeAllConnections();
    });

  return new Promise<Dashboard>((resolve, reject) => {
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
      resolve({ url: `http://${LOOPBACK}:${port}/`, port, close });
    });
  });
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
  const subscriptions: Subscription[] = [
    hooks.results$.subscribe((record) => {
      model.activity(record);
    }),
    hooks.decisions$.subscribe((record) => {
      model.decision(record);
    }),
  ];
  const stop = (): void => {
    for (const subscription of subscriptions) subscription.unsubscribe();
  };
  try {
    const server = await startDashboardServer(model, {
      port: options.port,
      title: options.title ?? `session ${hooks.sessionId}`,
    });
    return {
      url: server.url,
      port: server.port,
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
