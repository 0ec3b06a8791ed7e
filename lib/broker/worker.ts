/**
 * A worker of the pool: takes run requests from the queue group and runs them with the same executor stack
 * as a host (process layer, trust, environment policy, limits), over settings of its own. A request names a
 * hook by its fingerprint only: the worker runs the hook of its own settings with that fingerprint, and
 * refuses any other — a request cannot make it run a command it does not have. Project and extension hooks
 * still need an approval in the worker's trust store. Besides the queue group, a worker pulls the runs of the
 * durable lane (lib/broker/durableLane.ts) from the pool's JetStream stream, within the same in-flight limit.
 */
import { randomUUID } from 'node:crypto';
import type { HookInput } from '../events/inputs.js';
import { componentLogger, createRootLogger, type Logger } from '../logging/logger.js';
import type { CommandHookConfig, FunctionHook, HookEntry, HookRun } from '../model/types.js';
import { standardSettingsFiles } from '../config/loadSettings.js';
import type { ConfigProblem } from '../diagnostics/problems.js';
import { createHookSettings } from '../system/hookSettings.js';
import type { HookSystemOptions, SettingsSource } from '../system/options.js';
import { runtimeEntry, type RegisterOptions } from '../system/registration.js';
import { createSystemExecutors } from '../system/systemExecutors.js';
import { createTrustGate } from '../trust/trustGate.js';
import { errorText } from '../core/guards.js';
import { connectNats, type Msg, type NatsConnection } from './connection.js';
import { consumeDurable, type DurableConsumer, type DurableLaneOptions, type JsMsg } from './durableLane.js';
import {
  brokerFingerprint,
  cancelSubject,
  decodeCancel,
  decodeRequest,
  DEFAULT_SUBJECT,
  encode,
  QUEUE_GROUP,
  type RunRequest,
  type WorkerReply,
} from './protocol.js';

/** A hook the worker registers in code (function hooks cannot live in a settings file). */
export interface WorkerHook {
  readonly event: string;
  readonly hook: FunctionHook<never> | CommandHookConfig;
  readonly options?: RegisterOptions;
}

export interface WorkerOptions extends Pick<
  HookSystemOptions,
  'processConcurrency' | 'defaultTimeoutMs' | 'forceKillAfterMs' | 'maxOutputBytes' | 'envPolicy' | 'trust'
> {
  /** `nats://host:port`, or the servers of a cluster. */
  readonly servers: string | readonly string[];
  /** The pool's subject; default `hookstream.run`. */
  readonly subject?: string;
  /** The worker's settings (files or an object), `'standard'` for those of `projectDir`. */
  readonly settings?: SettingsSource;
  /** The directory hooks run in; default the current directory. */
  readonly projectDir?: string;
  /** Hooks registered in code, besides the settings'. */
  readonly hooks?: readonly WorkerHook[];
  /** Runs at once on this worker; a request beyond it is answered `busy` (the host tries another). Default 64. */
  readonly maxInFlight?: number;
  /** How often a running run says it is alive; default 250 ms. */
  readonly heartbeatMs?: number;
  /**
   * The durable lane's consumer, or `false` to serve the queue group only. By default the worker serves it when
   * the server has JetStream and warns when it has not; given explicitly, a server without JetStream is an error.
   */
  readonly durable?: false | DurableLaneOptions;
  readonly logger?: Logger;
}

/** Where a run's answers go and how its delivery is settled: a core request, or a message of the stream. */
interface Delivery {
  /** With each heartbeat: a stream message is told that the worker is still working on it. */
  readonly alive?: () => void;
  /** The worker has no such hook: a stream message is dropped, never handed to another worker. */
  readonly refused?: () => void;
  /** After the run record is sent: a stream message is acknowledged (resolves once the server has it). */
  readonly finished?: () => Promise<void>;
}

export interface HookWorker {
  /** Stops taking requests, lets runs in flight finish, and closes the connection. */
  close(): Promise<void>;
  /** Runs in flight now. */
  readonly inFlight: number;
  /** Problems of the worker's settings (read at start). */
  readonly problems: readonly ConfigProblem[];
}

