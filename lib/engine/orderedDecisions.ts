/**
 * The ordered merge behind every `decide`: events are decided concurrently, results are emitted in
 * source order. An event decided synchronously (the fast path, synchronous function hooks) while no
 * earlier event is pending is emitted inline — no inner subscription, no queue entry — which is what
 * keeps `decide()` on a stream where no hook matches within a small factor of an rxjs `map`.
 *
 * Semantics of `mergeMap(decide, Infinity)` followed by a reorder buffer: a source error errors the
 * output at once (cancelling every event in flight), the output completes when the source has completed
 * and every pending event has been emitted, and unsubscribing cancels the events still running.
 */
import { Observable, type OperatorFunction } from 'rxjs';
import type { HookResult } from '../model/types.js';
import type { CancelRun } from '../executors/startRun.js';
import { isDecided, type Decided, type ResultDone } from './decideEvent.js';

/**
 * Decides one source value: returns its result at once, or calls `done` once and returns the cancel
 * function while the decision runs (see `Decided`). `fail` ends the whole output with an error (the hook
 * system was disposed under a running event).
 */
export type DecideOne<T> = (value: T, done: ResultDone, fail: (error: Error) => void) => Decided;

/** One event still waiting for its result or for earlier events to be emitted. */
interface Pending {
  result: HookResult | undefined;
  cancel: CancelRun | undefined;
  /** True while `decideOne` has not returned: its result is then taken inline. */
  sync: boolean;
}

export const orderedDecisions =
  <T>(decideOne: DecideOne<T>): OperatorFunction<T, HookResult> =>
  (source) =>
    new Observable<HookResult>((subscriber) => {
      // Pending events in source order; `head` is the first not yet emitted.
      const pending: (Pending | undefined)[] = [];
      let head = 0;
      let sourceDone = false;
      const fail = (error: Error): void => {
        subscriber.error(error);
      };

      const flush = (): void => {
        while (head < pending.length) {
          const first = pending[head];
          if (first?.result === undefined) return;
          pending[head++] = undefined;
          subscriber.next(first.result);
        }
        // Everything emitted: reset so the array does not grow with the stream.
        pending.length = 0;
        head = 0;
        if (sourceDone) subscriber.complete();
      };

      // The inline lane: one preallocated callback for the common case of a decision taken while nothing
      // earlier waits. It allocates nothing per event. Its queue entry, `inlineSlot`, is made only when
      // needed: when the decision goes asynchronous, or when a value arrives re-entrantly while it is
      // being decided (a hook feeding the source) and must queue behind it. There is at most one.
      let deciding = false;
      let inlineResult: HookResult | undefined;
      let inlineSlot: Pending | undefined;
      const inline: ResultDone = (result) => {
        const slot = inlineSlot;
        if (slot === undefined) {
          if (deciding) inlineResult = result;
          return;
        }
        inlineSlot = undefined;
        slot.result = result;
        slot.cancel = undefined;
        if (!deciding && pending[head] === slot) flush();
      };
      /** Gives the event being decided inline its place in the queue, before a re-entrant value's. */
      const queueInline = (): void => {
        if (inlineSlot !== undefined || !deciding) return;
        const slot: Pending = { result: inlineResult, cancel: undefined, sync: false };
        inlineResult = undefined;
        pending.push(slot);
        if (slot.result === undefined) inlineSlot = slot;
      };

      const decideInline = (value: T): void => {
        deciding = true;
        inlineResult = undefined;
        let decided: Decided;
        try {
          decided = decideOne(value, inline, fail);
        } catch (error) {
          deciding = false;
          // A host mistake (e.g. invalid event input) ends the stream loudly; it is never a decision.
          subscriber.error(error);
          return;
        }
        deciding = false;
        let cancel: CancelRun | undefined;
        let result: HookResult | undefined;
        if (isDecided(decided)) {
          // Queued before re-entrant values: the answer takes its place there.
          if (inlineSlot !== undefined) {
            inline(decided);
            return;
          }
          result = decided;
        } else {
          cancel = decided;
          result = inlineResult;
        }
        if (result !== undefined) {
          inlineResult = undefined;
          subscriber.next(result);
          // The source may have completed re-entrantly while this value was being decided.
          if (sourceDone && head === pending.length) subscriber.complete();
        } else if (head < pending.length) {
          // Queued while deciding (re-entrant values): wait for the answer, or emit what is ready.
          if (inlineSlot !== undefined) inlineSlot.cancel = cancel;
          flush();
        } else {
          const slot: Pending = { result: undefined, cancel, sync: false };
          inlineSlot = slot;
          pending.push(slot);
        }
      };

      const decideQueued = (value: T): void => {
        // The slot takes its place before deciding, so values pushed while deciding queue behind it.
        const slot: Pending = { result: undefined, cancel: undefined, sync: true };
        pending.push(slot);
        let decided: Decided;
        try {
          decided = decideOne(
            value,
            (result) => {
              slot.result = result;
              slot.cancel = undefined;
              if (!slot.sync && !deciding && pending[head] === slot) flush();
            },
            fail,
          );
        } catch (error) {
          subscriber.error(error);
          return;
        }
        slot.sync = false;
        if (isDecided(decided)) slot.result = decided;
        else if (slot.result === undefined) slot.cancel = decided;
        if (slot.result !== undefined && !deciding && pending[head] === slot) flush();
      };

      const subscription = source.subscribe({
        next: (value) => {
          if (deciding) {
            queueInline();
            decideQueued(value);
          } else if (inlineSlot === undefined && head === pending.length) decideInline(value);
          else decideQueued(value);
        },
        error: (error: unknown) => {
          subscriber.error(error);
        },
        complete: () => {
          sourceDone = true;
          if (head === pending.length && !deciding) subscriber.complete();
        },
      });

      return () => {
        inlineSlot = undefined;
        subscription.unsubscribe();
        for (let i = head; i < pending.length; i++) pending[i]?.cancel?.();
        pending.length = 0;
      };
    });
