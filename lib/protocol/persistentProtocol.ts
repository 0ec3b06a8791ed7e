/**
 * The persistent-worker line protocol (README "Persistent hooks"), as pure functions.
 *
 * Request: the hook's input JSON on one line, with a top-level `"id"` added — last, so that it wins over a
 * host field of that name in any JSON parser (the last duplicate key wins in JavaScript, Python and jq), and
 * a worker that ignores unknown fields keeps working. Answer: one line; a JSON object echoing `"id"` is paired
 * with its request by id, any other line (no id, plain text, an empty line) with the one pending request.
 *
 * An answer means exactly what the same text on a command hook's stdout means at exit 0, so it
 * goes through `interpretCommandRun` (the echoed `id` is an unknown key there, dropped silently); every other
 * end of a request (timeout, overflow, a dead worker, a broken protocol, the crash-loop guard, a refused
 * start, dispose) becomes a record with a one-line message.
 */
import type { EventName } from '../events/names.js';
import type { HookInput } from '../events/inputs.js';
import type { HookOutcome, HookRun } from '../model/types.js';
import { interpretCommandRun } from './commandProtocol.js';
import { clipForRecord, decodeOutput, RECORD_LIMIT_BYTES } from './readOutput.js';
import { stderrReason } from './stderrReason.js';

/** The request id: a top-level field of the request line, echoed at the top level of the answer. */
const REQUEST_ID_FIELD = 'id';

/** How a worker process ended. */
export interface WorkerExit {
  exitCode?: number;
  signal?: string;
  /** The process could not be started, with the cause. */
  spawnError?: string;
}

/** Why a worker was not started for a request: the record's outcome and its message. */
export interface LaunchRefusal {
  outcome: HookOutcome;
  message: string;
}

/** How one request ended, before interpretation. */
export interface WorkerReply {
  kind: 'answer' | 'overflow' | 'timeout' | 'died' | 'protocol' | 'crashing' | 'refused' | 'disposed';
  /** The answer line, newline excluded, decoded (`answer` only). */
  stdout?: string;
  /** The answer was not valid UTF-8 (`stdout` then holds U+FFFD where it failed). */
  stdoutInvalid?: boolean;
  /** What the worker wrote to stderr while this request was pending, up to the cap. */
  stderr: Uint8Array;
  stderrOverflow: boolean;
  /** How the worker ended (`died` only). */
  exit?: WorkerExit;
  /** What broke the protocol (`protocol`), or why no worker started (`refused`). */
  detail?: string;
  /** The outcome of a refused start (`refused` only). */
  refusedAs?: HookOutcome;
  /** Why the worker before this one was replaced when no request was pending to hear it. */
  notice?: string;
  /** From the moment the request was written. */
  durationMs: number;
}

/** The request line for `input`: its JSON with `"id"` appended as the last key, then a newline. */
export const requestLine = (input: HookInput, id: number): string => {
  const json = JSON.stringify(input);
  // An input is never empty (it has the base fields), but a caller's object might be: `{}` takes no comma.
  return json.length === 2 ? `{"${REQUEST_ID_FIELD}":${id}}\n` : `${json.slice(0, -1)},"${REQUEST_ID_FIELD}":${id}}\n`;
};

/** What an answer line says about pairing. */
export type AnswerId = { readonly echoed: false } | { readonly echoed: true; readonly id: unknown };

const NO_ID: AnswerId = { echoed: false };

/**
 * The id an answer echoes. Only a JSON object can carry one; text, an empty line or an object without the
 * field echo nothing (paired first in, first out). Costs one `JSON.parse` of the line: 0.5–0.9 µs for a short answer on the CI machine.
 */
export const answerId = (line: string): AnswerId => {
  let start = 0;
  while (start < line.length && (line.charCodeAt(start) === 0x20 || line.charCodeAt(start) === 0x09)) start++;
  if (line.charCodeAt(start) !== 0x7b /* { */) return NO_ID;
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return NO_ID;
  }
  if (typeof parsed !== 'object' || parsed === null || !Object.hasOwn(parsed, REQUEST_ID_FIELD)) return NO_ID;
  return { echoed: true, id: (parsed as Record<string, unknown>)[REQUEST_ID_FIELD] };
};

// Text this short cannot pass the record limit (a UTF-16 unit is at most 3 UTF-8 bytes): no byte count per answer.
const clip = (text: string): string => (text.length * 3 <= RECORD_LIMIT_BYTES ? text : clipForRecord(text));

