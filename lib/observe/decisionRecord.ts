/**
 * The record `decisions$` emits: one per event, beside `results$`' per-hook records. It says which event,
 * when, about what (a digest of the input), what was decided (the HookResult) and how long it took; its
 * `eventId` joins it to the event's hook runs on `results$`.
 */
import type { HookResult, Mutable } from '../model/types.js';
import type { EventName } from '../events/names.js';
import { inputDigest } from './inputDigest.js';

export interface DecisionRecord {
  readonly event: EventName;
  /** The id the event's hook runs carry on `results$`; absent when no hook ran (see `result.hooks`). */
  readonly eventId?: number;
  readonly sessionId: string;
  /** When the event was fired (epoch milliseconds). */
  readonly at: number;
  /** Wall time of the whole event; 0 when no hook ran. */
  readonly durationMs: number;
  /** One line saying what the event was about, e.g. `write_file {"path":"a.txt"}` (cut to 120 characters). */
  readonly input: string;
  /** The event's own fields as the host passed them (the same object, not a copy: leave it unchanged). */
  readonly fields: Readonly<Record<string, unknown>>;
  /** Whether the hooks ran one after another (a `sequential` group matched). */
  readonly sequential: boolean;
  readonly result: HookResult;
}

/** Builds the record of an event; called only while someone observes `decisions$`. */
export const decisionRecord = (
  sessionId: string,
  at: number,
  fields: Readonly<Record<string, unknown>>,
  sequential: boolean,
  result: HookResult,
  eventId?: number,
): DecisionRecord => {
  const record: Mutable<DecisionRecord> = {
    event: result.event,
    sessionId,
    at,
    durationMs: result.durationMs,
    input: inputDigest(result.event, fields),
    fields,
    sequential,
    result,
  };
  if (eventId !== undefined) record.eventId = eventId;
  return Object.freeze(record);
};
