/**
 * The session daemon behind `hookstream install`: one long-lived process per user that the agents' hook
 * entries talk to over a unix socket. It keeps a hook system per project (settings read once, the trust cache,
 * the spawn helper and persistent workers warm, session state across events), so a tool call costs one socket
 * round trip instead of a Node start and a settings load. An event no hook handles is answered without spawning
 * anything. After `idleMs` without a request it closes, disposing every system. Optionally it serves a live
 * dashboard of every project it holds (lib/tools/daemonDashboard.ts) and writes each project's decision ledger.
 *
 * Protocol: the Node client writes one JSON line `{ agent, event, cwd, env, stdin }` and reads one JSON line
 * `{ exitCode, stdout, stderr }` — the agent's answer (lib/protocol/agentAnswer.ts), printed as it is. The shell
 * client posts the same request over HTTP to a second socket beside the first (lib/tools/daemonShellSocket.ts).
 */
import { statSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { standardSettingsFiles } from '../config/index.js';
import { httpSocketPath } from '../core/runtimeDir.js';
import { errorText, isRecord } from '../core/guards.js';
import { formatProblem } from '../diagnostics/problems.js';
import { dialectById, dialectEvent, isDialectId } from '../dialects/registry.js';
import { isEventName } from '../events/names.js';
import { agentAnswer, failureAnswer, shownVerdict, type AgentAnswer } from '../protocol/agentAnswer.js';
import { toCanonicalInput } from '../protocol/dialectInput.js';
import { createHookSystem, type HookSystem } from '../system/createHookSystem.js';
import { sha256 } from '../trust/fileMemo.js';
import { startDaemonDashboard } from './daemonDashboard.js';
import { startDaemonHttp } from './daemonHttp.js';
import { answers, DaemonRunningError, listen, runningMessage } from './daemonSocket.js';
import { PROJECT_VARIABLES, type DaemonRequest } from './daemonRequest.js';
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
  /** Write each project's decision ledger in `dir` ({@link ledgerFileOf}), checkpoints signed with `key` (PEM). */
  readonly ledger?: { readonly dir: string; readonly key?: string | undefined };
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

/** A project's hook system, its settings files, and their state it was built from. */
interface Held {
  readonly system: HookSystem;
  readonly paths: readonly string[];
  readonly signature: string;
  /** Stops the dashboard showing the system. */
  readonly unwatch: () => void;
}

/** The ledger of `projectDir` in `dir`: its name for a reader, a digest of its whole path so two never share. */
export const ledgerFileOf = (dir: string, projectDir: string): string =>
  join(dir, `${basename(projectDir).replace(/[^\w.-]/g, '_')}-${sha256(projectDir).slice(0, 12)}.ledger`);

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
  // Each project's system as a promise: a rebuild disposes the old one (closing its ledger) before the new one
  // opens the same file, and an event arriving meanwhile waits for the new one instead of building another.
  const systems = new Map<string, Promise<Held>>();
  let idleTimer: NodeJS.Timeout | undefined;
  let closing: Promise<void> | undefined;
  let resolveClosed = (): void => undefined;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });

  const build = (projectDir: string): Held => {
    // Only hookstream's own files: each agent runs the hooks of its own files itself (never twice).
    const files = standardSettingsFiles(projectDir, options.home, { dialects: ['hookstream'] });
    const paths = files.map((file) => file.path);
    const signature = signatureOf(paths);
    const system = createHookSystem(
      options.ledger === undefined
        ? { settings: files, projectDir }
        : {
            settings: files,
            projectDir,
            ledger: { path: ledgerFileOf(options.ledger.dir, projectDir), key: options.ledger.key },
          },
    );
    return { system, paths, signature, unwatch: dashboard?.watch(system, projectDir) ?? (() => undefined) };
  };
  const release = async (held: Held): Promise<void> => {
    held.unwatch();
    await held.system.dispose();
  };

  const systemFor = async (projectDir: string): Promise<HookSystem> => {
    const current = systems.get(projectDir);
    if (current !== undefined) {
      const held = await current;
      // Per event only the stat: the file list depends on the project and this process's environment alone.
      if (signatureOf(held.paths) === held.signature) return held.system;
      // Another event started the rebuild meanwhile: take its system.
      if (systems.get(projectDir) !== current) return systemFor(projectDir);
    }
    const next = (async () => {
      if (current !== undefined) await release(await current);
      return build(projectDir);
    })();
    systems.set(projectDir, next);
    // A system that cannot be built (its ledger cannot be opened) fails this event; the next one tries again.
    next.catch(() => {
      if (systems.get(projectDir) === next) systems.delete(projectDir);
    });
    return (await next).system;
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
    // A settings file that could not be used holds hooks that will not run: that is not an allow.
    const lost = system.problems.find((problem) => problem.fileInactive === true);
    if (lost !== undefined) return failureAnswer(formatProblem(lost));
    const result = await system.fire(event.canonical, fields);
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
      const held = await Promise.allSettled([...systems.values()]);
      systems.clear();
      const built = held.flatMap((entry) => (entry.status === 'fulfilled' ? [entry.value] : []));
      await Promise.all(built.map(release));
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
