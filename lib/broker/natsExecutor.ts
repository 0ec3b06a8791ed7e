/**
 * The broker executor: a leaf that runs hooks on a pool of workers over NATS instead of in the host
 * (`createHookSystem({ executor: natsExecutor({ servers }) })`). Trust, the failure policy, observation and the
 * ledger still wrap it on the host. Each run is a request to the pool's queue group (one worker takes it):
 * - at-least-once to workers: a run whose worker goes silent (no ack, heartbeats stop, busy, no worker
 *   subscribed) is sent again, to any worker, until the hook's timeout plus `graceMs`;
 * - applied once: the first run record for a run id settles it; any later answer is counted and dropped;
 * - never hangs: an unreachable server or a silent pool settles the run as a failure at the deadline, and
 *   the hook's failure policy decides (a `required` guard blocks);
 * - bounded: at most `maxInFlight` runs on the wire and `maxWaiting` waiting; beyond that a run fails at once.
 * Runs of the durable lane (background hooks by default) are stored in the pool's JetStream stream instead
 * (lib/broker/durableLane.ts): the server, not the host, hands them to another worker when one dies, and a
 * host that goes away leaves them to the pool; the host still applies the first record and keeps the deadline.
 */
import { randomUUID } from 'node:crypto';
import type { HookEntry, HookRun } from '../model/types.js';
import { startable, type RunDone, type StartableExecutor, type StartRun } from '../executors/startRun.js';
import { BrokerConnectionError, connectNats, serversText, watchConnection, type NatsConnection } from './connection.js';
import { durablePublisher, type PublishDurable } from './durableLane.js';
import {
  brokerFingerprint,
  cancelSubject,
  decodeReply,
  DEFAULT_SUBJECT,
  encode,
  PROTOCOL_VERSION,
  type RunRequest,
  type WorkerReply,
} from './protocol.js';
import { errorText } from '../core/guards.js';

export interface NatsExecutorOptions {
  /** `nats://host:port`, or the servers of a cluster. */
  readonly servers: string | readonly string[];
  /** The pool's subject; default `hookstream.run`. */
  readonly subject?: string;
  /** Which hooks run on the pool; default every hook. The others run in the host as usual. */
  readonly remote?: (hook: HookEntry) => boolean;
  /**
   * Which of those go through the durable lane (a JetStream work queue that outlives host and worker) instead
   * of a request; default the background hooks (`async`, `asyncRewake`).
   */
  readonly durable?: (hook: HookEntry) => boolean;
  /** Runs on the wire at once; default 256. */
  readonly maxInFlight?: number;
  /** Runs waiting for a place on the wire; default 4 × `maxInFlight`. Beyond that a run fails at once. */
  readonly maxWaiting?: number;
  /** Time beyond the hook's own timeout for the worker's answer to arrive; default 1 000 ms. */
  readonly graceMs?: number;
  /** Timeout of a hook that sets none; default 60 000 ms (as in the host). */
  readonly defaultTimeoutMs?: number;
  /** A worker that has not acknowledged a request in this time is presumed gone; default 1 000 ms. */
  readonly ackTimeoutMs?: number;
  /** A running worker that has sent no heartbeat in this time is presumed dead; default 1 500 ms. */
  readonly livenessMs?: number;
  /** The first connection's timeout; default 2 000 ms. */
  readonly connectTimeoutMs?: number;
}

/** Counters of the executor, for tests, benches and dashboards. */
export interface BrokerStats {
  /** Requests sent again after a worker went silent or was busy. */
  readonly retries: number;
  /** Answers that arrived for a run already settled (a second worker, a late answer): dropped. */
  readonly duplicates: number;
  readonly inFlight: number;
  readonly waiting: number;
}

export interface NatsExecutor extends StartableExecutor {
  /** Whether a hook runs on the pool (the other hooks run in the host). */
  handles(hook: HookEntry): boolean;
  stats(): BrokerStats;
  /** Settles every pending run as canceled and closes the connection. */
  dispose(): Promise<void>;
}

interface Pending {
  readonly id: string;
  readonly hook: HookEntry;
  readonly payload: Omit<RunRequest, 'a'>;
  readonly done: RunDone;
  readonly startedAt: number;
  /** Stored in the stream, not requested: the server redelivers it, the host only waits for its record. */
  readonly durable: boolean;
  attempt: number;
  /** Why the last attempt did not settle the run, for the deadline's message. */
  problem: string;
  attemptTimer?: ReturnType<typeof setTimeout>;
  deadline?: ReturnType<typeof setTimeout>;
}

/** Background hooks take the durable lane unless the host says otherwise. */
const isBackground = (hook: HookEntry): boolean => {
  const definition = hook.definition;
  return 'async' in definition && (definition.async === true || definition.asyncRewake === true);
};

