/**
 * `hookstream dashboard FILE.jsonl`: serves the live dashboard on loopback for a recording that an agent
 * is writing (its hook system's `record` option, or `fire --record`): what is in the file now, then every
 * event as it is appended. Runs until interrupted (Ctrl-C, SIGTERM), then closes the server and exits 0.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { HookstreamError } from '../core/errors.js';
import type { Dashboard } from '../tools/dashboardServer.js';
import { CliError, interrupted, printLine, printNote, type CliContext } from './context.js';

interface DashboardCliOptions {
  port: string;
}

/** The port named by `option` (`--port` …): 0 (any free port) … 65535. */
export const parsePort = (text: string, option = '--port'): number => {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535) {
    throw new CliError(`${option} must be a number from 0 to 65535 (0: any free port), received "${text}"`);
  }
  return port;
};

const dashboard = async (context: CliContext, file: string, options: DashboardCliOptions): Promise<void> => {
  const port = parsePort(options.port);
  const path = resolve(context.cwd, file);
  const [{ createDashboardModel }, { startDashboardServer }, { followRecording }] = await Promise.all([
    import('../tools/dashboardModel.js'),
    import('../tools/dashboardServer.js'),
    import('../tools/followRecording.js'),
  ]);
  const model = createDashboardModel();
  const following = followRecording(path, {
    onProblem: (message) => {
      printNote(context, message);
    },
  }).subscribe((entry) => {
    model.recorded(entry);
  });
  let server: Dashboard;
  try {
    server = await startDashboardServer(model, { port, title: path });
  } catch (error) {
    following.unsubscribe();
    throw error instanceof HookstreamError ? new CliError(error.message) : error;
  }
  printLine(context, `dashboard: ${server.url} (following ${path}; Ctrl-C to stop)`);
  await interrupted();
  following.unsubscribe();
  await server.close();
};

/** Adds the `dashboard` command to `program`. */
export const defineDashboard = (program: Command, context: CliContext): void => {
  program
    .command('dashboard')
    .description('serve a live web dashboard of a recording as it is written (on 127.0.0.1)')
    .argument('<recording>', 'the JSON-lines recording an agent writes (the record option, or fire --record)')
    .option('--port <port>', 'port on 127.0.0.1 (0: any free port)', '4848')
    .addHelpText('after', '\nThe page updates live; stop with Ctrl-C.')
    .action((file: string, options: DashboardCliOptions) => dashboard(context, file, options));
};
