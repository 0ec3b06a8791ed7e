/**
 * `npm run demo -- --dashboard [--port N]`: the session shown live in hookstream's web dashboard. The page
 * gets everything so far when it opens, so it can be opened during or after the run; the server stays up
 * after the session until Ctrl-C (or SIGTERM).
 */
import { serveDashboard, type Dashboard } from '../../lib/entry/observe.js';
import { type HookSystem } from '../../lib/index.js';

export interface DemoDashboard {
  readonly url: string;
  /** Waits for Ctrl-C / SIGTERM, then closes the server. */
  serveUntilInterrupted(): Promise<void>;
}

/** Starts the dashboard on `port` (default 4848; 0: any free port). */
export const startDemoDashboard = async (hooks: HookSystem, port: string | undefined): Promise<DemoDashboard> => {
  const dashboard: Dashboard = await serveDashboard(hooks, { port: Number(port ?? 4848), title: 'hookstream demo' });
  return {
    url: dashboard.url,
    serveUntilInterrupted: async () => {
      await new Promise<void>((resolve) => {
        const stop = (): void => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve();
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
      await dashboard.close();
    },
  };
};
