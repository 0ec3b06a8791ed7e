/**
 * The durable lane: runs that must outlive the process that asked for them (background hooks, by default) go
 * to a JetStream work-queue stream instead of a core request. The server stores each run once — the run id is
 * its `Nats-Msg-Id`, so a publish retried by the host is not stored twice — and hands it to one worker through
 * a pull consumer the pool shares. A worker acknowledges a run once it has answered; a worker that dies holding
 * one stops saying it is working on it, and after `ackWaitMs` the server gives it to another worker. An
 * acknowledged run leaves the stream. The JetStream client is loaded here on first use, like the core one.
 */
import type { ConsumerMessages, JetStreamManager, JsMsg } from '@nats-io/jetstream';
import { errorText } from '../core/guards.js';
import type { Logger } from '../logging/logger.js';
import { BrokerConnectionError, type NatsConnection } from './connection.js';
import { encode, QUEUE_GROUP, type RunRequest } from './protocol.js';

export type { JsMsg } from '@nats-io/jetstream';

/** How the pool's consumer treats a run; set by the first worker that creates the consumer. */
export interface DurableLaneOptions {
  /** A worker that holds a run this long without saying it is working on it is presumed dead; default 1 500 ms. */
  readonly ackWaitMs?: number;
  /** Deliveries of one run before the server gives up on it (a run that kills every worker); default 5. */
  readonly maxDeliver?: number;
  /** Runs handed out and not yet acknowledged, over the whole pool; default 1 000. */
  readonly maxAckPending?: number;
}

/** The subject the pool's stream captures: the pool's subject plus `.durable`. */
export const durableSubject = (subject: string): string => `${subject}.durable`;

/** The stream's name, from the pool's subject (`hookstream.run` → `HOOKSTREAM_RUN`). */
export const streamName = (subject: string): string => subject.replace(/[^A-Za-z0-9_-]/g, '_').toUpperCase();

/** At most this many runs wait in the stream; beyond it a publish fails and the host's failure policy decides. */
const MAX_STORED = 100_000;
/** How long a publish retried by the host is recognised as the same run. */
const DUPLICATE_WINDOW_MS = 120_000;
/** A worker's pull request lasts this long; short, so that a restarted server is asked again soon. */
const PULL_EXPIRES_MS = 2000;

const ms = (value: number): number => value * 1_000_000;

const loadJetStream = async (): Promise<typeof import('@nats-io/jetstream')> => {
  try {
    return await import('@nats-io/jetstream');
  } catch (error) {
    throw new BrokerConnectionError(
      `the durable lane needs the optional package @nats-io/jetstream (npm install @nats-io/jetstream): ${errorText(error)}`,
      { cause: error },
    );
  }
};

/** Creates the pool's stream unless it exists (another host or worker may have made it, perhaps with other limits). */
const ensureStream = async (
  lib: typeof import('@nats-io/jetstream'),
  manager: JetStreamManager,
  subject: string,
): Promise<void> => {
  const name = streamName(subject);
  try {
    await manager.streams.add({
      name,
      subjects: [durableSubject(subject)],
      retention: lib.RetentionPolicy.Workqueue,
      storage: lib.StorageType.File,
      discard: lib.DiscardPolicy.New,
      max_msgs: MAX_STORED,
      duplicate_window: ms(DUPLICATE_WINDOW_MS),
    });
  } catch (error) {
    await manager.streams.info(name).catch(() => {
      throw new BrokerConnectionError(`could not create the JetStream stream ${name}: ${errorText(error)}`, {
        cause: error,
      });
    });
  }
};

/** The host's side: stores a run in the stream (resolves once the server has it). */
export type PublishDurable = (request: RunRequest) => Promise<void>;

export const durablePublisher = async (connection: NatsConnection, subject: string): Promise<PublishDurable> => {
  const lib = await loadJetStream();
  await ensureStream(lib, await lib.jetstreamManager(connection), subject);
  const client = lib.jetstream(connection);
  const target = durableSubject(subject);
  return async (request) => {
    // A duplicate acknowledgement means an earlier attempt of this run is stored: nothing more to do.
    await client.publish(target, encode(request), { msgID: request.id, timeout: 2000 });
  };
};

export interface DurableConsumer {
  /** A place came free on the worker: pull again. */
  wake(): void;
  /** Stops pulling; runs already handed to `handle` go on. */
  stop(): Promise<void>;
}

/**
 * The worker's side: pulls runs from the pool's consumer, never more than `free()` at once (back-pressure: a run
 * this worker cannot start stays in the stream for another), and hands each to `handle`, which acknowledges it.
 */
export const consumeDurable = async (
  connection: NatsConnection,
  subject: string,
  options: DurableLaneOptions,
  free: () => number,
  handle: (message: JsMsg) => void,
  log: Logger,
): Promise<DurableConsumer> => {
  const lib = await loadJetStream();
  const manager = await lib.jetstreamManager(connection);
  const stream = streamName(subject);
  const ensure = async (): Promise<void> => {
    await ensureStream(lib, manager, subject);
    try {
      await manager.consumers.add(stream, {
        durable_name: QUEUE_GROUP,
        ack_policy: lib.AckPolicy.Explicit,
        ack_wait: ms(options.ackWaitMs ?? 1500),
        max_deliver: options.maxDeliver ?? 5,
        max_ack_pending: options.maxAckPending ?? 1000,
      });
    } catch (error) {
      await manager.consumers.info(stream, QUEUE_GROUP).catch(() => {
        throw new BrokerConnectionError(`could not create the JetStream consumer of ${stream}: ${errorText(error)}`, {
          cause: error,
        });
      });
    }
  };
  await ensure();
  const client = lib.jetstream(connection);
  let stopped = false;
  let batch: ConsumerMessages | undefined;
  let waiting: (() => void) | undefined;
  const pause = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      waiting = resolve;
      setTimeout(resolve, ms);
    });

  const pull = async (): Promise<void> => {
    const consumer = await client.consumers.get(stream, QUEUE_GROUP);
    batch = await consumer.fetch({ max_messages: free(), expires: PULL_EXPIRES_MS });
    for await (const message of batch) handle(message);
  };

  const loop = (async () => {
    while (!stopped) {
      if (free() <= 0) {
        await new Promise<void>((resolve) => (waiting = resolve));
        continue;
      }
      try {
        await pull();
      } catch (error) {
        if (stopped || connection.isClosed()) return;
        // The server restarted or lost the consumer: say so, make sure both exist again, and pull again.
        log.warn(`worker: pulling durable runs from ${stream} failed: ${errorText(error)}`);
        await pause(250);
        await ensure().catch((failure: unknown) => {
          log.warn(`worker: ${errorText(failure)}`);
        });
      }
    }
  })();

  return {
    wake: () => {
      waiting?.();
      waiting = undefined;
    },
    stop: async () => {
      stopped = true;
      waiting?.();
      batch?.stop();
      await loop;
    },
  };
};
