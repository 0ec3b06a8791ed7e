/**
 * The ordered merge behind `decide`, `decideHooks`, the run operators and the host wrappers: every value
 * is started at once (up to `concurrent` at a time), results are emitted in source order. Its contract is
 * `mergeMap(start, concurrent)` with each inner's values gathered and released in source order (the
 * reference in spec/engine/orderedMerge.oracle.spec.ts): a source or inner error errors the output at
 * once and cancels every value in flight, the output completes once the source has completed and every
 * result is out, and unsubscribing cancels what still runs.
 *
 * Hand-written because `decide()` on a stream no hook matches must stay within a small factor of a `map`:
 * a value started while nothing earlier waits and answered synchronously is emitted inline, with no slot,
 * no callback and no inner subscription allocated for it.
 */
import { Observable, type OperatorFunction } from 'rxjs';
import type { CancelRun } from '../executors/startRun.js';

/**
 * Starts the work of one value (the `index`-th started): returns its result at once — then `done` is not
 * called — or calls `done` once (maybe synchronously) and returns the cancel function while it runs.
 * `fail` errors the whole output. A result is never `undefined` nor a function. Throwing errors the output.
 */
export type StartOne<T, R> = (
  value: T,
  done: (result: R) => void,
  fail: (error: unknown) => void,
  index: number,
) => R | CancelRun | undefined;

/** One started (or waiting) value not yet emitted. */
interface Slot<T, R> {
  value: T | undefined;
  result: R | undefined;
  cancel: CancelRun | undefined;
}

const isResult = <R>(got: R | CancelRun | undefined): got is R => got !== undefined && typeof got !== 'function';
const asCancel = (got: unknown): CancelRun | undefined => (typeof got === 'function' ? (got as CancelRun) : undefined);

/** Slots already emitted are dropped from the front once this many have piled up (a queue that never empties). */
const COMPACT_AT = 1024;

