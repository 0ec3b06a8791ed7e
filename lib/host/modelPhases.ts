/**
 * The two halves of a model call with hooks, shared by the plain and the streaming wrapper: `prepareModelCall`
 * (BeforeModel, then BeforeToolSelection) and `finishModelCall` (AfterModel). Each event is translated to the
 * stable format only when a hook is planned for it, so a host without model hooks pays no translation.
 */
import type { LLMResponse } from '../events/inputs.js';
import type { HookSystem } from '../system/createHookSystem.js';
import { emptyResponse, normalizeHookResponse, type LLMTranslator } from '../translate/index.js';
import type { HookResult } from '../model/types.js';
import { fireHook, hasPlannedHooks, systemMessagesOf, warningsOf } from './hostInternals.js';
import type { HookCallContext } from './callContext.js';
import type { ModelCallOutcome, ModelStop } from './modelTypes.js';
import { stopReasonOf, throwIfStopped } from './stopSignal.js';
import { errorText } from '../core/guards.js';

/** Either the call to make, or the finished outcome of a BeforeModel block. */
export type PreparedCall<Req, Res> =
  | {
      kind: 'call';
      request: Req;
      partial: Omit<ModelCallOutcome<Req, Res>, 'response' | 'responseModified' | 'called'>;
    }
  | { kind: 'blocked'; outcome: ModelCallOutcome<Req, Res> };

/** How one call runs its phases: cancellation, per-call base fields, and what a stop does. */
export interface PhaseOptions {
  signal?: AbortSignal | undefined;
  context?: HookCallContext | undefined;
  stopAs?: 'error' | 'value' | undefined;
}

/** A stop as the call wants it: thrown (`partial` rides along), or returned as a value. */
function stopOf(result: HookResult, options: PhaseOptions, partial?: unknown): ModelStop | undefined {
  if (!result.stopped) return undefined;
  if (options.stopAs !== 'value') throwIfStopped(result, partial);
  return { event: result.event as ModelStop['event'], reason: stopReasonOf(result) };
}

/** The outcome of a call a hook stopped before the model ran (`stopAs: 'value'`): the empty response. */
function stoppedBefore<Req, Res>(
  request: Req,
  translator: LLMTranslator<Req, Res>,
  stop: ModelStop,
  results: Array<HookResult | undefined>,
  warnings: string[],
): PreparedCall<Req, Res> {
  const [beforeModel, beforeToolSelection] = results;
  const outcome: ModelCallOutcome<Req, Res> = {
    response: translator.fromHookResponse(emptyResponse()),
    request,
    called: false,
    responseModified: false,
    suppressed: false,
    systemMessages: systemMessagesOf(...results),
    warnings,
    stop,
    hookResults: {
      ...(beforeModel && { beforeModel }),
      ...(beforeToolSelection && { beforeToolSelection }),
    },
  };
  return { kind: 'blocked', outcome };
}

/** BeforeModel's answer when it blocks: the hook's response if it translates, else the empty response. */
function blockedResponse<Req, Res>(
  translator: LLMTranslator<Req, Res>,
  synthetic: LLMResponse | undefined,
  warnings: string[],
) {
  if (synthetic !== undefined) {
    try {
      return { response: translator.fromHookResponse(normalizeHookResponse(synthetic)), synthetic: true };
    } catch (error) {
      // A malformed synthetic response must not cancel the block: the model stays uncalled.
      warnings.push(
        `BeforeModel: the synthetic llm_response could not be used (${errorText(error)}); returning an empty response`,
      );
    }
  }
  return { response: translator.fromHookResponse(emptyResponse()), synthetic: false };
}

