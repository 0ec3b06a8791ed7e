/** Types of the model wrapper: what the host passes in and what the agent gets back. */
import type { LLMTranslator, ToolSelection } from '../translate/index.js';
import type { HookResult } from '../model/types.js';
import type { HookCallContext } from './callContext.js';

/** The host's model call, in its SDK's own shapes (any `PromiseLike` will do). */
export type ModelCall<Req, Res> = (request: Req, context: { signal?: AbortSignal }) => PromiseLike<Res> | Res;

export interface ModelHookOptions<Req, Res> {
  /** Converts between the SDK shapes and the stable hook format; used only when a model hook is planned. */
  translator: LLMTranslator<Req, Res>;
  /** Aborting cancels the call: running hooks are killed and the Promise rejects with the abort reason. */
  signal?: AbortSignal;
  /** This call's base fields for hooks (`session_id`, …). */
  context?: HookCallContext;
  /**
   * What `continue: false` does: `'error'` (default) rejects with `AgentStopSignal`; `'value'` returns the outcome
   * with `stop` set (a BeforeModel stop answers with the empty response, the model uncalled), for frameworks whose
   * own stop the adapter maps it onto.
   */
  stopAs?: 'error' | 'value';
}

/** `continue: false` as a value: which event said it and why. */
export interface ModelStop {
  event: 'BeforeModel' | 'BeforeToolSelection' | 'AfterModel';
  reason: string;
}

/** One model call after BeforeModel, BeforeToolSelection, the model and AfterModel. */
export interface ModelCallOutcome<Req, Res> {
  /** What the agent uses: the model's response after AfterModel, or BeforeModel's synthetic (else empty) response. */
  response: Res;
  /** The request the model received (hook edits and tool restriction applied), or would have received when blocked. */
  request: Req;
  /** False when BeforeModel blocked: the model was not called. */
  called: boolean;
  /** Set when BeforeModel blocked; `synthetic` tells whether a hook's `llm_response` was used (else an empty one). */
  blocked?: { reason: string; synthetic: boolean };
  /** An AfterModel hook changed the response: what was streamed differs from `response`. */
  responseModified: boolean;
  /** The tool restriction applied by BeforeToolSelection, when one was. */
  toolConfig?: ToolSelection;
  /** AfterModel (or a blocking BeforeModel) said `suppressOutput`: do not show the response to the user. */
  suppressed: boolean;
  /** System messages of the events that fired, in firing order. */
  systemMessages: string[];
  /** Fail-open hook failures and hook edits that could not be applied, one line each. */
  warnings: string[];
  /** Set when a hook said `continue: false` and the call asked for stops as values (`stopAs: 'value'`). */
  stop?: ModelStop;
  /** The HookResult of each event that fired; events with no planned hook are absent. */
  hookResults: { beforeModel?: HookResult; beforeToolSelection?: HookResult; afterModel?: HookResult };
}
