/**
 * The seed API's component classes as thin,
 * Promise-based views over the reactive engine, for hosts that port code written against them.
 */
import { firstValueFrom } from 'rxjs';
import { assembleHookResult } from '../aggregate/hookResult.js';
import { seedAggregated } from '../aggregate/resultRecord.js';
import type { AggregatedHookResult } from '../aggregate/aggregatedResult.js';
import type { HookInput } from '../events/inputs.js';
import type { EventName } from '../events/names.js';
import { runPlanParallel, runPlanSequential } from '../engine/runPlan.js';
import type { HookEntry, HookExecutor, HookRun } from '../model/types.js';

/** Runs planned hooks through an executor (the seed's `HookRunner`). */
export class HookRunner {
  constructor(private readonly executor: HookExecutor) {}

  /** Runs `hooks` concurrently; records come back in plan order. */
  async executeHooksParallel(hooks: readonly HookEntry[], event: EventName, input: HookInput): Promise<HookRun[]> {
    const ran = await firstValueFrom(
      runPlanParallel(
        this.executor,
        { input, plan: { event, hooks, sequential: false }, startedAt: Date.now() },
        Infinity,
      ),
    );
    return [...ran.runs];
  }

  /** Runs `hooks` one after another with output chaining; a block ends the chain. */
  async executeHooksSequential(hooks: readonly HookEntry[], event: EventName, input: HookInput): Promise<HookRun[]> {
    const ran = await firstValueFrom(
      runPlanSequential(this.executor, { input, plan: { event, hooks, sequential: true }, startedAt: Date.now() }),
    );
    return [...ran.runs];
  }
}

/** Merges run records with the event's strategy (the seed's `HookAggregator`). */
export class HookAggregator {
  constructor(private readonly options: { toolSelection?: 'union' | 'intersection' } = {}) {}

  aggregateResults(
    runs: readonly HookRun[],
    event: EventName,
    input: Readonly<Record<string, unknown>> = {},
  ): AggregatedHookResult {
    const totalDuration = runs.reduce((sum, run) => sum + run.durationMs, 0);
    return seedAggregated(
      assembleHookResult(event, input, runs, {
        durationMs: totalDuration,
        ...(this.options.toolSelection ? { toolSelection: this.options.toolSelection } : {}),
      }),
    );
  }
}
