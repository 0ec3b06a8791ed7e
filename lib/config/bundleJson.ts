/**
 * Reading the JSON files that say which bundles exist — Claude Code's `installed_plugins.json`, a Gemini CLI
 * extension's `gemini-extension.json` — with their faults as settings problems (file, pointer, line:column):
 * a registry that cannot be read turns plugin hooks off, so it must be as visible as a broken settings file.
 */
import { errorText } from '../core/guards.js';
import { MAX_SETTINGS_FILE_BYTES } from '../core/limits.js';
import { readRegularFileSync } from '../core/readRegularFile.js';
import { JsonSyntaxError, parseJsonDocument, type JsonDocument } from '../diagnostics/jsonLocate.js';
import { createProblemSink, type ProblemSink } from '../diagnostics/problemSink.js';
import type { ConfigProblem } from '../diagnostics/problems.js';

export interface BundleJson {
  readonly document: JsonDocument;
  /** Reports a fault of the file's content at a pointer, with its position. */
  readonly sink: ProblemSink;
}

/**
 * The parsed file, or `undefined` when it is missing (`ENOENT`: nothing to report) or at fault (an error with
 * `consequence` — what is lost — pushed onto `problems`).
 *
 * @example
 * const registry = readBundleJson(path, 'the hooks of enabled plugins are not loaded', problems);
 */
export const readBundleJson = (
  path: string,
  consequence: string,
  problems: ConfigProblem[],
): BundleJson | undefined => {
  let text: string;
  try {
    // A regular file under the bound only: a FIFO or a device here would hang or exhaust discovery.
    text = readRegularFileSync(path, { maxBytes: MAX_SETTINGS_FILE_BYTES });
  } catch (error) {
    if ((error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return undefined;
    createProblemSink(path, problems).error('', `cannot read: ${errorText(error)}; ${consequence}`, {
      fileInactive: true,
    });
    return undefined;
  }
  let document: JsonDocument;
  try {
    document = parseJsonDocument(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const problem: ConfigProblem = {
      severity: 'error',
      file: path,
      pointer: '',
      line: error.position.line,
      column: error.position.column,
      message: `invalid JSON: ${error.reason}; ${consequence}`,
      fileInactive: true,
    };
    problems.push(problem);
    return undefined;
  }
  return { document, sink: createProblemSink(path, problems, document) };
};
