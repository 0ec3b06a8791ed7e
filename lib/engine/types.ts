/** The values that flow between the engine's operators. */
import type { HookInput } from '../events/inputs.js';
import type { HookPlan, HookResult, HookRun } from '../model/types.js';

/** An event with its plan (output of `selectHooks`). */
export interface PlannedEvent<I extends HookInput = HookInput> {
  readonly input: I;
  readonly plan: HookPlan;
  /** Scheduler time when planning happened, for `durationMs`. */
  readonly startedAt: number;
  /**
   * Set when the event was decided while it was planned — planning itself failed (a throwing matcher): the
   * internal failure result, which the runners pass on without running anything and `aggregate` emits.
   */
  readonly decided?: HookResult;
}

/** An event whose hooks have run (output of `runParallel` / `runSequential`). */
export interface RanEvent<I extends HookInput = HookInput> extends PlannedEvent<I> {
  /** One record per planned hook, in plan order. */
  readonly runs: readonly HookRun[];
  /** The input after sequential chaining (the original input for parallel runs). */
  readonly finalInput: HookInput;
}
