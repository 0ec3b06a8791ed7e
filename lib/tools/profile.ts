/**
 * `hookstream profile FILE.jsonl`: where a recorded session spent its time — p50/p95/max per hook (by its
 * readable name) and per event, slowest p95 first, with how many runs failed.
 */
import { isHookFailure } from '../model/outcomes.js';
import { hookLabel } from '../observe/hookLabel.js';
import { latencyStats, type LatencyStats } from './latency.js';
import type { RecordingEntry } from '../observe/recording.js';

export interface ProfileRow extends LatencyStats {
  /** A hook's label (lib/observe/hookLabel.ts) or an event name. */
  readonly name: string;
  /** Runs that failed (exit 1, crash, timeout, bad output); always 0 for events. */
  readonly failures: number;
}

export interface Profile {
  readonly events: readonly ProfileRow[];
  readonly hooks: readonly ProfileRow[];
}

interface Bucket {
  durations: number[];
  failures: number;
}

const rowsOf = (buckets: ReadonlyMap<string, Bucket>): ProfileRow[] =>
  [...buckets]
    .map(([name, bucket]) => Object.assign({ name, failures: bucket.failures }, latencyStats(bucket.durations)))
    .sort((a, b) => b.p95 - a.p95 || b.max - a.max || (a.name < b.name ? -1 : 1));

const add = (buckets: Map<string, Bucket>, name: string, durationMs: number, failed: boolean): void => {
  let bucket = buckets.get(name);
  if (bucket === undefined) {
    bucket = { durations: [], failures: 0 };
    buckets.set(name, bucket);
  }
  bucket.durations.push(durationMs);
  if (failed) bucket.failures += 1;
};

/** The profile of a recording: events by name, hooks by label; hooks that did not run are left out. */
export const profileRecording = (entries: readonly RecordingEntry[]): Profile => {
  const events = new Map<string, Bucket>();
  const hooks = new Map<string, Bucket>();
  for (const { recorded } of entries) {
    add(events, recorded.event, recorded.durationMs, false);
    for (const run of recorded.result.hooks) {
      if (run.outcome === 'skipped' || run.outcome === 'untrusted') continue;
      add(hooks, hookLabel(run.name, run.command), run.durationMs, isHookFailure(run.outcome));
    }
  }
  return { events: rowsOf(events), hooks: rowsOf(hooks) };
};
