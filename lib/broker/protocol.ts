/**
 * The wire protocol between a host's broker executor and the workers of a pool: one JSON message per NATS
 * message. A request names its hook by a fingerprint of what the hook is — never by a command line — so a
 * worker runs only a hook of its own settings with that fingerprint: a request cannot make it run anything else.
 */
import { errorText, isRecord } from '../core/guards.js';
import { kindSubject } from '../kinds/table.js';
import type { HookEntry, HookOutcome, HookRun } from '../model/types.js';
import { canonicalJson } from '../trust/fingerprint.js';
import { sha256 } from '../trust/fileMemo.js';

/** Bumped when a message changes meaning; a worker refuses a version it does not speak. */
export const PROTOCOL_VERSION = 1;

/** The default subject of the pool; workers of one pool share it and the queue group. */
export const DEFAULT_SUBJECT = 'hookstream.run';
export const QUEUE_GROUP = 'hookstream-workers';

/** Cancellations go to every worker (no queue group): only the one running the run acts on it. */
export const cancelSubject = (subject: string): string => `${subject}.cancel`;

/** What a host asks a worker to run. */
export interface RunRequest {
  readonly v: number;
  /** The run id: unique per run, the same on every attempt; the host applies the first answer only. */
  readonly id: string;
  /** The attempt number (1, 2, …): liveness messages of an abandoned attempt are ignored. */
  readonly a: number;
  readonly event: string;
  /** `brokerFingerprint` of the host's hook. */
  readonly fp: string;
  /** The hook's display name on the host, for the worker's messages. */
  readonly name: string;
  /** The event's input (the host's canonical fields; the worker's executor renders the hook's dialect). */
  readonly input: Record<string, unknown>;
  /** Where the answers go, for a run of the durable lane (a stream message has no reply subject of its own). */
  readonly r?: string;
}

/** What a worker sends back on the request's reply subject. */
export type WorkerReply =
  /** Taken: the run has started; heartbeats follow while it runs. */
  | { readonly t: 'ack'; readonly id: string; readonly a: number }
  /** Still running (the worker is alive). */
  | { readonly t: 'beat'; readonly id: string; readonly a: number }
  /** The worker is at its in-flight limit: try another. */
  | { readonly t: 'busy'; readonly id: string; readonly a: number }
  /** The worker has no approved hook with this fingerprint; `message` says so. */
  | { readonly t: 'refused'; readonly id: string; readonly a: number; readonly message: string }
  /** The run record. */
  | { readonly t: 'run'; readonly id: string; readonly a: number; readonly run: HookRun };

/**
 * The identity of a hook across machines: its event, matcher, dialect and its definition as its kind pins it
 * (a command's text and arguments, a function hook's name). The project directory is left out — host and
 * worker live in different places — and a worker still checks its own trust store before running anything.
 */
export const brokerFingerprint = (hook: HookEntry): string => {
  const known = fingerprints.get(hook);
  if (known !== undefined) return known;
  const fingerprint = sha256(
    canonicalJson({
      event: hook.event,
      matcher: hook.matcher?.pattern ?? '',
      dialect: hook.origin.dialect ?? 'hookstream',
      hook: kindSubject(hook.definition),
    }),
  );
  fingerprints.set(hook, fingerprint);
  return fingerprint;
};

// Entries are immutable once registered: one hash per entry.
const fingerprints = new WeakMap<HookEntry, string>();

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export const encode = (message: RunRequest | WorkerReply | { readonly cancel: string }): Uint8Array =>
  encoder.encode(JSON.stringify(message));

/** The JSON object of a message, or a string saying why it is not one. */
const parse = (data: Uint8Array): Record<string, unknown> | string => {
  try {
    const value: unknown = JSON.parse(decoder.decode(data));
    return isRecord(value) ? value : 'the message is not a JSON object';
  } catch (error) {
    return `the message is not JSON: ${errorText(error)}`;
  }
};

/** A request, or what is wrong with it (the worker logs it; an unreadable request has no run id to answer). */
export const decodeRequest = (data: Uint8Array): RunRequest | string => {
  const value = parse(data);
  if (typeof value === 'string') return value;
  if (value.v !== PROTOCOL_VERSION)
    return `protocol version ${String(value.v)}; this worker speaks ${PROTOCOL_VERSION}`;
  const { id, a, event, fp, name, input, r } = value;
  if (typeof id !== 'string' || typeof a !== 'number' || typeof event !== 'string' || typeof fp !== 'string') {
    return 'a request needs a string `id`, `event`, `fp` and a number `a`';
  }
  if (!isRecord(input)) return 'a request needs an object `input`';
  const request: RunRequest = {
    v: PROTOCOL_VERSION,
    id,
    a,
    event,
    fp,
    name: typeof name === 'string' ? name : fp,
    input,
  };
  return typeof r === 'string' ? Object.assign(request, { r }) : request;
};

const OUTCOMES: ReadonlySet<string> = new Set<HookOutcome>([
  'success',
  'blocked',
  'warning',
  'timeout',
  'failed',
  'canceled',
  'untrusted',
  'skipped',
]);

/** A worker's reply, or undefined when it is not one (ignored: the deadline still settles the run). */
export const decodeReply = (data: Uint8Array): WorkerReply | undefined => {
  const value = parse(data);
  if (typeof value === 'string' || typeof value.id !== 'string' || typeof value.a !== 'number') return undefined;
  switch (value.t) {
    case 'ack':
    case 'beat':
    case 'busy':
      return { t: value.t, id: value.id, a: value.a };
    case 'refused':
      return { t: 'refused', id: value.id, a: value.a, message: String(value.message) };
    case 'run': {
      const run = value.run;
      if (!isRecord(run) || typeof run.outcome !== 'string' || !OUTCOMES.has(run.outcome)) return undefined;
      return { t: 'run', id: value.id, a: value.a, run: run as unknown as HookRun };
    }
    default:
      return undefined;
  }
};

/** A cancellation's run id, or undefined. */
export const decodeCancel = (data: Uint8Array): string | undefined => {
  const value = parse(data);
  return typeof value === 'string' || typeof value.cancel !== 'string' ? undefined : value.cancel;
};
