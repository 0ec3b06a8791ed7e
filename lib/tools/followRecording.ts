/**
 * A recording file as a live stream: every line already written, then each line as it is appended (the
 * file is polled: `fs.watch` misses appends on some file systems). A line still being written is kept
 * until its newline arrives; a malformed line is reported and skipped, so one bad write does not stop the
 * dashboard; a file that shrinks was rotated and is read again from the start. Only a regular file is read,
 * a piece at a time, and a line longer than the line bound is reported and skipped rather than held.
 */
import { closeSync, readSync } from 'node:fs';
import { Observable } from 'rxjs';
import { errorText } from '../core/guards.js';
import { MAX_RECORDING_LINE_BYTES } from '../core/limits.js';
import { formatBytes, openRegularFileSync } from '../core/readRegularFile.js';
import { parseRecording, type RecordingEntry } from '../observe/recording.js';

export interface FollowOptions {
  /** Poll interval; default 200 ms. */
  intervalMs?: number;
  /** Longest line held while waiting for its newline; default {@link MAX_RECORDING_LINE_BYTES}. */
  maxLineBytes?: number;
  /** Told about each line that could not be read (the line is skipped). */
  onProblem?: (message: string) => void;
}

/** Bytes read per `readSync`: a file that jumped by gigabytes is never read into one buffer. */
const CHUNK_BYTES = 1024 * 1024;

/** Emits the entries of `file` as they are written; never completes (unsubscribe to stop). */
export const followRecording = (file: string, options: FollowOptions = {}): Observable<RecordingEntry> =>
  new Observable<RecordingEntry>((subscriber) => {
    const maxLineBytes = options.maxLineBytes ?? MAX_RECORDING_LINE_BYTES;
    let offset = 0;
    let line = 1;
    // Bytes after the last newline: a line (maybe a character) still being written.
    let partial = Buffer.alloc(0);
    // The line being read is over the bound: its bytes are dropped up to its newline.
    let skipping = false;
    // The last reason the file could not be read, told once until it changes.
    let unreadable: string | undefined;
    const emit = (text: string, at: number): void => {
      try {
        for (const entry of parseRecording(text, file, at)) subscriber.next(entry);
      } catch (error) {
        options.onProblem?.(errorText(error));
      }
    };
    const take = (bytes: Buffer): void => {
      let start = 0;
      for (let end = bytes.indexOf(0x0a); end !== -1; end = bytes.indexOf(0x0a, start)) {
        if (skipping) skipping = false;
        else emit(Buffer.concat([partial, bytes.subarray(start, end)]).toString('utf8'), line);
        partial = Buffer.alloc(0);
        line += 1;
        start = end + 1;
      }
      if (skipping) return;
      partial = Buffer.concat([partial, bytes.subarray(start)]);
      if (partial.length > maxLineBytes) {
        options.onProblem?.(`${file}:${line}: line is over the ${formatBytes(maxLineBytes)} limit; skipped`);
        partial = Buffer.alloc(0);
        skipping = true;
      }
    };
    const readNew = (): void => {
      let opened: { fd: number; size: number };
      try {
        opened = openRegularFileSync(file);
      } catch (error) {
        const reason = `cannot read ${file}: ${errorText(error)}`;
        if (reason !== unreadable) options.onProblem?.(reason);
        unreadable = reason;
        return;
      }
      unreadable = undefined;
      const { fd, size } = opened;
      try {
        if (size < offset) [offset, line, partial, skipping] = [0, 1, Buffer.alloc(0), false];
        const buffer = Buffer.alloc(Math.min(CHUNK_BYTES, size - offset));
        while (offset < size) {
          const read = readSync(fd, buffer, 0, Math.min(buffer.length, size - offset), offset);
          if (read === 0) break;
          offset += read;
          take(buffer.subarray(0, read));
        }
      } finally {
        closeSync(fd);
      }
    };
    readNew();
    const timer = setInterval(readNew, options.intervalMs ?? 200);
    return () => {
      clearInterval(timer);
    };
  });
