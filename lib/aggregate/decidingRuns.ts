/**
 * Which runs decided an event's result: each run that, folded alone, comes to the result's outcome — a block when
 * the result is blocked (one block blocks the event), else its decision (defer, ask, allow) — or that stops when
 * the result stops. Each run is assembled alone by the fold itself, so no precedence between decisions is restated
 * here: the result already holds the one the fold chose.
 */
import type { EventName } from '../events/names.js';
import type { HookResult, HookRun } from '../model/types.js';
import { assembleHookResult } from './hookResult.js';

/** The parts of a result (live or recorded) that say what was decided. */
export type DecidedParts = Pick<HookResult, 'blocked' | 'stopped' | 'decision'>;

/** The runs of `runs` that decided `result`, in their order; none when nothing was decided. */
export const decidingRuns = <R extends HookRun>(
  event: EventName,
  fields: Readonly<Record<string, unknown>>,
  result: DecidedParts,
  runs: readonly R[],
): R[] =>
  runs.filter((run) => {
    // A copy: assembling freezes the runs it folds, and these belong to the caller.
    const alone = assembleHookResult(event, fields, [Object.assign({}, run)], { durationMs: 0 });
    if (result.stopped && alone.stopped) return true;
    return result.blocked ? alone.blocked : result.decision !== undefined && alone.decision === result.decision;
  });
