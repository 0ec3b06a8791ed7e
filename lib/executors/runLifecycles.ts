/**
 * The runs in flight of an executor whose runs are promises (an HTTP request, a hook process), from start to
 * the end of everything they hold: one AbortController per run, the record delivered at most once and never
 * after the caller cancelled, and `abortAll` for `dispose()` — abort every run and await each whole lifecycle
 * (a process group's exit too), so the executor releases what runs share (agents, a spawn helper) only after.
 *
 * @example
 * const lifecycles = createRunLifecycles();
 * const start: StartRun = (hook, input, done) => lifecycles.start(hook, done, (signal) => send(hook, input, signal));
 * const dispose = () => lifecycles.abortAll('executor disposed');
 */
import type { HookEntry, HookRun } from '../model/types.js';
import { internalFailureRun, type CancelRun, type RunDone } from './startRun.js';

/** One run: resolves with its record; `keepUntil` adds what the lifecycle awaits after it (the group's exit). */
export type LifecycleRun = (signal: AbortSignal, keepUntil: (gone: Promise<void>) => void) => Promise<HookRun>;

export interface RunLifecycles {
  /** Starts `run` with its own signal; `done` gets the record unless cancelled first. Returns the cancel. */
  start(hook: HookEntry, done: RunDone, run: LifecycleRun): CancelRun;
  /** Aborts every run with `reason` and resolves when every lifecycle, including ones started meanwhile, ended. */
  abortAll(reason: unknown): Promise<void>;
  /** Lifecycles not ended yet. */
  readonly size: number;
}

export const createRunLifecycles = (): RunLifecycles => {
  const controllers = new Set<AbortController>();
  const lifecycles = new Set<Promise<void>>();

  const start = (hook: HookEntry, done: RunDone, run: LifecycleRun): CancelRun => {
    const controller = new AbortController();
    controllers.add(controller);
    // Until the record is delivered or the caller cancels; after either, cancelling does nothing (no abort).
    let wanted = true;
    let gone: Promise<void> | undefined;
    const lifecycle = run(controller.signal, (promise) => {
      gone = promise;
    })
      // Anything thrown here is hookstream's own failure, not the hook's: it fails open, logged as internal.
      .catch((error: unknown): HookRun => internalFailureRun(hook, error, 'allow'))
      .then(async (record) => {
        controllers.delete(controller);
        if (wanted) {
          wanted = false;
          done(record);
        }
        await gone;
      });
    lifecycles.add(lifecycle);
    void lifecycle.finally(() => lifecycles.delete(lifecycle));
    return () => {
      if (!wanted) return;
      wanted = false;
      controller.abort();
    };
  };

  return {
    start,
    abortAll: async (reason) => {
      for (const controller of controllers) controller.abort(reason);
      while (lifecycles.size > 0) await Promise.all([...lifecycles]);
    },
    get size() {
      return lifecycles.size;
    },
  };
};
