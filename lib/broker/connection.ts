/**
 * The NATS connection of a host or a worker. The client is an optional peer, loaded here with a dynamic
 * import on first use: a host that never uses the broker never loads it (nor needs it installed).
 */
import type { NatsConnection } from '@nats-io/transport-node';
import { HookstreamError, nameErrorClass } from '../core/errors.js';
import { errorText } from '../core/guards.js';

export type { NatsConnection, Msg, Subscription } from '@nats-io/transport-node';

/** The NATS server(s) could not be reached, or the client is not installed. */
export class BrokerConnectionError extends HookstreamError {
  static {
    nameErrorClass(this, 'BrokerConnectionError');
  }
}

export interface ConnectOptions {
  /** `nats://host:port`, or several: the client picks one and fails over to the others. */
  readonly servers: string | readonly string[];
  /** The connection's name, shown by the server's monitoring. */
  readonly name?: string;
  /** How long the first connection may take before the servers count as unreachable; default 2 000 ms. */
  readonly connectTimeoutMs?: number;
}

export const serversText = (servers: string | readonly string[]): string =>
  typeof servers === 'string' ? servers : servers.join(', ');

/**
 * Connects, and keeps reconnecting forever after a lost connection (a restarted server is found again);
 * rejects with a `BrokerConnectionError` saying which servers could not be reached.
 */
export const connectNats = async (options: ConnectOptions): Promise<NatsConnection> => {
  let transport: typeof import('@nats-io/transport-node');
  try {
    transport = await import('@nats-io/transport-node');
  } catch (error) {
    throw new BrokerConnectionError(
      `the broker needs the optional package @nats-io/transport-node (npm install @nats-io/transport-node): ${errorText(error)}`,
      { cause: error },
    );
  }
  try {
    return await transport.connect({
      servers: typeof options.servers === 'string' ? options.servers : [...options.servers],
      name: options.name,
      timeout: options.connectTimeoutMs ?? 2000,
      maxReconnectAttempts: -1,
      // Short waits: a restarted server is used again within a quarter of a second.
      reconnectTimeWait: 250,
      reconnectJitter: 50,
    });
  } catch (error) {
    throw new BrokerConnectionError(`NATS server unreachable at ${serversText(options.servers)}: ${errorText(error)}`, {
      cause: error,
    });
  }
};

/** Calls `onChange(connected)` as the connection is lost and found again, until it closes. */
export const watchConnection = (connection: NatsConnection, onChange: (connected: boolean) => void): void => {
  void (async () => {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect') onChange(false);
      else if (status.type === 'reconnect') onChange(true);
    }
  })().catch(() => undefined);
};
