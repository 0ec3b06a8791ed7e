/**
 * One worker process of a persistent hook and the one request it is answering: where answers are paired
 * with requests, so where a stray line is caught before it can answer another event.
 *
 * - An answer echoing `"id"` must carry the pending request's id; a worker that echoed once must echo always.
 * - An answer without id (text, an empty line, an object without `"id"`) answers the pending request, but
 *   is held for two turns of the event loop first: a second line printed right after it fails the request
 *   instead of waiting in the pipe for the next one.
 * - A line while no request is pending, more than one line for a request, or a wrong id breaks the protocol:
 *   the pending request (if any) fails with what happened and the worker is replaced. Nothing a replaced
 *   worker prints is read again.
 * State changes before a request settles: settling emits to the host, which may send the next one at once.
 */
import { decodeOutput } from '../protocol/readOutput.js';
import { answerId, type AnswerId, type WorkerExit, type WorkerReply } from '../protocol/persistentProtocol.js';
import { startWorker, type WorkerProcess, type WorkerSpawnOptions } from './workerProcess.js';

export interface WorkerRequest {
  /** Unique per executor; the request line carries it as `"id"`. */
  readonly id: number;
  /** The request line, newline included. */
  readonly line: string;
  readonly timeoutMs: number;
  settle(reply: WorkerReply): void; // exactly once
}

export interface WorkerSlotEvents {
  /** The slot finished a request and takes another. */
  free(slot: WorkerSlot): void;
  /** The slot takes no more requests (killed, died, broke the protocol); `notice` says why when no request heard it. */
  retired(slot: WorkerSlot, unexpectedExit: boolean, notice: string | undefined): void;
}

export interface WorkerSlot {
  readonly process: WorkerProcess;
  readonly busy: boolean;
  readonly retired: boolean;
  /** Writes the request; the slot must be free. `notice` joins the reply (why the previous worker was replaced). */
  send(request: WorkerRequest, notice: string | undefined): void;
  /** Settles the pending request as `disposed`, ends stdin, SIGKILLs the group after the grace; resolves when gone. */
  dispose(graceMs: number): Promise<void>;
}

export interface WorkerSlotOptions {
  killGraceMs: number;
  maxOutputBytes: number;
  events: WorkerSlotEvents;
}

interface Flight {
  readonly request: WorkerRequest;
  readonly notice: string | undefined;
  readonly startedAt: number;
  readonly stderr: Uint8Array[];
  stderrBytes: number;
  stderrOverflow: boolean;
  /** `performance.now()` at which the request times out. */
  readonly deadline: number;
  /** An answer without id, waiting out its quiet period. */
  held: string | undefined;
  heldInvalid: boolean;
}

const EMPTY = new Uint8Array(0);
const PREVIEW_CHARS = 60;

const preview = (bytes: Uint8Array): string => {
  const text = decodeOutput(bytes).text;
  return JSON.stringify(text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text);
};

