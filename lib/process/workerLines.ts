/**
 * Splitting a worker's stdout into lines, one batch per chunk read. The batch matters: a worker that
 * prints two lines for one request usually has them arrive in one read, and the request they belong to
 * can then be failed before either line is taken as its answer. A line longer than the cap
 * is an overflow, not an answer; after it the stream is ignored (the worker is being replaced).
 */

export interface LineSink {
  /** The complete lines of one chunk, newline excluded, in order; never empty. */
  lines(lines: Uint8Array[]): void;
  /** A line went past the cap without a newline. Called once; nothing is delivered afterwards. */
  overflow(): void;
}

const NEWLINE = 0x0a;

/**
 * Returns the function to feed each stdout chunk to. The usual chunk — exactly one whole line — costs one
 * `indexOf` and one `subarray`; a line split across chunks is joined once when it completes.
 */
export const createLineSplitter = (maxLineBytes: number, sink: LineSink): ((chunk: Uint8Array) => void) => {
  let parts: Uint8Array[] = [];
  let pending = 0;
  let overflowed = false;

  const fail = (): void => {
    overflowed = true;
    parts = [];
    sink.overflow();
  };

  return (chunk) => {
    if (overflowed) return;
    let end = chunk.indexOf(NEWLINE);
    if (end === -1) {
      if (pending + chunk.length > maxLineBytes) {
        fail();
        return;
      }
      if (chunk.length > 0) parts.push(chunk);
      pending += chunk.length;
      return;
    }
    const lines: Uint8Array[] = [];
    let start = 0;
    while (end !== -1) {
      if (pending + end - start > maxLineBytes) {
        fail();
        return;
      }
      const piece = chunk.subarray(start, end);
      lines.push(pending === 0 ? piece : Buffer.concat([...parts, piece]));
      parts = [];
      pending = 0;
      start = end + 1;
      end = chunk.indexOf(NEWLINE, start);
    }
    const rest = chunk.length - start;
    if (rest > maxLineBytes) {
      fail();
      return;
    }
    if (rest > 0) {
      parts.push(chunk.subarray(start));
      pending = rest;
    }
    sink.lines(lines);
  };
};
