/**
 * The session daemon's unix socket: listening on it, and telling a live daemon from a stale socket file. One
 * daemon per socket: a second one finds the first answering and stops with {@link DaemonRunningError}.
 */
import { unlinkSync } from 'node:fs';
import { createConnection, type Server } from 'node:net';
import { HookstreamError, nameErrorClass } from '../core/errors.js';

/** Whether something answers on `socket`. */
export const answers = (socket: string): Promise<boolean> =>
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

export const runningMessage = (socket: string): string => `a hookstream daemon already listens on ${socket}`;

/** Another daemon already serves the socket: this one is not needed. */
export class DaemonRunningError extends HookstreamError {
  static {
    nameErrorClass(this, 'DaemonRunningError');
  }
}

/** Listens on `socket`; a stale socket file (nobody answers) is replaced, a live daemon is left alone. */
export const listen = async (server: Server, socket: string): Promise<void> => {
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
      if (await answers(socket)) throw new DaemonRunningError(runningMessage(socket));
      unlinkSync(socket);
    }
  }
};
