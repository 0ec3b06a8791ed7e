/**
 * The session daemon behind `hookstream install`: one long-lived process per user that the agents' hook
 * entries talk to over a unix socket. It keeps a hook system per project (settings read once, the trust cache,
 * the spawn helper and persistent workers warm, session state across events), so a tool call costs one socket
 * round trip instead of a Node start and a settings load. An event no hook handles is answered without spawning
 * anything. After `idleMs` without a request it closes, disposing every system and saving each session's policy
 * state for the next daemon (lib/tools/daemonProjects.ts, daemonSessions.ts). Optionally it serves a live
 * dashboard of every project it holds (lib/tools/daemonDashboard.ts) and writes each project's decision ledger.
 *
 * Protocol: the Node client writes one JSON line `{ agent, event, cwd, env, stdin }` and reads one JSON line
 * `{ exitCode, stdout, stderr }` — the agent's answer (lib/protocol/agentAnswer.ts), printed as it is. The shell
 * client posts the same request over HTTP to a second socket beside the first (lib/tools/daemonShellSocket.ts).
 */
import { createServer, type Server, type Socket } from 'node:net';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { httpSocketPath } from '../core/runtimeDir.js';
import { errorText, isRecord } from '../core/guards.js';
import { formatProblem } from '../diagnostics/problems.js';
import { dialectById, dialectEvent, isDialectId } from '../dialects/registry.js';
import { isEventName } from '../events/names.js';
import { agentAnswer, failureAnswer, shownVerdict, type AgentAnswer } from '../protocol/agentAnswer.js';
import { toCanonicalInput } from '../protocol/dialectInput.js';
import { startDaemonDashboard } from './daemonDashboard.js';
import { startDaemonHttp } from './daemonHttp.js';
import { daemonProjects, type DaemonLedger } from './daemonProjects.js';
import { answers, DaemonRunningError, listen, runningMessage } from './daemonSocket.js';
import type { DaemonRequest } from './daemonRequest.js';
import { projectOf } from './requestProject.js';
import { startShellSocket, type ShellSocket } from './daemonShellSocket.js';
import type { DashboardToken } from './dashboardToken.js';

export interface DaemonOptions {
  readonly socket: string;
  /** The shell client's HTTP socket; default `daemon-http.sock` beside `socket`. */
  readonly shellSocket?: string;
  /** Close after this long without a request; default ten minutes. */
  readonly idleMs?: number;
  /** The home directory whose `~/.hookstream/settings.json` applies; default the process's. */
  readonly home?: string;
  /** Also listen on 127.0.0.1 at this port (0: any free one) for Claude Code's http hooks, with this token. */
  readonly http?: { readonly port: number; readonly token: DashboardToken };
  /** Serve the live dashboard of every project's events on 127.0.0.1 at this port (0: any free one). */
  readonly dashboard?: { readonly port: number; readonly token: DashboardToken };
  /** Write each project's decision ledger in `dir`, one file per project (`ledgerFileOf`), signed with `key`. */
  readonly ledger?: DaemonLedger;
}

export interface HookDaemon {
  /** The loopback HTTP listener's port, when one was asked for. */
  readonly httpPort?: number;
  /** The dashboard's address with its token, when one was asked for. */
  readonly dashboardUrl?: string;
  /** Resolves once the daemon stopped (idle, `close()`, or a signal). */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** A request line longer than this is refused (a payload is a prompt or a tool call, not a file system). */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

/** Starts the daemon on `options.socket` (its directory already checked by the caller). */
export const startHookDaemon = async (options: DaemonOptions): Promise<HookDaemon> => {
  const idleMs = options.idleMs ?? 600_000;
  let idleTimer: NodeJS.Timeout | undefined;
  let closing: Promise<void> | undefined;
  let resolveClosed = (): void => undefined;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });

  const home = options.home ?? homedir();
  const projects = daemonProjects({
    home: options.home,
    ledger: options.ledger,
    sessionsDir: join(dirname(options.socket), 'sessions'),
    watch: (system, projectDir) => dashboard?.watch(system, projectDir) ?? (() => undefined),
  });

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
    const held = await projects.heldFor(projectOf(request, raw, home));
    const system = held.system;
    // A settings file that could not be used holds hooks that will not run: that is not an allow.
    const lost = system.problems.find((problem) => problem.fileInactive === true);
    if (lost !== undefined) return failureAnswer(formatProblem(lost));
    const sessionId = typeof fields['session_id'] === 'string' ? fields['session_id'] : undefined;
    const lostState = held.sessions.lost(sessionId);
    if (lostState !== undefined) return failureAnswer(lostState);
    const result = await system.fire(event.canonical, fields);
    held.sessions.seen(system, sessionId);
    return agentAnswer(dialect.id, native, shownVerdict(result), fields['tool_input']);
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

  /** {@link decide} for the HTTP listeners: each request re-arms the idle timer; a failure of hookstream's denies. */
  const decideArmed = async (request: DaemonRequest): Promise<AgentAnswer> => {
    armIdle();
    try {
      return await decide(request);
    } catch (error) {
      return failureAnswer(errorText(error));
    }
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

  // A daemon already serving is said so before this one takes any port of its own.
  if (await answers(options.socket)) throw new DaemonRunningError(runningMessage(options.socket));
  // Before the socket: a dashboard port that is taken fails the start, not the first event.
  const dashboard =
    options.dashboard === undefined
      ? undefined
      : await startDaemonDashboard(options.dashboard.port, options.dashboard.token);
  // Half-open: the client ends its side after the request and still reads the answer.
  const server: Server = createServer({ allowHalfOpen: true }, serve);
  try {
    await listen(server, options.socket);
  } catch (error) {
    await dashboard?.close();
    throw error;
  }
  let http: Awaited<ReturnType<typeof startDaemonHttp>> | undefined;
  let shell: ShellSocket | undefined;
  try {
    shell = await startShellSocket(options.shellSocket ?? httpSocketPath(dirname(options.socket)), decideArmed);
    http =
      options.http === undefined
        ? undefined
        : await startDaemonHttp(options.http.port, options.http.token, decideArmed);
  } catch (error) {
    // The http port is taken: nothing of this daemon stays listening.
    await shell?.close();
    await new Promise((resolve) => server.close(resolve));
    await dashboard?.close();
    throw error;
  }
  armIdle();

  const close = (): Promise<void> => {
    closing ??= (async () => {
      if (idleTimer !== undefined) clearTimeout(idleTimer);
      await http?.close();
      await shell?.close();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
      await projects.close();
      await dashboard?.close();
      resolveClosed();
    })();
    return closing;
  };
  const daemon: { -readonly [K in keyof HookDaemon]: HookDaemon[K] } = { closed, close };
  if (http !== undefined) daemon.httpPort = http.port;
  if (dashboard !== undefined) daemon.dashboardUrl = dashboard.url;
  return daemon;
};
