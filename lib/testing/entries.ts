/**
 * Builders for hook definitions, registry entries and plans, so a marble test can set up exactly the
 * hooks an event plans — with the planner hookstream itself uses (matchers, priority, dedup, sequential).
 */
import type { HookInput } from '../events/inputs.js';
import type { EventName } from '../events/names.js';
import type { PlannedEvent } from '../engine/types.js';
import { HookPlanner } from '../plan/planner.js';
import { HookRegistry } from '../plan/registry.js';
import type {
  CommandHookConfig,
  FunctionHook,
  FunctionHookContext,
  FunctionHookReturn,
  HookEntry,
  HookSource,
  Matcher,
} from '../model/types.js';
import { createEntry, withId } from '../plan/createEntry.js';

/** Optional fields of a function hook. */
export type FunctionHookOptions = Pick<FunctionHook, 'failurePolicy' | 'timeoutMs' | 'description'>;

/**
 * A function hook (an in-process policy).
 *
 * @example functionHook('no-etc', (input: HookInputOf<'BeforeTool'>) => deny('not there'), { timeoutMs: 50 })
 */
export const functionHook = <I extends HookInput = HookInput>(
  name: string,
  run: (input: I, context: FunctionHookContext) => FunctionHookReturn,
  options: FunctionHookOptions = {},
): FunctionHook<I> => ({ type: 'function', name, run, ...options });

/** Where and how an entry is registered. */
export interface EntryOptions {
  /** Default `runtime` (programmatic hooks). */
  source?: HookSource;
  /**
   * Regex tested against the event's match target (tool name, session source, …), or a ready `Matcher`
   * (e.g. one that throws, to test a host's error path).
   */
  matcher?: string | Matcher;
  sequential?: boolean;
  /** Display name; default the function name, the command's `name`, or the command. */
  name?: string;
}

let lastEntryId = 0;

/**
 * A registry entry: what the planner plans and the executor receives, built by hookstream's own
 * `createEntry` (same dedup keys and matcher rule as settings and `register`). A string is a shell-form
 * command hook. Matcher problems are not reported: the entry plans as `register` would register it.
 *
 * @example entry('BeforeTool', protectPathsHook(), { matcher: '^(write_file|replace)$' })
 * @throws InvalidHookError for a function hook without name or run, or a command hook without command.
 */
export const entry = (
  event: EventName,
  hook: FunctionHook<never> | CommandHookConfig | string,
  options: EntryOptions = {},
): HookEntry =>
  withId(
    createEntry(event, typeof hook === 'string' ? { type: 'command', command: hook } : hook, options).entry,
    ++lastEntryId,
  );

/**
 * The real planner over `entries` (priority by source, then array order).
 *
 * @param entries Registry entries, e.g. from `entry(...)`; the registry numbers them anew in array order.
 * @param disabled Hook names to skip, like `hooksConfig.disabled`.
 */
export const plannerFor = (
  entries: readonly Omit<HookEntry, 'id'>[],
  disabled: readonly string[] = [],
): HookPlanner => {
  const registry = new HookRegistry();
  registry.setConfigured(entries);
  return new HookPlanner(registry, new Set(disabled));
};

/**
 * The planned event `selectHooks` would emit for `input`, for driving `runParallel`/`runSequential`
 * directly in a marble test.
 *
 * @param startedAt Virtual time the event was planned at (default 0).
 */
export const planFor = <I extends HookInput>(
  input: I,
  entries: readonly HookEntry[],
  startedAt = 0,
): PlannedEvent<I> => ({
  input,
  plan: plannerFor(entries).createExecutionPlan(input.hook_event_name, input),
  startedAt,
});
