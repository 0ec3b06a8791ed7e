/**
 * Collects problems for one settings source, stamping each with the file name and, when the
 * source text is known, the line:column its pointer resolves to.
 */
import type { JsonDocument } from './jsonLocate.js';
import type { ConfigProblem } from './problems.js';

export interface ProblemDetails {
  expected?: string;
  received?: string;
  /** Point at the member name rather than its value (unknown keys, unknown events). */
  atKey?: boolean;
  /** No hook of the file is active because of this problem (see `ConfigProblem.fileInactive`). */
  fileInactive?: boolean;
}

export interface ProblemSink {
  error(pointer: string, message: string, details?: ProblemDetails): void;
  warning(pointer: string, message: string, details?: ProblemDetails): void;
}

export function createProblemSink(file: string, problems: ConfigProblem[], document?: JsonDocument): ProblemSink {
  const add = (severity: ConfigProblem['severity'], pointer: string, message: string, details: ProblemDetails = {}) => {
    const position = document && (details.atKey ? document.locateKey(pointer) : document.locate(pointer));
    const problem: ConfigProblem = { severity, file, pointer, message };
    if (position) Object.assign(problem, position);
    if (details.expected !== undefined) problem.expected = details.expected;
    if (details.received !== undefined) problem.received = details.received;
    if (details.fileInactive === true) problem.fileInactive = true;
    problems.push(problem);
  };
  return {
    error: (pointer, message, details) => {
      add('error', pointer, message, details);
    },
    warning: (pointer, message, details) => {
      add('warning', pointer, message, details);
    },
  };
}
