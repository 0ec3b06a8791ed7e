/**
 * The AI SDK model middleware: `wrapLanguageModel({ model, middleware: hookMiddleware(hooks) })` runs BeforeModel,
 * BeforeToolSelection and AfterModel on every generate and stream call of `generateText`/`streamText`. Streams
 * stay live under an AfterModel hook (live redaction: text is released as hooks judge it, minus a tail window).
 * A hook's `continue: false` is the SDK's own end of the loop, with no stop condition needed: a stopped model call
 * answers without its tool calls (its text, else the stop reason); a stopped tool call (recorded by `hookTools`)
 * answers the next model call with the stop reason, the model uncalled. Provider metadata says
 * `hookstream.stopped`; `hookStopOf(result)` reads it.
 */
import type { LanguageModelMiddleware } from 'ai';
import { from, Observable } from 'rxjs';
import { isRecord } from '../../core/guards.js';
import type { HookCallContext } from '../../host/callContext.js';
import { callModelWithHooks } from '../../host/modelHooks.js';
import { streamModelWithHooks } from '../../host/modelStream.js';
import type { ModelStop } from '../../host/modelTypes.js';
import { toReadableStream } from '../../host/streamSource.js';
import type { HookSystem } from '../../system/createHookSystem.js';
import { enforceStops, stopIn, stopMetadata, takeStop, type HookStop } from '../common/stops.js';
import { AI_STREAM_TEXT, assembleParts, partsOf } from './streamParts.js';
import { aiSdkTranslator, emptyUsage } from './translator.js';
import type { AiCallOptions, AiGenerateResult, AiStreamPart } from './types.js';

export interface HookMiddlewareOptions {
  /** Live redaction's tail window in characters (default 32). */
  holdBackChars?: number;
  /** This call's hook context; default: `providerOptions.hookstream` of the call (`{ sessionId, transcriptPath }`). */
  context?: (params: AiCallOptions) => HookCallContext | undefined;
}

type Metadata = NonNullable<AiGenerateResult['providerMetadata']>;

/** Provider metadata saying a hook stopped the agent (read by `stoppedByHook` and `hookStopOf`). */
const withStop = (metadata: Metadata | undefined, stop: ModelStop | undefined): Metadata | undefined =>
  stop === undefined ? metadata : { ...metadata, hookstream: stopMetadata(stop) };

/** A stopped call's answer ends the loop: no tool calls are left to run; with no text, the stop reason is the text. */
function finalAnswer(response: AiGenerateResult, stop: ModelStop): AiGenerateResult {
  const content = response.content.filter((part) => part.type !== 'tool-call');
  const text = content.some((part) => part.type === 'text' && part.text !== '');
  return {
    ...response,
    content: text ? content : [...content, { type: 'text', text: stop.reason }],
    providerMetadata: withStop(response.providerMetadata, stop),
  };
}

/** The answer to the call after a stopped tool call: the stop reason, the model never called. */
const stopAnswer = (stop: HookStop): AiGenerateResult => ({
  content: [{ type: 'text', text: stop.reason }],
  finishReason: { unified: 'stop', raw: 'hookstream-stop' },
  usage: emptyUsage(),
  warnings: [],
  providerMetadata: { hookstream: stopMetadata(stop) },
});

/** A stop `hookTools` recorded for a tool result of the last step (the prompt's trailing tool message). */
function stoppedToolCall(hooks: HookSystem, params: AiCallOptions): HookStop | undefined {
  const last = params.prompt.at(-1);
  if (last?.role !== 'tool') return undefined;
  let stop: HookStop | undefined;
  for (const part of last.content) if (part.type === 'tool-result') stop = takeStop(hooks, part.toolCallId) ?? stop;
  return stop;
}

/** Whether a step's provider metadata carries a hook's stop. */
export const metadataStopped = (metadata: unknown): boolean => stopIn(metadata) !== undefined;

