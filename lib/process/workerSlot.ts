/**
 * One persistent hook's worker and its request queue. Requests go to the worker one at a time, FIFO:
 * nothing but order tells answers apart. The slot starts the worker lazily, times requests out, replaces
 * a worker that timed out, overflowed or died, and stops respawning one that keeps crashing.
 * State changes happen before a request settles: settling emits to the host, which may enqueue at once.
 */
import type { CrashGuard } from './crashGuard.js';
import { startWorker, type WorkerExit, type WorkerProcess, type WorkerSpawnOptions } from './workerProcess.js';

/** How one request ended, before interpretation. */
export interface WorkerReply {
  kind: 'answer' | 'overflow' | 'timeout' | 'died' | 'crashing' | 'disposed';
  /** The answer line (`answer` only), newline excluded. */
  stdout?: Uint8Array;
  /** What the worker wrote to stderr while this request was pending, up to the cap. */
  stderr: Uint8Array;
  stderrOverflow: boolean;
  /** How the worker ended (`died` only). */
  exit?: WorkerExit;
  /** From the moment the request left the queue. */
  durationMs: number;
}

export interface WorkerRequest {
  /** The input JSON plus a newline. */
  readonly line: string;
  readonly timeoutMs: number;
  /** Spawn options when this request has to start the worker, or why it cannot start. */
  launch(): WorkerSpawnOptions | string;
  settle(reply: WorkerReply): void; // exactly once
}

export interface WorkerSlotOptions {
  killGraceMs: number;
  maxOutputBytes: number;
  crashGuard: CrashGuard;
  /** A worker process started / its group is gone: the executor's `live` count. */
  onStart: () => void;
  onGone: () => void;
}

export interface WorkerSlot {
  enqueue(request: WorkerRequest): void;
  /** Drops a request not written yet; a written one's answer is still read (and its settle ignored by the caller). */
  withdraw(request: WorkerRequest): void;
  /** Fails what is queued, ends the worker's stdin, SIGKILLs its group after the grace, awaits every group. */
  dispose(): Promise<void>;
}

interface Flight {
  readonly request: WorkerRequest;
  readonly startedAt: number;
  readonly stderr: Uint8Array[];
  stderrBytes: number;
  stderrOverflow: boolean;
  timer?: NodeJS.Timeout;
}

interface Worker {
  process?: WorkerProcess;
  flight?: Flight;
  /** Killed on purpose or already dead: whatever it says from now on is ignored. */
  retired: boolean;
}

const EMPTY = new Uint8Array(0);

export const createWorkerSlot = (options: WorkerSlotOptions): WorkerSlot => {
  const queue: WorkerRequest[] = [];
  const groups = new Set<Promise<void>>();
  let active: Worker | undefined;
  let disposed = false;

  const reply = (kind: WorkerReply['kind'], startedAt?: number): WorkerReply => ({
    kind,
    stderr: EMPTY,
    stderrOverflow: false,
    durationMs: startedAt === undefined ? 0 : Math.round(performance.now() - startedAt),
  });

  // Takes the worker's request off it first, so a re-entrant enqueue sees the worker free.
  const land = (worker: Worker, kind: WorkerReply['kind'], extra: Partial<WorkerReply> = {}): void => {
    const flight = worker.flight;
    if (flight === undefined) return;
    worker.flight = undefined;
    clearTimeout(flight.timer);
    const stderr = flight.stderr.length === 0 ? EMPTY : Buffer.concat(flight.stderr);
    flight.request.settle({
      ...reply(kind, flight.startedAt),
      stderr,
      stderrOverflow: flight.stderrOverflow,
      ...extra,
    });
  };

  const retire = (worker: Worker): void => {
    worker.retired = true;
    if (active === worker) active = undefined;
  };

  const launch = (request: WorkerRequest): Worker | undefined => {
    const spawnOptions = request.launch();
    if (typeof spawnOptions === 'string') {
      request.settle({ ...reply('died'), exit: { spawnError: spawnOptions } });
      return undefined;
    }
    const worker: Worker = { retired: false };
    worker.process = startWorker(spawnOptions, {
      line: (bytes) => {
        if (worker.retired) return;
        land(worker, 'answer', { stdout: bytes });
        pump();
      },
      overflow: () => {
        if (worker.retired) return;
        retire(worker);
        void worker.process?.stop(options.killGraceMs);
        land(worker, 'overflow');
        pump();
      },
      stderr: (chunk) => {
        const flight = worker.flight;
        if (worker.retired || flight === undefined || flight.stderrOverflow) return;
        const room = options.maxOutputBytes - flight.stderrBytes;
        flight.stderr.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        flight.stderrBytes += Math.min(chunk.length, room);
        flight.stderrOverflow = chunk.length > room;
      },
      exit: (status) => {
        if (worker.retired) return;
        retire(worker);
        options.crashGuard.record(Date.now());
        land(worker, 'died', { exit: status });
        pump();
      },
    });
    if (worker.process.pid !== undefined) {
      options.onStart();
      const gone = worker.process.gone.finally(options.onGone);
      groups.add(gone);
      void gone.finally(() => groups.delete(gone));
    }
    return worker;
  };

  const send = (worker: Worker, request: WorkerRequest): void => {
    const flight: Flight = { request, startedAt: performance.now(), stderr: [], stderrBytes: 0, stderrOverflow: false };
    worker.flight = flight;
    flight.timer = setTimeout(() => {
      if (worker.flight !== flight) return;
      retire(worker);
      void worker.process?.stop(options.killGraceMs);
      land(worker, 'timeout');
      pump();
    }, request.timeoutMs);
    worker.process?.write(request.line);
  };

  const pump = (): void => {
    while (!disposed && active?.flight === undefined && queue.length > 0) {
      const request = queue.shift() as WorkerRequest;
      if (options.crashGuard.tripped(Date.now())) {
        request.settle(reply('crashing'));
        continue;
      }
      const worker = active ?? launch(request);
      if (worker === undefined) continue;
      active = worker;
      send(worker, request);
    }
  };

  return {
    enqueue: (request) => {
      queue.push(request);
      pump();
    },
    withdraw: (request) => {
      const index = queue.indexOf(request);
      if (index !== -1) queue.splice(index, 1);
    },
    dispose: async () => {
      disposed = true;
      const worker = active;
      if (worker !== undefined) retire(worker);
      for (const request of queue.splice(0)) request.settle(reply('disposed'));
      if (worker !== undefined) {
        land(worker, 'disposed');
        await worker.process?.close(options.killGraceMs);
      }
      while (groups.size > 0) await Promise.all([...groups]);
    },
  };
};
