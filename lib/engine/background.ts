/**
 * Background hooks (`async: true`): the planner splits them off (`plan.background`), `runEvent`
 * starts them with their event and decides without them. They go through the same executor stack as every
 * other hook — trust, failure policy, observation on `results$`, the live-process limit — only nobody waits:
 * each finished run goes to `done` (the facade turns it into a `background$` record), and `close()` cancels
 * the runs still going (their process groups are killed) when the hook system is disposed.
 */
import type { HookEntry, HookRun } from '../model/types.js';
import type { HookInput } from '../events/inputs.js';
import {
  internalFailureRun,
  type CancelRun,
  type InternalFailurePolicy,
  type StartRun,
} from '../executors/startRun.js';

/** Receives a background run once it has finished; `input` is what the hook received. */
export type BackgroundDone = (hook: HookEntry, input: HookInput, run: HookRun, eventId: number) => void;

/** Starts an event's background hooks and returns at once. */
export type StartBackground = (hooks: readonly HookEntry[], input: HookInput, eventId: number) => void;

export interface BackgroundRuns {
  readonly start: StartBackground;
  /** Background runs still going. */
  readonly live: number;
  /** Cancels every run still going (no `done` follows; `results$` says `canceled`) and refuses new ones. */
  close(): void;
}

const ignore = (): void => undefined;

/** One run in flight; an object of its own, so two runs never share a key even if an executor reuses a closure. */
interface Live {
  cancel: CancelRun;
}

/**
 * Background runs over the executor stack `start`.
 *
 * @example
 * const background = createBackgroundRuns(executors.start, (hook, input, run) => records.next(recordOf(hook, input, run)));
 * background.start(plan.background, input, eventId);
 * @param internalFailurePolicy What a throwing executor stack makes of the run (as for foreground hooks).
 */
export const createBackgroundRuns = (
  start: StartRun,
  done: BackgroundDone,
  internalFailurePolicy: InternalFailurePolicy = 'block',
): BackgroundRuns => {
  const live = new Set<Live>();
  let closed = false;

  const startOne = (hook: HookEntry, input: HookInput, eventId: number): void => {
    const entry: Live = { cancel: ignore };
    let finished = false;
    const finish = (run: HookRun): void => {
      if (finished || closed) return;
      finished = true;
      live.delete(entry);
      done(hook, input, run, eventId);
    };
    let cancel: CancelRun | undefined;
    try {
      cancel = start(hook, input, finish, eventId);
    } catch (error) {
      // hookstream's failure, not the hook's: a record like any other, never an exception in the host's event.
      finish(internalFailureRun(hook, error, internalFailurePolicy));
      return;
    }
    if (finished || cancel === undefined) return;
    entry.cancel = cancel;
    live.add(entry);
  };

  return {
    start: (hooks, input, eventId) => {
      if (closed) return;
      for (const hook of hooks) startOne(hook, input, eventId);
    },
    get live() {
      return live.size;
    },
    close: () => {
      closed = true;
      const running = [...live];
      live.clear();
      for (const entry of running) entry.cancel();
    },
  };
};

/**
 * Where no one collects background runs (the bare `decideHooks` operator, the `runHooks` family): they are
 * started and left to finish; their records are dropped and the executor's own `dispose()` ends them.
 */
export const startDetached = (
  start: StartRun,
  hooks: readonly HookEntry[],
  input: HookInput,
  eventId: number,
): void => {
  for (const hook of hooks) {
    try {
      start(hook, input, ignore, eventId);
    } catch {
      // A broken StartRun (startOf already turns a throwing executor into a record): dropped like every record here.
    }
  }
};
