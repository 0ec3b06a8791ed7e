/**
 * Turns what a host fires into a complete hook input: the event's own fields are decoded against the
 * event's codec and the base fields are filled in. A malformed event is a typed error naming the field.
 */
import { HookstreamError, nameErrorClass } from '../core/errors.js';
import { isLeft } from 'fp-ts/lib/Either.js';
import { formatValidationErrors } from 'io-ts-reporters';
import { EVENT_FIELDS, type EventFields, type HookInputOf } from './inputs.js';
import type { EventName } from './names.js';

/** The host fired an event whose input does not match the event's schema; nothing ran. */
export class InvalidEventInputError extends HookstreamError {
  static {
    nameErrorClass(this, 'InvalidEventInputError');
  }
  constructor(
    readonly event: EventName,
    /** One line per problem: path, expected type, received value. */
    readonly problems: readonly string[],
  ) {
    super(`Invalid ${event} input:\n  ${problems.join('\n  ')}`);
  }
}

export interface BaseFields {
  session_id: string;
  transcript_path: string;
  cwd: string;
  timestamp: string;
}

/**
 * Validates `fields` for `event` and returns the full input. Fields the host passed among the base
 * fields (`session_id`, `cwd`, …) override the defaults; `hook_event_name` is always the canonical name.
 */
export const decodeEventInput = <E extends EventName>(
  event: E,
  fields: unknown,
  base: () => BaseFields,
): HookInputOf<E> => {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    throw new InvalidEventInputError(event, [
      `expected the event's fields as an object, received ${JSON.stringify(fields)}`,
    ]);
  }
  const decoded = EVENT_FIELDS[event].decode(fields);
  if (isLeft(decoded)) throw new InvalidEventInputError(event, formatValidationErrors(decoded.left));
  return { ...base(), ...(fields as EventFields<E>), hook_event_name: event } as HookInputOf<E>;
};
