import type { OperatorFunction } from 'rxjs';
import type { HookExecutor } from '../model/types.js';
import { mergeMapOrdered } from '../engine/orderedMerge.js';
import { runPlanSequential } from '../engine/runPlan.js';
import { runStage } from '../engine/slices.js';
import type { PlannedEvent, RanEvent } from '../engine/types.js';

/**
 * Runs each planned event's hooks one after another, chaining outputs into the next hook's input
 * (BeforeTool `tool_input`, BeforeModel `llm_request`, BeforeAgent `prompt`). A blocking hook ends
 * the chain: later hooks get the outcome `skipped`.
 *
 * <span class="informal">`concatMap` over the plan's hooks with the chaining rules of lib/rules/chainInput.ts.</span>
 *
 * @example
 * ```ts
 * planned$.pipe(runSequential(executor), aggregate()).subscribe((r) => console.log(r.toolInput));
 * ```
 * @see {@link runHooks}, which follows each plan's own mode — use this one only to force a chain.
 * @see {@link runParallel}
 * @param executor Runs one hook: a cold Observable of one run record.
 * @return A function that returns an Observable of events with their runs and the chained input.
 */
export const runSequential = (executor: HookExecutor): OperatorFunction<PlannedEvent, RanEvent> =>
  mergeMapOrdered((planned: PlannedEvent) => runStage(planned, (next) => runPlanSequential(executor, next)));
