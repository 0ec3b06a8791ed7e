/**
 * The translator contract: one object per SDK shape converting between that SDK's request/response and the
 * stable hook LLM format, so hook scripts never see an SDK's wire format.
 */
import type { LLMRequest, LLMResponse, ToolMode } from '../events/inputs.js';

/** The tool restriction a BeforeToolSelection decision applies. */
export interface ToolSelection {
  readonly mode: ToolMode;
  readonly allowedFunctionNames: readonly string[];
}

export interface LLMTranslator<Req, Res> {
  /** `genai`, `openai`, `anthropic` for the built-in ones; any name for one made with `createTranslator`. */
  readonly name: string;
  /** SDK → stable. Every message gets a `ref` so edits can be traced back to it. */
  toHookRequest(request: Req): LLMRequest;
  /** Stable (possibly edited by hooks) → SDK; `original` restores what the stable format cannot carry. */
  fromHookRequest(hookRequest: LLMRequest, original: Req): Req;
  toHookResponse(response: Res): LLMResponse;
  /** Without `original` (a synthetic BeforeModel response) the SDK response is built from the stable one alone. */
  fromHookResponse(hookResponse: LLMResponse, original?: Res): Res;
  /** Restricts what the model is offered: NONE → native "none"; names → only those tools; ANY → a tool is required. */
  applyToolConfig(request: Req, toolConfig: ToolSelection): Req;
}
