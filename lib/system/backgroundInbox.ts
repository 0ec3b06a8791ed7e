/**
 * Background records waiting for their session's next turn. A background hook finishes whenever it finishes;
 * what it has to say (context, a system message, a wake) is kept per session until a turn takes it — the host
 * helpers do at the start of each turn. Bounded both ways, so a host that never takes anything (it reads
 * `background$` instead, or has no turns) holds at most `maxSessions × maxPerSession` records.
 */
import { carriesContext, type BackgroundRecord } from './backgroundRecord.js';

/** Records kept per session; beyond it the oldest is dropped. */
export const BACKGROUND_PER_SESSION = 32;
/** Sessions kept; beyond it the session that heard from a background hook longest ago is dropped. */
export const BACKGROUND_SESSIONS = 64;

export interface BackgroundInbox {
  /** Keeps `record` for its session when it carries something for a turn; returns the records it had to drop. */
  deliver(record: BackgroundRecord): readonly BackgroundRecord[];
  /** The session's records, oldest first, left in place. */
  peek(sessionId: string): readonly BackgroundRecord[];
  /** The session's records, oldest first, removed. */
  take(sessionId: string): readonly BackgroundRecord[];
  /** Drops everything (dispose). */
  clear(): void;
}

const NONE: readonly BackgroundRecord[] = Object.freeze([]);

export const createBackgroundInbox = (
  maxPerSession = BACKGROUND_PER_SESSION,
  maxSessions = BACKGROUND_SESSIONS,
): BackgroundInbox => {
  // Insertion order is recency: a delivery moves its session to the end, eviction takes the first.
  const sessions = new Map<string, BackgroundRecord[]>();
  return {
    deliver: (record) => {
      if (!carriesContext(record)) return NONE;
      const queue = sessions.get(record.sessionId) ?? [];
      sessions.delete(record.sessionId);
      sessions.set(record.sessionId, queue);
      queue.push(record);
      if (queue.length > maxPerSession) return queue.splice(0, 1);
      if (sessions.size <= maxSessions) return NONE;
      const [oldest, dropped] = sessions.entries().next().value as [string, BackgroundRecord[]];
      sessions.delete(oldest);
      return dropped;
    },
    peek: (sessionId) => sessions.get(sessionId) ?? NONE,
    take: (sessionId) => {
      const queue = sessions.get(sessionId);
      if (queue === undefined) return NONE;
      sessions.delete(sessionId);
      return queue;
    },
    clear: () => {
      sessions.clear();
    },
  };
};
