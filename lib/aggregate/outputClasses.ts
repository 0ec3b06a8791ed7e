/**
 * The seed API's hook output classes: a hook output
 * wrapped with the questions callers ask of it — does it block, does it stop, what is the reason —
 * and, per event, how its modifications apply to the host's request or tool configuration.
 * Instances serialise as the plain output (`toJSON`), so JSON output never shows class internals.
 */
import {
  type HookDecision,
  type HookOutput,
  type HookSpecificOutput,
  type NormalizedDecision,
} from '../events/outputs.js';
import { effectiveDecision } from '../rules/blocking.js';
import type { HookOutputView } from '../model/aggregatedView.js';
import { isRecord } from '../core/guards.js';
import type { HookToolConfig, LLMRequest, LLMResponse } from '../events/inputs.js';
import { mergeRequestPatch } from '../rules/requestPatch.js';
import type { EventName } from '../events/names.js';

const COMMON_KEYS = ['continue', 'stopReason', 'suppressOutput', 'systemMessage', 'decision', 'reason'] as const;

/** The defined common fields of `output` plus a shallow copy of `hookSpecificOutput`: no shared state, no `undefined` keys. */
const plainOutput = (output: HookOutput): HookOutput => {
  const plain: Record<string, unknown> = {};
  for (const key of COMMON_KEYS) if (output[key] !== undefined) plain[key] = output[key];
  if (output.hookSpecificOutput !== undefined) plain.hookSpecificOutput = { ...output.hookSpecificOutput };
  return plain;
};

/** `approve` is the older spelling of `allow`; `null` and absence both mean "no decision". */
export const normalizeDecision = (decision: HookDecision | null | undefined): NormalizedDecision | undefined =>
  decision === null || decision === undefined ? undefined : decision === 'approve' ? 'allow' : decision;

const isBlocking = (decision: NormalizedDecision | undefined): boolean => decision === 'block' || decision === 'deny';

/** A hook output with the common-field semantics every event shares. */
export class DefaultHookOutput implements HookOutputView {
  declare readonly continue?: boolean;
  declare readonly stopReason?: string;
  declare readonly suppressOutput?: boolean;
  declare readonly systemMessage?: string;
  declare readonly decision?: HookDecision | null;
  declare readonly reason?: string;
  declare readonly hookSpecificOutput?: HookSpecificOutput;

  /** Copies the fields, so later changes to `output` do not reach this instance. */
  constructor(output: HookOutput = {}) {
    Object.assign(this, plainOutput(output));
  }

  /** The decision that counts, normalised. Subclasses widen it with their compatibility fields. */
  getEffectiveDecision(): NormalizedDecision | undefined {
    return normalizeDecision(this.decision);
  }

  /** True when the decision is `block` or `deny`: the operation must not proceed. */
  isBlockingDecision(): boolean {
    return isBlocking(this.getEffectiveDecision());
  }

  /** True when the hook asks the host to confirm with the user (beats allow, loses to block). */
  isAskDecision(): boolean {
    return this.getEffectiveDecision() === 'ask';
  }

  /** True only for an explicit `continue: false`: absence means carry on. */
  shouldStopExecution(): boolean {
    return this.continue === false;
  }

  /** The text to show for a block or a stop; never empty-handed, so callers can always surface something. */
  getEffectiveReason(): string {
    return this.stopReason ?? this.reason ?? 'No reason provided';
  }

  /** `hookSpecificOutput.additionalContext` when it is a non-empty string. */
  getAdditionalContext(): string | undefined {
    const context: unknown = this.hookSpecificOutput?.additionalContext;
    return typeof context === 'string' && context !== '' ? context : undefined;
  }

  /** Whether the output blocks, and why (an empty reason when it does not). */
  getBlockingError(): { blocked: boolean; reason: string } {
    return this.isBlockingDecision()
      ? { blocked: true, reason: this.getEffectiveReason() }
      : { blocked: false, reason: '' };
  }

  /** The plain output: `JSON.stringify` shows the hook's fields, and `new X(o.toJSON())` rebuilds an equal instance. */
  toJSON(): HookOutput {
    return plainOutput(this);
  }
}

/**
 * BeforeTool output. Honours the compatibility fields `hookSpecificOutput.permissionDecision` and
 * `permissionDecisionReason` (Claude Code's spelling) when the top-level field is absent or null; the
 * top-level `decision` wins when both are present. Only this class
 * reads them: multi-hook merging looks at top-level `decision` alone.
 */
