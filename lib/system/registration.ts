/**
 * Turns `hooks.register(event, hook, { matcher, sequential, effects })` into a registry entry: the event name is
 * resolved here, everything else is `createEntry`'s, the rule settings and the testing kit share; an effect
 * matcher is compiled as a settings group's is (effectMatcher.ts).
 */
import { canonicalEventName, MATCH_TARGET, type EventName } from '../events/names.js';
import type { CommandHookConfig, FunctionHook } from '../model/types.js';
import { InvalidHookError, UnknownEventError } from '../core/errors.js';
import { createEntry, type CreatedEntry } from '../plan/createEntry.js';
import { compileEffectMatcher, type EffectMatcherSpec } from '../plan/effectMatcher.js';

export interface RegisterOptions {
  /** Regex tested against the event's match target (tool name, trigger, …). */
  matcher?: string;
  sequential?: boolean;
  /**
   * An effect matcher on a tool event (`{ writes: ['.env*'], egress: '*' }`): the hook runs only for calls with
   * those effects, or with effects that could not be read. Paths resolve
   * against the call's `cwd` and the system's `projectDir`. The hook's input then holds `tool_effects`
   * (`{ effects, partial, unknown }`): the record the matcher decided on, `unknown` naming what could not be read.
   */
  effects?: EffectMatcherSpec;
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
  projectDir?: string,
): CreatedEntry => {
  const event = resolveEvent(eventName);
  const effects = options.effects === undefined ? undefined : runtimeEffects(event, options.effects, projectDir);
  const created = createEntry(event, hook, {
    source: 'runtime',
    matcher: options.matcher,
    sequential: options.sequential,
    condition: effects?.condition,
  });
  if (effects?.problem !== undefined) created.problems.push(effects.problem);
  return created;
};

/**
 * A registration's effect matcher. A fault in it (an unknown class, a bad pattern, an example that does not come
 * out as it says) throws: the guard would not be the one its author wrote. On an event without a tool call it
 * is a problem, and the hook runs on every event, as a settings group's does.
 *
 * @throws InvalidHookError naming the fault and its pointer under `effects`.
 */
const runtimeEffects = (
  event: EventName,
  spec: EffectMatcherSpec,
  projectDir: string | undefined,
): { condition?: ReturnType<typeof compileEffectMatcher>['condition']; problem?: string } => {
  if (MATCH_TARGET[event] !== 'tool_name')
    return {
      problem: `"effects" only applies to tool events; on ${event} it is ignored and the hook runs on every event`,
    };
  const { condition, problems } = compileEffectMatcher(spec, projectDir === undefined ? {} : { projectDir });
  const errors = problems.filter((problem) => problem.error);
  if (errors.length > 0) {
    const listed = errors.map((problem) => `effects${problem.pointer}: ${problem.message}`).join('; ');
    throw new InvalidHookError(`Hook for ${event} not registered: ${listed}`);
  }
  return { condition };
};
