/**
 * The `record` option: every decided event is appended to a JSON-lines file (lib/observe/recording.ts),
 * redacted first. The file is opened when the hook system is created, so a path that cannot be written
 * fails there and then, not at the first event; `dispose()` waits until every line is on disk. A new file is
 * created readable by the user only (tool inputs may hold secrets), and a symbolic link in its place is refused.
 */
import { createWriteStream } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Observable } from 'rxjs';
import { errorText } from '../core/guards.js';
import { openAppendSafely } from '../core/safeWrite.js';
import type { Logger } from '../logging/logger.js';
import type { DecisionRecord } from './decisionRecord.js';
import { compileRedactPaths, recordedEvent } from './recording.js';
import { RecordingError } from './redact.js';

export interface RecordOptions {
  /** The JSON-lines file; lines are appended (the file is created, mode 0600, when missing; never a link). */
  path: string;
  /**
   * JSON paths into the event's fields whose values are written as `"[REDACTED]"`, e.g.
   * `tool_input.api_key` or `$.llm_request.messages[*].content`. The result's copies of those values
   * (`toolInput`, `llmRequest`, `llmResponse` and hooks' rewritten inputs) are redacted too, and the values
   * (4 characters or more) are cut out of every other string of the line: reasons, messages, warnings, outputs.
   * Whatever the paths, text shaped like a credential (a token prefix, a JWT, a PEM key, a URL's password) is
   * written as `[REDACTED]`.
   */
  redact?: readonly string[];
}

export interface Recorder {
  /** Stops recording and resolves once every line is written. */
  close(): Promise<void>;
}

/** Starts recording `decisions$` to the file `options` names; throws RecordingError when it cannot. */
export const startRecorder = (
  decisions$: Observable<DecisionRecord>,
  options: RecordOptions | string,
  logger: Logger,
): Recorder => {
  const { path, redact } = typeof options === 'string' ? { path: options, redact: undefined } : options;
  const paths = compileRedactPaths(redact);
  let fd: number;
  try {
    // The host named this file: its directory is the root, and only the file itself must not be a link.
    fd = openAppendSafely(dirname(resolve(path)), resolve(path), { mode: 0o600 });
  } catch (error) {
    throw new RecordingError(`Cannot open recording file ${path}: ${errorText(error)}`, { cause: error });
  }
  const stream = createWriteStream('', { fd, flags: 'a' });
  let failed = false;
  stream.on('error', (error) => {
    failed = true;
    logger.error(`recording to ${path} failed: ${error.message}`);
  });
  const subscription = decisions$.subscribe((record) => {
    if (failed) return;
    let line: string;
    try {
      line = JSON.stringify(recordedEvent(record, paths));
    } catch (error) {
      // A field that cannot be serialised (a cycle, a BigInt) loses its line, not the recording.
      logger.warn(`recording: ${record.event} not recorded: ${errorText(error)}`);
      return;
    }
    stream.write(`${line}\n`);
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        subscription.unsubscribe();
        // The stream owns the descriptor: ending it (or a write error) closes it, then 'close' fires once.
        if (stream.closed) {
          resolve();
          return;
        }
        stream.once('close', () => {
          resolve();
        });
        stream.end();
      }),
  };
};
