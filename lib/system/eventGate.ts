/**
 * The way into the pipeline for every facade entry point (`fire`, `fire$`, `decide`): refuses after
 * `dispose()`, validates the fields on every path (hooks or not, enabled or not: a host's malformed event
 * fails the day it is written, not the day a user adds a hook), decides, and keeps each event that is
 * still running so that `dispose()` can cancel it and fail its caller.
 */
import { fastPathResult } from '../aggregate/fastPath.js';
import { HookSystemDisposedError } from '../core/errors.js';
import { decideEvent, type Engine, type ResultDone } from '../engine/decideEvent.js';
import { checkEventFields } from '../events/decodeInput.js';
import type { EventName } from '../events/names.js';
import type { CancelRun } from '../executors/startRun.js';

/** Receives the error that ends an event the caller still waits for (`dispose()`). */
export type EventFail = (error: Error) => void;

export interface EventGate {
  /** Decides one event; throws for host mistakes; returns the cancel function while it runs. */
  decide(event: EventName, fields: Record<string, unknown>, done: ResultDone, fail: EventFail): CancelRun | undefined;
  /** Refuses new events, cancels those running and fails their callers with HookSystemDisposedError. */
  close(): void;
}

interface Running {
  cancel: CancelRun;
  fail: EventFail;
}

export const createEventGate = (engine: Engine, isEnabled: () => boolean): EventGate => {
  const running = new Set<Running>();
  let closed = false;
  return {
    decide: (event, fields, done, fail) => {
      if (closed) throw new HookSystemDisposedError();
      checkEventFields(event, fields);
      if (!isEnabled()) {
        done(fastPathResult(event, fields));
        return undefined;
      }
      let tracked: Running | undefined;
      const cancel = decideEvent(engine, event, fields, (result) => {
        if (tracked !== undefined) running.delete(tracked);
        done(result);
      });
      if (cancel === undefined) return undefined;
      const entry: Running = { cancel, fail };
      tracked = entry;
      running.add(entry);
      return () => {
        running.delete(entry);
        cancel();
      };
    },
    close: () => {
      closed = true;
      const events = [...running];
      running.clear();
      for (const event of events) {
        event.cancel();
        event.fail(new HookSystemDisposedError());
      }
    },
  };
};
