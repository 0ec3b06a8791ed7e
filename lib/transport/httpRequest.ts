/**
 * One HTTP hook request: POST the input JSON, read at most `maxBytes` of the answer, all within one deadline.
 * node:http/https rather than the global fetch, for three reasons: a `ca` option (a private CA) without a
 * dependency, byte-exact capping while the body streams in, and agents of our own — Node 24's
 * `NODE_USE_ENV_PROXY=1` points the *global* agents (and fetch) at `HTTP(S)_PROXY`; these agents never use
 * a proxy, so a hook's input goes to the host in its URL and nowhere else.
 *
 * Redirects are never followed to another origin (scheme, host and port); a same-origin 307 or 308, which keep
 * the method and body, is followed up to `maxRedirects` times; any other redirect is the final answer.
 */
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';

/** The connection pools of one executor; `destroy` closes every socket (dispose). */
export interface HttpAgents {
  readonly http: http.Agent;
  readonly https: https.Agent;
  destroy(): void;
}

/** Certificates to trust instead of Node's bundled roots (a private CA), as PEM text or buffers. */
export type CertificateAuthorities = string | Buffer | (string | Buffer)[];

/** Agents that keep connections alive (a policy server answers many events) and never use a proxy. */
export const createHttpAgents = (ca?: CertificateAuthorities): HttpAgents => {
  const secure = new https.Agent({ keepAlive: true, ...(ca === undefined ? {} : { ca }) });
  const plain = new http.Agent({ keepAlive: true });
  return {
    http: plain,
    https: secure,
    destroy: () => {
      plain.destroy();
      secure.destroy();
    },
  };
};

export interface HttpPost {
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly signal: AbortSignal;
  readonly agents: HttpAgents;
  /** Plain http was allowed for loopback only: the socket's peer address is checked once connected. */
  readonly loopbackOnly: boolean;
  readonly maxRedirects: number;
}

/** What happened to one request; exactly one of `status`, `error`, `timedOut`, `aborted` describes the end. */
export interface HttpFacts {
  /** The last URL requested (a followed redirect changes it). */
  url: URL;
  status?: number;
  statusText?: string;
  body: Uint8Array;
  /** The body went past `maxBytes`: reading stopped, it must not be read as a decision. */
  overflow: boolean;
  timedOut: boolean;
  aborted: boolean;
  /** The request failed: connection, TLS, a non-loopback peer, a malformed answer, a bad header. */
  error?: string;
  /** A redirect to another origin, which is never followed. */
  redirectRefused?: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\./.test(address));

/** Connection and TLS errors in one readable line; the URL is added by the caller. */
const describeRequestError = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `host not found (${code})`;
  if (code === 'ECONNRESET') return 'connection reset by the server';
  if (code !== undefined && /CERT|TLS|SSL|SIGNATURE|ALTNAME/.test(code)) return `TLS error: ${error.message} (${code})`;
  return code === undefined ? error.message : `${error.message} (${code})`;
};

/**
 * Sends one request; `settle` gets the facts, or the URL of a same-origin redirect to follow. Once `live()` is
 * false (settled, timed out, aborted) late events — the error a destroyed socket emits — change nothing.
 */
const sendOnce = (
  post: HttpPost,
  url: URL,
  facts: HttpFacts,
  onRequest: (request: http.ClientRequest) => void,
  settle: (next?: URL) => void,
  live: () => boolean,
): void => {
  const secure = url.protocol === 'https:';
  const body = Buffer.from(post.body, 'utf8');
  const headers: Record<string, string | number> = Object.assign({}, post.headers);
  // Ours last: a hook's headers cannot change what is sent or how it is framed.
  headers['content-type'] = 'application/json';
  headers['content-length'] = body.length;
  let request: http.ClientRequest;
  try {
    request = (secure ? https : http).request(url, {
      method: 'POST',
      agent: secure ? post.agents.https : post.agents.http,
      headers,
    });
  } catch (error) {
    // Header names and values are checked here (a newline in a header value throws).
    facts.error = describeRequestError(error);
    settle();
    return;
  }
  onRequest(request);
  request.on('error', (error) => {
    if (!live()) return;
    facts.error = describeRequestError(error);
    settle();
  });
  if (post.loopbackOnly) {
    request.on('socket', (socket: Socket) => {
      const check = (): void => {
        if (isLoopbackAddress(socket.remoteAddress)) return;
        request.destroy(
          new Error(
            `${url.hostname} resolved to ${socket.remoteAddress ?? 'an unknown address'}, not a loopback address`,
          ),
        );
      };
      if (socket.connecting) socket.once('connect', check);
      else check();
    });
  }
  request.on('response', (response) => {
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (!live()) {
      response.resume();
      return;
    }
    if (REDIRECTS.has(status) && location !== undefined) {
      let target: URL | undefined;
      try {
        target = new URL(location, url);
      } catch {
        target = undefined;
      }
      if (target === undefined || target.origin !== url.origin) {
        response.resume();
        facts.status = status;
        facts.redirectRefused = `redirected (${status}) to ${target === undefined ? 'an invalid location' : `another origin, ${target.origin}`}; not followed`;
        settle();
        return;
      }
      if ((status === 307 || status === 308) && post.maxRedirects > 0) {
        response.resume();
        settle(target);
        return;
      }
    }
    facts.status = status;
    if (response.statusMessage !== undefined) facts.statusText = response.statusMessage;
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      if (!live()) return;
      size += chunk.length;
      if (size > post.maxBytes) {
        facts.overflow = true;
        // Enough read: stop the transfer rather than download what will be discarded.
        response.destroy();
        facts.body = Buffer.concat(chunks);
        settle();
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => {
      if (!live()) return;
      facts.body = Buffer.concat(chunks);
      settle();
    });
    response.on('error', (error) => {
      if (!live()) return;
      facts.error = describeRequestError(error);
      settle();
    });
  });
  request.end(body);
};

/**
 * POSTs `post.body` to `post.url` and resolves with what happened; never rejects. The deadline covers
 * connecting, redirects and reading; `signal` aborts at any point.
 */
export const postHook = (post: HttpPost): Promise<HttpFacts> =>
  new Promise<HttpFacts>((resolve) => {
    const facts: HttpFacts = {
      url: post.url,
      body: new Uint8Array(0),
      overflow: false,
      timedOut: false,
      aborted: false,
    };
    let current: http.ClientRequest | undefined;
    let done = false;
    let redirects = 0;
    const finish = (): void => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      post.signal.removeEventListener('abort', onAbort);
      resolve(facts);
    };
    const stop = (flag: 'timedOut' | 'aborted'): void => {
      if (done) return;
      facts[flag] = true;
      current?.destroy();
      finish();
    };
    const onAbort = (): void => {
      stop('aborted');
    };
    const deadline = setTimeout(() => {
      stop('timedOut');
    }, post.timeoutMs);
    const send = (url: URL): void => {
      facts.url = url;
      sendOnce(
        post,
        url,
        facts,
        (request) => {
          current = request;
        },
        (next) => {
          if (done) return;
          if (next === undefined) {
            finish();
            return;
          }
          redirects += 1;
          if (redirects > post.maxRedirects) {
            facts.error = `more than ${post.maxRedirects} redirects`;
            finish();
            return;
          }
          send(next);
        },
        () => !done,
      );
    };
    if (post.signal.aborted) {
      facts.aborted = true;
      finish();
      return;
    }
    post.signal.addEventListener('abort', onAbort, { once: true });
    send(post.url);
  });
