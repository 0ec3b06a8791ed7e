/**
 * Settings problems: one record per fault, addressed by file, JSON pointer and (for files)
 * line:column, so a user can jump straight to the offending value.
 */
import { HookstreamError, nameErrorClass } from '../core/errors.js';

export interface ConfigProblem {
  severity: 'error' | 'warning';
  /** The settings file, or `<object>` / the caller's label for in-memory settings. */
  file: string;
  /** RFC 6901 pointer of the offending value, e.g. `/hooks/BeforeTool/0/hooks/1/timeout`. */
  pointer: string;
  line?: number;
  column?: number;
  message: string;
  expected?: string;
  received?: string;
  /**
   * Set on an error that leaves no hook of `file` active: the file cannot be read, is not valid JSON(C) or
   * is not an object. Policies in it are off — a host may refuse to start (the CLI's `fire` exits non-zero).
   */
  fileInactive?: true;
}

/**
 * `file:line:column pointer: message (expected X, received Y)`; parts that are unknown are left out.
 * Severity is not part of the line: callers prefix it as their output needs.
 */
export function formatProblem(problem: ConfigProblem): string {
  const where = [problem.file, problem.line, problem.column].filter((part) => part !== undefined).join(':');
  const pointer = problem.pointer === '' ? '' : ` ${problem.pointer}`;
  const details = [
    problem.expected === undefined ? undefined : `expected ${problem.expected}`,
    problem.received === undefined ? undefined : `received ${problem.received}`,
  ].filter((part) => part !== undefined);
  const suffix = details.length === 0 ? '' : ` (${details.join(', ')})`;
  return `${where}${pointer}: ${problem.message}${suffix}`;
}

/** Thrown by callers that refuse settings with errors; `problems` holds every problem found, warnings too. */
export class SettingsError extends HookstreamError {
  static {
    nameErrorClass(this, 'SettingsError');
  }
  constructor(readonly problems: ConfigProblem[]) {
    const errors = problems.filter((problem) => problem.severity === 'error');
    super(
      `Invalid hook settings (${errors.length} error${errors.length === 1 ? '' : 's'}):\n` +
        errors.map((problem) => `  ${formatProblem(problem)}`).join('\n'),
    );
  }
}

/** Throws a {@link SettingsError} when any problem is an error; warnings alone pass. */
export function assertNoSettingsErrors(problems: readonly ConfigProblem[]): void {
  if (problems.some((problem) => problem.severity === 'error')) throw new SettingsError([...problems]);
}

export { describeReceived } from '../core/messages.js';
