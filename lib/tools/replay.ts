/**
 * Record → replay → diff: fires every recorded event again through today's hooks and reports, per event,
 * what the agent would now be told differently (lib/tools/decisionDiff.ts). Each recorded session is
 * replayed by a hook system of its own, with the recorded session id, so per-session policy state (a loop
 * guard's counters) is rebuilt as it was. Sessions run one after another (in order of first appearance, each
 * system disposed before the next is made, so a long recording never holds many systems and their workers);
 * a session's events run one at a time, in file order; changes are reported in file order.
 */
import { errorText } from '../core/guards.js';
import type { HookSystem } from '../system/hookSystem.js';
import { diffDecisions, type DecisionChange } from './decisionDiff.js';
import { inputDigest } from '../observe/inputDigest.js';
import { recordedResult, type RecordedEvent, type RecordingEntry } from '../observe/recording.js';

/** One replayed event whose decision changed. */
export interface ReplayedChange {
  /** Line of the event in the recording. */
  readonly line: number;
  readonly event: string;
  readonly session: string;
  /** What the event was about (lib/observe/inputDigest.ts). */
  readonly input: string;
  readonly changes: readonly DecisionChange[];
}

export interface ReplayReport {
  /** Events replayed. */
  readonly events: number;
  /** The events whose decision, reason, rewritten input or output changed, in file order. */
  readonly changed: readonly ReplayedChange[];
}

export interface ReplayOptions {
  /** A hook system for one recorded session (the CLI: the current settings, `sessionId` set). */
  createSystem(sessionId: string): HookSystem;
}

/** Fires one recorded event again; what changed (a refusal is a change of field `error`). */
const replayOne = async (system: HookSystem, recorded: RecordedEvent): Promise<DecisionChange[]> => {
  try {
    const result = await system.fire(recorded.event, recorded.fields);
    return diffDecisions(recorded.result, recordedResult(result));
  } catch (error) {
    return [{ field: 'error', before: undefined, after: errorText(error) }];
  }
};

/**
 * Replays `entries` and compares each result with the recorded one. A recorded event the hooks refuse
 * (fields that no longer validate) is a change of its own, field `error`.
 */
export const replayRecording = async (
  entries: readonly RecordingEntry[],
  options: ReplayOptions,
): Promise<ReplayReport> => {
  const sessions = new Map<string, RecordingEntry[]>();
  for (const entry of entries) {
    const events = sessions.get(entry.recorded.session);
    if (events === undefined) sessions.set(entry.recorded.session, [entry]);
    else events.push(entry);
  }
  const changed: ReplayedChange[] = [];
  // One session at a time, its system disposed before the next is made: at most one set of workers lives.
  for (const [session, events] of sessions) {
    const system = options.createSystem(session);
    try {
      for (const { line, recorded } of events) {
        const changes = await replayOne(system, recorded);
        if (changes.length === 0) continue;
        changed.push({
          line,
          event: recorded.event,
          session: recorded.session,
          input: inputDigest(recorded.event, recorded.fields),
          changes,
        });
      }
    } finally {
      await system.dispose();
    }
  }
  changed.sort((a, b) => a.line - b.line);
  return { events: entries.length, changed };
};
