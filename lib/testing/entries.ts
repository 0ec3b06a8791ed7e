/**
 * Builders for hook definitions, registry entries and plans, so a marble test can set up exactly the
 * hooks an event plans — with the planner hookstream itself uses (matchers, priority, dedup, sequential).
 */
import type { HookInput } from '../events/inputs.js';
import type { EventName } from '../events/names.js';
import type { PlannedEvent } from '../engine/types.js';
import { compileMatcher } from '../plan/matcher.js';
import { HookPlanner } from '../plan/planner.js';
import { HookRegistry } from '../plan/registry.js';
import type {
  CommandHookConfig,
  FunctionHook,
  FunctionHookContext,
  FunctionHookReturn,
  HookEntry,
  HookSource,
} from '../core/types.js';
import { commandKey } from '../plan/createEntry.js';

/** Optional fields of a function hook. */
export type FunctionHookOptions = Pick<FunctionHook, 'strict' | 'timeout' | 'description'>;

/**
 * A function hook (an in-process policy).
 *
 * @example functionHook('no-etc', (input: HookInputOf<'BeforeTool'>) => deny('not there'), { timeout: 50 })
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
  /** Regex tested against the event's match target (tool name, session source, …). */
  matcher?: string;
  sequential?: boolean;
  /** Display name; default the function name, the command's `name`, or the command. */
  name?: string;
}

let nextEntryId = 1;

/**
 * A registry entry: what the planner plans and the executor receives. A string is a shell-form
 * command hook.
 *
 * @example entry('BeforeTool', protectPathsHook(), { matcher: '^(write_file|replace)$' })
 */
export const entry = (
  event: EventName,
  hook: FunctionHook<never> | CommandHookConfig | string,
  options: EntryOptions = {},
): HookEntry => {
  const definition: FunctionHook<never> | CommandHookConfig =
    typeof hook === 'string' ? { type: 'command', command: hook } : hook;
  const id = nextEntryId++;
  const name =
    options.name ?? (definition.type === 'function' ? definition.name : (definition.name ?? definition.command));
  const key = definition.type === 'function' ? `function:${id}:${definition.name}` : commandKey(definition);
  const matcher =
    options.matcher !== undefined && options.matcher !== '' && options.matcher !== '*'
      ? compileMatcher(options.matcher).matcher
      : undefined;
  return {
    id,
    event,
    definition,
    origin: { source: options.source ?? 'runtime' },
    ...(matcher !== undefined ? { matcher } : {}),
    sequential: options.sequential === true,
    name,
    key,
  };
};

/**
 * The real planner over `entries` (priority by source, then array order).
 *
 * @param entries Registry entries, e.g. from `entry(...)`.
 * @param disabled Hook names to skip, like `hooksConfig.disabled`.
 */
export const plannerFor = (entries: readonly HookEntry[], disabled: readonly string[] = []): HookPlanner => {
  const registry = new HookRegistry();
  registry.setConfigured(entries.map(({ id: _id, ...rest }) => rest));
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