/** `spread`: results are arrays whose items are emitted one by one (the Observable form). */
const ordered =
  <T, R, O>(start: StartOne<T, R>, concurrent: number, spread: boolean): OperatorFunction<T, O> =>
  (source) =>
    new Observable<O>((subscriber) => {
      const slots: (Slot<T, R> | undefined)[] = [];
      let head = 0; // first slot not emitted
      let next = 0; // first slot not started
      let active = 0; // started, not settled
      let index = 0;
      let sourceDone = false;
      // An emission is on the stack: results wait for it to unwind (no value overtakes one being emitted).
      let emitting = false;
      // Starts on the stack: a value arriving now (re-entrantly) takes the queued lane.
      let starting = 0;
      // The inline lane: `inlining` while the value started there has neither answered nor a slot; its slot,
      // once a re-entrant value overtook it (`promoted`) or it went asynchronous, is `inlineSlot` until it answers.
      let inlining = false;
      let inlineSlot: Slot<T, R> | undefined;
      let promoted: Slot<T, R> | undefined;

      // Chosen once: the loop of the spread form kept in a function `next` inlines cost `decide()` a few ns per value
      // (V8 inlines up to a budget of bytecode per optimised function, and the answerer must fit in it too).
      const emit = spread
        ? (result: R): void => {
            for (const item of result as unknown as readonly O[]) subscriber.next(item);
          }
        : (result: R): void => {
            subscriber.next(result as unknown as O);
          };
      const fail = (error: unknown): void => {
        subscriber.error(error);
      };

      const drain = (): void => {
        if (emitting) return;
        emitting = true;
        while (head < slots.length) {
          const slot = slots[head] as Slot<T, R>;
          if (slot.result === undefined) break;
          slots[head++] = undefined;
          emit(slot.result);
        }
        emitting = false;
        if (subscriber.closed) return;
        if (head === slots.length) {
          slots.length = head = next = 0;
          completeIfDone();
        } else if (head >= COMPACT_AT && head * 2 >= slots.length) {
          slots.splice(0, head);
          next -= head;
          head = 0;
        }
      };

      // A value stays active while its result is emitted (as an inner does until `mergeMap` sees it complete).
      const completeIfDone = (): void => {
        if (sourceDone && active === 0 && head === slots.length && !emitting) subscriber.complete();
      };

      /** Emits the answer of the value started inline, nothing being queued before it. */
      const emitInline = (result: R): void => {
        emitting = true;
        emit(result);
        emitting = false;
        active--;
        if (head === slots.length) completeIfDone();
        else {
          startWaiting();
          drain();
        }
      };

      const settle = (slot: Slot<T, R>, result: R): void => {
        if (slot.result !== undefined || subscriber.closed) return;
        slot.result = result;
        slot.cancel = undefined;
        drain();
        active--;
        startWaiting();
        completeIfDone();
      };

      const begin = (slot: Slot<T, R>): void => {
        active++;
        starting++;
        const value = slot.value as T;
        slot.value = undefined;
        let got: R | CancelRun | undefined;
        try {
          got = start(
            value,
            (result) => {
              settle(slot, result);
            },
            fail,
            index++,
          );
        } catch (error) {
          starting--;
          subscriber.error(error);
          return;
        }
        starting--;
        if (subscriber.closed) asCancel(got)?.();
        else if (isResult(got)) settle(slot, got);
        else if (slot.result === undefined) slot.cancel = asCancel(got);
      };

      function startWaiting(): void {
        while (next < slots.length && active < concurrent && !subscriber.closed) begin(slots[next++] as Slot<T, R>);
      }

      /** Gives the value being started inline its slot, ahead of a value arriving re-entrantly. */
      const promote = (): void => {
        inlining = false;
        const slot: Slot<T, R> = { value: undefined, result: undefined, cancel: undefined };
        slots.push(slot);
        next = slots.length;
        promoted = inlineSlot = slot;
      };

      const inlineDone = (result: R): void => {
        if (inlining) {
          // Answered while nothing else is queued: it is first in line, out at once.
          inlining = false;
          emitInline(result);
          return;
        }
        const slot = inlineSlot;
        if (slot === undefined) return;
        inlineSlot = undefined;
        settle(slot, result);
      };

      /** What follows `start` on the inline lane unless it answered at once, first in line (`next` handles that). */
      const afterInline = (got: R | CancelRun | undefined): void => {
        if (subscriber.closed) {
          inlining = false;
          asCancel(got)?.();
          return;
        }
        if (inlining) {
          inlining = false;
          if (isResult(got)) {
            emitInline(got);
            return;
          }
          // Still running: it takes a slot like any other.
          const slot: Slot<T, R> = { value: undefined, result: undefined, cancel: asCancel(got) };
          slots.push(slot);
          next = slots.length;
          inlineSlot = slot;
          return;
        }
        const slot = promoted;
        promoted = undefined;
        if (slot === undefined) return; // answered through `done`: already out
        if (isResult(got)) {
          if (inlineSlot === slot) inlineSlot = undefined;
          settle(slot, got);
        } else if (slot.result === undefined) slot.cancel = asCancel(got);
      };

      /** A value arriving while the inline lane is busy, something is queued or on the stack: it takes a slot. */
      const queue = (value: T): void => {
        if (subscriber.closed) return;
        if (inlining) promote();
        slots.push({ value, result: undefined, cancel: undefined });
        startWaiting();
      };

      const subscription = source.subscribe({
        // The inline lane's common case (answered at once, first in line) is written out here and its rare branches
        // are helpers: `decide()` on a stream no hook matches pays this per value, within a few times a `map`.
        next: (value) => {
          if (
            inlining ||
            starting !== 0 ||
            emitting ||
            head !== slots.length ||
            !(concurrent >= 1) ||
            subscriber.closed
          ) {
            queue(value);
            return;
          }
          inlining = true;
          active++;
          starting++;
          let got: R | CancelRun | undefined;
          try {
            got = start(value, inlineDone, fail, index++);
          } catch (error) {
            starting--;
            inlining = false;
            subscriber.error(error);
            return;
          }
          starting--;
          if (!inlining || subscriber.closed || !isResult(got)) {
            afterInline(got);
            return;
          }
          // Answered with its result, nothing queued before it: out at once (`emitInline` written out: as a call it
          // spent the inlining budget the answerer needs, and measured slower).
          inlining = false;
          emitting = true;
          emit(got);
          emitting = false;
          active--;
          if (head === slots.length) completeIfDone();
          else {
            startWaiting();
            drain();
          }
        },
        error: (error: unknown) => {
          subscriber.error(error);
        },
        complete: () => {
          sourceDone = true;
          completeIfDone();
        },
      });

      return () => {
        subscription.unsubscribe();
        inlineSlot = promoted = undefined;
        for (let i = head; i < slots.length; i++) slots[i]?.cancel?.();
        slots.length = 0;
      };
    });

/** Orders the results of `start` (see `StartOne`): one result per source value, in source order. */
export const orderedMerge = <T, R>(start: StartOne<T, R>, concurrent = Infinity): OperatorFunction<T, R> =>
  ordered<T, R, R>(start, concurrent, false);

/**
 * `mergeMap` that emits in source order: inner observables run concurrently (up to `concurrent`), and
 * each inner's values are released once it and every earlier inner have completed.
 */
export const mergeMapOrdered = <T, R>(
  project: (value: T, index: number) => Observable<R>,
  concurrent = Infinity,
): OperatorFunction<T, R> =>
  ordered<T, R[], R>(
    (value, done, fail, index) => {
      const values: R[] = [];
      const subscription = project(value, index).subscribe({
        next: (item) => values.push(item),
        error: fail,
        complete: () => {
          done(values);
        },
      });
      if (subscription.closed) return undefined;
      return () => {
        subscription.unsubscribe();
      };
    },
    concurrent,
    true,
  );
