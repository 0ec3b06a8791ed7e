/**
 * Everything that watches events, behind the engine's one trace seam: the debug log, `decisions$`, the
 * recorder and OpenTelemetry. The engine calls `planned` where an event is fired, `decided` or `canceled`
 * when it ends; the event gate calls `answered` for events no hook ran for. Each watcher costs nothing
 * while it is off: a decision record is built only while `decisions$` has a subscriber (as `results$`
 * records are), telemetry only when the host passed `telemetry`, the debug trace only at debug level.
 */
import { Observable, Subject } from 'rxjs';
import type { HookActivity, HookPlan, HookResult, Mutable } from '../model/types.js';
import type { Engine } from '../engine/decideEvent.js';
import type { EventName } from '../events/names.js';
import type { Logger } from '../logging/logger.js';
import { decisionRecord, type DecisionRecord } from './decisionRecord.js';
import { startRecorder, type Recorder, type RecordOptions } from './recorder.js';
import { createTelemetry, type TelemetryTrace } from './telemetry.js';
import type { TelemetryOptions } from './telemetryTypes.js';

export type EngineTrace = NonNullable<Engine['trace']>;

export interface ObservationOptions {
  readonly sessionId: string;
  /** The engine's clock (epoch milliseconds). */
  readonly now: () => number;
  /** The `results$` subject: hook spans are built from its records. */
  readonly records: Subject<HookActivity>;
  readonly logger: Logger;
  /** The debug-log trace, when debug logging is on. */
  readonly debug?: EngineTrace | undefined;
  readonly telemetry?: TelemetryOptions | undefined;
  readonly record?: RecordOptions | string | undefined;
}

export interface Observation {
  /** The engine's trace: calls every watcher. */
  readonly trace: EngineTrace;
  /** One record per decided event; hot, completes on `close()`. */
  readonly decisions$: Observable<DecisionRecord>;
  /** Ends open spans, completes `decisions$`, and resolves once the recording is on disk. */
  close(): Promise<void>;
}

/** Where and how a running event started: kept only while `decisions$` is observed. */
interface Started {
  readonly at: number;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly sequential: boolean;
}

/** Builds the watchers `options` ask for; throws RecordingError when the recording cannot be opened. */
export const createObservation = (options: ObservationOptions): Observation => {
  const { sessionId, now, debug } = options;
  const decisions = new Subject<DecisionRecord>();
  const started = new Map<number, Started>();
  const telemetry: TelemetryTrace | undefined =
    options.telemetry === undefined ? undefined : createTelemetry(options.telemetry, options.records, sessionId, now);
  let recorder: Recorder | undefined;
  try {
    recorder = options.record === undefined ? undefined : startRecorder(decisions, options.record, options.logger);
  } catch (error) {
    telemetry?.close();
    throw error;
  }

  const answered = (event: EventName, fields: Readonly<Record<string, unknown>>, result: HookResult): void => {
    if (decisions.observed) decisions.next(decisionRecord(sessionId, now(), fields, false, result));
    telemetry?.answered(event, fields, result);
  };
  // `answered` is installed only while a watcher wants no-hook events (a `decisions$` subscriber, the recorder,
  // telemetry): the event gate then calls nothing on the no-hook fast path.
  const trace: Mutable<EngineTrace> = {
    planned: (eventId: number, plan: HookPlan, fields: Readonly<Record<string, unknown>>) => {
      debug?.planned(eventId, plan, fields);
      if (decisions.observed) started.set(eventId, { at: now(), fields, sequential: plan.sequential });
      telemetry?.planned(eventId, plan, fields);
    },
    decided: (eventId: number, result: HookResult) => {
      debug?.decided(eventId, result);
      const start = started.get(eventId);
      if (start !== undefined) {
        started.delete(eventId);
        if (decisions.observed) {
          decisions.next(decisionRecord(sessionId, start.at, start.fields, start.sequential, result, eventId));
        }
      }
      telemetry?.decided(eventId, result);
    },
    canceled: (eventId: number) => {
      started.delete(eventId);
      telemetry?.canceled(eventId);
    },
    // One shape whether set or not: `watch` assigns it.
    answered: undefined,
  };
  const watch = (): void => {
    trace.answered = decisions.observed || telemetry !== undefined ? answered : undefined;
  };
  watch();
  const decisions$ = new Observable<DecisionRecord>((subscriber) => {
    const subscription = decisions.subscribe(subscriber);
    watch();
    return () => {
      subscription.unsubscribe();
      watch();
    };
  });

  return {
    trace,
    decisions$,
    close: async () => {
      telemetry?.close();
      started.clear();
      decisions.complete();
      await recorder?.close();
    },
  };
};
