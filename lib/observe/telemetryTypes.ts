/**
 * The part of `@opentelemetry/api` hookstream uses, as structural types: the host passes the module (or a
 * tracer) in, so hookstream never imports OpenTelemetry — nothing is loaded when telemetry is off, and the
 * published declarations do not need the package. The real module satisfies these types.
 */

export type TelemetryAttributeValue = string | number | boolean;

/** An OpenTelemetry `Span`, as far as hookstream calls it. */
export interface TelemetrySpan {
  setAttribute(key: string, value: TelemetryAttributeValue): unknown;
  /** `code`: 0 unset, 1 ok, 2 error (OpenTelemetry's `SpanStatusCode`). */
  setStatus(status: { code: number; message?: string }): unknown;
  /** `endTime` in epoch milliseconds. */
  end(endTime?: number): void;
}

/** An OpenTelemetry `Tracer`. */
export interface TelemetryTracer {
  startSpan(
    name: string,
    options?: { startTime?: number; attributes?: Record<string, TelemetryAttributeValue> },
    context?: unknown,
  ): TelemetrySpan;
}

/** The `@opentelemetry/api` module: `import * as api from '@opentelemetry/api'`. */
export interface TelemetryApi {
  readonly trace: {
    getTracer(name: string, version?: string): TelemetryTracer;
    setSpan(context: unknown, span: TelemetrySpan): unknown;
  };
  readonly context: { active(): unknown };
}

/** `telemetry` option of `createHookSystem`: a span per event, a child span per hook run. */
export interface TelemetryOptions {
  /** The `@opentelemetry/api` module; its active context at `fire` time is the parent of the event's span. */
  api: TelemetryApi;
  /** Default: `api.trace.getTracer('hookstream')`. */
  tracer?: TelemetryTracer;
}

/** OpenTelemetry's `SpanStatusCode.ERROR` (a stable value of the specification). */
export const SPAN_STATUS_ERROR = 2;
