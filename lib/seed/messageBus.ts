/**
 * The hook message bus: `HOOK_EXECUTION_REQUEST` messages in,
 * `HOOK_EXECUTION_RESPONSE` messages out, matched by `correlationId`. Requests run concurrently and are answered
 * as they finish. Every request is answered — a malformed one with `success: false` and an error code — and
 * nothing a publisher sends can throw or end the bus.
 */
import { randomUUID } from 'node:crypto';
import { isRecord } from '../core/guards.js';
import {
  defer,
  EMPTY,
  of,
  Subject,
  type Observable,
  type Observer,
  type Subscription,
  catchError,
  filter,
  first,
  map,
  mergeMap,
  tap,
} from 'rxjs';
import type { AggregatedHookResultJSON } from '../aggregate/aggregatedResult.js';
import { InvalidEventInputError } from '../events/decodeInput.js';
import { canonicalEventName } from '../events/names.js';

import type { HookSystem } from '../system/createHookSystem.js';
import { HookSystemDisposedError } from '../core/errors.js';
import { errorText } from '../core/guards.js';

export const HOOK_EXECUTION_REQUEST = 'HOOK_EXECUTION_REQUEST';
export const HOOK_EXECUTION_RESPONSE = 'HOOK_EXECUTION_RESPONSE';

/** Why a request failed: its shape, its event, its input, a disposed bus or system, or a bug. */
export type HookBusErrorCode = 'INVALID_REQUEST' | 'UNKNOWN_EVENT' | 'INVALID_INPUT' | 'DISPOSED' | 'INTERNAL';

export interface HookExecutionRequest {
  correlationId: string;
  /** A canonical event name or an alias. */
  eventName: string;
  /** The event's fields; base fields (`session_id`, …) given here override the system's. */
  input: Record<string, unknown>;
}

export interface HookExecutionResponse {
  /** The request's id; `''` when the request had none (it cannot be correlated). */
  correlationId: string;
  /** The request was executed. Hook health and policy are in `output` (`output.success`, `finalOutput`). */
  success: boolean;
  /** The AggregatedHookResult as plain JSON. */
  output?: AggregatedHookResultJSON;
  error?: { code: HookBusErrorCode; message: string };
}

export interface HookRequestMessage {
  type: typeof HOOK_EXECUTION_REQUEST;
  payload: HookExecutionRequest;
}

export interface HookResponseMessage {
  type: typeof HOOK_EXECUTION_RESPONSE;
  payload: HookExecutionResponse;
}

export interface HookMessageBus {
  /** Sends one request message (any value: malformed ones are answered with an error). */
  publish(message: unknown): void;
  /** Observer form of `publish`, to connect a stream: `incoming$.subscribe(bus.request$)`. Its error/complete are ignored. */
  readonly request$: Observer<unknown>;
  /** Every response, in completion order. Hot; completes on `dispose`. */
  readonly response$: Observable<HookResponseMessage>;
  /** Publishes a request with a fresh correlation id and resolves with its response (never rejects). */
  request(eventName: string, input: Record<string, unknown>): Promise<HookExecutionResponse>;
  /** Cancels requests in flight (their hooks are killed), answers them `DISPOSED`, and completes `response$`. */
  dispose(): void;
}

export interface HookMessageBusOptions {
  /** Requests executing at once (default: all). */
  requestConcurrency?: number;
}

const response = (payload: HookExecutionResponse): HookResponseMessage => ({ type: HOOK_EXECUTION_RESPONSE, payload });

const failure = (correlationId: string, code: HookBusErrorCode, message: string): HookResponseMessage =>
  response({ correlationId, success: false, error: { code, message } });

