/**
 * The input hooks receive: the host's fields plus the base fields. Built only when a
 * hook is planned, with the clock reading the engine took at the event's start (a clock read costs 70 ns
 * on the CI machine); the timestamp string is cached per millisecond (an ISO string costs ~0.3 µs to make).
 */
import type { HookInput } from '../events/inputs.js';
import type { EventName } from '../events/names.js';
import { buildHookInput } from '../events/decodeInput.js';

/** The `inputOf` of the engine for a hook system with these base values. */
export const hookInputBuilder = (sessionId: string, transcriptPath: string, cwd: string) => {
  let lastMs = -1;
  let lastIso = '';
  const timestamp = (now: number): string => {
    if (now !== lastMs) {
      lastMs = now;
      lastIso = new Date(now).toISOString();
    }
    return lastIso;
  };
  return (event: EventName, fields: Readonly<Record<string, unknown>>, now: number): HookInput =>
    buildHookInput(event, fields, {
      session_id: sessionId,
      transcript_path: transcriptPath,
      cwd,
      timestamp: timestamp(now),
    }) as HookInput;
};