const timeoutOf = (hook: HookEntry, fallback: number): number => {
  const definition = hook.definition;
  // A function hook names its limit `timeoutMs`, every other kind `timeout`.
  const ms = 'run' in definition ? definition.timeoutMs : definition.timeout;
  return ms ?? fallback;
};

export const natsExecutor = (options: NatsExecutorOptions): NatsExecutor => {
  const subject = options.subject ?? DEFAULT_SUBJECT;
  const maxInFlight = options.maxInFlight ?? 256;
  const maxWaiting = options.maxWaiting ?? 4 * maxInFlight;
  const graceMs = options.graceMs ?? 1000;
  const ackTimeoutMs = options.ackTimeoutMs ?? 1000;
  const livenessMs = options.livenessMs ?? 1500;
  const servers = serversText(options.servers);
  // One inbox per host: every reply comes to `<inbox>.<run id>`.
  const inbox = `_INBOX.hookstream.${randomUUID().replaceAll('-', '')}`;
  const pending = new Map<string, Pending>();
  const waiting: Pending[] = [];
  const disconnectedRuns = new Set<Pending>();
  const counters = { retries: 0, duplicates: 0 };
  let connection: NatsConnection | undefined;
  let connecting: Promise<NatsConnection> | undefined;
  let connected = false;
  let disposed = false;
  let publisher: Promise<PublishDurable> | undefined;

  const connect = (): Promise<NatsConnection> =>
    (connecting ??= connectNats({
      servers: options.servers,
      name: 'hookstream-host',
      connectTimeoutMs: options.connectTimeoutMs,
    }).then(
      (opened) => {
        connection = opened;
        connected = true;
        opened.subscribe(`${inbox}.*`, {
          callback: (error, message) => {
            if (error === null) onReply(message.subject, message.data, message.headers?.code);
          },
        });
        watchConnection(opened, (up) => {
          connected = up;
          if (up) for (const run of [...disconnectedRuns]) send(run);
        });
        return opened;
      },
      (error: unknown) => {
        // The next run tries again: a server that comes up later is used.
        connecting = undefined;
        throw error;
      },
    ));

  /** Takes a run off the books (settled or canceled); says whether it held a place on the wire. */
  const takeOff = (run: Pending): boolean => {
    const index = waiting.indexOf(run);
    if (index >= 0) waiting.splice(index, 1);
    pending.delete(run.id);
    disconnectedRuns.delete(run);
    clearTimeout(run.attemptTimer);
    clearTimeout(run.deadline);
    return index < 0;
  };

  /** A run left the wire: the first one waiting takes its place. */
  const launchNext = (): void => {
    const next = waiting.shift();
    if (next !== undefined) launch(next);
  };

  const settle = (run: Pending, record: HookRun): void => {
    if (pending.get(run.id) !== run) return;
    const leftWire = takeOff(run);
    // The host's own name and source: the record is about the host's hook, whatever the worker calls it.
    const settled: HookRun = Object.assign({}, record, {
      name: run.hook.name,
      source: run.hook.origin.source,
      durationMs: Date.now() - run.startedAt,
    });
    // The waiting run takes the place before `done`: a host that starts another run inside it must queue behind.
    if (leftWire) launchNext();
    run.done(settled);
  };

  const failure = (run: Pending, outcome: 'failed' | 'timeout' | 'canceled', message: string): HookRun => ({
    name: run.hook.name,
    source: run.hook.origin.source,
    outcome,
    durationMs: 0,
    message: `Hook "${run.hook.name}" ${message}`,
  });

  /** Publishes the run's next attempt, or parks it until the connection is back. */
  const send = (run: Pending): void => {
    clearTimeout(run.attemptTimer);
    if (pending.get(run.id) !== run) return;
    if (connection === undefined || !connected) {
      run.problem = `NATS server unreachable at ${servers}`;
      disconnectedRuns.add(run);
      return;
    }
    disconnectedRuns.delete(run);
    run.attempt += 1;
    if (run.attempt > 1) counters.retries += 1;
    const body: RunRequest = Object.assign({}, run.payload, { a: run.attempt });
    if (run.durable) {
      store(connection, run, body);
      return;
    }
    connection.publish(subject, encode(body), { reply: `${inbox}.${run.id}` });
    armAttempt(run, ackTimeoutMs, `no worker acknowledged the request on "${subject}"`);
  };

  /** Stores a durable run in the stream; a publish that fails is tried again (the run id keeps it stored once). */
  const store = (opened: NatsConnection, run: Pending, body: RunRequest): void => {
    (publisher ??= durablePublisher(opened, subject).catch((error: unknown) => {
      publisher = undefined;
      throw error;
    }))
      .then((publish) => publish(Object.assign(body, { r: `${inbox}.${run.id}` })))
      .then(
        () => {
          run.problem = `it waits in the durable stream of "${subject}" for a worker`;
        },
        (error: unknown) => {
          run.problem = `could not store it in the durable stream: ${errorText(error)}`;
          if (pending.get(run.id) === run) retrySoon(run, run.problem);
        },
      );
  };

  const armAttempt = (run: Pending, ms: number, problem: string): void => {
    clearTimeout(run.attemptTimer);
    run.attemptTimer = setTimeout(() => {
      run.problem = problem;
      send(run);
    }, ms);
  };

  const retrySoon = (run: Pending, problem: string): void => {
    armAttempt(run, Math.min(200, 10 * run.attempt), problem);
  };

  const onReply = (subjectOfReply: string, data: Uint8Array, statusCode: number | undefined): void => {
    // 503 "no responders" to `<inbox>.<run id>`: nobody subscribes to the subject right now (workers restarting).
    if (statusCode === 503) {
      const run = pending.get(subjectOfReply.slice(inbox.length + 1));
      if (run !== undefined) retrySoon(run, `no worker is serving "${subject}"`);
      return;
    }
    const reply = decodeReply(data);
    if (reply === undefined) return;
    const run = pending.get(reply.id);
    if (run === undefined) {
      if (reply.t === 'run' || reply.t === 'refused') counters.duplicates += 1;
      return;
    }
    onRunReply(run, reply);
  };

  const onRunReply = (run: Pending, reply: WorkerReply): void => {
    switch (reply.t) {
      case 'run': {
        settle(run, reply.run);
        return;
      }
      case 'refused': {
        settle(run, failure(run, 'failed', `refused by the worker: ${reply.message}`));
        return;
      }
      case 'busy':
        if (reply.a === run.attempt && !run.durable) retrySoon(run, 'every worker that was asked was busy');
        return;
      default:
        // A durable run is the server's to hand out again: the host only keeps its deadline.
        if (run.durable) {
          run.problem = `a worker took it from the durable stream (delivery ${reply.a}) and has not answered`;
          return;
        }
        // An acknowledgement or heartbeat of the current attempt: the worker is alive.
        if (reply.a === run.attempt) armAttempt(run, livenessMs, 'the worker running it stopped answering');
    }
  };

  /** Puts a run on the wire once the connection is open. */
  const launch = (run: Pending): void => {
    if (disposed) return;
    if (connection !== undefined) {
      send(run);
      return;
    }
    connect().then(
      () => {
        send(run);
      },
      (error: unknown) => {
        const message = error instanceof BrokerConnectionError ? error.message : errorText(error);
        settle(run, failure(run, 'failed', `could not run on the worker pool: ${message}`));
      },
    );
  };

  const start: StartRun = (hook, input, done) => {
    const id = randomUUID();
    const run: Pending = {
      id,
      hook,
      payload: { v: PROTOCOL_VERSION, id, event: hook.event, fp: brokerFingerprint(hook), name: hook.name, input },
      done,
      startedAt: Date.now(),
      durable: (options.durable ?? isBackground)(hook),
      attempt: 0,
      problem: 'no worker answered',
    };
    if (disposed) {
      done(failure(run, 'failed', 'could not run: the broker executor was disposed'));
      return undefined;
    }
    if (pending.size >= maxInFlight + maxWaiting) {
      done(
        failure(run, 'failed', `could not run: ${pending.size} runs are already in flight or waiting on the broker`),
      );
      return undefined;
    }
    pending.set(id, run);
    const limitMs = timeoutOf(hook, options.defaultTimeoutMs ?? 60_000) + graceMs;
    run.deadline = setTimeout(() => {
      const outcome = run.problem.startsWith('NATS server unreachable') ? 'failed' : 'timeout';
      settle(run, failure(run, outcome, `got no answer from the worker pool within ${limitMs} ms: ${run.problem}`));
    }, limitMs);
    if (pending.size - waiting.length > maxInFlight) waiting.push(run);
    else launch(run);
    return () => {
      if (pending.get(id) !== run) return;
      const leftWire = takeOff(run);
      // A durable run is left to the pool: it outlives the host that stored it.
      if (connected && !run.durable) connection?.publish(cancelSubject(subject), encode({ cancel: id }));
      if (leftWire) launchNext();
    };
  };

  return Object.assign(startable(start), {
    handles: (hook: HookEntry) => options.remote?.(hook) ?? true,
    stats: (): BrokerStats => ({
      retries: counters.retries,
      duplicates: counters.duplicates,
      inFlight: pending.size - waiting.length,
      waiting: waiting.length,
    }),
    dispose: async () => {
      disposed = true;
      for (const run of [...pending.values()]) {
        settle(run, failure(run, 'canceled', 'was canceled: the broker executor was disposed'));
      }
      const opened = connection ?? (await connecting?.catch(() => undefined));
      await opened?.close();
    },
  });
};
