/**
 * The hook registry: every hook by canonical event, kept in priority order (runtime > project > user >
 * system > extension; within a source, registration order). Each mutation builds new per-event arrays,
 * so a plan taken earlier keeps the hooks it saw (events in flight finish on their old plan).
 */
import type { EventName } from '../events/names.js';
import { HOOK_SOURCES, type HookEntry } from '../model/types.js';
import { withId } from './createEntry.js';

const PRIORITY = new Map(HOOK_SOURCES.map((source, index) => [source, index]));

const byPriority = (a: HookEntry, b: HookEntry): number =>
  (PRIORITY.get(a.origin.source) ?? 99) - (PRIORITY.get(b.origin.source) ?? 99) || a.id - b.id;

const EMPTY: readonly HookEntry[] = Object.freeze([]);

export class HookRegistry {
  private nextId = 1;
  private configured: HookEntry[] = [];
  private runtime: HookEntry[] = [];
  private index = new Map<EventName, readonly HookEntry[]>();
  private changes = 0;

  /** A number that changes whenever the registry does: an answer drawn from it (an event has no hook) holds while it stays the same. */
  get generation(): number {
    return this.changes;
  }

  /** Replaces every hook that came from settings (a reload); runtime hooks stay. */
  setConfigured(entries: readonly Omit<HookEntry, 'id'>[]): void {
    this.configured = entries.map((entry) => this.withId(entry));
    this.rebuild();
  }

  /** Adds a programmatic hook and returns its entry (its `id` unregisters it). */
  add(entry: Omit<HookEntry, 'id'>): HookEntry {
    const added = this.withId(entry);
    this.runtime.push(added);
    this.rebuild();
    return added;
  }

  /** Removes a programmatic hook; returns whether it was registered. */
  remove(id: number): boolean {
    const before = this.runtime.length;
    this.runtime = this.runtime.filter((entry) => entry.id !== id);
    if (this.runtime.length === before) return false;
    this.rebuild();
    return true;
  }

  /** The hooks of `event` in priority order; a shared empty array when there are none. */
  getHooksForEvent(event: EventName): readonly HookEntry[] {
    return this.index.get(event) ?? EMPTY;
  }

  getAllHooks(): readonly HookEntry[] {
    return [...this.index.values()].flat();
  }

  private withId(entry: Omit<HookEntry, 'id'>): HookEntry {
    return withId(entry, this.nextId++);
  }

  private rebuild(): void {
    const index = new Map<EventName, HookEntry[]>();
    for (const entry of [...this.runtime, ...this.configured]) {
      const list = index.get(entry.event);
      if (list) list.push(entry);
      else index.set(entry.event, [entry]);
    }
    for (const list of index.values()) {
      list.sort(byPriority);
      Object.freeze(list);
    }
    this.index = index;
    this.changes++;
  }
}
