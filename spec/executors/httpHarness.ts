/**
 * Real servers for the HTTP-hook specs: node:http on 127.0.0.1 and node:https with a self-signed certificate
 * made by `openssl` when the spec starts (no key is committed). Each server records what it received and
 * answers with the handler the test gives; `close` ends every connection so no socket outlives the test.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lastValueFrom, toArray } from 'rxjs';
import { expect } from 'vitest';
import type { HookEntry, HookRun, HttpHookConfig } from '../../lib/model/types.js';
import type { EventName } from '../../lib/events/names.js';
import type { HookInput } from '../../lib/events/inputs.js';
import type { HttpExecutor } from '../../lib/executors/httpExecutor.js';
import { createEntry, withId, type CreateEntryOptions } from '../../lib/plan/createEntry.js';

export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (request: Received, response: ServerResponse) => void;

export interface TestServer {
  /** `http://127.0.0.1:<port>` or `https://localhost:<port>`, no trailing slash. */
  readonly origin: string;
  readonly received: Received[];
  close(): Promise<void>;
}

/** A self-signed certificate for localhost and 127.0.0.1, valid for a day. */
export const selfSignedCertificate = (): { key: string; cert: string } => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hookstream-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** Starts a server on a free port of 127.0.0.1; `tls` makes it https (served as `localhost`). */
export const startServer = async (handler: Handler, tls?: { key: string; cert: string }): Promise<TestServer> => {
  const received: Received[] = [];
  const listener = (request: IncomingMessage, response: ServerResponse): void => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry: Received = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      handler(entry, response);
    });
  };
  const server = tls === undefined ? http.createServer(listener) : https.createServer(tls, listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: tls === undefined ? `http://127.0.0.1:${port}` : `https://localhost:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
};

/** Answers `body` (an object is sent as JSON) with `status`. */
export const answer =
  (body: unknown, status = 200): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

let lastId = 10_000;

/** An HTTP hook entry as settings would give it (default: a project file's, hookstream's own format). */
export const httpHook = (
  event: EventName,
  definition: Omit<HttpHookConfig, 'type'>,
  options: CreateEntryOptions = { source: 'project' },
): HookEntry =>
  withId(createEntry(event, Object.assign({ type: 'http' as const }, definition), options).entry, ++lastId);

/** One run through the executor's Observable form; exactly one record. */
export const runHttp = async (executor: HttpExecutor, hook: HookEntry, input: HookInput): Promise<HookRun> => {
  const runs = await lastValueFrom(executor.execute(hook, input).pipe(toArray()));
  expect(runs).toHaveLength(1);
  return runs[0] as HookRun;
};
