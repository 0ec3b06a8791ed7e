/**
 * The Agents SDK model wrapper: `hookModel(hooks, model)` is a `Model` whose `getResponse` and
 * `getStreamedResponse` run BeforeModel, BeforeToolSelection and AfterModel. The stream stays live under an
 * AfterModel hook (live redaction); its `response_done` carries the response after hooks, and raw provider
 * events (`model`) are withheld then, since they hold text no hook has judged. `continue: false` becomes the
 * SDK's own end of a run: a final answer without tool calls (its text, else the stop reason); a stopped tool call
 * ends the run at the next turn with the stop reason, without calling the model.
 */
import { Usage, type Model, type ModelRequest, type ModelResponse, type StreamEvent } from '@openai/agents';
import { mergeMap, of, type Observable } from 'rxjs';
import type { HookCallContext } from '../../host/callContext.js';
import { hasPlannedHooks } from '../../host/hostInternals.js';
import { callModelWithHooks } from '../../host/modelHooks.js';
import { streamModelWithHooks } from '../../host/modelStream.js';
import type { ModelCallOutcome } from '../../host/modelTypes.js';
import { toAsyncIterable } from '../../host/streamSource.js';
import type { StreamText } from '../../host/tailRelease.js';
import type { HookSystem } from '../../system/createHookSystem.js';
import { stopIn, stopMetadata, takeStop, type HookStop } from '../common/stops.js';
import { agentsTranslator, outputWithText } from './translator.js';

export interface HookModelOptions {
  /** This call's hook context; default: the request's `conversationId` as `sessionId`, when there is one. */
  context?: (request: ModelRequest) => HookCallContext | undefined;
  /** Live redaction's tail window in characters (default 32). */
  holdBackChars?: number;
}

type Done = Extract<StreamEvent, { type: 'response_done' }>;

const TEXT: StreamText<StreamEvent> = {
  textOf: (event) => (event.type === 'output_text_delta' ? event.delta : undefined),
  withText: (template, delta) => ({ ...(template as Extract<StreamEvent, { type: 'output_text_delta' }>), delta }),
};

/** A stop ends the run with a final answer: the response's text without its tool calls (else the stop reason). */
function finalAnswer(response: ModelResponse, stop: HookStop): ModelResponse {
  const output = response.output.filter((item) => (item as { type?: string }).type !== 'function_call');
  const text = agentsTranslator.toHookResponse({ ...response, output }).text ?? '';
  const providerData = { ...response.providerData, hookstream: stopMetadata(stop) };
  return { ...response, output: text === '' ? outputWithText(output, stop.reason) : output, providerData };
}

/** A tool call of the last turn a hook stopped (recorded by `hookTools`): the run ends with its reason. */
function stoppedToolCall(hooks: HookSystem, request: ModelRequest): HookStop | undefined {
  if (typeof request.input === 'string') return undefined;
  let stop: HookStop | undefined;
  for (let i = request.input.length - 1; i >= 0; i--) {
    const item = request.input[i] as { type?: string; callId?: string };
    if (item.type !== 'function_call_result' || item.callId === undefined) break;
    stop = takeStop(hooks, item.callId) ?? stop;
  }
  return stop;
}

/**
 * The hook stop that ended a run, if one did: read from the run's last model response.
 *
 * @example
 * const result = await run(agent, 'clean up');
 * const stop = hookStopOf(result); // { event: 'AfterTool', reason: '…' } | undefined
 */
export const hookStopOf = (result: { readonly rawResponses: readonly ModelResponse[] }): HookStop | undefined =>
  stopIn(result.rawResponses.at(-1)?.providerData);

/** The streamed response the hooked stream adds up to: `response_done`'s, or the text deltas' when it is missing. */
function assemble(events: readonly StreamEvent[]): ModelResponse {
  const done = events.findLast((event): event is Done => event.type === 'response_done');
  if (done !== undefined)
    return {
      usage: new Usage(done.response.usage),
      output: done.response.output,
      responseId: done.response.id,
    };
  return agentsTranslator.fromHookResponse({
    text: events.map((event) => (event.type === 'output_text_delta' ? event.delta : '')).join(''),
  });
}

/**
 * The model with the model hooks applied.
 *
 * @example
 * const agent = new Agent({ name: 'ops', model: hookModel(hooks, new OpenAIResponsesModel(client, 'gpt-5')), tools: hookTools(hooks, tools) });
 */
export function hookModel(hooks: HookSystem, model: Model, options: HookModelOptions = {}): Model {
  const settings = (request: ModelRequest) => {
    const context =
      options.context?.(request) ??
      (request.conversationId !== undefined ? { sessionId: request.conversationId } : undefined);
    return { translator: agentsTranslator, stopAs: 'value' as const, ...(context && { context }) };
  };
  const finalResponse = (outcome: ModelCallOutcome<ModelRequest, ModelResponse>): ModelResponse =>
    outcome.stop ? finalAnswer(outcome.response, outcome.stop) : outcome.response;
  const stopAnswer = (stop: HookStop): ModelResponse => ({
    ...agentsTranslator.fromHookResponse({ text: stop.reason }),
    providerData: { hookstream: stopMetadata(stop) },
  });
  return {
    getResponse: async (request) => {
      const stopped = stoppedToolCall(hooks, request);
      if (stopped !== undefined) return stopAnswer(stopped);
      const outcome = await callModelWithHooks(hooks, request, (edited) => model.getResponse(edited), {
        ...settings(request),
        ...(request.signal && { signal: request.signal }),
      });
      return finalResponse(outcome);
    },
    getStreamedResponse: (request) => {
      const stopped = stoppedToolCall(hooks, request);
      if (stopped !== undefined) {
        const answer = stopAnswer(stopped);
        return toAsyncIterable(
          of<StreamEvent>({
            type: 'response_done',
            response: {
              id: 'hookstream',
              usage: { requests: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 },
              output: answer.output,
            },
          } as StreamEvent),
        );
      }
      const judged = hasPlannedHooks(hooks, 'AfterModel');
      const events$ = streamModelWithHooks(hooks, request, (edited) => model.getStreamedResponse(edited), {
        ...settings(request),
        assemble,
        text: TEXT,
        ...(options.holdBackChars !== undefined && { holdBackChars: options.holdBackChars }),
      });
      // `response_done` waits for the final AfterModel run and then carries its response.
      let done: Done | undefined;
      const out$: Observable<StreamEvent> = events$.pipe(
        mergeMap((event): StreamEvent[] => {
          if (event.type === 'chunk') {
            if (event.chunk.type === 'response_done') done = event.chunk;
            else if (!(judged && event.chunk.type === 'model')) return [event.chunk];
            return [];
          }
          const response = finalResponse(event.outcome);
          const usage = done?.response.usage ?? { requests: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 };
          return [
            {
              type: 'response_done',
              response: {
                id: done?.response.id ?? 'hookstream',
                usage,
                output: response.output,
                ...(response.providerData && { providerData: response.providerData }),
              },
            } as StreamEvent,
          ];
        }),
      );
      return toAsyncIterable(out$);
    },
  };
}
