/**
 * OpenTelemetry for hooks (`telemetry: { api }`): a span per event — its parent is whatever span is active
 * where the host fires the event — and a child span per hook run, built from the `results$` records. Spans
 * carry the event, the hook's readable name, source, outcome, decision, exit code and duration; a hook that
 * failed (exit 1, crash, timeout, bad output, untrusted) or a failure of hookstream itself sets status error.
 * A block is a decision, not an error. Cancelled events and runs end their spans with `hookstream.canceled`.
 */
import type { Observable } from 'rxjs';
import { isHookFailure } from '../model/outcomes.js';
import type { HookActivity, HookPlan, HookResult, HookRun } from '../model/types.js';
import { MATCH_TARGET, type EventName } from '../events/names.js';
import { hookLabel } from './hookLabel.js';
import {
  SPAN_STATUS_ERROR,
  type TelemetryAttributeValue,
  type TelemetryOptions,
  type TelemetrySpan,
} from './telemetryTypes.js';

/** What the observation layer calls (the engine's trace points, see lib/observe/observation.ts). */
export interface TelemetryTrace {
  planned(eventId: number, plan: HookPlan, fields: Readonly<Record<string, unknown>>): void;
  decided(eventId: number, result: HookResult): void;
  canceled(eventId: number): void;
  answered(event: EventName, fields: Readonly<Record<string, unknown>>, result: HookResult): void;
  /** Stops listening and ends every span still open as cancelled. */
  close(): void;
}

interface OpenEvent {
  readonly span: TelemetrySpan;
  /** The context holding the event's span: the parent of its hook spans. */
  readonly context: unknown;
  /** Open hook spans by hook name; a list, as two hooks of one event may share a configured name. */
  readonly hooks: Map<string, TelemetrySpan[]>;
}

const eventAttributes = (
  event: EventName,
  fields: Readonly<Record<string, unknown>>,
  sessionId: string,
  hookCount: number,
): Record<string, TelemetryAttributeValue> => {
  const attributes: Record<string, TelemetryAttributeValue> = {
    'hookstream.event': event,
    'hookstream.session.id': sessionId,
    'hookstream.hook.count': hookCount,
  };
  const targetField = MATCH_TARGET[event];
  const target = targetField === undefined ? undefined : fields[targetField];
  if (typeof target === 'string') attributes['hookstream.target'] = target;
  return attributes;
};

/** Why a run counts as failed for telemetry, or undefined when it did not fail. */
const runFailure = (run: HookRun): string | undefined => {
  if (
    run.internal === true ||
    run.strictFailure !== undefined ||
    isHookFailure(run.outcome) ||
    run.outcome === 'untrusted'
  ) {
    return run.message ?? `hook ${run.outcome}`;
  }
  return undefined;
};

const endHookSpan = (span: TelemetrySpan, run: HookRun, at: number): void => {
  span.setAttribute('hookstream.hook.outcome', run.outcome);
  span.setAttribute('hookstream.hook.duration_ms', run.durationMs);
  if (run.exitCode !== undefined) span.setAttribute('hookstream.hook.exit_code', run.exitCode);
  if (run.signal !== undefined) span.setAttribute('hookstream.hook.signal', run.signal);
  const decision = run.output?.decision;
  if (decision !== undefined) span.setAttribute('hookstream.hook.decision', String(decision));
  if (run.outcome === 'canceled') span.setAttribute('hookstream.canceled', true);
  const failure = runFailure(run);
  if (failure !== undefined) span.setStatus({ code: SPAN_STATUS_ERROR, message: failure });
  span.end(at);
};

const endEventSpan = (span: TelemetrySpan, result: HookResult, at: number): void => {
  if (result.decision !== undefined) span.setAttribute('hookstream.decision', result.decision);
  span.setAttribute('hookstream.blocked', result.blocked);
  span.setAttribute('hookstream.stopped', result.stopped);
  span.setAttribute('hookstream.duration_ms', result.durationMs);
  span.setAttribute('hookstream.warning.count', result.warnings.length);
  const failed = result.internal === true || result.hooks.some((run) => runFailure(run) !== undefined);
  if (failed)
    span.setStatus({ code: SPAN_STATUS_ERROR, message: result.warnings[0] ?? result.reason ?? 'hook failed' });
  span.end(at);
};

/**
 * Starts tracing: hook spans come from `records` (the facade's `results$` subject), event spans from the
 * trace points. Spans are stamped with `now()` and the records' `at`, both epoch milliseconds.
 */
export const createTelemetry = (
  options: TelemetryOptions,
  records: Observable<HookActivity>,
  sessionId: string,
  now: () => number,
): TelemetryTrace => {
  const { api } = options;
  const tracer = options.tracer ?? api.trace.getTracer('hookstream');
  const open = new Map<number, OpenEvent>();
  // Events decided while background hooks (`async: true`) still run: their hook spans end when they finish.
  const trailing = new Map<number, OpenEvent>();

  const startEvent = (event: EventName, fields: Readonly<Record<string, unknown>>, hooks: number, at: number) =>
    tracer.startSpan(
      `hookstream ${event}`,
      { startTime: at, attributes: eventAttributes(event, fields, sessionId, hooks) },
      api.context.active(),
    );

  const subscription = records.subscribe((record) => {
    const owner = open.get(record.eventId) ?? trailing.get(record.eventId);
    if (owner === undefined) return;
    const spans = owner.hooks.get(record.hook);
    if (record.type === 'start') {
      const span = tracer.startSpan(
        `hookstream hook ${hookLabel(record.hook)}`,
        {
          startTime: record.at,
          attributes: {
            'hookstream.event': record.event,
            'hookstream.hook.name': hookLabel(record.hook),
            'hookstream.hook.source': record.source,
          },
        },
        owner.context,
      );
      if (spans === undefined) owner.hooks.set(record.hook, [span]);
      else spans.push(span);
      return;
    }
    const span = spans?.shift();
    if (span === undefined) return;
    span.setAttribute('hookstream.hook.name', hookLabel(record.run.name, record.run.command));
    endHookSpan(span, record.run, record.at);
    if (spans?.length === 0) owner.hooks.delete(record.hook);
    if (owner.hooks.size === 0) trailing.delete(record.eventId);
  });

  const endHookSpans = (owner: OpenEvent, at: number): void => {
    for (const spans of owner.hooks.values()) {
      for (const span of spans) {
        span.setAttribute('hookstream.canceled', true);
        span.end(at);
      }
    }
  };

  const cancel = (eventId: number): void => {
    const owner = open.get(eventId);
    if (owner === undefined) return;
    open.delete(eventId);
    const at = now();
    endHookSpans(owner, at);
    owner.span.setAttribute('hookstream.canceled', true);
    owner.span.end(at);
  };

  return {
    planned: (eventId, plan, fields) => {
      const span = startEvent(plan.event, fields, plan.hooks.length, now());
      open.set(eventId, { span, context: api.trace.setSpan(api.context.active(), span), hooks: new Map() });
    },
    decided: (eventId, result) => {
      const owner = open.get(eventId);
      if (owner === undefined) return;
      open.delete(eventId);
      endEventSpan(owner.span, result, now());
      if (owner.hooks.size > 0) trailing.set(eventId, owner);
    },
    canceled: cancel,
    answered: (event, fields, result) => {
      const at = now();
      endEventSpan(startEvent(event, fields, 0, at), result, at);
    },
    close: () => {
      subscription.unsubscribe();
      for (const eventId of [...open.keys()]) cancel(eventId);
      const at = now();
      for (const owner of trailing.values()) endHookSpans(owner, at);
      trailing.clear();
    },
  };
};
