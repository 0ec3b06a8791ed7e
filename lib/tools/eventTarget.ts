/**
 * An event of a recording as a user names it: by its line in the file (`12`, as replay reports "line 12"), by its
 * number in the recording's only session (`#N`), or by session and number (`<session>#N`, the number that verdict
 * reasons give as "event #N"). Anything that names no event is an {@link EventTargetError} saying what is there.
 */
import { HookstreamError, nameErrorClass } from '../core/errors.js';
import type { RecordingEntry } from '../observe/recording.js';

/** The target names no event of the recording: a malformed target, a line without an event, an unknown session. */
export class EventTargetError extends HookstreamError {
  static {
    nameErrorClass(this, 'EventTargetError');
  }
  constructor(
    readonly target: string,
    message: string,
  ) {
    super(`event ${JSON.stringify(target)}: ${message}`);
  }
}

/** The event a target names: its session, and its place among that session's events (from 0, in file order). */
export interface TargetedEvent {
  readonly session: string;
  readonly index: number;
  readonly entry: RecordingEntry;
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** `"inbox" (4 events), "other" (2 events)`: the sessions a message lists. */
const sessionList = (sessions: ReadonlyMap<string, readonly RecordingEntry[]>): string =>
  [...sessions].map(([id, events]) => `${JSON.stringify(id)} (${plural(events.length, 'event')})`).join(', ');

const byLine = (
  target: string,
  line: number,
  sessions: ReadonlyMap<string, readonly RecordingEntry[]>,
): TargetedEvent => {
  for (const [session, events] of sessions) {
    const index = events.findIndex((entry) => entry.line === line);
    const entry = events[index];
    if (entry !== undefined) return { session, index, entry };
  }
  const last = Math.max(0, ...[...sessions.values()].flatMap((events) => events.map((entry) => entry.line)));
  // Reading skips only blank lines: a line before the last event that holds none is blank.
  throw new EventTargetError(
    target,
    line === 0 || line > last
      ? `no such line: the recording's events are on lines 1 to ${last}`
      : `no event on line ${line} (a blank line); the recording's events are on lines 1 to ${last}`,
  );
};

const bySeq = (
  target: string,
  named: string,
  seq: number,
  sessions: ReadonlyMap<string, readonly RecordingEntry[]>,
): TargetedEvent => {
  let session = named;
  if (named === '') {
    const [only, ...others] = sessions.keys();
    if (only === undefined || others.length > 0)
      throw new EventTargetError(
        target,
        `the recording has ${plural(sessions.size, 'session')} (${sessionList(sessions)}): name one, as ${only ?? 'SESSION'}#${seq}`,
      );
    session = only;
  }
  const events = sessions.get(session);
  if (events === undefined)
    throw new EventTargetError(
      target,
      `no session ${JSON.stringify(session)}; the recording has ${sessionList(sessions)}`,
    );
  const entry = events[seq - 1];
  if (seq < 1 || entry === undefined)
    throw new EventTargetError(
      target,
      `session ${JSON.stringify(session)} has ${plural(events.length, 'event')}, numbered from 1`,
    );
  return { session, index: seq - 1, entry };
};

/**
 * The event `target` names among `sessions` (the recording's events by session, each in file order, as
 * `policySessions` groups them).
 *
 * @throws {@link EventTargetError} when it names none.
 */
export const targetEvent = (
  target: string,
  sessions: ReadonlyMap<string, readonly RecordingEntry[]>,
): TargetedEvent => {
  if (sessions.size === 0) throw new EventTargetError(target, 'the recording holds no event');
  if (/^\d+$/.test(target)) return byLine(target, Number(target), sessions);
  const hash = target.lastIndexOf('#');
  const number = target.slice(hash + 1);
  if (hash === -1 || !/^\d+$/.test(number))
    throw new EventTargetError(target, 'expected a line of the recording (12), #N or SESSION#N');
  return bySeq(target, target.slice(0, hash), Number(number), sessions);
};
