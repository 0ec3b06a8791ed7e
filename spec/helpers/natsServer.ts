/**
 * A real `nats-server` for one spec file: a free loopback port, JetStream in a temp store directory, started
 * and stopped by the spec (and restarted on the same port and store for fault specs). Readiness is the port
 * accepting a connection, never a fixed wait.
 *
 * @example
 * const server = await startNatsServer();
 * // … server.url …
 * await server.stop();
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The server binary: `NATS_SERVER`, else Debian's path, else the PATH's. */
export const NATS_SERVER =
  process.env.NATS_SERVER ?? (existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : 'nats-server');

export interface NatsServer {
  readonly url: string;
  readonly port: number;
  /** Stops the server as a crash would (SIGKILL, then waits for its exit); the store directory is kept for a restart. */
  stop(): Promise<void>;
  /** Starts it again on the same port and store. */
  restart(): Promise<void>;
  /** Stops it and removes the store directory. */
  dispose(): Promise<void>;
}

/** A port nothing listens on right now (the OS picks it; it is released before the server takes it). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => {
        resolve(port);
      });
    });
  });

/** Resolves once `port` accepts a connection; rejects when the child exits first. */
const accepting = (port: number, child: ChildProcess): Promise<void> =>
  new Promise((resolve, reject) => {
    let done = false;
    const onExit = (code: number | null): void => {
      done = true;
      reject(new Error(`nats-server exited with ${String(code)} before listening on ${port}`));
    };
    child.once('exit', onExit);
    const attempt = (): void => {
      if (done) return;
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        done = true;
        child.off('exit', onExit);
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        setImmediate(attempt);
      });
    };
    attempt();
  });

export const startNatsServer = async (): Promise<NatsServer> => {
  const port = await freePort();
  const store = mkdtempSync(join(tmpdir(), 'hookstream-nats-'));
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    const started = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store], {
      stdio: 'ignore',
    });
    child = started;
    await accepting(port, started);
  };
  const stop = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    stop,
    restart: async () => {
      await stop();
      await start();
    },
    dispose: async () => {
      await stop();
      rmSync(store, { recursive: true, force: true });
    },
  };
};
