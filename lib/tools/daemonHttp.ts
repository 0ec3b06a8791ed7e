/**
 * The session daemon's optional loopback HTTP listener, for Claude Code's `"type": "http"` hooks (no process per
 * event): `POST /hook/claude/<Event>` with the hook payload as the body and `Authorization: Bearer <token>`.
 * Loopback keeps other machines out, not other users of this one, so every request must carry the per-user
 * token the daemon keeps in its 0700 runtime directory (`http-token`, mode 0600), compared in constant time.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { claudeHttpBody, type AgentAnswer } from '../protocol/agentAnswer.js';
import type { DaemonRequest } from './daemonRequest.js';
import { bearerOf, type DashboardToken } from './dashboardToken.js';

const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface DaemonHttp {
  readonly port: number;
  close(): Promise<void>;
}

/** The request's body as text; undefined when it passes {@link MAX_BODY_BYTES}. */
export const readBody = async (request: IncomingMessage): Promise<string | undefined> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
};

/** Listens on 127.0.0.1:`port` (0: any free port) and answers through `decide`. */
export const startDaemonHttp = async (
  port: number,
  token: DashboardToken,
  decide: (request: DaemonRequest) => Promise<AgentAnswer>,
): Promise<DaemonHttp> => {
  const server: Server = createServer((request, response) => {
    const match = /^\/hook\/claude\/([A-Za-z]+)$/.exec(request.url ?? '');
    if (request.method !== 'POST' || match === null) {
      response.writeHead(404).end();
      return;
    }
    if (!token.matches(bearerOf(request))) {
      response.writeHead(401).end();
      return;
    }
    const native = match[1] ?? '';
    readBody(request).then(
      async (body) => {
        if (body === undefined) {
          response.writeHead(413).end();
          return;
        }
        const answer = await decide({ agent: 'claude', event: native, cwd: '/', env: {}, stdin: body });
        response.writeHead(200, { 'content-type': 'application/json' }).end(claudeHttpBody(native, answer));
      },
      // The client went away mid-body (ECONNRESET): nobody to answer; unhandled, it would end the daemon.
      () => response.destroy(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
};
