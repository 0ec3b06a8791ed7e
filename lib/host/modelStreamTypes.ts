/** Types of the streaming model wrapper: what the host passes in and what the stream emits. */
import type { ModelCallOutcome, ModelHookOptions } from './modelTypes.js';
import type { StreamSource } from './streamSource.js';
import type { StreamText } from './tailRelease.js';

/** What the stream emits: the model's chunks, then exactly one `final` (unless it errors). */
export type ModelStreamEvent<Chunk, Req, Res> =
  { type: 'chunk'; chunk: Chunk } | { type: 'final'; outcome: ModelCallOutcome<Req, Res>; replaced: boolean };

export interface ModelStreamOptions<Chunk, Req, Res> extends Omit<ModelHookOptions<Req, Res>, 'signal'> {
  /** Builds the complete SDK response from every chunk received (for AfterModel and the `final` event). */
  assemble: (chunks: readonly Chunk[]) => Res;
  /** Hold chunks back while an AfterModel hook is planned (default false: chunks stream live). */
  holdChunks?: boolean;
  /**
   * How chunks carry text: turns on live redaction while an AfterModel hook is planned. AfterModel hooks then
   * also judge the partial response as it grows (at most one judgement in flight; only their `llm_response`
   * counts, a block or stop there holds the rest for the final run), and the judged text is released as chunks
   * built with `withText`, minus the last `holdBackChars`.
   */
  text?: StreamText<Chunk>;
  /** The tail window of live redaction, in characters (default 32): longer than anything a hook must catch whole. */
  holdBackChars?: number;
}

/** The host's streaming call for the (hook-edited) request: an Observable, an async iterable or a ReadableStream. */
export type ModelStreamCall<Req, Chunk> = (request: Req, context: { signal?: AbortSignal }) => StreamSource<Chunk>;