/** Runs BeforeModel then BeforeToolSelection; throws `AgentStopSignal` on a stop. */
export async function prepareModelCall<Req, Res>(
  hooks: HookSystem,
  original: Req,
  translator: LLMTranslator<Req, Res>,
  options: PhaseOptions = {},
): Promise<PreparedCall<Req, Res>> {
  const { signal, context } = options;
  let request = original;
  const warnings: string[] = [];
  let beforeModel: HookResult | undefined;
  let beforeToolSelection: HookResult | undefined;
  if (hasPlannedHooks(hooks, 'BeforeModel')) {
    const hookRequest = translator.toHookRequest(request);
    beforeModel = await fireHook(hooks, 'BeforeModel', { llm_request: hookRequest }, signal, context);
    warnings.push(...beforeModel.warnings);
    const stop = stopOf(beforeModel, options);
    if (stop) return stoppedBefore(request, translator, stop, [beforeModel], warnings);
    if (beforeModel.blocked) {
      const { response, synthetic } = blockedResponse(translator, beforeModel.llmResponse, warnings);
      const outcome: ModelCallOutcome<Req, Res> = {
        response,
        request,
        called: false,
        blocked: { reason: beforeModel.reason ?? 'blocked by a BeforeModel hook', synthetic },
        responseModified: false,
        suppressed: beforeModel.suppressOutput,
        systemMessages: systemMessagesOf(beforeModel),
        warnings,
        hookResults: { beforeModel },
      };
      return { kind: 'blocked', outcome };
    }
    // The decoded input keeps the request object, so identity tells whether a hook edited it.
    if (beforeModel.llmRequest !== undefined && beforeModel.llmRequest !== hookRequest) {
      try {
        request = translator.fromHookRequest(beforeModel.llmRequest, request);
      } catch (error) {
        warnings.push(`BeforeModel: the modified llm_request could not be applied (${errorText(error)})`);
      }
    }
  }
  let toolConfig: ModelCallOutcome<Req, Res>['toolConfig'];
  if (hasPlannedHooks(hooks, 'BeforeToolSelection')) {
    beforeToolSelection = await fireHook(
      hooks,
      'BeforeToolSelection',
      { llm_request: translator.toHookRequest(request) },
      signal,
      context,
    );
    warnings.push(...beforeToolSelection.warnings);
    const stop = stopOf(beforeToolSelection, options);
    if (stop) return stoppedBefore(request, translator, stop, [beforeModel, beforeToolSelection], warnings);
    if (beforeToolSelection.toolConfig !== undefined) {
      toolConfig = beforeToolSelection.toolConfig;
      request = translator.applyToolConfig(request, toolConfig);
    }
  }
  return {
    kind: 'call',
    request,
    partial: {
      request,
      ...(toolConfig && { toolConfig }),
      suppressed: false,
      systemMessages: systemMessagesOf(beforeModel, beforeToolSelection),
      warnings,
      hookResults: { ...(beforeModel && { beforeModel }), ...(beforeToolSelection && { beforeToolSelection }) },
    },
  };
}

/** Runs AfterModel on the model's (assembled) response; throws `AgentStopSignal` carrying the outcome on a stop. */
export async function finishModelCall<Req, Res>(
  hooks: HookSystem,
  prepared: Extract<PreparedCall<Req, Res>, { kind: 'call' }>,
  response: Res,
  translator: LLMTranslator<Req, Res>,
  options: PhaseOptions = {},
): Promise<ModelCallOutcome<Req, Res>> {
  const base = prepared.partial;
  if (!hasPlannedHooks(hooks, 'AfterModel')) return { ...base, response, called: true, responseModified: false };
  const hookResponse = translator.toHookResponse(response);
  const fields = { llm_request: translator.toHookRequest(prepared.request), llm_response: hookResponse };
  const afterModel = await fireHook(hooks, 'AfterModel', fields, options.signal, options.context);
  const warnings = [...base.warnings, ...warningsOf(afterModel)];
  let final = response;
  if (afterModel.llmResponse !== undefined && afterModel.llmResponse !== hookResponse) {
    try {
      final = translator.fromHookResponse(afterModel.llmResponse, response);
    } catch (error) {
      warnings.push(`AfterModel: the modified llm_response could not be applied (${errorText(error)})`);
    }
  }
  const outcome: ModelCallOutcome<Req, Res> = {
    ...base,
    response: final,
    called: true,
    responseModified: final !== response,
    suppressed: afterModel.suppressOutput,
    systemMessages: [...base.systemMessages, ...systemMessagesOf(afterModel)],
    warnings,
    hookResults: { ...base.hookResults, afterModel },
  };
  const stop = stopOf(afterModel, options, outcome);
  if (stop) outcome.stop = stop;
  return outcome;
}
