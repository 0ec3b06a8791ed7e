/**
 * The streaming model wrapper. BeforeModel and BeforeToolSelection run before the stream starts, exactly as for a
 * plain call. AfterModel runs on the response assembled from all chunks, and its answer is the `final` event.
 * What reaches the consumer meanwhile depends on the options, when an AfterModel hook is planned:
 * - `text` (live redaction): chunks flow as hooks judge the partial response, except a tail window that a later
 *   chunk could still complete into something a hook redacts; a secret split across two chunks never goes out.
 * - `holdChunks`: nothing until `final`.
 * - neither: chunks pass through raw, and `final` (with `replaced`) corrects what was shown.
 */
import { concat, defer, Observable, of, filter, map, mergeMap, tap } from 'rxjs';
import type { HookSystem } from '../system/createHookSystem.js';
import { fromAbortable, hasPlannedHooks } from './hostInternals.js';
import { finishModelCall, prepareModelCall, type PreparedCall } from './modelPhases.js';
import { liveModelStream } from './modelStreamLive.js';
import type { ModelStreamCall, ModelStreamEvent, ModelStreamOptions } from './modelStreamTypes.js';
import { fromStreamSource } from './streamSource.js';

export type { ModelStreamCall, ModelStreamEvent, ModelStreamOptions } from './modelStreamTypes.js';

/**
 * Streams a model call with BeforeModel, BeforeToolSelection and AfterModel applied. A BeforeModel block emits
 * only `final` (the synthetic or empty response, `replaced: true`) and never opens the stream. A stop errors the
 * Observable with `AgentStopSignal` (or, with `stopAs: 'value'`, sets `final`'s `outcome.stop`). Unsubscribing
 * cancels the stream and kills running hooks. `toAsyncIterable`/`toReadableStream` give the other shapes back.
 *
 * @example
 * streamModelWithHooks(hooks, request, (req) => ai.models.generateContentStream(req), {
 *   translator: genaiTranslator,
 *   assemble: mergeGenAIChunks,
 *   text: { textOf: (c) => c.text, withText: (c, text) => answer(text) },
 * }).subscribe((event) => (event.type === 'chunk' ? print(event.chunk) : commit(event.outcome.response)));
 */
export function streamModelWithHooks<Chunk, Req, Res>(
  hooks: HookSystem,
  request: Req,
  stream: ModelStreamCall<Req, Chunk>,
  options: ModelStreamOptions<Chunk, Req, Res>,
): Observable<ModelStreamEvent<Chunk, Req, Res>> {
  return fromAbortable((signal) => prepareModelCall(hooks, request, options.translator, { ...options, signal })).pipe(
    mergeMap((prepared) =>
      prepared.kind === 'blocked'
        ? of({ type: 'final' as const, outcome: prepared.outcome, replaced: true })
        : streamPreparedCall(hooks, prepared, stream, options),
    ),
  );
}

/**
 * The streaming half of `streamModelWithHooks`, for a host that ran BeforeModel and BeforeToolSelection itself
 * (`prepareModelCall`) before it could open the stream: the chunks, then AfterModel's `final`.
 */
export function streamPreparedCall<Chunk, Req, Res>(
  hooks: HookSystem,
  prepared: Extract<PreparedCall<Req, Res>, { kind: 'call' }>,
  stream: ModelStreamCall<Req, Chunk>,
  options: ModelStreamOptions<Chunk, Req, Res>,
): Observable<ModelStreamEvent<Chunk, Req, Res>> {
  const { translator, assemble } = options;
  return defer(() => {
    const afterModel = hasPlannedHooks(hooks, 'AfterModel');
    const controller = new AbortController();
    const source$ = new Observable<Chunk>((subscriber) => {
      const subscription = fromStreamSource(stream(prepared.request, { signal: controller.signal })).subscribe(
        subscriber,
      );
      return () => {
        subscription.unsubscribe();
        controller.abort();
      };
    });
    if (afterModel && options.text !== undefined) return liveModelStream(hooks, prepared, source$, options);
    const chunks: Chunk[] = [];
    const hold = options.holdChunks === true && afterModel;
    const live$ = source$.pipe(
      tap((chunk) => chunks.push(chunk)),
      filter(() => !hold),
      map((chunk) => ({ type: 'chunk' as const, chunk })),
    );
    const final$ = defer(() => {
      const assembled = assemble(chunks);
      return fromAbortable((signal) =>
        finishModelCall(hooks, prepared, assembled, translator, { ...options, signal }),
      ).pipe(map((outcome) => ({ type: 'final' as const, outcome, replaced: outcome.responseModified })));
    });
    return concat(live$, final$);
  });
}
