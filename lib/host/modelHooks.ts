/**
 * The model wrapper: BeforeModel may block (with a synthetic response or an empty
 * one) or edit the request, BeforeToolSelection restricts the tools the model is offered, AfterModel may replace
 * the response. Order: BeforeModel, BeforeToolSelection (it sees the edited request), the call, AfterModel.
 */
import type { Observable, OperatorFunction } from 'rxjs';
import { mergeMapOrdered } from '../engine/orderedMerge.js';
import type { HookSystem } from '../system/createHookSystem.js';
import { fromAbortable } from './hostInternals.js';
import { finishModelCall, prepareModelCall } from './modelPhases.js';
import type { ModelCall, ModelCallOutcome, ModelHookOptions } from './modelTypes.js';

async function callModel<Req, Res>(
  hooks: HookSystem,
  request: Req,
  call: ModelCall<Req, Res>,
  options: ModelHookOptions<Req, Res>,
): Promise<ModelCallOutcome<Req, Res>> {
  const { translator, signal } = options;
  const prepared = await prepareModelCall(hooks, request, translator, options);
  if (prepared.kind === 'blocked') return prepared.outcome;
  const response = await call(prepared.request, signal ? { signal } : {});
  return finishModelCall(hooks, prepared, response, translator, options);
}

/**
 * Calls the model with BeforeModel, BeforeToolSelection and AfterModel applied.
 *
 * A BeforeModel block resolves without calling `call`: `response` is the hook's `llm_response` translated to the
 * SDK shape, or the empty response when there is none or it cannot be used (the block always holds); AfterModel
 * does not run on it. An edited `llm_request` is what `call` receives; a BeforeToolSelection `toolConfig` is
 * applied with `translator.applyToolConfig`; AfterModel's `llm_response` is the `response` the agent gets.
 * A stop rejects with `AgentStopSignal` (AfterModel's carries the outcome as `partial`), or with
 * `stopAs: 'value'` comes back as the outcome's `stop`. No translation happens for an event without a planned hook.
 *
 * @example
 * const { response } = await callModelWithHooks(hooks, request, (req) => ai.models.generateContent(req), {
 *   translator: genaiTranslator,
 * });
 */
export function callModelWithHooks<Req, Res>(
  hooks: HookSystem,
  request: Req,
  call: ModelCall<Req, Res>,
  options: ModelHookOptions<Req, Res>,
): Promise<ModelCallOutcome<Req, Res>> {
  return callModel(hooks, request, call, options);
}

/** Cold form of `callModelWithHooks`: unsubscribing cancels the call and kills its running hooks. */
export const modelCallWithHooks$ = <Req, Res>(
  hooks: HookSystem,
  request: Req,
  call: ModelCall<Req, Res>,
  options: Omit<ModelHookOptions<Req, Res>, 'signal'>,
): Observable<ModelCallOutcome<Req, Res>> =>
  fromAbortable((signal) => callModel(hooks, request, call, { ...options, signal }));

/**
 * Operator: each request becomes its `ModelCallOutcome`, in request order (calls run concurrently, up to
 * `callConcurrency`). A stop errors the stream with `AgentStopSignal`.
 *
 * @example
 * request$.pipe(withModelHooks(hooks, (req) => client.chat.completions.create(req), { translator: openaiTranslator }));
 */
export const withModelHooks = <Req, Res>(
  hooks: HookSystem,
  call: ModelCall<Req, Res>,
  options: Omit<ModelHookOptions<Req, Res>, 'signal'> & { callConcurrency?: number },
): OperatorFunction<Req, ModelCallOutcome<Req, Res>> => {
  const { callConcurrency, ...rest } = options;
  return mergeMapOrdered((request: Req) => modelCallWithHooks$(hooks, request, call, rest), callConcurrency);
};
