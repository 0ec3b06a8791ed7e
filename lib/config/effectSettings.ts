/**
 * A hook group's `effects` matcher, read the same way in every dialect's files: compiled once, its problems
 * (an unknown class, a bad pattern, a failing example) reported at their JSON pointer. A group whose effects
 * cannot be read whole, or that has effects on an event with no tool call, keeps running on every event, with a
 * warning: a guard never sees fewer calls than its author meant.
 */
import { MATCH_TARGET, type EventName } from '../events/names.js';
import type { HookCondition } from '../model/types.js';
import { joinPointer } from '../diagnostics/jsonLocate.js';
import type { ProblemSink } from '../diagnostics/problemSink.js';
import { describeReceived } from '../diagnostics/problems.js';
import { compileEffectMatcher } from '../plan/effectMatcher.js';
import { EFFECT_CLASSES, parseEffect, type McpEffectMap } from '../effects/index.js';

const EFFECT_FORM = `"class(target)" with class one of ${EFFECT_CLASSES.join(', ')} (target "?" or empty: unknown)`;

/**
 * A file's `mcpEffects`: `{ "<server>": { "<tool>" | "*": ["egress(api.github.com)", …] } }`. It serves only that
 * file's effect matchers, so no file changes how another file's guards read a call. A server or tool whose
 * entry cannot be read is left out (its calls stay `unknown`, so every effect guard still runs), with an error
 * at its pointer.
 */
export const readMcpEffects = (value: Record<string, unknown>, sink: ProblemSink): McpEffectMap => {
  const map: Record<string, Record<string, readonly string[]>> = {};
  for (const [server, tools] of Object.entries(value)) {
    const serverPointer = joinPointer('/mcpEffects', server);
    if (typeof tools !== 'object' || tools === null || Array.isArray(tools)) {
      sink.error(serverPointer, 'invalid MCP server entry; its tools stay unknown', {
        expected: 'an object of tool name (or "*") → list of effects',
        received: describeReceived(tools),
      });
      continue;
    }
    const read: Record<string, readonly string[]> = {};
    for (const [tool, effects] of Object.entries(tools as Record<string, unknown>)) {
      const toolPointer = joinPointer(serverPointer, tool);
      const list = Array.isArray(effects) ? (effects as unknown[]) : undefined;
      const bad = list?.findIndex((text) => typeof text !== 'string' || parseEffect(text) === undefined);
      if (list === undefined || bad === undefined || bad !== -1) {
        const at = list === undefined || bad === undefined ? toolPointer : joinPointer(toolPointer, bad);
        sink.error(at, `invalid effect for MCP tool ${server}/${tool}; the tool stays unknown`, {
          expected: list === undefined ? `an array of ${EFFECT_FORM}` : EFFECT_FORM,
          received: describeReceived(list === undefined || bad === undefined ? effects : list[bad]),
        });
        continue;
      }
      read[tool] = list as string[];
    }
    map[server] = read;
  }
  return map;
};

/** The group's effect condition, or undefined when it has none (or it cannot apply to `event`). */
export const readEffects = (
  value: unknown,
  event: EventName,
  pointer: string,
  sink: ProblemSink,
  projectDir?: string,
  mcp?: McpEffectMap,
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
  const options: { projectDir?: string; mcp?: McpEffectMap } = {};
  if (projectDir !== undefined) options.projectDir = projectDir;
  if (mcp !== undefined) options.mcp = mcp;
  const { condition, problems } = compileEffectMatcher(value, options);
  let broken = false;
  for (const problem of problems) {
    const at = problem.pointer === '' ? pointer : joinPointer(pointer, ...problem.pointer.slice(1).split('/'));
    if (problem.error) {
      broken = true;
      sink.error(at, problem.message);
    } else sink.warning(at, problem.message);
  }
  // A matcher read in part would let the guard skip calls its author meant it to see: it fails closed instead.
  if (broken) {
    sink.warning(pointer, 'effects could not be read whole, so they are not applied: the hooks run on every call');
    return undefined;
  }
  return condition;
};
