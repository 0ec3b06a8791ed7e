/**
 * The loud problem classes of a hook run — the ways a hook silently does not work — named the same in the
 * dashboard, `hookstream doctor` and reports: it could not start (exit 127: command not found; 126: not
 * executable), it was not approved (untrusted), it timed out, it crashed, it failed open (exit 1 or any
 * other code), or hookstream itself failed. A success, a block and a cancellation are not problems.
 */
import type { HookRun } from '../model/types.js';

export type RunProblemKind = 'not-found' | 'not-executable' | 'untrusted' | 'timeout' | 'failed' | 'exit' | 'internal';

export interface RunProblem {
  readonly kind: RunProblemKind;
  /** Short, for a badge: `exit 127: command not found`. */
  readonly label: string;
}

/** The problem a run shows, or undefined for a run that worked (allowed or blocked) or was cancelled. */
export const runProblem = (
  run: Pick<HookRun, 'outcome' | 'exitCode' | 'internal' | 'strictFailure'>,
): RunProblem | undefined => {
  if (run.internal === true) return { kind: 'internal', label: 'hookstream internal error' };
  // Exit codes first: a strict hook's failure is recorded as `blocked`, yet it still could not start.
  if (run.exitCode === 127) return { kind: 'not-found', label: 'exit 127: command not found' };
  if (run.exitCode === 126) return { kind: 'not-executable', label: 'exit 126: not executable' };
  const outcome = run.strictFailure ?? run.outcome;
  switch (outcome) {
    case 'untrusted':
      return { kind: 'untrusted', label: 'untrusted: not approved' };
    case 'timeout':
      return { kind: 'timeout', label: 'timed out' };
    case 'failed':
      return { kind: 'failed', label: run.exitCode === undefined ? 'failed to run' : `failed (exit ${run.exitCode})` };
    case 'warning':
      return { kind: 'exit', label: run.exitCode === undefined ? 'failed open' : `exit ${run.exitCode}` };
    default:
      return undefined;
  }
};
