/**
 * A recording file as a live stream: every line already written, then each line as it is appended (the
 * file is polled: `fs.watch` misses appends on some file systems). A line still being written is kept
 * until its newline arrives; a malformed line is reported and skipped, so one bad write does not stop the
 * dashboard; a file that shrinks was rotated and is read again from the start.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { Observable } from 'rxjs';
import { errorText } from '../core/guards.js';
import { parseRecording, type RecordingEntry } from '../observe/recording.js';

export interface FollowOptions {
  /** Poll interval; default 200 ms. */
  intervalMs?: number;
  /** Told about each line that could not be read (the line is skipped). */
  onProblem?: (message: string) => void;
}

/** Emits the entries of `file` as they are written; never completes (unsubscribe to stop). */
export const followRecording = (file: string, options: FollowOptions = {}): Observable<RecordingEntry> =>
  new Observable<RecordingEntry>((subscriber) => {
    let offset = 0;
    let line = 1;
    // Bytes after the last newline: a line (maybe a character) still being written.
    let partial = Buffer.alloc(0);
    let missing = false;
    const readNew = (): void => {
      let size: number;
      try {
        size = statSync(file).size;
        missing = false;
      } catch (error) {
        if (!missing) options.onProblem?.(`cannot read ${file}: ${errorText(error)}`);
        missing = true;
        return;
      }
      if (size < offset) [offset, line, partial] = [0, 1, Buffer.alloc(0)];
      if (size === offset) return;
      const buffer = Buffer.alloc(size - offset);
      const fd = openSync(file, 'r');
      try {
        readSync(fd, buffer, 0, buffer.length, offset);
      } finally {
        closeSync(fd);
      }
      offset = size;
      const bytes = Buffer.concat([partial, buffer]);
      const end = bytes.lastIndexOf(0x0a);
      partial = bytes.subarray(end + 1);
      const lines = bytes
        .subarray(0, end + 1)
        .toString('utf8')
        .split('\n')
        .slice(0, -1);
      for (const [index, text] of lines.entries()) {
        try {
          for (const entry of parseRecording(text, file, line + index)) subscriber.next(entry);
        } catch (error) {
          options.onProblem?.(errorText(error));
        }
      }
      line += lines.length;
    };
    readNew();
    const timer = setInterval(readNew, options.intervalMs ?? 200);
    return () => {
      clearInterval(timer);
    };
  });
