/**
 * `hookstream serve`: the session daemon the installed hook entries talk to (lib/tools/hookDaemon.ts), on a
 * unix socket in the user's runtime directory (0700, owned by the user, checked before listening). The thin
 * client starts it on demand; it stops after `--idle-ms` without a request, on SIGINT or SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { createFileSafely } from '../core/safeWrite.js';
import { ensureRuntimeDir, runtimeDir, socketPath } from '../core/runtimeDir.js';
import type { DashboardToken } from '../tools/dashboardToken.js';
import { CliError, printLine, type CliContext } from './context.js';

interface ServeOptions {
  idleMs: string;
  quiet?: boolean;
  httpPort?: string;
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

const serve = async (context: CliContext, options: ServeOptions): Promise<void> => {
  const idleMs = Number(options.idleMs);
  if (!Number.isInteger(idleMs) || idleMs < 1 || idleMs > 2_147_483_647) {
    throw new CliError(`--idle-ms must be a whole number of milliseconds from 1, received "${options.idleMs}"`);
  }
  const dir = runtimeDir();
  const problem = ensureRuntimeDir(dir);
  if (problem !== undefined) throw new CliError(`refusing the daemon's directory: ${problem}`);
  const { startHookDaemon, DaemonRunningError } = await import('../tools/hookDaemon.js');
  const { parsePort } = await import('./dashboard.js');
  const socket = socketPath(dir);
  const http =
    options.httpPort === undefined ? undefined : { port: parsePort(options.httpPort), token: await httpToken(dir) };
  let daemon;
  try {
    daemon = await startHookDaemon(http === undefined ? { socket, idleMs } : { socket, idleMs, http });
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
  const stop = (): void => void daemon.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await daemon.closed;
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
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
    .action((options: ServeOptions) => serve(context, options));
};
