/**
 * The streaming model wrapper. BeforeModel and BeforeToolSelection run before the stream starts, exactly as for a
 * plain call. Chunks pass through as they arrive; AfterModel runs once, on the response assembled from all
 * chunks — not per chunk, since a hook cannot judge (or redact) half a sentence. The last value is a `final`
 * event carrying the outcome after hooks: it replaces what was streamed (`replaced` tells the UI to re-render).
 * With `holdChunks`, chunks are held back whenever an AfterModel hook is planned, so nothing a hook would
 * redact reaches the user; only `final` is emitted then.
 */
import { concat, defer, Observable, of, filter, map, mergeMap, tap } from 'rxjs';
import type { HookSystem } from '../system/createHookSystem.js';
import { fromAbortable, hasPlannedHooks } from './hostInternals.js';
import { finishModelCall, prepareModelCall } from './modelPhases.js';
import type { ModelCallOutcome, ModelHookOptions } from './modelTypes.js';

/** What the stream emits: the model's chunks, then exactly one `final` (unless it errors). */
export type ModelStreamEvent<Chunk, Req, Res> =
  { type: 'chunk'; chunk: Chunk } | { type: 'final'; outcome: ModelCallOutcome<Req, Res>; replaced: boolean };

export interface ModelStreamOptions<Chunk, Req, Res> extends Omit<ModelHookOptions<Req, Res>, 'signal'> {
  /** Builds the complete SDK response from every chunk received (for AfterModel and the `final` event). */
  assemble: (chunks: readonly Chunk[]) => Res;
  /** Hold chunks back while an AfterModel hook is planned (default false: chunks stream live). */
  holdChunks?: boolean;
}

/** The host's streaming call: a cold Observable of chunks for the (hook-edited) request. */
export type ModelStreamCall<Req, Chunk> = (request: Req) => Observable<Chunk>;

/**
 * Streams a model call with BeforeModel, BeforeToolSelection and AfterModel applied. A BeforeModel block emits
 * only `final` (the synthetic or empty response, `replaced: true`) and never opens the stream. A stop errors the
 * Observable with `AgentStopSignal`. Unsubscribing cancels the stream and kills running hooks.
 *
 * @example
 * streamModelWithHooks(hooks, request, (req) => from(ai.models.generateContentStream(req)), {
 *   translator: genaiTranslator,
 *   assemble: mergeGenAIChunks,
 * }).subscribe((event) => (event.type === 'chunk' ? print(event.chunk) : commit(event.outcome.response)));
 */
export function streamModelWithHooks<Chunk, Req, Res>(
  hooks: HookSystem,
  request: Req,
  stream: ModelStreamCall<Req, Chunk>,
  options: ModelStreamOptions<Chunk, Req, Res>,
): Observable<ModelStreamEvent<Chunk, Req, Res>> {
  const { translator, assemble } = options;
  return fromAbortable((signal) => prepareModelCall(hooks, request, translator, signal)).pipe(
    mergeMap((prepared) => {
      if (prepared.kind === 'blocked') return of({ type: 'final' as const, outcome: prepared.outcome, replaced: true });
      return defer(() => {
        const chunks: Chunk[] = [];
        const hold = options.holdChunks === true && hasPlannedHooks(hooks, 'AfterModel');
        const live$ = stream(prepared.request).pipe(
          tap((chunk) => chunks.push(chunk)),
          filter(() => !hold),
          map((chunk) => ({ type: 'chunk' as const, chunk })),
        );
        const final$ = defer(() => {
          const assembled = assemble(chunks);
          return fromAbortable((signal) => finishModelCall(hooks, prepared, assembled, translator, signal)).pipe(
            map((outcome) => ({ type: 'final' as const, outcome, replaced: outcome.responseModified })),
          );
        });
        return concat(live$, final$);
      });
    }),
  );
}
