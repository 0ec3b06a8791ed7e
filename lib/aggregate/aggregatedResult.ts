/**
 * The seed API's result records: what all hooks of one
 * event produced, and the common-output semantics (stop, system message, suppression) derived from it.
 */
import type { HookOutput } from '../events/outputs.js';
import type { DefaultHookOutput } from './outputClasses.js';
import type { AggregatedHookResultJSON, AggregatedView } from '../model/aggregatedView.js';

export type { AggregatedHookResultJSON };

/**
 * All hooks of one event, combined. `success` is execution health, not policy: an intentional
 * exit-2 block makes it false, so callers decide with `finalOutput.isBlockingDecision()`.
 */
export class AggregatedHookResult implements AggregatedView {
  /** True when every hook ran and exited 0. */
  readonly success: boolean;
  /** The merged output, as the event's output class; absent (no own key) when no hook produced output. */
  declare readonly finalOutput?: DefaultHookOutput;
  /** Each hook's own output, in plan order. */
  readonly allOutputs: HookOutput[];
  /** What went wrong in runs that failed. */
  readonly errors: Error[];
  /** Wall time of the whole event in milliseconds. */
  readonly totalDuration: number;

  constructor(fields: {
    success: boolean;
    finalOutput?: DefaultHookOutput;
    allOutputs: HookOutput[];
    errors: Error[];
    totalDuration: number;
  }) {
    this.success = fields.success;
    if (fields.finalOutput !== undefined) this.finalOutput = fields.finalOutput;
    this.allOutputs = fields.allOutputs;
    this.errors = fields.errors;
    this.totalDuration = fields.totalDuration;
  }

  /** Plain data: `finalOutput` as its plain output, errors as their messages. */
  toJSON(): AggregatedHookResultJSON {
    // Built key by key, in the order JSON output has always shown them.
    const json = { success: this.success } as AggregatedHookResultJSON;
    if (this.finalOutput !== undefined) json.finalOutput = this.finalOutput.toJSON();
    json.allOutputs = this.allOutputs;
    json.errors = this.errors.map((error) => error.message);
    json.totalDuration = this.totalDuration;
    return json;
  }
}

/** An AggregatedHookResult with the common output fields already interpreted for the host. */
export class ProcessedHookResult {
  readonly aggregated: AggregatedHookResult;
  /** Some hook said `continue: false`: the agent loop must end. */
  readonly shouldStop: boolean;
  /** Why it stops; set only when `shouldStop`. */
  readonly stopReason: string | undefined;
  /** Message to inject into the conversation. */
  readonly systemMessage: string | undefined;
  /** Hide the operation's output from the user (the model still sees it). */
  readonly suppressOutput: boolean;

  constructor(fields: {
    aggregated: AggregatedHookResult;
    shouldStop: boolean;
    stopReason: string | undefined;
    systemMessage: string | undefined;
    suppressOutput: boolean;
  }) {
    this.aggregated = fields.aggregated;
    this.shouldStop = fields.shouldStop;
    this.stopReason = fields.stopReason;
    this.systemMessage = fields.systemMessage;
    this.suppressOutput = fields.suppressOutput;
  }

  /**
   * Reads the common fields of `aggregated.finalOutput`. A stop always carries a reason (the output's
   * effective reason, so a bare `continue: false` still explains itself); an empty system message counts as none.
   */
  static from(aggregated: AggregatedHookResult): ProcessedHookResult {
    const output = aggregated.finalOutput;
    const shouldStop = output?.shouldStopExecution() ?? false;
    const systemMessage = output?.systemMessage;
    return new ProcessedHookResult({
      aggregated,
      shouldStop,
      stopReason: shouldStop && output !== undefined ? output.getEffectiveReason() : undefined,
      systemMessage: systemMessage === '' ? undefined : systemMessage,
      suppressOutput: output?.suppressOutput === true,
    });
  }
}
