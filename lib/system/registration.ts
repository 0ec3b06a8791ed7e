/**
 * Turns `hooks.register(event, hook, { matcher, sequential })` into a registry entry: the event name is
 * resolved here, everything else is `createEntry`'s, the rule settings and the testing kit share.
 */
import { canonicalEventName, type EventName } from '../events/names.js';
import type { CommandHookConfig, FunctionHook } from '../model/types.js';
import { UnknownEventError } from '../core/errors.js';
import { createEntry, type CreatedEntry } from '../plan/createEntry.js';

export interface RegisterOptions {
  /** Regex tested against the event's match target (tool name, trigger, …). */
  matcher?: string;
  sequential?: boolean;
}

/** Handle returned by `register`; `unregister()` removes the hook. */
export interface Registration {
  readonly id: number;
  readonly event: EventName;
  /** Matcher problems of the registration (the hook is registered all the same). */
  readonly problems: readonly string[];
  unregister(): boolean;
}

export const resolveEvent = (name: string): EventName => {
  const event = canonicalEventName(name);
  if (event === undefined) throw new UnknownEventError(name);
  return event;
};

/**
 * The entry `register` adds, and its matcher problems (an invalid pattern, a matcher on an event without
 * a match target) for the caller to return, log or throw in a strict mode.
 *
 * @throws UnknownEventError for an unknown event name; InvalidHookError for a malformed hook.
 */
export const runtimeEntry = (
  eventName: string,
  hook: FunctionHook<never> | CommandHookConfig,
  options: RegisterOptions = {},
): CreatedEntry =>
  createEntry(resolveEvent(eventName), hook, {
    source: 'runtime',
    matcher: options.matcher,
    sequential: options.sequential,
  });