/** Validates a message; returns the request or the error response to send instead. */
function validate(message: unknown): HookExecutionRequest | HookResponseMessage {
  if (!isRecord(message)) return failure('', 'INVALID_REQUEST', 'A request message must be an object');
  const payload = message.payload;
  const id = isRecord(payload) && typeof payload.correlationId === 'string' ? payload.correlationId : '';
  if (message.type !== HOOK_EXECUTION_REQUEST) {
    return failure(
      id,
      'INVALID_REQUEST',
      `Expected message type ${HOOK_EXECUTION_REQUEST}, got ${JSON.stringify(message.type)}`,
    );
  }
  if (!isRecord(payload)) return failure('', 'INVALID_REQUEST', 'The request has no payload object');
  if (id === '') return failure('', 'INVALID_REQUEST', 'The request payload needs a non-empty string correlationId');
  if (typeof payload.eventName !== 'string' || canonicalEventName(payload.eventName) === undefined) {
    return failure(id, 'UNKNOWN_EVENT', `Unknown hook event ${JSON.stringify(payload.eventName)}`);
  }
  if (!isRecord(payload.input)) return failure(id, 'INVALID_INPUT', 'The request input must be an object');
  return { correlationId: id, eventName: payload.eventName, input: payload.input };
}

const errorCode = (error: unknown): HookBusErrorCode =>
  error instanceof HookSystemDisposedError
    ? 'DISPOSED'
    : error instanceof InvalidEventInputError
      ? 'INVALID_INPUT'
      : 'INTERNAL';

/**
 * Creates a bus in front of `hooks`.
 *
 * @example
 * const bus = createHookMessageBus(hooks);
 * bus.response$.subscribe(({ payload }) => reply(payload.correlationId, payload));
 * bus.publish({ type: 'HOOK_EXECUTION_REQUEST', payload: { correlationId: 'c1', eventName: 'BeforeTool', input } });
 */
export function createHookMessageBus(hooks: HookSystem, options: HookMessageBusOptions = {}): HookMessageBus {
  const incoming = new Subject<{ seq: number; message: unknown }>();
  const responses = new Subject<HookResponseMessage>();
  // Every request not yet answered, so dispose can answer each one, queued or running.
  const pending = new Map<number, string>();
  let seq = 0;
  let disposed = false;

  const execute = (request: HookExecutionRequest): Observable<HookResponseMessage> =>
    // defer: a host's HookSystem that throws synchronously is still an answer, not a dead bus.
    defer(() => hooks.fire$(request.eventName, request.input)).pipe(
      map((result) =>
        response({ correlationId: request.correlationId, success: true, output: result.aggregated.toJSON() }),
      ),
      catchError((error: unknown) => [failure(request.correlationId, errorCode(error), errorText(error))]),
    );

  const pipeline: Subscription = incoming
    .pipe(
      mergeMap(({ seq: n, message }) => {
        let checked: HookExecutionRequest | HookResponseMessage;
        try {
          checked = validate(message);
        } catch (error) {
          checked = failure('', 'INVALID_REQUEST', `Unreadable request: ${String(error)}`);
        }
        const answer$ = 'type' in checked ? of(checked) : execute(checked);
        return answer$.pipe(tap(() => pending.delete(n)));
      }, options.requestConcurrency ?? Infinity),
    )
    .subscribe((answer) => {
      responses.next(answer);
    });

  const publish = (message: unknown): void => {
    if (disposed) return;
    const n = ++seq;
    let id = '';
    try {
      if (isRecord(message) && isRecord(message.payload) && typeof message.payload.correlationId === 'string')
        id = message.payload.correlationId;
    } catch {
      // A hostile getter: validation answers it.
    }
    pending.set(n, id);
    incoming.next({ seq: n, message });
  };

  return {
    publish,
    request$: { next: publish, error: () => undefined, complete: () => undefined },
    response$: responses.asObservable(),
    request: (eventName, input) => {
      const correlationId = randomUUID();
      if (disposed)
        return Promise.resolve(failure(correlationId, 'DISPOSED', 'The message bus has been disposed').payload);
      const answer = new Promise<HookExecutionResponse>((resolve) => {
        responses
          .pipe(
            filter((message) => message.payload.correlationId === correlationId),
            first(),
            map((message) => message.payload),
            catchError(() => EMPTY),
          )
          .subscribe(resolve);
      });
      publish({ type: HOOK_EXECUTION_REQUEST, payload: { correlationId, eventName, input } });
      return answer;
    },
    dispose: () => {
      if (disposed) return;
      disposed = true;
      pipeline.unsubscribe();
      for (const id of pending.values())
        responses.next(failure(id, 'DISPOSED', 'The message bus was disposed before the request finished'));
      pending.clear();
      responses.complete();
    },
  };
}
