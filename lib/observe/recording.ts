/**
 * The recording format (`record` option, `fire --record`): one JSON object per line per event, with the
 * event's fields as the host passed them and its result without the bulky parts (`aggregated`, raw
 * stdout/stderr). `replay` fires the fields again and compares results; `profile` reads the durations;
 * the dashboard follows a file as it grows. Reading checks every line and says which one is wrong.
 */
import type { HookResult, HookRun, HookSource } from '../model/types.js';
import { isRecord } from '../core/guards.js';
import { MAX_RECORDING_FILE_BYTES } from '../core/limits.js';
import { readRegularFileSync } from '../core/readRegularFile.js';
import { canonicalEventName, type EventName } from '../events/names.js';
import type { DecisionRecord } from './decisionRecord.js';
import {
  MIN_REPEATED_SECRET_LENGTH,
  parseJsonPath,
  redactAt,
  RecordingError,
  redactStrings,
  valuesAt,
  type PathSegment,
} from './redact.js';

/** Format version of a line; a reader refuses versions it does not know. */
export const RECORDING_VERSION = 1;

/** A hook run as recorded. */
export interface RecordedRun {
  name: string;
  command?: string;
  source: HookSource;
  outcome: HookRun['outcome'];
  exitCode?: number;
  signal?: string;
  durationMs: number;
  message?: string;
  output?: HookRun['output'];
}

/** A HookResult as recorded: every field replay compares, and the hooks' runs. */
export type RecordedResult = Omit<HookResult, 'hooks' | 'aggregated' | 'event' | 'durationMs'> & {
  hooks: RecordedRun[];
};

/** One line of a recording. */
export interface RecordedEvent {
  hookstream: typeof RECORDING_VERSION;
  event: EventName;
  session: string;
  /** ISO time the event was fired. */
  at: string;
  durationMs: number;
  /** The hooks ran one after another. */
  sequential?: true;
  fields: Record<string, unknown>;
  result: RecordedResult;
}

const RESULT_FIELDS = [
  'decision',
  'blocked',
  'reason',
  'stopped',
  'stopReason',
  'systemMessage',
  'additionalContext',
  'suppressOutput',
  'warnings',
  'toolInput',
  'llmRequest',
  'llmResponse',
  'toolResponse',
  'toolConfig',
  'success',
  'internal',
] as const;

const recordedRun = (run: Readonly<HookRun>): RecordedRun => {
  const recorded: RecordedRun = {
    name: run.name,
    source: run.source,
    outcome: run.outcome,
    durationMs: run.durationMs,
  };
  if (run.command !== undefined) recorded.command = run.command;
  if (run.exitCode !== undefined) recorded.exitCode = run.exitCode;
  if (run.signal !== undefined) recorded.signal = run.signal;
  if (run.message !== undefined) recorded.message = run.message;
  if (run.output !== undefined) recorded.output = run.output;
  return recorded;
};

/** The recorded form of a result (JSON-safe: plain data only). */
export const recordedResult = (result: HookResult): RecordedResult => {
  const recorded: Record<string, unknown> = {};
  for (const field of RESULT_FIELDS) if (result[field] !== undefined) recorded[field] = result[field];
  recorded.hooks = result.hooks.map(recordedRun);
  return recorded as RecordedResult;
};

/** Input fields the result echoes, and where: a path redacted in the input is redacted there too. */
const ECHOES: Readonly<Record<string, keyof RecordedResult>> = {
  tool_input: 'toolInput',
  llm_request: 'llmRequest',
  llm_response: 'llmResponse',
  tool_response: 'toolResponse',
};

/**
 * Redacts the recorded event at every path (paths into the event's fields), echoes in the result included; then
 * cuts the values found there, and anything shaped like a credential, out of every string of the line.
 */
