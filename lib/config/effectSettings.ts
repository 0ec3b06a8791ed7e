/**
 * A hook group's `effects` matcher, read the same way in every dialect's files: compiled once, its problems
 * (an unknown class, a bad pattern, a failing example) reported at their JSON pointer. A group with effects on
 * an event that has no tool call keeps running on every event, with a warning.
 */
import { MATCH_TARGET, type EventName } from '../events/names.js';
import type { HookCondition } from '../model/types.js';
import { joinPointer } from '../diagnostics/jsonLocate.js';
import type { ProblemSink } from '../diagnostics/problemSink.js';
import { describeReceived } from '../diagnostics/problems.js';
import { compileEffectMatcher } from '../plan/effectMatcher.js';

/** The group's effect condition, or undefined when it has none (or it cannot apply to `event`). */
export const readEffects = (
  value: unknown,
  event: EventName,
  pointer: string,
  sink: ProblemSink,
  projectDir?: string,
): HookCondition | undefined => {
  if (value === undefined) return undefined;
  if (MATCH_TARGET[event] !== 'tool_name') {
    sink.warning(
      pointer,
      `"effects" only applies to tool events; on ${event} it is ignored and the hooks run on every event`,
      {
        received: describeReceived(value),
      },
    );
    return undefined;
  }
  const { condition, problems } = compileEffectMatcher(value, projectDir === undefined ? {} : { projectDir });
  for (const problem of problems) {
    const at = problem.pointer === '' ? pointer : joinPointer(pointer, ...problem.pointer.slice(1).split('/'));
    if (problem.error) sink.error(at, problem.message);
    else sink.warning(at, problem.message);
  }
  return condition;
};