function contextFromOptions(params: AiCallOptions): HookCallContext | undefined {
  const own = params.providerOptions?.hookstream;
  if (!isRecord(own)) return undefined;
  const context: HookCallContext = {};
  if (typeof own.sessionId === 'string') context.sessionId = own.sessionId;
  if (typeof own.transcriptPath === 'string') context.transcriptPath = own.transcriptPath;
  return context;
}

/**
 * A LanguageModelV3 middleware applying the model hooks.
 *
 * @example
 * const model = wrapLanguageModel({ model: openai('gpt-5'), middleware: hookMiddleware(hooks) });
 */
export function hookMiddleware(hooks: HookSystem, options: HookMiddlewareOptions = {}): LanguageModelMiddleware {
  enforceStops(hooks);
  const contextOf = options.context ?? contextFromOptions;
  const settings = (params: AiCallOptions) => {
    const context = contextOf(params);
    return {
      translator: aiSdkTranslator,
      stopAs: 'value' as const,
      ...(context && { context }),
      ...(params.abortSignal && { signal: params.abortSignal }),
    };
  };
  return {
    specificationVersion: 'v3',
    wrapGenerate: async ({ doGenerate, params, model }) => {
      const stopped = stoppedToolCall(hooks, params);
      if (stopped !== undefined) return stopAnswer(stopped);
      const outcome = await callModelWithHooks(
        hooks,
        params,
        (request) => (request === params ? doGenerate() : model.doGenerate(request)),
        settings(params),
      );
      return outcome.stop ? finalAnswer(outcome.response, outcome.stop) : outcome.response;
    },
    wrapStream: ({ doStream, params, model }) => {
      const stopped = stoppedToolCall(hooks, params);
      if (stopped !== undefined) {
        const answer = stopAnswer(stopped);
        const parts = partsOf(answer).map((part) =>
          part.type === 'finish' ? { ...part, providerMetadata: answer.providerMetadata } : part,
        );
        return Promise.resolve({ stream: toReadableStream(from(parts)) });
      }
      const { signal: _signal, ...rest } = settings(params);
      const events$ = streamModelWithHooks(
        hooks,
        params,
        async (request) => (await (request === params ? doStream() : model.doStream(request))).stream,
        {
          ...rest,
          assemble: assembleParts,
          text: AI_STREAM_TEXT,
          ...(options.holdBackChars !== undefined && { holdBackChars: options.holdBackChars }),
        },
      );
      // The model's `finish` part waits for the final AfterModel run: a stop rides on its provider metadata. Tool
      // calls wait too (the SDK runs a tool when its call part arrives): a stopped answer drops them.
      const parts$ = new Observable<AiStreamPart>((subscriber) => {
        let finish: Extract<AiStreamPart, { type: 'finish' }> | undefined;
        const toolCalls: AiStreamPart[] = [];
        let texted = false;
        return events$.subscribe({
          next: (event) => {
            if (event.type === 'chunk') {
              const part = event.chunk;
              if (part.type === 'finish') finish = part;
              else if (part.type === 'tool-call') toolCalls.push(part);
              else {
                if (part.type === 'text-delta' && part.delta !== '') texted = true;
                subscriber.next(part);
              }
              return;
            }
            const { response, called, stop } = event.outcome;
            if (!called) {
              for (const part of partsOf(stop ? finalAnswer(response, stop) : response))
                if (part.type !== 'finish') subscriber.next(part);
            } else if (stop === undefined) {
              for (const part of toolCalls) subscriber.next(part);
            } else if (!texted) {
              const id = 'hookstream-stop';
              subscriber.next({ type: 'text-start', id });
              subscriber.next({ type: 'text-delta', id, delta: stop.reason });
              subscriber.next({ type: 'text-end', id });
            }
            const last = finish ?? { type: 'finish', finishReason: response.finishReason, usage: response.usage };
            const metadata = withStop(last.providerMetadata, stop);
            subscriber.next(metadata === last.providerMetadata ? last : { ...last, providerMetadata: metadata });
          },
          error: (error: unknown) => {
            subscriber.error(error);
          },
          complete: () => {
            subscriber.complete();
          },
        });
      });
      return Promise.resolve({ stream: toReadableStream(parts$) });
    },
  };
}
