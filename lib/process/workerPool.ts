/**
 * The workers of one persistent hook (`workers: N`, default 1): each request goes to a free worker, the
 * rest wait first in, first out. A worker starts when a request finds none free and the pool is below its
 * size — or ahead of time with `prewarm` — after taking a slot of the live-process limit it shares with
 * one-shot hooks; the slot is held until the worker's group is gone. A worker that timed out, overflowed,
 * broke the protocol or died is replaced by the next request that needs one; one that keeps crashing
 * trips the crash-loop guard and requests fail at once for a while.
 */
import { errorText } from '../core/guards.js';
import type { HookEntry } from '../model/types.js';
import type { LaunchRefusal, WorkerReply } from '../protocol/persistentProtocol.js';
import type { CrashGuard } from './crashGuard.js';
import type { Semaphore } from './spawnLimiter.js';
import type { WorkerSpawnOptions } from './workerProcess.js';
import { createWorkerSlot, type WorkerRequest, type WorkerSlot } from './workerSlot.js';

/** A request and the hook it runs: the hook decides how a worker is started when one must be. */
export interface PoolRequest extends WorkerRequest {
  readonly hook: HookEntry;
}

export interface WorkerPoolOptions {
  killGraceMs: number;
  maxOutputBytes: number;
  crashGuard: CrashGuard;
  /** The live-process limit; a worker holds one of its slots for its whole life. */
  limiter: Pick<Semaphore, 'acquire'>;
  /** How to start a worker for `hook`, or why not (project dir missing, refused by `beforeSpawn`, …). */
  launch(hook: HookEntry): Promise<WorkerSpawnOptions | LaunchRefusal> | WorkerSpawnOptions | LaunchRefusal;
  /** A worker process started / its group is gone: the executor's `live` count. */
  onStart(): void;
  onGone(): void;
}

export interface WorkerPool {
  /** Workers at most; a smaller size later stops no worker, it only starts no more. */
  size: number;
  enqueue(request: PoolRequest): void;
  /** Drops a request not written yet; a written one's answer is still read (and its settle ignored by the caller). */
  withdraw(request: PoolRequest): void;
  /** Starts workers up to the size now, for `hook`, without waiting for requests. */
  prewarm(hook: HookEntry): void;
  /** Fails what is queued, ends the workers' stdin, SIGKILLs their groups after the grace, awaits every group. */
  dispose(): Promise<void>;
}

const isRefusal = (launched: WorkerSpawnOptions | LaunchRefusal): launched is LaunchRefusal => 'outcome' in launched;

const bareReply = (kind: WorkerReply['kind']): WorkerReply => ({
  kind,
  stderr: new Uint8Array(0),
  stderrOverflow: false,
  durationMs: 0,
});

export const createWorkerPool = (initialSize: number, options: WorkerPoolOptions): WorkerPool => {
  const queue: PoolRequest[] = [];
  const slots: WorkerSlot[] = [];
  /** Promises that settle when a worker's group is gone or a start was abandoned: what dispose awaits. */
  const pending = new Set<Promise<void>>();
  const stopping = new AbortController();
  let starting = 0;
  let disposed = false;
  /** Why the last worker was replaced, when no request heard it: told to the next request. */
  let notice: string | undefined;

  const track = (promise: Promise<void>): void => {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise));
  };

  const events = {
    free: () => {
      pump();
    },
    retired: (slot: WorkerSlot, unexpectedExit: boolean, why: string | undefined) => {
      const index = slots.indexOf(slot);
      if (index !== -1) slots.splice(index, 1);
      if (unexpectedExit) options.crashGuard.record(Date.now());
      if (why !== undefined) notice = why;
      pump();
    },
  };

  const dispatch = (slot: WorkerSlot, request: PoolRequest): void => {
    const told = notice;
    notice = undefined;
    slot.send(request, told);
  };

  /** Starts one worker: a limiter slot, then the launch check, then the process (held until its group is gone). */
  const grow = async (hook: HookEntry, trigger: PoolRequest | undefined): Promise<void> => {
    const release = await options.limiter.acquire(stopping.signal);
    if (release === undefined) return;
    let launched: WorkerSpawnOptions | LaunchRefusal;
    try {
      launched = await options.launch(hook);
    } catch (error) {
      release();
      throw error;
    }
    if (disposed || isRefusal(launched)) {
      release();
      const index = trigger === undefined || disposed ? -1 : queue.indexOf(trigger);
      if (index !== -1 && isRefusal(launched)) {
        queue.splice(index, 1);
        const reply = bareReply('refused');
        reply.detail = launched.message;
        reply.refusedAs = launched.outcome;
        trigger?.settle(reply);
      }
      return;
    }
    const slot = createWorkerSlot(launched, {
      killGraceMs: options.killGraceMs,
      maxOutputBytes: options.maxOutputBytes,
      events,
    });
    const counted = slot.process.pid !== undefined;
    if (counted) options.onStart();
    track(
      slot.process.gone.finally(() => {
        if (counted) options.onGone();
        release();
      }),
    );
    slots.push(slot);
  };

  const start = (hook: HookEntry, trigger: PoolRequest | undefined): void => {
    starting += 1;
    track(
      grow(hook, trigger)
        .catch((error: unknown) => {
          // A launch that throws is hookstream's own failure: the request that needed the worker says so.
          if (trigger === undefined || queue.indexOf(trigger) === -1) return;
          queue.splice(queue.indexOf(trigger), 1);
          const reply = bareReply('refused');
          reply.detail = `Hook "${trigger.hook.name}" could not start its worker: ${errorText(error)}`;
          trigger.settle(reply);
        })
        .finally(() => {
          starting -= 1;
          pump();
        }),
    );
  };

  const pump = (): void => {
    if (disposed) return;
    for (let index = 0; index < slots.length && queue.length > 0; index++) {
      const slot = slots[index] as WorkerSlot;
      if (!slot.busy && !slot.retired) dispatch(slot, queue.shift() as PoolRequest);
    }
    if (queue.length === 0) return;
    // Requests no starting worker will take, within the pool's size.
    let wanted = Math.min(queue.length - starting, pool.size - slots.length - starting);
    if (wanted <= 0) return;
    if (slots.length === 0 && starting === 0 && options.crashGuard.tripped(Date.now())) {
      for (const request of queue.splice(0)) request.settle(bareReply('crashing'));
      return;
    }
    for (let index = starting; wanted > 0; index++, wanted--) {
      const trigger = queue[index] as PoolRequest;
      start(trigger.hook, trigger);
    }
  };

  const pool: WorkerPool = {
    size: initialSize,
    enqueue: (request) => {
      queue.push(request);
      pump();
    },
    withdraw: (request) => {
      const index = queue.indexOf(request);
      if (index !== -1) queue.splice(index, 1);
    },
    prewarm: (hook) => {
      if (disposed || options.crashGuard.tripped(Date.now())) return;
      for (let count = slots.length + starting; count < pool.size; count++) start(hook, undefined);
    },
    dispose: async () => {
      if (disposed) return;
      disposed = true;
      stopping.abort();
      for (const request of queue.splice(0)) request.settle(bareReply('disposed'));
      // A copy: each slot leaves `slots` as it retires.
      await Promise.all([...slots].map((slot) => slot.dispose(options.killGraceMs)));
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
  return pool;
};
