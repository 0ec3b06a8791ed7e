/**
 * `tool_effects` in the input of hooks that match on effects: the record their effect matcher read while the
 * event was planned (lib/plan/effectRecords.ts), so a guard can say what the call does and which parts could not
 * be read, and the command is not read a second time. Only hooks of a format that opts in get it — hookstream's
 * own files and `register(…, { effects })`; another agent's hook script sees exactly its agent's input.
 *
 * Wraps the leaf: a hook without a condition costs one property read, and nothing here runs on an event that
 * plans no hook.
 */
import { dialectById } from '../dialects/registry.js';
import type { HookInput } from '../events/inputs.js';
import type { HookEntry } from '../model/types.js';
import { conditionToolEffects } from '../plan/effectMatcher.js';
import type { StartRun } from './startRun.js';

/** Whether `hook`'s format gives its hooks `tool_effects` (no dialect: hookstream's own or a registration). */
const receivesEffects = (hook: HookEntry): boolean => {
  const dialect = hook.origin.dialect;
  return dialect === undefined || dialectById(dialect).toolEffects === true;
};

/** `leaf` with `tool_effects` added to the input of each hook whose condition holds an effect matcher. */
export const withToolEffects =
  (leaf: StartRun): StartRun =>
  (hook, input, done, eventId) => {
    const condition = hook.condition;
    if (condition === undefined) return leaf(hook, input, done, eventId);
    const effects = receivesEffects(hook) ? conditionToolEffects(condition, input) : undefined;
    if (effects === undefined) return leaf(hook, input, done, eventId);
    // A copy per hook: the event's other hooks (another agent's among them) keep the input as it was.
    const given: Record<string, unknown> = { ...input };
    // Assigned, not read from the host: a host's own `tool_effects` field is not what the guard matched on.
    given['tool_effects'] = effects;
    return leaf(hook, given as HookInput, done, eventId);
  };
