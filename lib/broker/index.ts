/**
 * hookstream/broker: hooks run by a pool of workers over NATS. A host passes `natsExecutor(...)` as its
 * `executor`; workers run `startWorker(...)` (or `hookstream worker --nats URL`). The NATS client is an optional
 * peer, loaded only when a broker connects.
 */
export { natsExecutor, type BrokerStats, type NatsExecutor, type NatsExecutorOptions } from './natsExecutor.js';
export { startWorker, type HookWorker, type WorkerHook, type WorkerOptions } from './worker.js';
export { brokerFingerprint, DEFAULT_SUBJECT, QUEUE_GROUP } from './protocol.js';
export { BrokerConnectionError } from './connection.js';
export { durableSubject, streamName, type DurableLaneOptions } from './durableLane.js';