export class BeforeToolHookOutput extends DefaultHookOutput {
  override getEffectiveDecision(): NormalizedDecision | undefined {
    return normalizeDecision(effectiveDecision('BeforeTool', this));
  }

  /** Falls back to `permissionDecisionReason` after `stopReason` and `reason`. */
  override getEffectiveReason(): string {
    const compat: unknown = this.hookSpecificOutput?.permissionDecisionReason;
    return this.stopReason ?? this.reason ?? (typeof compat === 'string' ? compat : 'No reason provided');
  }

  /** The arguments the tool should receive instead (`hookSpecificOutput.tool_input`), when the hook sent an object. */
  getModifiedToolInput(): Record<string, unknown> | undefined {
    const input = this.hookSpecificOutput?.tool_input;
    return isRecord(input) ? input : undefined;
  }
}

/** BeforeModel output: a request modification, or a synthetic response that replaces the model call. */
export class BeforeModelHookOutput extends DefaultHookOutput {
  /** `hookSpecificOutput.llm_response`: when present (usually with a block) the host uses it instead of calling the model. */
  getSyntheticResponse(): LLMResponse | undefined {
    const response = this.hookSpecificOutput?.llm_response;
    return isRecord(response) ? response : undefined;
  }

  /** `hookSpecificOutput.llm_request`: the fields the hook wants changed. */
  getModifiedRequest(): LLMRequest | undefined {
    const request = this.hookSpecificOutput?.llm_request;
    return isRecord(request) ? request : undefined;
  }

  /**
   * A new request: the hook's `llm_request` shallow-merged onto `target`, except `config`, which is
   * merged one level deeper so `{ config: { temperature: 0 } }` changes the temperature and keeps the
   * other config keys. Every other field (`messages` included) is replaced whole. `target` is not changed.
   */
  applyLLMRequestModifications(target: LLMRequest): LLMRequest {
    const patch = this.getModifiedRequest();
    return patch === undefined ? { ...target } : mergeRequestPatch(target, patch);
  }
}

/** BeforeToolSelection output: which tools the model may call and in which mode. */
export class BeforeToolSelectionHookOutput extends DefaultHookOutput {
  /** `hookSpecificOutput.toolConfig`, when the hook sent one. */
  getToolConfig(): HookToolConfig | undefined {
    const config = this.hookSpecificOutput?.toolConfig;
    return isRecord(config) ? config : undefined;
  }

  /**
   * A new target whose `toolConfig` carries the hook's `mode` and `allowedFunctionNames`; a field the
   * hook leaves out keeps the target's value, and mode NONE empties the list (no tool may be called).
   * `tools` is passed through untouched: filtering the SDK's tool list is the translators' job.
   */
  applyToolConfigModifications<
    T extends { toolConfig?: { mode?: string; allowedFunctionNames?: string[] }; tools?: unknown },
  >(target: T): T {
    const hook = this.getToolConfig();
    if (hook === undefined) return { ...target };
    const toolConfig: { mode?: string; allowedFunctionNames?: string[] } = { ...target.toolConfig };
    if (hook.mode !== undefined) toolConfig.mode = hook.mode;
    if (hook.allowedFunctionNames !== undefined) toolConfig.allowedFunctionNames = [...hook.allowedFunctionNames];
    if (toolConfig.mode === 'NONE') toolConfig.allowedFunctionNames = [];
    return Object.assign({}, target, { toolConfig });
  }
}

/** AfterModel output: a replacement for the model's response. */
export class AfterModelHookOutput extends DefaultHookOutput {
  /** `hookSpecificOutput.llm_response`: used downstream instead of what the model said. */
  getModifiedResponse(): LLMResponse | undefined {
    const response = this.hookSpecificOutput?.llm_response;
    return isRecord(response) ? response : undefined;
  }
}

const CLASS_BY_EVENT: Partial<Record<EventName, new (output: HookOutput) => DefaultHookOutput>> = {
  BeforeTool: BeforeToolHookOutput,
  BeforeModel: BeforeModelHookOutput,
  BeforeToolSelection: BeforeToolSelectionHookOutput,
  AfterModel: AfterModelHookOutput,
};

/** Wraps `output` in the event's output class; events without special fields get `DefaultHookOutput`. */
export const createHookOutput = (event: EventName, output: HookOutput): DefaultHookOutput =>
  new (CLASS_BY_EVENT[event] ?? DefaultHookOutput)(output);