/** The run record without the fields every record shares (name, command, source, durationMs). */
export type ReplyFields = Omit<HookRun, 'name' | 'command' | 'source' | 'durationMs'>;

export interface ReplyContext {
  name: string;
  event: EventName;
  timeoutMs: number;
  maxOutputBytes: number;
  /** The crash-loop guard's limit and window, for its message. */
  crashLimit: number;
  crashWindowMs: number;
}

const died = (name: string, reply: WorkerReply, stderr: string): ReplyFields => {
  const exit = reply.exit ?? {};
  if (exit.spawnError !== undefined) {
    return { outcome: 'failed', message: `Hook "${name}" could not start its worker: ${exit.spawnError}` };
  }
  const how = exit.exitCode !== undefined ? `exited with code ${exit.exitCode}` : `was killed by ${exit.signal ?? '?'}`;
  const detail = stderrReason(stderr);
  const fields: ReplyFields = { outcome: 'failed' };
  if (exit.exitCode !== undefined) fields.exitCode = exit.exitCode;
  if (exit.signal !== undefined) fields.signal = exit.signal;
  fields.message = `Hook "${name}" worker ${how} before answering${detail === undefined ? '' : `: ${detail}`}`;
  return fields;
};

/** A failure whose message needs no process output: the record carries stderr only when there is some. */
const failure = (outcome: HookOutcome, message: string, stderr: string): ReplyFields => {
  const fields: ReplyFields = { outcome, message };
  if (stderr.length > 0) fields.stderr = clip(stderr);
  return fields;
};

/** Turns a worker reply into the run record's outcome fields. */
export const interpretReply = (reply: WorkerReply, context: ReplyContext): ReplyFields => {
  const { name } = context;
  switch (reply.kind) {
    case 'disposed':
      return { outcome: 'canceled', message: `Hook "${name}" was canceled: executor disposed` };
    case 'refused':
      return { outcome: reply.refusedAs ?? 'failed', message: reply.detail ?? `Hook "${name}" was not started` };
    case 'crashing': {
      const seconds = Math.round(context.crashWindowMs / 1000);
      const why = `worker keeps crashing (${context.crashLimit} exits within ${seconds} s)`;
      return { outcome: 'failed', message: `Hook "${name}" was not run: ${why}` };
    }
    default:
      break;
  }
  const stderr = reply.stderr.length === 0 ? EMPTY_TEXT : decodeOutput(reply.stderr);
  const warnings: string[] = [];
  if (reply.notice !== undefined) warnings.push(reply.notice);
  if (stderr.invalid) warnings.push('stderr is not valid UTF-8');
  if (reply.stderrOverflow) warnings.push(`stderr was truncated at ${context.maxOutputBytes} bytes`);
  let fields: ReplyFields;
  if (reply.kind === 'died') {
    fields = died(name, reply, stderr.text);
    fields.stderr = clip(stderr.text);
  } else if (reply.kind === 'protocol') {
    const why = `broke the line protocol: ${reply.detail ?? 'unexpected output'}; the worker was restarted`;
    fields = failure('failed', `Hook "${name}" worker ${why}`, stderr.text);
  } else if (reply.stdoutInvalid === true) {
    // A lossy decode can change what a decision says: never use it as one.
    fields = failure('failed', `Hook "${name}" answer was not used: it is not valid UTF-8`, stderr.text);
    fields.stdout = clip(reply.stdout ?? '');
  } else {
    const stdout = reply.stdout ?? '';
    const verdict = interpretCommandRun(name, context.event, {
      exitCode: 0,
      stdout,
      stderr: stderr.text,
      timedOut: reply.kind === 'timeout',
      timeoutMs: context.timeoutMs,
      stdoutTruncatedAt: reply.kind === 'overflow' ? context.maxOutputBytes : undefined,
    });
    // A literal, then the optional fields in the record's usual order (one shape, never a spread).
    fields = { outcome: verdict.outcome };
    if (verdict.output !== undefined) fields.output = verdict.output;
    if (verdict.message !== undefined) fields.message = verdict.message;
    if (verdict.outputWarnings.length > 0) warnings.push(...verdict.outputWarnings);
    fields.stdout = clip(stdout);
    fields.stderr = clip(stderr.text);
  }
  if (warnings.length > 0) fields.outputWarnings = warnings;
  return fields;
};

const EMPTY_TEXT = { text: '', invalid: false };
