/**
 * `continue: false` as the frameworks' own stop. A hook's stop comes back from the wrappers as a value; adapters
 * record it here per hook system, keyed by the framework's own id of the call (a tool call id), and the model
 * wrapper (or a stop condition the framework evaluates after each step) asks whether any call of the last step
 * was stopped. Results carry the stop as `hookstream: { stopped, stopEvent, stopReason }` in their metadata, which
 * `stopIn` reads back as a {@link HookStop}.
 */
import { isRecord } from '../../core/guards.js';
import type { HookSystem } from '../../system/createHookSystem.js';

/** A hook's `continue: false` as a result reports it: the event whose hook said it and its reason. */
export interface HookStop {
  /** The hook event whose hook stopped the agent (`BeforeTool`, `AfterTool`, `BeforeModel`, `AfterModel`). */
  event: string;
  /** The hook's `stopReason` (or its reason). */
  reason: string;
}

const STOPS = new WeakMap<HookSystem, Map<string, HookStop>>();
// Bounded: a stop is read once by the step that made it; a framework that never asks must not grow the map.
const MAX_STOPS = 1024;

export function recordStop(hooks: HookSystem, id: string, stop: HookStop): void {
  let stops = STOPS.get(hooks);
  if (stops === undefined) STOPS.set(hooks, (stops = new Map<string, HookStop>()));
  if (stops.size >= MAX_STOPS) stops.delete(stops.keys().next().value as string);
  stops.set(id, stop);
}

/** The stop recorded for `id`, if any (removed once read). */
export function takeStop(hooks: HookSystem, id: string): HookStop | undefined {
  const stops = STOPS.get(hooks);
  const stop = stops?.get(id);
  if (stop !== undefined) stops?.delete(id);
  return stop;
}

/** The metadata entry that marks a result as stopped by a hook. */
export const stopMetadata = (stop: HookStop) => ({
  stopped: true as const,
  stopEvent: stop.event,
  stopReason: stop.reason,
});

/** The stop a metadata record (`{ hookstream: { stopped, stopEvent, stopReason } }`) carries, if any. */
export function stopIn(metadata: unknown): HookStop | undefined {
  if (!isRecord(metadata) || !isRecord(metadata.hookstream) || metadata.hookstream.stopped !== true) return undefined;
  const { stopEvent, stopReason } = metadata.hookstream;
  return {
    event: typeof stopEvent === 'string' ? stopEvent : '',
    reason: typeof stopReason === 'string' ? stopReason : '',
  };
}

// The hook systems whose recorded stops something will act on: a model wrapper or a stop condition was set up.
const ENFORCED = new WeakSet<HookSystem>();

/** Says that a model wrapper or stop condition for `hooks` ends the loop on a recorded stop. */
export function enforceStops(hooks: HookSystem): void {
  ENFORCED.add(hooks);
}

/** Whether a recorded stop for `hooks` would end the loop (else it would silently become a tool error). */
export const stopsEnforced = (hooks: HookSystem): boolean => ENFORCED.has(hooks);
