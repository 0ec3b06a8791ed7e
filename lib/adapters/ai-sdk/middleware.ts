/**
 * The AI SDK model middleware: `wrapLanguageModel({ model, middleware: hookMiddleware(hooks) })` runs BeforeModel,
 * BeforeToolSelection and AfterModel on every generate and stream call of `generateText`/`streamText`. Streams
 * stay live under an AfterModel hook (live redaction: text is released as hooks judge it, minus a tail window).
 * A hook's `continue: false` is not an error here: the call answers normally and its provider metadata says
 * `hookstream.stopped`, which `stoppedByHook(hooks)` turns into the SDK's own end of the loop.
 */
import type { LanguageModelMiddleware } from 'ai';
import { Observable } from 'rxjs';
import { isRecord } from '../../core/guards.js';
import type { HookCallContext } from '../../host/callContext.js';
import { callModelWithHooks } from '../../host/modelHooks.js';
import { streamModelWithHooks } from '../../host/modelStream.js';
import type { ModelStop } from '../../host/modelTypes.js';
import { toReadableStream } from '../../host/streamSource.js';
import type { HookSystem } from '../../system/createHookSystem.js';
import { AI_STREAM_TEXT, assembleParts, partsOf } from './streamParts.js';
import { aiSdkTranslator } from './translator.js';
import type { AiCallOptions, AiGenerateResult, AiStreamPart } from './types.js';

export interface HookMiddlewareOptions {
  /** Live redaction's tail window in characters (default 32). */
  holdBackChars?: number;
  /** This call's hook context; default: `providerOptions.hookstream` of the call (`{ sessionId, transcriptPath }`). */
  context?: (params: AiCallOptions) => HookCallContext | undefined;
}

type Metadata = NonNullable<AiGenerateResult['providerMetadata']>;

/** Provider metadata saying a hook stopped the agent (read by `stoppedByHook`). */
const withStop = (metadata: Metadata | undefined, stop: ModelStop | undefined): Metadata | undefined =>
  stop === undefined
    ? metadata
    : { ...metadata, hookstream: { stopped: true, stopEvent: stop.event, stopReason: stop.reason } };

/** Whether a step's provider metadata carries a hook's stop. */
export const metadataStopped = (metadata: unknown): boolean =>
  isRecord(metadata) && isRecord(metadata.hookstream) && metadata.hookstream.stopped === true;

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
      const outcome = await callModelWithHooks(
        hooks,
        params,
        (request) => (request === params ? doGenerate() : model.doGenerate(request)),
        settings(params),
      );
      const metadata = withStop(outcome.response.providerMetadata, outcome.stop);
      return metadata === outcome.response.providerMetadata
        ? outcome.response
        : { ...outcome.response, providerMetadata: metadata };
    },
    wrapStream: ({ doStream, params, model }) => {
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
      // The model's `finish` part waits for the final AfterModel run: a stop rides on its provider metadata.
      const parts$ = new Observable<AiStreamPart>((subscriber) => {
        let finish: Extract<AiStreamPart, { type: 'finish' }> | undefined;
        return events$.subscribe({
          next: (event) => {
            if (event.type === 'chunk') {
              if (event.chunk.type === 'finish') finish = event.chunk;
              else subscriber.next(event.chunk);
              return;
            }
            const { response, called, stop } = event.outcome;
            if (!called) for (const part of partsOf(response)) if (part.type !== 'finish') subscriber.next(part);
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
