/**
 * `hookstream serve`: the session daemon the installed hook entries talk to (lib/tools/hookDaemon.ts), on a
 * unix socket in the user's runtime directory (0700, owned by the user, checked before listening). The thin
 * client starts it on demand; it stops after `--idle-ms` without a request, on SIGINT or SIGTERM. With
 * `--dashboard-port` it serves the live dashboard of every project it holds, its URL (with the per-user token)
 * kept in `dashboard-url` in the runtime directory; with `--ledger-dir` it writes each project's decision ledger.
 * Each option has an environment variable, so that a daemon the hook client starts gets them as well.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { errorText } from '../core/guards.js';
import { createFileSafely, replaceFileSafely } from '../core/safeWrite.js';
import { ensureRuntimeDir, runtimeDir, socketPath } from '../core/runtimeDir.js';
import type { DashboardToken } from '../tools/dashboardToken.js';
import { CliError, printLine, type CliContext } from './context.js';

interface ServeOptions {
  idleMs: string;
  quiet?: boolean;
  httpPort?: string;
  dashboardPort?: string;
  ledgerDir?: string;
  ledgerKey?: string;
}

/** The per-user token of the HTTP listener: kept in the runtime directory (0600), made on first use. */
const httpToken = async (dir: string): Promise<DashboardToken> => {
  const { createDashboardToken } = await import('../tools/dashboardToken.js');
  try {
    return createDashboardToken(readFileSync(join(dir, 'http-token'), 'utf8').trim());
  } catch {
    const token = createDashboardToken();
    createFileSafely(dir, 'http-token', `${token.value}\n`, { mode: 0o600 });
    return token;
  }
};

/** The ledger directory (made 0700 when missing) and the signing key's PEM text, when asked for. */
const ledgerOf = (context: CliContext, options: ServeOptions): { dir: string; key?: string } | undefined => {
  if (options.ledgerDir === undefined || options.ledgerDir === '') {
    if (options.ledgerKey !== undefined && options.ledgerKey !== '') {
      throw new CliError('--ledger-key signs the ledger: it needs --ledger-dir as well');
    }
    return undefined;
  }
  const dir = resolve(context.cwd, options.ledgerDir);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new CliError(`cannot create the ledger directory ${dir}: ${errorText(error)}`);
  }
  if (options.ledgerKey === undefined || options.ledgerKey === '') return { dir };
  try {
    return { dir, key: readFileSync(resolve(context.cwd, options.ledgerKey), 'utf8') };
  } catch (error) {
    throw new CliError(`cannot read the ledger key ${options.ledgerKey}: ${errorText(error)}`);
  }
};

const serve = async (context: CliContext, options: ServeOptions): Promise<void> => {
  const idleMs = Number(options.idleMs);
  if (!Number.isInteger(idleMs) || idleMs < 1 || idleMs > 2_147_483_647) {
    throw new CliError(`--idle-ms must be a whole number of milliseconds from 1, received "${options.idleMs}"`);
  }
  const dir = runtimeDir();
  const problem = ensureRuntimeDir(dir);
  if (problem !== undefined) throw new CliError(`refusing the daemon's directory: ${problem}`);
  const [{ startHookDaemon }, { DaemonRunningError }] = await Promise.all([
    import('../tools/hookDaemon.js'),
    import('../tools/daemonSocket.js'),
  ]);
  const { parsePort } = await import('./dashboard.js');
  const socket = socketPath(dir);
  const wanted = (port: string | undefined): port is string => port !== undefined && port !== '';
  const httpPort = wanted(options.httpPort) ? parsePort(options.httpPort, '--http-port') : undefined;
  const dashboardPort = wanted(options.dashboardPort)
    ? parsePort(options.dashboardPort, '--dashboard-port')
    : undefined;
  // One per-user token for both listeners: the http hooks' and the dashboard's.
  const token = httpPort === undefined && dashboardPort === undefined ? undefined : await httpToken(dir);
  const ledger = ledgerOf(context, options);
  let daemon;
  try {
    daemon = await startHookDaemon({
      socket,
      idleMs,
      ...(token !== undefined && httpPort !== undefined && { http: { port: httpPort, token } }),
      ...(token !== undefined && dashboardPort !== undefined && { dashboard: { port: dashboardPort, token } }),
      ...(ledger !== undefined && { ledger }),
    });
  } catch (error) {
    // Two clients may start a daemon at once: the second finds the first listening, and that is fine.
    if (error instanceof DaemonRunningError) {
      if (options.quiet !== true) printLine(context, error.message);
      return;
    }
    throw error;
  }
  if (options.quiet !== true) printLine(context, `hookstream daemon listening on ${socket} (idle stop ${idleMs} ms)`);
  if (options.quiet !== true && daemon.httpPort !== undefined) {
    printLine(
      context,
      `http hooks: http://127.0.0.1:${daemon.httpPort}/hook/claude/<Event> (token in ${join(dir, 'http-token')})`,
    );
  }
  const urlFile = join(dir, 'dashboard-url');
  if (daemon.dashboardUrl !== undefined) {
    replaceFileSafely(dir, 'dashboard-url', `${daemon.dashboardUrl}\n`, { mode: 0o600 });
    if (options.quiet !== true) printLine(context, `dashboard: ${daemon.dashboardUrl} (also in ${urlFile})`);
  }
  if (options.quiet !== true && ledger !== undefined) printLine(context, `decision ledgers in ${ledger.dir}`);
  const stop = (): void => void daemon.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await daemon.closed;
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  if (daemon.dashboardUrl !== undefined) rmSync(urlFile, { force: true });
};

/** Adds the `serve` command to `program`. */
export const defineServe = (program: Command, context: CliContext): void => {
  program
    .command('serve')
    .description("run the session daemon the installed agents' hook entries call (started on demand by them)")
    .option(
      '--idle-ms <ms>',
      'stop after this long without a hook event',
      process.env.HOOKSTREAM_DAEMON_IDLE_MS ?? '600000',
    )
    .option('--quiet', 'print nothing (how the hook client starts it)')
    .option('--http-port <port>', "also answer Claude Code's http hooks on 127.0.0.1 (0: any free port)")
    .option(
      '--dashboard-port <port>',
      'serve the live dashboard of every project on 127.0.0.1 (0: any free port)',
      process.env.HOOKSTREAM_DASHBOARD_PORT,
    )
    .option(
      '--ledger-dir <dir>',
      "write each project's decision ledger in this directory",
      process.env.HOOKSTREAM_LEDGER_DIR,
    )
    .option(
      '--ledger-key <file>',
      'sign the ledgers with this Ed25519 private key (PEM)',
      process.env.HOOKSTREAM_LEDGER_KEY,
    )
    .action((options: ServeOptions) => serve(context, options));
};
