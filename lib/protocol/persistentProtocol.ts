/**
 * What a persistent worker's reply means. An answer line means exactly what the same text on a command
 * hook's stdout means at exit 0 (DESIGN §3), so it goes through `interpretCommandRun`; the other ends
 * (timeout, overflow, a dead worker, the crash-loop guard, dispose) become failures with one-line messages.
 */
import type { EventName } from '../events/names.js';
import type { HookRun } from '../core/types.js';
import { interpretCommandRun } from './commandProtocol.js';
import { clipForRecord, decodeOutput, firstLine } from './readOutput.js';
import type { WorkerReply } from '../process/workerSlot.js';

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
  const detail = firstLine(stderr);
  const fields: ReplyFields = { outcome: 'failed' };
  if (exit.exitCode !== undefined) fields.exitCode = exit.exitCode;
  if (exit.signal !== undefined) fields.signal = exit.signal;
  fields.message = `Hook "${name}" worker ${how} before answering${detail === undefined ? '' : `: ${detail}`}`;
  return fields;
};

/** Turns a worker reply into the run record's outcome fields. */
export const interpretReply = (reply: WorkerReply, context: ReplyContext): ReplyFields => {
  const { name } = context;
  if (reply.kind === 'disposed')
    return { outcome: 'canceled', message: `Hook "${name}" was canceled: executor disposed` };
  if (reply.kind === 'crashing') {
    const seconds = Math.round(context.crashWindowMs / 1000);
    return {
      outcome: 'failed',
      message: `Hook "${name}" was not run: worker keeps crashing (${context.crashLimit} exits within ${seconds} s)`,
    };
  }
  const stdout = decodeOutput(reply.stdout ?? new Uint8Array(0));
  const stderr = decodeOutput(reply.stderr);
  const warnings: string[] = [];
  if (stdout.invalid) warnings.push('stdout is not valid UTF-8');
  if (stderr.invalid) warnings.push('stderr is not valid UTF-8');
  if (reply.stderrOverflow) warnings.push(`stderr was truncated at ${context.maxOutputBytes} bytes`);
  if (reply.kind === 'died') {
    const fields = died(name, reply, stderr.text);
    if (warnings.length > 0) fields.outputWarnings = warnings;
    fields.stdout = clipForRecord(stdout.text);
    fields.stderr = clipForRecord(stderr.text);
    return fields;
  }
  const verdict = interpretCommandRun(name, context.event, {
    exitCode: 0,
    stdout: stdout.text,
    stderr: stderr.text,
    timedOut: reply.kind === 'timeout',
    timeoutMs: context.timeoutMs,
    stdoutTruncatedAt: reply.kind === 'overflow' ? context.maxOutputBytes : undefined,
  });
  // A literal, then the optional fields in the record's usual order (never a spread, FACTS.md round 2).
  const fields: ReplyFields = { outcome: verdict.outcome };
  if (verdict.output !== undefined) fields.output = verdict.output;
  if (verdict.message !== undefined) fields.message = verdict.message;
  const outputWarnings = warnings.length === 0 ? verdict.outputWarnings : [...warnings, ...verdict.outputWarnings];
  if (outputWarnings.length > 0) fields.outputWarnings = outputWarnings;
  fields.stdout = clipForRecord(stdout.text);
  fields.stderr = clipForRecord(stderr.text);
  return fields;
};
