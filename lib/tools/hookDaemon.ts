/**
 * The session daemon behind `hookstream install`: one long-lived process per user that the agents' hook
 * entries talk to over a unix socket. It keeps a hook system per project (settings read once, the trust cache,
 * the spawn helper and persistent workers warm, session state across events), so a tool call costs one socket
 * round trip instead of a Node start and a settings load. An event no hook handles is answered without spawning
 * anything. After `idleMs` without a request it closes, disposing every system.
 *
 * Protocol: the client writes one JSON line `{ agent, event, cwd, env, stdin }` and reads one JSON line
 * `{ exitCode, stdout, stderr }` — the agent's answer (lib/protocol/agentAnswer.ts), printed as it is.
 */
import { statSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { isAbsolute } from 'node:path';
import { standardSettingsFiles } from '../config/index.js';
import { HookstreamError, nameErrorClass } from '../core/errors.js';
import { errorText, isRecord } from '../core/guards.js';
import { dialectById, dialectEvent, isDialectId } from '../dialects/registry.js';
import { isEventName } from '../events/names.js';
import { agentAnswer, failureAnswer, type AgentAnswer } from '../protocol/agentAnswer.js';
import { toCanonicalInput } from '../protocol/dialectInput.js';
import { createHookSystem, type HookSystem } from '../system/createHookSystem.js';
import { startDaemonHttp } from './daemonHttp.js';
import { PROJECT_VARIABLES, type DaemonRequest } from './daemonRequest.js';
import type { DashboardToken } from './dashboardToken.js';

export interface DaemonOptions {
  readonly socket: string;
  /** Close after this long without a request; default ten minutes. */
  readonly idleMs?: number;
  /** The home directory whose `~/.hookstream/settings.json` applies; default the process's. */
  readonly home?: string;
  /** Also listen on 127.0.0.1 at this port (0: any free one) for Claude Code's http hooks, with this token. */
  readonly http?: { readonly port: number; readonly token: DashboardToken };
}

export interface HookDaemon {
  /** The loopback HTTP listener's port, when one was asked for. */
  readonly httpPort?: number;
  /** Resolves once the daemon stopped (idle, `close()`, or a signal). */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** A project's hook system, its settings files, and their state it was built from. */
interface Held {
  readonly system: HookSystem;
  readonly paths: readonly string[];
  readonly signature: string;
}

/** A request line longer than this is refused (a payload is a prompt or a tool call, not a file system). */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

const stringIn = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' && isAbsolute(value) ? value : undefined;

/** The agent's project: its variable, else the payload's `cwd` or first workspace root, else the client's cwd. */
const projectOf = (request: DaemonRequest, raw: Record<string, unknown>): string => {
  for (const name of PROJECT_VARIABLES) {
    const value = stringIn(request.env[name]);
    if (value !== undefined) return value;
  }
  const roots = raw['workspace_roots'];
  return stringIn(raw['cwd']) ?? (Array.isArray(roots) ? stringIn(roots[0]) : undefined) ?? request.cwd;
};

/** Size and mtime of each settings file: an edit rebuilds the project's system before the next event. */
const signatureOf = (paths: readonly string[]): string =>
  paths
    .map((path) => {
      try {
        const stats = statSync(path);
        return `${stats.size}:${stats.mtimeMs}`;
      } catch {
        return '-';
      }
    })
    .join('|');

/** Starts the daemon on `options.socket` (its directory already checked by the caller). */
export const startHookDaemon = async (options: DaemonOptions): Promise<HookDaemon> => {
  const idleMs = options.idleMs ?? 600_000;
  const systems = new Map<string, Held>();
  let idleTimer: NodeJS.Timeout | undefined;
  let closing: Promise<void> | undefined;
  let resolveClosed = (): void => undefined;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });

  const systemFor = async (projectDir: string): Promise<HookSystem> => {
    const held = systems.get(projectDir);
    // Per event only the stat: the file list depends on the project and this process's environment alone.
    if (held !== undefined && signatureOf(held.paths) === held.signature) return held.system;
    // Only hookstream's own files: each agent runs the hooks of its own files itself (never twice).
    const files = standardSettingsFiles(projectDir, options.home, { dialects: ['hookstream'] });
    const paths = files.map((file) => file.path);
    const signature = signatureOf(paths);
    const system = createHookSystem({ settings: files, projectDir });
    // Replaced before the old one is awaited: an event arriving meanwhile takes the new system instead of
    // building one more that the map would then drop undisposed.
    systems.set(projectDir, { system, paths, signature });
    if (held !== undefined) await held.system.dispose();
    return system;
  };

  const decide = async (request: DaemonRequest): Promise<AgentAnswer> => {
    if (!isDialectId(request.agent)) return failureAnswer(`unknown agent "${request.agent}"`);
    const dialect = dialectById(request.agent);
    let raw: unknown = {};
    if (request.stdin.trim() !== '') {
      try {
        raw = JSON.parse(request.stdin);
      } catch (error) {
        return failureAnswer(`${dialect.label} sent invalid JSON on stdin (${errorText(error)})`);
      }
    }
    if (!isRecord(raw)) return failureAnswer(`${dialect.label} sent ${JSON.stringify(raw)}, not a JSON object`);
    const named = raw['hook_event_name'];
    const native = request.event !== '' ? request.event : typeof named === 'string' ? named : '';
    const event = dialectEvent(dialect, native);
    // An event hookstream has no hooks for: no opinion, in the agent's own words.
    if (event === undefined || !isEventName(event.canonical)) {
      return agentAnswer(dialect.id, native, { blocked: false, stopped: false });
    }
    const fields = toCanonicalInput(raw, event);
    delete fields['hook_event_name'];
    const system = await systemFor(projectOf(request, raw));
    const result = await system.fire(event.canonical, fields);
    return agentAnswer(dialect.id, native, result, fields['tool_input']);
  };

  const answer = async (line: string): Promise<AgentAnswer> => {
    let request: unknown;
    try {
      request = JSON.parse(line);
    } catch (error) {
      return failureAnswer(`the daemon received a malformed request (${errorText(error)})`);
    }
    if (!isRecord(request) || typeof request['stdin'] !== 'string' || typeof request['agent'] !== 'string') {
      return failureAnswer('the daemon received a request without agent and stdin');
    }
    const env = isRecord(request['env']) ? (request['env'] as Record<string, string>) : {};
    try {
      return await decide({
        agent: request['agent'],
        event: typeof request['event'] === 'string' ? request['event'] : '',
        cwd: typeof request['cwd'] === 'string' ? request['cwd'] : '/',
        env,
        stdin: request['stdin'],
      });
    } catch (error) {
      // hookstream itself failed: fail closed, saying why.
      return failureAnswer(errorText(error));
    }
  };

  const armIdle = (): void => {
    if (idleTimer !== undefined) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => void close(), idleMs);
    idleTimer.unref();
  };

  const serve = (socket: Socket): void => {
    armIdle();
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      if (buffered.length > MAX_REQUEST_BYTES) {
        socket.end(`${JSON.stringify(failureAnswer('the request is too large'))}\n`);
        return;
      }
      const end = buffered.indexOf('\n');
      if (end < 0) return;
      socket.pause();
      void answer(buffered.slice(0, end)).then((reply) => {
        armIdle();
        socket.end(`${JSON.stringify(reply)}\n`);
      });
    });
  };

  // Half-open: the client ends its side after the request and still reads the answer.
  const server: Server = createServer({ allowHalfOpen: true }, serve);
  await listen(server, options.socket);
  const http =
    options.http === undefined
      ? undefined
      : await startDaemonHttp(options.http.port, options.http.token, async (request) => {
          armIdle();
          try {
            return await decide(request);
          } catch (error) {
            return failureAnswer(errorText(error));
          }
        });
  armIdle();

  const close = (): Promise<void> => {
    closing ??= (async () => {
      if (idleTimer !== undefined) clearTimeout(idleTimer);
      await http?.close();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
      await Promise.all([...systems.values()].map((held) => held.system.dispose()));
      systems.clear();
      resolveClosed();
    })();
    return closing;
  };
  return http === undefined ? { closed, close } : { closed, close, httpPort: http.port };
};

/** Whether something answers on `socket`. */
const answers = (socket: string): Promise<boolean> =>
  new Promise((resolve) => {
    const probe = createConnection(socket);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => {
      resolve(false);
    });
  });

/** Another daemon already serves the socket: this one is not needed. */
export class DaemonRunningError extends HookstreamError {
  static {
    nameErrorClass(this, 'DaemonRunningError');
  }
}

/** Listens on `socket`; a stale socket file (nobody answers) is replaced, a live daemon is left alone. */
const listen = async (server: Server, socket: string): Promise<void> => {
  for (let attempt = 0; ; attempt++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(socket, () => {
          server.off('error', reject);
          resolve();
        });
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt > 0) throw error;
      if (await answers(socket)) throw new DaemonRunningError(`a hookstream daemon already listens on ${socket}`);
      unlinkSync(socket);
    }
  }
};
