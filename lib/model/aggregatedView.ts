/**
 * The shape of `HookResult.aggregated`: the seed API's view of one event's combined result. The model
 * names only the shape; the classes that implement it (with the per-event output classes) live with
 * aggregation, so the vocabulary every floor speaks does not depend on them.
 */
import type { HookOutput, NormalizedDecision } from '../events/outputs.js';

/** A hook output with the questions callers ask of it. */
export interface HookOutputView extends HookOutput {
  getEffectiveDecision(): NormalizedDecision | undefined;
  isBlockingDecision(): boolean;
  isAskDecision(): boolean;
  shouldStopExecution(): boolean;
  getEffectiveReason(): string;
  getAdditionalContext(): string | undefined;
  getBlockingError(): { blocked: boolean; reason: string };
  toJSON(): HookOutput;
}

/** Plain-data form of an AggregatedHookResult, as `JSON.stringify` writes it. */
export interface AggregatedHookResultJSON {
  success: boolean;
  finalOutput?: HookOutput;
  allOutputs: HookOutput[];
  /** Error messages: `Error` objects serialise as `{}`. */
  errors: string[];
  totalDuration: number;
}

/** All hooks of one event, combined; `success` is execution health, not policy. */
export interface AggregatedView {
  readonly success: boolean;
  readonly finalOutput?: HookOutputView;
  readonly allOutputs: HookOutput[];
  readonly errors: Error[];
  readonly totalDuration: number;
  toJSON(): AggregatedHookResultJSON;
}
