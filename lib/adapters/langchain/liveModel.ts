/**
 * Live streaming under AfterModel hooks for `createAgent`. LangGraph's `streamMode: 'messages'` shows the tokens
 * of every chat-model run not tagged `nostream`, so the agent gets a wrapper model: the real model runs as a hidden
 * child run (tagged `nostream`) feeding live redaction (host/modelStreamLive.ts), and the wrapper's own run emits
 * only text hooks have judged, minus the tail window. Its answer is the response after the final AfterModel run.
 * With nobody streaming (a plain `invoke`), the real model is invoked once and judged once.
 */
import { CallbackManager, type CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { defer, type Observable } from 'rxjs';
import type { PreparedCall } from '../../host/modelPhases.js';
import { streamPreparedCall, type ModelStreamEvent, type ModelStreamOptions } from '../../host/modelStream.js';
import type { ModelCallOutcome } from '../../host/modelTypes.js';
import type { StreamText } from '../../host/tailRelease.js';
import type { HookSystem } from '../../system/createHookSystem.js';
import { textOf, withContent } from './translator.js';
import type { LangChainModelRequest } from './types.js';

/** LangGraph's messages stream skips model runs with this tag (langchain's own INTERNAL_CALL_TAG). */
export const NO_STREAM = 'nostream';

/** What the real model streams: chunks, or one whole message from a model that does not stream. */
type Piece = AIMessage | AIMessageChunk;
type Outcome = ModelCallOutcome<LangChainModelRequest, AIMessage>;

/** The real model as the wrapper calls it (a chat model, or one with its tools bound). */
export interface ChatRunnable {
  invoke(input: BaseMessage[], options?: Record<string, unknown>): Promise<BaseMessage>;
  stream(input: BaseMessage[], options?: Record<string, unknown>): Promise<AsyncIterable<BaseMessage>>;
  bindTools?(tools: unknown[], kwargs?: unknown): ChatRunnable;
  readonly profile?: unknown;
}

/** One model call of the agent: its hooks, what BeforeModel made of it, and how an outcome becomes the answer. */
export interface LiveCall {
  hooks: HookSystem;
  prepared: Extract<PreparedCall<LangChainModelRequest, AIMessage>, { kind: 'call' }>;
  options: Omit<ModelStreamOptions<Piece, LangChainModelRequest, AIMessage>, 'assemble' | 'text'>;
  answer: (outcome: Outcome) => AIMessage;
}

/** Text lives in a chunk's content; released text goes out as a text-only chunk of the same message. */
const CHUNK_TEXT: StreamText<Piece> = {
  textOf: (piece) => {
    const text = textOf(piece);
    return text === '' ? undefined : text;
  },
  withText: (template, text) =>
    new AIMessageChunk({ content: text, ...(template.id !== undefined && { id: template.id }) }),
};

const toChunk = (piece: Piece): AIMessageChunk =>
  piece instanceof AIMessageChunk
    ? piece
    : new AIMessageChunk({
        content: piece.content,
        ...(piece.id !== undefined && { id: piece.id }),
        additional_kwargs: piece.additional_kwargs,
        response_metadata: piece.response_metadata,
        tool_calls: piece.tool_calls ?? [],
        ...(piece.usage_metadata && { usage_metadata: piece.usage_metadata }),
      });

const toMessage = (chunk: AIMessageChunk): AIMessage =>
  new AIMessage({
    content: chunk.content,
    ...(chunk.id !== undefined && { id: chunk.id }),
    ...(chunk.name !== undefined && { name: chunk.name }),
    additional_kwargs: chunk.additional_kwargs,
    response_metadata: chunk.response_metadata,
    tool_calls: chunk.tool_calls ?? [],
    invalid_tool_calls: chunk.invalid_tool_calls ?? [],
    ...(chunk.usage_metadata && { usage_metadata: chunk.usage_metadata }),
  });

/** The answer the pieces add up to, as an AIMessage (the shape the translator and the agent's state hold). */
function assemble(pieces: readonly Piece[]): AIMessage {
  const [first, ...rest] = pieces;
  if (first === undefined) return new AIMessage({ content: '' });
  if (rest.length === 0 && !(first instanceof AIMessageChunk)) return first;
  return toMessage(rest.reduce<AIMessageChunk>((sum, piece) => sum.concat(toChunk(piece)), toChunk(first)));
}

/** Callbacks for the real model's run: the wrapper run's handlers, with the wrapper run as its parent (for tracers). */
const childOf = (runManager: CallbackManagerForLLMRun | undefined): CallbackManager | undefined =>
  runManager &&
  new CallbackManager(runManager.runId, { handlers: runManager.handlers, inheritableHandlers: runManager.handlers });

const prefersStreaming = (runManager: CallbackManagerForLLMRun | undefined): boolean =>
  runManager?.handlers.some(
    (handler) => (handler as { lc_prefer_streaming?: boolean }).lc_prefer_streaming === true,
  ) === true;

/** The wrapper model: binds tools on the real model, runs it hidden, and streams only judged text. */
export class HookedChatModel extends BaseChatModel {
  constructor(
    private readonly inner: ChatRunnable,
    private readonly call: LiveCall,
  ) {
    super({});
  }

  _llmType(): string {
    return 'hookstream';
  }

  /** The real model's profile, so that `createAgent` picks the same structured-output strategy. */
  override get profile(): BaseChatModel['profile'] {
    return this.inner.profile ?? {};
  }

  override bindTools(tools: unknown[], kwargs?: unknown): HookedChatModel {
    if (this.inner.bindTools === undefined) throw new Error('hookstream/langchain: the model cannot bind tools');
    return new HookedChatModel(this.inner.bindTools(tools, kwargs), this.call);
  }

  async _generate(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
    runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    const { signal, ...rest } = options;
    Reflect.deleteProperty(rest, 'promptIndex');
    const live = prefersStreaming(runManager);
    const { hooks, prepared } = this.call;
    const events$ = streamPreparedCall(
      hooks,
      prepared,
      (_request, context) => {
        const config = { ...rest, signal: context.signal, callbacks: childOf(runManager), tags: [NO_STREAM] };
        return live
          ? (this.inner.stream(messages, config) as Promise<AsyncIterable<Piece>>)
          : defer(() => this.inner.invoke(messages, config) as Promise<Piece>);
      },
      { ...this.call.options, assemble, ...(live && { text: CHUNK_TEXT }) },
    );
    const { outcome, replaced } = await judged(events$, live ? runManager : undefined, signal);
    let answer = this.call.answer(outcome);
    // A stream a hook contradicted ends with the whole answer as a message of its own: not deduplicated with it.
    if (live && replaced) {
      answer = withContent(answer, answer.content);
      answer.id = `${answer.id ?? 'hookstream'}-after-hooks`;
      answer.lc_kwargs.id = answer.id;
    }
    return { generations: [{ message: answer, text: textOf(answer) }] };
  }
}

type Final = Extract<ModelStreamEvent<Piece, LangChainModelRequest, AIMessage>, { type: 'final' }>;

/** Runs the stream to its `final`, emitting each released chunk on the wrapper's run, in order. */
function judged(
  events$: Observable<ModelStreamEvent<Piece, LangChainModelRequest, AIMessage>>,
  runManager: CallbackManagerForLLMRun | undefined,
  signal: AbortSignal | undefined,
): Promise<Final> {
  return new Promise<Final>((resolve, reject) => {
    let emitted = Promise.resolve();
    let final: Final | undefined;
    const abort = () => {
      subscription.unsubscribe();
      reject(signal?.reason as Error);
    };
    const subscription = events$.subscribe({
      next: (event) => {
        if (event.type === 'final') final = event;
        else if (runManager !== undefined) {
          const message = toChunk(event.chunk);
          const text = textOf(message);
          emitted = emitted.then(() =>
            runManager.handleLLMNewToken(text, { prompt: 0, completion: 0 }, undefined, undefined, undefined, {
              chunk: new ChatGenerationChunk({ message, text }),
            }),
          );
        }
      },
      error: (error: unknown) => {
        signal?.removeEventListener('abort', abort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      complete: () => {
        signal?.removeEventListener('abort', abort);
        emitted.then(() => {
          if (final === undefined) reject(new Error('hookstream/langchain: the model stream ended without an answer'));
          else resolve(final);
        }, reject);
      },
    });
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}