/** Connects and serves until `close`; rejects when the servers cannot be reached. */
export const startWorker = async (options: WorkerOptions): Promise<HookWorker> => {
  const root = createRootLogger(options.logger);
  const log = componentLogger(root, 'worker');
  const projectDir = options.projectDir ?? process.cwd();
  const subject = options.subject ?? DEFAULT_SUBJECT;
  const maxInFlight = options.maxInFlight ?? 64;
  const heartbeatMs = options.heartbeatMs ?? 250;
  const trust = options.trust === false ? undefined : createTrustGate(projectDir, options.trust);
  const source = options.settings === 'standard' ? standardSettingsFiles(projectDir) : options.settings;
  const settings = createHookSettings(source, true, log, trust);
  for (const { event, hook, options: registration } of options.hooks ?? []) {
    settings.registry.add(runtimeEntry(event, hook, registration).entry);
  }
  const executors = createSystemExecutors(options, {
    projectDir,
    sessionId: randomUUID(),
    trust,
    settings,
    root,
  });
  const connection: NatsConnection = await connectNats({ servers: options.servers, name: 'hookstream-worker' });
  const running = new Map<string, () => void>();
  let closing: Promise<void> | undefined;
  /** Wakes the one `close` (it is memoised) waiting for the runs in flight to finish. */
  let drained: (() => void) | undefined;
  let durable: DurableConsumer | undefined;

  /** The worker's hook with this fingerprint, if it has one. */
  const hookOf = (request: RunRequest): HookEntry | undefined =>
    settings.registry
      .getAllHooks()
      .find((entry) => entry.event === request.event && brokerFingerprint(entry) === request.fp);

  const publish = (to: string | undefined, answer: WorkerReply): void => {
    if (to !== undefined && !connection.isClosed()) connection.publish(to, encode(answer));
  };

  /**
   * Runs one request: answers `ack`, then a heartbeat every `heartbeatMs` (`alive` also runs with each), then the
   * run record; `finished` settles the delivery (a stream message is acknowledged) before the run leaves the worker.
   */
  const serve = (request: RunRequest, answer: (reply: WorkerReply) => void, delivery: Delivery): void => {
    const { id, a } = request;
    const hook = hookOf(request);
    if (hook === undefined) {
      const text = `this worker has no hook "${request.name}" for ${request.event} with fingerprint ${request.fp.slice(0, 12)}`;
      answer({ t: 'refused', id, a, message: text });
      delivery.refused?.();
      return;
    }
    answer({ t: 'ack', id, a });
    const beat = setInterval(() => {
      answer({ t: 'beat', id, a });
      delivery.alive?.();
    }, heartbeatMs);
    /** Takes the run off this worker, finished or canceled; the last one out lets a closing worker close. */
    const release = (): void => {
      clearInterval(beat);
      if (!running.delete(id)) return;
      durable?.wake();
      if (running.size === 0) drained?.();
    };
    // Registered before the start: a hook may finish inside `start`, and then nothing is left to cancel. A
    // cancellation comes from a NATS message, so never before `start` has returned.
    running.set(id, () => {
      release();
      cancel?.();
    });
    const cancel = executors.start(
      hook,
      request.input as HookInput,
      (run: HookRun) => {
        clearInterval(beat);
        answer({ t: 'run', id, a, run });
        if (delivery.finished === undefined) release();
        else void delivery.finished().finally(release);
      },
      0,
    );
  };

  const onRequest = (message: Msg): void => {
    const request = decodeRequest(message.data);
    if (typeof request === 'string') {
      log.warn(`worker: unreadable request on "${message.subject}": ${request}`);
      return;
    }
    const answer = (reply: WorkerReply): void => {
      publish(message.reply, reply);
    };
    if (closing !== undefined || running.size >= maxInFlight) answer({ t: 'busy', id: request.id, a: request.a });
    else serve(request, answer, {});
  };

  /** A run of the durable lane: answered to the host's inbox it names, acknowledged to the stream once answered. */
  const onDurable = (message: JsMsg): void => {
    const decoded = decodeRequest(message.data);
    if (typeof decoded === 'string') {
      log.warn(`worker: unreadable durable run ${message.seq}, dropped from the stream: ${decoded}`);
      message.term();
      return;
    }
    // Handed out again after a worker died holding it: the attempt is the delivery.
    const request = Object.assign({}, decoded, { a: message.info.deliveryCount });
    if (closing !== undefined) {
      message.nak();
      return;
    }
    serve(
      request,
      (reply) => {
        publish(request.r, reply);
      },
      {
        alive: () => {
          message.working();
        },
        // No reason text: servers before 2.10 ignore a `+TERM` that carries one.
        refused: () => {
          message.term();
        },
        finished: () =>
          message.ackAck().then(
            () => undefined,
            (error: unknown) => {
              log.warn(`worker: acknowledging durable run ${request.id} failed: ${errorText(error)}`);
            },
          ),
      },
    );
  };

  const requests = connection.subscribe(subject, {
    queue: QUEUE_GROUP,
    callback: (error, message) => {
      if (error === null) onRequest(message);
    },
  });
  connection.subscribe(cancelSubject(subject), {
    callback: (error, message) => {
      const id = error === null ? decodeCancel(message.data) : undefined;
      if (id !== undefined) running.get(id)?.();
    },
  });
  // The subscription is known to the server before the worker counts as started.
  await connection.flush();
  if (options.durable !== false) {
    durable = await consumeDurable(
      connection,
      subject,
      options.durable ?? {},
      () => maxInFlight - running.size,
      onDurable,
      log,
    ).catch(async (error: unknown) => {
      if (options.durable === undefined) {
        log.warn(`worker: serving the queue group only, not the durable lane: ${errorText(error)}`);
        return undefined;
      }
      await connection.close();
      throw error;
    });
  }

  return {
    get inFlight() {
      return running.size;
    },
    problems: settings.problems,
    close: () =>
      (closing ??= (async () => {
        requests.unsubscribe();
        await durable?.stop();
        if (running.size > 0) await new Promise<void>((resolve) => (drained = resolve));
        await executors.dispose();
        await connection.close();
      })()),
  };
};
