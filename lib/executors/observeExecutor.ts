/**
 * Wraps an executor so that every run reports a start and a finish record (for `results$`) and a
 * debug/warn log line. The event id ties the records of one event together.
 */
import { defer, tap } from 'rxjs';
import { isDebugLogging, type Logger } from '../logging/logger.js';
import { isWarningOutcome } from '../core/outcomes.js';
import type { HookExecutor, HookRunRecord } from '../core/types.js';

export const observeExecutor = (
  executor: HookExecutor,
  eventId: number,
  emit: (record: HookRunRecord) => void,
  logger: Logger,
): HookExecutor => {
  const debug = isDebugLogging(logger);
  return (hook, input) =>
    defer(() => {
      const common = { event: hook.event, eventId, hook: hook.name, source: hook.origin.source };
      emit({ type: 'start', ...common, at: Date.now() });
      if (debug) logger.debug('hook start', { event: hook.event, hook: hook.name, input });
      return executor(hook, input).pipe(
        tap((run) => {
          emit({ type: 'finish', ...common, at: Date.now(), run });
          if (debug)
            logger.debug('hook finish', {
              event: hook.event,
              hook: hook.name,
              outcome: run.outcome,
              exitCode: run.exitCode,
              durationMs: run.durationMs,
              output: run.output,
            });
          // A cancellation is the host's own doing: a warning in the result, not in the log.
          if (isWarningOutcome(run.outcome) && run.outcome !== 'canceled')
            logger.warn(run.message ?? `hook ${run.outcome}`, { event: hook.event, hook: hook.name });
        }),
      );
    });
};
