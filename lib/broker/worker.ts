/**
 * A worker of the pool: takes run requests from the queue group and runs them with the same executor stack
 * as a host (process layer, trust, environment policy, limits), over settings of its own. A request names a
 * hook by its fingerprint only: the worker runs the hook of its own settings with that fingerprint, and
 * refuses any other — a request cannot make it run a command it does not have. Project and extension hooks
 * still need an approval in the worker's trust store.
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
import { connectNats, type Msg, type NatsConnection } from './connection.js';
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
  readonly logger?: Logger;
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

  /** The worker's hook with this fingerprint, if it has one. */
  const hookOf = (request: RunRequest): HookEntry | undefined =>
    settings.registry
      .getAllHooks()
      .find((entry) => entry.event === request.event && brokerFingerprint(entry) === request.fp);

  const reply = (message: Msg, answer: WorkerReply): void => {
    if (message.reply !== undefined && !connection.isClosed()) connection.publish(message.reply, encode(answer));
  };

  const onRequest = (message: Msg): void => {
    const request = decodeRequest(message.data);
    if (typeof request === 'string') {
      log.warn(`worker: unreadable request on "${message.subject}": ${request}`);
      return;
    }
    const { id, a } = request;
    if (closing !== undefined || running.size >= maxInFlight) {
      reply(message, { t: 'busy', id, a });
      return;
    }
    const hook = hookOf(request);
    if (hook === undefined) {
      const text = `this worker has no hook "${request.name}" for ${request.event} with fingerprint ${request.fp.slice(0, 12)}`;
      reply(message, { t: 'refused', id, a, message: text });
      return;
    }
    reply(message, { t: 'ack', id, a });
    const beat = setInterval(() => {
      reply(message, { t: 'beat', id, a });
    }, heartbeatMs);
    /** Takes the run off this worker, finished or canceled; the last one out lets a closing worker close. */
    const release = (): void => {
      clearInterval(beat);
      running.delete(id);
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
        reply(message, { t: 'run', id, a, run });
        release();
      },
      0,
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

  return {
    get inFlight() {
      return running.size;
    },
    problems: settings.problems,
    close: () =>
      (closing ??= (async () => {
        requests.unsubscribe();
        if (running.size > 0) await new Promise<void>((resolve) => (drained = resolve));
        await executors.dispose();
        await connection.close();
      })()),
  };
};
