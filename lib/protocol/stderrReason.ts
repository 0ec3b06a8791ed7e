/**
 * The one line of a failed hook's stderr worth putting in a reason. The first line is often useless:
 * Node prints `node:internal/modules/cjs/loader:1210` (where it threw) before `Error: Cannot find module …`,
 * then a stack; Python prints `Traceback (most recent call last):` and puts the error on the last line.
 * So: the error line itself when there is one, else the first line that is not a location, source echo,
 * caret, stack frame or runtime banner, else the first line.
 */

/** `Error: …`, `TypeError [ERR_X]: …`, `ModuleNotFoundError: …`, `java.lang.IllegalStateException: …`. */
const ERROR_LINE = /^(?:Uncaught\s+)?[\w$.]*(?:Error|Exception)(?:\s\[\w+\])?:\s*\S/;
/** `error: …`, `fatal: …`, `panic: …` as CLIs and Go print them. */
const TOOL_ERROR_LINE = /^(?:error|fatal|panic|ERROR|FATAL)(?:\[\w+\])?:\s*\S/;
/** Where a runtime says it threw: `node:internal/…:1210`, `file:///x.mjs:3`, `/abs/hook.js:12`, `[eval]:1`. */
const LOCATION_LINE = /^(?:node:[\w/.-]+|file:\/\/\S+|\/\S+|\[\w+\]):\d+(?::\d+)?$/;
const NOISE: readonly RegExp[] = [
  /^\s*\^+\s*$/, // the caret under the source echo
  /^\s+at\s/, // stack frames
  /^Node\.js v\d/, // Node's closing banner
  /^Require stack:$/,
  /^- \//, // require stack entries
  /^[{}[\]]\s*$/, // an error's properties printed as an object
  /^\s+[\w$]+: /,
  /^\(node:\d+\) /, // process warnings printed before the failure
  /^Traceback \(most recent call last\):$/,
  /^\s+File "/,
];

/** Lines looked at: a runaway stderr (up to the 1 MiB cap) is read at its start and its end. */
const SCAN_LINES = 1000;
/** Characters of a line the patterns see: enough for any error line, and it bounds their backtracking. */
const SCAN_WIDTH = 300;
const MAX_LENGTH = 500;

const clip = (line: string): string => (line.length > MAX_LENGTH ? `${line.slice(0, MAX_LENGTH - 1)}…` : line);

/**
 * The meaningful line of `stderr`, trimmed, or undefined when it holds only whitespace.
 *
 * @example
 * stderrReason('node:internal/modules/cjs/loader:1210\n  throw err;\n  ^\n\nError: Cannot find module \'/p/hook.js\'\n    at …')
 * // → "Error: Cannot find module '/p/hook.js'"
 */
export const stderrReason = (stderr: string): string | undefined => {
  let lines = stderr.split('\n');
  if (lines.length > 2 * SCAN_LINES) lines = [...lines.slice(0, SCAN_LINES), ...lines.slice(-SCAN_LINES)];
  const meaningful = lines.filter((line) => line.trim() !== '');
  if (meaningful.length === 0) return undefined;
  const head = (line: string): string => line.slice(0, SCAN_WIDTH).trimEnd();
  const isError = (line: string): boolean => ERROR_LINE.test(head(line)) || TOOL_ERROR_LINE.test(head(line));
  const isLocation = (line: string | undefined): boolean => line !== undefined && LOCATION_LINE.test(head(line));
  // Python ends with its error (after chained tracebacks too); Node starts with it.
  const traceback = meaningful.some((line) => line.startsWith('Traceback (most recent call last):'));
  const error = traceback ? meaningful.findLast(isError) : meaningful.find(isError);
  if (error !== undefined) return clip(error.trim());
  // The line after a location is the source line it points into: noise as well.
  const plain = meaningful.find(
    (line, index) =>
      !isLocation(line) && !isLocation(meaningful[index - 1]) && !NOISE.some((pattern) => pattern.test(head(line))),
  );
  const [first] = meaningful as [string];
  return clip((plain ?? first).trim());
};
