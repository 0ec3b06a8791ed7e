/**
 * Record → replay → diff: fires every recorded event again through today's hooks and reports, per event,
 * what the agent would now be told differently (lib/observe/decisionDiff.ts). Each recorded session is
 * replayed by a hook system of its own, with the recorded session id, so per-session policy state (a loop
 * guard's counters) is rebuilt as it was; events run one at a time, in file order.
 */
import { errorText } from '../core/guards.js';
import type { HookSystem } from '../system/hookSystem.js';
import { diffDecisions, type DecisionChange } from './decisionDiff.js';
import { inputDigest } from './inputDigest.js';
import { recordedResult, type RecordingEntry } from './recording.js';

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

/**
 * Replays `entries` and compares each result with the recorded one. A recorded event the hooks refuse
 * (fields that no longer validate) is a change of its own, field `error`.
 */
export const replayRecording = async (
  entries: readonly RecordingEntry[],
  options: ReplayOptions,
): Promise<ReplayReport> => {
  const systems = new Map<string, HookSystem>();
  const changed: ReplayedChange[] = [];
  try {
    for (const { line, recorded } of entries) {
      let system = systems.get(recorded.session);
      if (system === undefined) {
        system = options.createSystem(recorded.session);
        systems.set(recorded.session, system);
      }
      let changes: DecisionChange[];
      try {
        const result = await system.fire(recorded.event, recorded.fields);
        changes = diffDecisions(recorded.result, recordedResult(result));
      } catch (error) {
        changes = [{ field: 'error', before: undefined, after: errorText(error) }];
      }
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
    await Promise.all([...systems.values()].map((system) => system.dispose()));
  }
  return { events: entries.length, changed };
};