export const createWorkerSlot = (spawn: WorkerSpawnOptions, options: WorkerSlotOptions): WorkerSlot => {
  let flight: Flight | undefined;
  let retired = false;
  let echoes = false;
  // One timer per worker, re-armed only when a deadline comes before it fires: a hot request costs a clock
  // read instead of a timer set and cleared (~1.3 µs). Unref'd while idle: an idle worker keeps no host alive.
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;

  const arm = (deadline: number): void => {
    if (timer !== undefined && timerAt <= deadline) {
      timer.ref();
      return;
    }
    clearTimeout(timer);
    timerAt = deadline;
    timer = setTimeout(onTimer, Math.max(1, Math.ceil(deadline - performance.now())));
  };

  // Takes the request off the slot first, so a re-entrant send sees the slot free.
  const settle = (kind: WorkerReply['kind'], extra?: Partial<WorkerReply>): void => {
    const current = flight;
    if (current === undefined) return;
    flight = undefined;
    timer?.unref();
    const reply: WorkerReply = {
      kind,
      stderr: current.stderr.length === 0 ? EMPTY : Buffer.concat(current.stderr),
      stderrOverflow: current.stderrOverflow,
      durationMs: Math.round(performance.now() - current.startedAt),
    };
    if (extra !== undefined) Object.assign(reply, extra);
    if (current.notice !== undefined) reply.notice = current.notice;
    current.request.settle(reply);
  };

  const retire = (unexpectedExit: boolean, notice?: string): void => {
    if (retired) return;
    retired = true;
    clearTimeout(timer);
    options.events.retired(slot, unexpectedExit, notice);
  };

  function onTimer(): void {
    timer = undefined;
    timerAt = Infinity;
    const current = flight;
    // Idle, or an answer already in (held for its quiet period): nothing to time out.
    if (retired || current === undefined || current.held !== undefined) return;
    if (performance.now() < current.deadline) {
      arm(current.deadline);
      return;
    }
    retire(false);
    void worker.stop(options.killGraceMs);
    settle('timeout');
  }

  /** The worker broke the protocol: fail what is pending, replace the worker. */
  const violation = (detail: string): void => {
    const heard = flight !== undefined;
    retire(false, heard ? undefined : `the previous worker was replaced: it ${detail}`);
    void worker.stop(options.killGraceMs);
    settle('protocol', { detail });
  };

  const answer = (text: string, invalid: boolean): void => {
    settle('answer', invalid ? { stdout: text, stdoutInvalid: true } : { stdout: text });
    if (!retired) options.events.free(slot);
  };

  const release = (current: Flight): void => {
    if (retired || flight !== current || current.held === undefined) return;
    answer(current.held, current.heldInvalid);
  };

  /** Why a read of `count` lines cannot be the pending request's answer, or `undefined` when it is. */
  const misfit = (current: Flight, count: number, echo: AnswerId): string | undefined => {
    const id = current.request.id;
    if (current.held !== undefined || count > 1) return `printed more than one line for request ${id}`;
    if (!echo.echoed) return echoes ? `answered request ${id} without its "id" (it echoed ids before)` : undefined;
    if (echo.id !== id) return `answered with "id": ${JSON.stringify(echo.id) ?? '?'} while request ${id} was pending`;
    return undefined;
  };

  const onLines = (lines: Uint8Array[]): void => {
    if (retired) return;
    const current = flight;
    const first = lines[0] as Uint8Array;
    if (current === undefined) {
      violation(`printed a line while no request was pending: ${preview(first)}`);
      return;
    }
    const decoded = decodeOutput(first);
    const echo = answerId(decoded.text);
    const problem = misfit(current, lines.length, echo);
    if (problem !== undefined) {
      violation(problem);
    } else if (echo.echoed) {
      echoes = true;
      answer(decoded.text, decoded.invalid);
    } else {
      // No id to tell answers apart: hold it while a line printed right after it can still arrive.
      current.held = decoded.text;
      current.heldInvalid = decoded.invalid;
      setImmediate(() => setImmediate(release, current));
    }
  };

  const worker: WorkerProcess = startWorker(spawn, {
    lines: onLines,
    overflow: () => {
      if (retired) return;
      retire(
        false,
        flight === undefined ? 'the previous worker was replaced: it printed an over-long line' : undefined,
      );
      void worker.stop(options.killGraceMs);
      settle('overflow');
    },
    stderr: (chunk) => {
      const current = flight;
      if (retired || current === undefined || current.stderrOverflow) return;
      const room = options.maxOutputBytes - current.stderrBytes;
      current.stderr.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      current.stderrBytes += Math.min(chunk.length, room);
      current.stderrOverflow = chunk.length > room;
    },
    exit: (status: WorkerExit) => {
      if (retired) return;
      const held = flight?.held;
      const heldInvalid = flight?.heldInvalid === true;
      retire(true);
      // An answer held for its quiet period is still the answer: the worker printed it before it died.
      if (held === undefined) settle('died', { exit: status });
      else settle('answer', heldInvalid ? { stdout: held, stdoutInvalid: true } : { stdout: held });
    },
  });

  const slot: WorkerSlot = {
    process: worker,
    get busy() {
      return flight !== undefined;
    },
    get retired() {
      return retired;
    },
    send: (request, notice) => {
      const startedAt = performance.now();
      const deadline = startedAt + request.timeoutMs;
      flight = {
        request,
        notice,
        startedAt,
        stderr: [],
        stderrBytes: 0,
        stderrOverflow: false,
        deadline,
        held: undefined,
        heldInvalid: false,
      };
      arm(deadline);
      worker.write(request.line);
    },
    dispose: async (graceMs) => {
      retire(false);
      settle('disposed');
      await worker.close(graceMs);
    },
  };
  return slot;
};
