/**
 * Turns `hooks.register(event, hook, { matcher, sequential })` into a registry entry, validating what
 * a TypeScript caller could still get wrong at run time.
 */
import { canonicalEventName, MATCH_TARGET, type EventName } from '../events/names.js';
import { compileMatcher } from '../plan/matcher.js';
import type { CommandHookConfig, FunctionHook, HookEntry } from '../core/types.js';
import { InvalidHookError, UnknownEventError } from '../core/errors.js';
import { commandKey } from '../plan/createEntry.js';

export interface RegisterOptions {
  /** Regex tested against the event's match target (tool name, trigger, …). */
  matcher?: string;
  sequential?: boolean;
}

/** Handle returned by `register`; `unregister()` removes the hook. */
export interface Registration {
  readonly id: number;
  readonly event: EventName;
  unregister(): boolean;
}

// Every function hook is its own dedup key: two functions are never "the same command".
let functionKeys = 0;

export const resolveEvent = (name: string): EventName => {
  const event = canonicalEventName(name);
  if (event === undefined) throw new UnknownEventError(name);
  return event;
};

export const runtimeEntry = (
  eventName: string,
  hook: FunctionHook<never> | CommandHookConfig,
  options: RegisterOptions,
  warn: (message: string) => void,
): Omit<HookEntry, 'id'> => {
  const event = resolveEvent(eventName);
  const definition = hook;
  if (definition.type === 'function') {
    if (typeof definition.name !== 'string' || definition.name === '') {
      throw new InvalidHookError(`A function hook for ${event} needs a non-empty "name"`);
    }
    if (typeof definition.run !== 'function') {
      throw new InvalidHookError(`Function hook "${definition.name}" for ${event} needs a "run" function`);
    }
  } else if (definition.type !== 'command' || typeof definition.command !== 'string' || definition.command === '') {
    throw new InvalidHookError(
      `A hook for ${event} must be { type: 'function', name, run } or { type: 'command', command }`,
    );
  }
  let matcher: HookEntry['matcher'];
  if (options.matcher !== undefined && options.matcher !== '' && options.matcher !== '*') {
    if (MATCH_TARGET[event] === undefined) {
      warn(`matcher "${options.matcher}" ignored: ${event} has no match target`);
    } else {
      const compiled = compileMatcher(options.matcher);
      if (compiled.problem !== undefined) warn(compiled.problem);
      matcher = compiled.matcher;
    }
  }
  const name = definition.type === 'function' ? definition.name : (definition.name ?? definition.command);
  const key = definition.type === 'function' ? `function:${++functionKeys}:${name}` : commandKey(definition);
  return {
    event,
    definition,
    origin: { source: 'runtime' },
    ...(matcher ? { matcher } : {}),
    sequential: options.sequential === true,
    name,
    key,
  };
};