const redactEvent = (line: RecordedEvent, paths: readonly PathSegment[][]): RecordedEvent => {
  const known: string[] = [];
  let fields: unknown = line.fields;
  const result = Object.assign({}, line.result) as Record<string, unknown>;
  let hooks = line.result.hooks;
  for (const path of paths) {
    valuesAt(fields, path, known);
    fields = redactAt(fields, path);
    const [head, ...rest] = path;
    const echo = typeof head === 'string' ? ECHOES[head] : undefined;
    if (echo === undefined || typeof head !== 'string') continue;
    if (result[echo] !== undefined) {
      valuesAt(result[echo], rest, known);
      result[echo] = redactAt(result[echo], rest);
    }
    // Hooks that rewrite the input hand it back in their output.
    hooks = hooks.map((run) =>
      run.output === undefined
        ? run
        : Object.assign({}, run, { output: redactAt(run.output, ['hookSpecificOutput', head, ...rest]) }),
    );
  }
  result.hooks = hooks;
  // Longest first: a secret that contains another is cut whole.
  const repeated = [...new Set(known.filter((value) => value.length >= MIN_REPEATED_SECRET_LENGTH))].sort(
    (a, b) => b.length - a.length,
  );
  return Object.assign({}, line, {
    fields: redactStrings(fields, repeated) as Record<string, unknown>,
    result: redactStrings(result, repeated) as RecordedResult,
  });
};

/** Parses the redact paths once (throws RecordingError for a bad one). */
export const compileRedactPaths = (paths: readonly string[] = []): PathSegment[][] => paths.map(parseJsonPath);

/** The line of a decision record, redacted. */
export const recordedEvent = (record: DecisionRecord, redact: readonly PathSegment[][]): RecordedEvent => {
  const line: RecordedEvent = {
    hookstream: RECORDING_VERSION,
    event: record.event,
    session: record.sessionId,
    at: new Date(record.at).toISOString(),
    durationMs: record.durationMs,
    fields: record.fields,
    result: recordedResult(record.result),
  };
  if (record.sequential) line.sequential = true;
  return redactEvent(line, redact);
};

/** Checks one parsed line; the message names the line and the field. */
const checkLine = (value: unknown, where: string): RecordedEvent => {
  const wrong = (what: string): never => {
    throw new RecordingError(`${where}: ${what}`);
  };
  if (!isRecord(value)) return wrong('expected a JSON object per line');
  if (value.hookstream !== RECORDING_VERSION) {
    wrong(
      `"hookstream" must be ${RECORDING_VERSION} (the recording format version), received ${JSON.stringify(value.hookstream)}`,
    );
  }
  const event = typeof value.event === 'string' ? canonicalEventName(value.event) : undefined;
  if (event === undefined) wrong(`"event" must be a hook event name, received ${JSON.stringify(value.event)}`);
  if (!isRecord(value.fields)) wrong('"fields" must be an object (the event\'s fields)');
  if (!isRecord(value.result) || !Array.isArray(value.result.hooks))
    wrong('"result" must be an object with a "hooks" list');
  if (typeof value.durationMs !== 'number') wrong('"durationMs" must be a number');
  if (typeof value.session !== 'string') wrong('"session" must be a string');
  return Object.assign({}, value, { event }) as unknown as RecordedEvent;
};

/** One event read from a recording, with its line number for reports. */
export interface RecordingEntry {
  readonly line: number;
  readonly recorded: RecordedEvent;
}

/** Parses recording text; blank lines are skipped. `file` names the source in messages. */
export const parseRecording = (text: string, file: string, firstLine = 1): RecordingEntry[] => {
  const events: RecordingEntry[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const where = `${file}:${index + firstLine}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new RecordingError(`${where}: not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    events.push({ line: index + firstLine, recorded: checkLine(value, where) });
  }
  return events;
};

/**
 * Reads and parses a recording file: a regular file of at most `maxBytes` (default
 * `MAX_RECORDING_FILE_BYTES`), else a RecordingError naming the file, the limit and its size.
 */
export const readRecording = (file: string, maxBytes: number = MAX_RECORDING_FILE_BYTES): RecordingEntry[] => {
  let text: string;
  try {
    text = readRegularFileSync(file, { maxBytes });
  } catch (error) {
    throw new RecordingError(
      `Cannot read recording ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return parseRecording(text, file);
};
