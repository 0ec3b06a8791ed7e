/**
 * `continue: false` as the frameworks' own stop. A hook's stop comes back from the wrappers as a value; adapters
 * record it here per hook system, keyed by the framework's own id of the call (a tool call id), and a stop
 * condition the framework evaluates after each step asks whether any call of that step was stopped.
 */
import type { HookSystem } from '../../system/createHookSystem.js';

export interface RecordedStop {
  event: string;
  reason: string;
}

const STOPS = new WeakMap<HookSystem, Map<string, RecordedStop>>();
// Bounded: a stop is read once by the step that made it; a framework that never asks must not grow the map.
const MAX_STOPS = 1024;

export function recordStop(hooks: HookSystem, id: string, stop: RecordedStop): void {
  let stops = STOPS.get(hooks);
  if (stops === undefined) STOPS.set(hooks, (stops = new Map<string, RecordedStop>()));
  if (stops.size >= MAX_STOPS) stops.delete(stops.keys().next().value as string);
  stops.set(id, stop);
}

/** The stop recorded for `id`, if any (removed once read). */
export function takeStop(hooks: HookSystem, id: string): RecordedStop | undefined {
  const stops = STOPS.get(hooks);
  const stop = stops?.get(id);
  if (stop !== undefined) stops?.delete(id);
  return stop;
}
