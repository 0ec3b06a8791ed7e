/**
 * The session daemon's live dashboard: one page for every project's hook system the daemon holds, fed by each
 * system's `results$` and `decisions$` while it is held (a system rebuilt after a settings edit is watched from
 * then on), each row labelled with its project, which the page shows and filters by. It is the dashboard of `serveDashboard` — same model, page and loopback server — behind the daemon's
 * per-user token (the one of its http hook listener, kept 0600 in the runtime directory), so its URL stays the
 * same across daemon restarts.
 */
import type { HookSystem } from '../system/hookSystem.js';
import { createDashboardModel } from './dashboardModel.js';
import { feedDashboard, startDashboardServer, type DashboardServer } from './dashboardServer.js';
import type { DashboardToken } from './dashboardToken.js';

export interface DaemonDashboard {
  readonly url: string;
  readonly port: number;
  /**
   * Shows `system`'s events from now on, each row labelled with `project` (its directory); returns the function
   * that stops it (call it before disposing).
   */
  watch(system: Pick<HookSystem, 'results$' | 'decisions$'>, project: string): () => void;
  close(): Promise<void>;
}

/** Serves the daemon's dashboard on 127.0.0.1:`port` (0: any free port) behind `token`. */
export const startDaemonDashboard = async (port: number, token: DashboardToken): Promise<DaemonDashboard> => {
  const model = createDashboardModel();
  const server: DashboardServer = await startDashboardServer(model, { port, token, title: 'hookstream daemon' });
  return {
    url: server.url,
    port: server.port,
    watch: (system, project) => feedDashboard(model, system, project),
    close: () => server.close(),
  };
};
