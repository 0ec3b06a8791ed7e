/**
 * The observe decorator, outermost in the stack: every run reports a start and a finish record on
 * `results$` — built only while someone subscribes — and a log line: `debug` per start and finish (only
 * when debug logging is on), `warn` for a hook that failed open, `error` for a failure of hookstream itself.
 * A run cancelled before it answered still gets its finish record (outcome `canceled`).
 */
import type { Subject } from 'rxjs';
import { isWarningOutcome } from '../model/outcomes.js';
import type { HookEntry, HookRun, HookActivity } from '../model/types.js';
import { isDebugLogging, type Logger } from '../logging/logger.js';
import type { StartRun } from './startRun.js';
import { bareRun } from '../protocol/outputRun.js';

export interface ObserveOptions {
  /** Where the start and finish records go (the facade's `results$`). */
  readonly records: Subject<HookActivity>;
  readonly logger: Logger;
}

const canceledRun = (hook: HookEntry): HookRun => bareRun(hook, 'canceled', 0, `Hook "${hook.name}" was canceled`);

const logRun = (logger: Logger, debug: boolean, hook: HookEntry, run: HookRun): void => {
  if (debug) {
    logger.debug('hook finish', {
      event: hook.event,
      hook: hook.name,
      outcome: run.outcome,
      exitCode: run.exitCode,
      durationMs: run.durationMs,
      output: run.output,
    });
  }
  if (run.internal === true) {
    logger.error(run.message ?? 'hookstream internal error', { event: hook.event, hook: hook.name, cause: run.cause });
  } else if (isWarningOutcome(run.outcome) && run.outcome !== 'canceled') {
    // A cancellation is the host's own doing: a warning in the result, not in the log.
    logger.warn(run.message ?? `hook ${run.outcome}`, { event: hook.event, hook: hook.name });
  }
};

/** Wraps `start` so that every run is recorded on `records` and logged. */
export const withObserver = (start: StartRun, options: ObserveOptions): StartRun => {
  const { records, logger } = options;
  const debug = isDebugLogging(logger);
  return (hook, input, done, eventId) => {
    const observed = records.observed;
    if (observed) {
      const record: HookActivity = {
        type: 'start',
        event: hook.event,
        eventId,
        hook: hook.name,
        source: hook.origin.source,
        at: Date.now(),
      };
      // A hook's progress line (Claude Code's `statusMessage`), for dashboards.
      if (hook.definition.statusMessage !== undefined) record.statusMessage = hook.definition.statusMessage;
      records.next(record);
    }
    if (debug) logger.debug('hook start', { event: hook.event, hook: hook.name, input });
    let finished = false;
    const finish = (run: HookRun): void => {
      finished = true;
      if (observed && records.observed) {
        records.next({
          type: 'finish',
          event: hook.event,
          eventId,
          hook: hook.name,
          source: hook.origin.source,
          at: Date.now(),
          run,
        });
      }
      logRun(logger, debug, hook, run);
    };
    const cancel = start(
      hook,
      input,
      (run) => {
        finish(run);
        done(run);
      },
      eventId,
    );
    if (cancel === undefined || !observed) return cancel;
    return () => {
      cancel();
      if (!finished) finish(canceledRun(hook));
    };
  };
};
