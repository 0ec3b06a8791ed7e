/**
 * The spawn helpers of one backend: two where the machine has two CPUs or more. A helper spawns one hook at a
 * time — a fork plus the wait for the child's exec, 1–2.5 ms each on a busy 2-core machine — so 16 hooks of
 * one event started up to 40 ms apart through one helper; two halve that chain (16 parallel 200 ms hooks:
 * 1.36× one through one helper, 1.25–1.27× through two, at a load average of 3; a third added nothing).
 *
 * A run goes to the least busy helper, the first on a tie, so that lone runs always meet the same one. Watched
 * groups (persistent workers) are guarded by every helper. A helper that dies is replaced, once for the pool;
 * after a second death no helper is used any more: the survivors stop taking runs and are stopped once their
 * runs are done (their watches ended first, so that stopping them kills no worker), and hooks are spawned
 * from the host.
 */
import type { Logger } from '../logging/logger.js';
import { beforeDone, type LaunchHandle, type LaunchListener, type LaunchRequest } from './launch.js';
import { startSpawnHelper, type SpawnHelper } from './spawnHelper.js';

/** A dead helper is replaced this many times in all; one more death and hooks are spawned from the host. */
const HELPER_RESTARTS = 1;

export interface HelperPool {
  /** Starts a run through the least busy helper; `undefined` when none is left (the caller spawns directly). */
  launch(request: LaunchRequest, listener: LaunchListener): LaunchHandle | undefined;
  /** Has every helper, and every later one, guard the group; returns the function that ends the guard. */
  watch(pgid: number, runId: string): () => void;
  /** Settles once every live helper listens (or died). */
  ready(): Promise<void>;
  /** The first live helper's pid: the one a lone run goes to. */
  readonly pid: number | undefined;
  /** Stops every helper; resolves when they are gone. */
  stop(): Promise<void>;
}

interface Slot {
  readonly helper: SpawnHelper;
  busy: number;
  /** Taking no more runs: stopped once `busy` is back to 0. */
  retiring: boolean;
}

interface Watched {
  readonly pgid: number;
  readonly runId: string;
  /** Per helper, the function that ends its guard. */
  readonly guards: Map<SpawnHelper, () => void>;
}

export const startHelperPool = (size: number, logger: Logger): HelperPool => {
  const slots: Array<Slot | undefined> = [];
  const retired = new Set<Slot>();
  const watched = new Set<Watched>();
  let restarts = 0;
  let stopped = false;
  let closed = false;

  const unguard = (helper: SpawnHelper): void => {
    for (const entry of watched) {
      entry.guards.get(helper)?.();
      entry.guards.delete(helper);
    }
  };
  const retire = (slot: Slot): void => {
    slot.retiring = true;
    retired.add(slot);
    if (slot.busy > 0) return;
    unguard(slot.helper);
    void slot.helper.stop();
  };
  /** No helper any more: the survivors retire, and the host spawns from now on. */
  const close = (why: string): void => {
    closed = true;
    for (const [index, slot] of slots.entries()) {
      slots[index] = undefined;
      if (slot !== undefined) retire(slot);
    }
    logger.warn(
      `spawn helper unavailable (${why}): hook processes are now spawned from the host, ` +
        "at a fork cost that grows with the host's memory",
    );
  };
  const start = (index: number): void => {
    const started = startSpawnHelper((reason) => {
      const slot = slots[index];
      if (stopped || closed || slot?.helper !== started) return;
      slots[index] = undefined;
      for (const entry of watched) entry.guards.delete(started);
      if (restarts >= HELPER_RESTARTS) {
        close(`it died again: ${reason}`);
        return;
      }
      restarts += 1;
      logger.warn(`spawn helper died (${reason}); starting a new one`);
      start(index);
    });
    if (typeof started === 'string') {
      close(started);
      return;
    }
    slots[index] = { helper: started, busy: 0, retiring: false };
    // A replacement guards what the dead one did.
    for (const entry of watched) entry.guards.set(started, started.watch(entry.pgid, entry.runId));
  };
  for (let index = 0; index < size && !closed; index++) start(index);

  const leastBusy = (): Slot | undefined => {
    let best: Slot | undefined;
    for (const slot of slots) if (slot !== undefined && (best === undefined || slot.busy < best.busy)) best = slot;
    return best;
  };

  return {
    launch: (request, listener) => {
      const slot = leastBusy();
      if (slot === undefined) return undefined;
      slot.busy += 1;
      return slot.helper.launch(
        request,
        beforeDone(listener, () => {
          slot.busy -= 1;
          if (slot.retiring && slot.busy === 0 && !stopped) retire(slot);
        }),
      );
    },
    watch: (pgid, runId) => {
      const entry: Watched = { pgid, runId, guards: new Map() };
      for (const slot of slots) if (slot !== undefined) entry.guards.set(slot.helper, slot.helper.watch(pgid, runId));
      watched.add(entry);
      return () => {
        if (!watched.delete(entry)) return;
        for (const unwatch of entry.guards.values()) unwatch();
      };
    },
    ready: async () => {
      await Promise.all(slots.flatMap((slot) => (slot === undefined ? [] : [slot.helper.ready])));
    },
    get pid() {
      return slots.find((slot) => slot !== undefined)?.helper.pid;
    },
    stop: async () => {
      stopped = true;
      const helpers = [...slots, ...retired].flatMap((slot) => (slot === undefined ? [] : [slot.helper]));
      slots.length = 0;
      retired.clear();
      await Promise.all(helpers.map((helper) => helper.stop()));
    },
  };
};
