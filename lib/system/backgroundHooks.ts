/**
 * The hook system's background hooks: the engine's runner (lib/engine/background.ts) over the executor stack,
 * each finished run turned into a `background$` record and kept in its session's inbox for the next turn.
 * Closed by `dispose()`: running background hooks are cancelled (their process groups killed), the stream
 * completes and the inboxes are emptied.
 */
import { Subject, type Observable } from 'rxjs';
import { errorText } from '../core/guards.js';
import { createBackgroundRuns, type StartBackground } from '../engine/background.js';
import type { InternalFailurePolicy, StartRun } from '../executors/startRun.js';
import type { Logger } from '../logging/logger.js';
import { BACKGROUND_PER_SESSION, createBackgroundInbox } from './backgroundInbox.js';
import { backgroundRecordOf, type BackgroundRecord } from './backgroundRecord.js';

export interface BackgroundHooks {
  /** The engine's `background`: starts an event's background hooks. */
  readonly start: StartBackground;
  /** Hot: one record per finished background run; completes on `close()`. */
  readonly background$: Observable<BackgroundRecord>;
  /** A session's records that carry something for a turn, oldest first, not yet taken. */
  pending(sessionId: string): readonly BackgroundRecord[];
  /** The same, removed: what a turn starting now should hear. */
  take(sessionId: string): readonly BackgroundRecord[];
  /** Background runs still going. */
  readonly live: number;
  close(): void;
}

export const createBackgroundHooks = (
  start: StartRun,
  internalFailurePolicy: InternalFailurePolicy,
  logger: Logger,
): BackgroundHooks => {
  const records = new Subject<BackgroundRecord>();
  const inbox = createBackgroundInbox();
  const runs = createBackgroundRuns(
    start,
    (hook, input, run, eventId) => {
      let record: BackgroundRecord;
      try {
        record = backgroundRecordOf(hook, input, run, eventId);
      } catch (error) {
        // Folding one run cannot fail short of a bug in hookstream: say so, never throw into the executor.
        logger.error(`hookstream failed while reading background hook "${hook.name}": ${errorText(error)}`, {
          event: hook.event,
          cause: error,
        });
        return;
      }
      const dropped = inbox.deliver(record);
      if (dropped.length > 0) {
        logger.warn(
          `${dropped.length} background hook record(s) of session ${dropped[0]?.sessionId ?? '?'} dropped: no turn ` +
            `took them (at most ${BACKGROUND_PER_SESSION} are kept per session)`,
        );
      }
      records.next(record);
    },
    internalFailurePolicy,
  );
  return {
    start: runs.start,
    background$: records.asObservable(),
    pending: (sessionId) => inbox.peek(sessionId),
    take: (sessionId) => inbox.take(sessionId),
    get live() {
      return runs.live;
    },
    close: () => {
      runs.close();
      records.complete();
      inbox.clear();
    },
  };
};
