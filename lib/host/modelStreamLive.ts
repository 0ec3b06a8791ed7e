/**
 * Live redaction for a streamed response: AfterModel hooks judge the partial response while it streams and the
 * judged text is released minus a tail window (tailRelease.ts); the complete response then goes through
 * AfterModel once more, as for a plain call, and its answer is `final`. Judgements are coalesced — at most one
 * in flight, the next one on everything received by then — so a slow hook costs latency, never a queue, and a
 * function hook (microseconds) releases each chunk as it arrives, tail window aside.
 */
import { Observable, type Subscription } from 'rxjs';
import type { HookResult } from '../model/types.js';
import type { HookSystem } from '../system/createHookSystem.js';
import { withCallContext } from './callContext.js';
import { fromAbortable } from './hostInternals.js';
import { finishModelCall, type PreparedCall } from './modelPhases.js';
import type { ModelStreamEvent, ModelStreamOptions } from './modelStreamTypes.js';
import { TailRelease } from './tailRelease.js';

const DEFAULT_HOLD_BACK_CHARS = 32;

/**
 * The per-chunk phase a hook opts into: a hook judging a partial response may answer
 * `hookSpecificOutput.holdBack: n`, the trailing characters a later chunk could still change for it (0 when its
 * text ends with nothing that could start a match). When every hook that ran declared one, the largest is the
 * window; otherwise the default `holdBackChars` applies.
 */
function declaredHoldBack(result: HookResult): number | undefined {
  let window: number | undefined;
  for (const run of result.hooks) {
    if (run.outcome === 'skipped') continue;
    const declared = run.output?.hookSpecificOutput?.holdBack;
    if (typeof declared !== 'number' || !Number.isInteger(declared) || declared < 0) return undefined;
    window = Math.max(window ?? 0, declared);
  }
  return window;
}

export function liveModelStream<Chunk, Req, Res>(
  hooks: HookSystem,
  prepared: Extract<PreparedCall<Req, Res>, { kind: 'call' }>,
  source$: Observable<Chunk>,
  options: ModelStreamOptions<Chunk, Req, Res>,
): Observable<ModelStreamEvent<Chunk, Req, Res>> {
  const { translator, assemble } = options;
  const text = options.text as NonNullable<typeof options.text>;
  return new Observable<ModelStreamEvent<Chunk, Req, Res>>((subscriber) => {
    const chunks: Chunk[] = [];
    const release = new TailRelease<Chunk>(text, options.holdBackChars ?? DEFAULT_HOLD_BACK_CHARS, (chunk) => {
      subscriber.next({ type: 'chunk', chunk });
    });
    const hookRequest = translator.toHookRequest(prepared.request);
    // The text a response has after hooks, read the way the final response will be (translator round trip).
    const textOf = (response: Res): string => translator.toHookResponse(response).text ?? '';
    let judging: Subscription | undefined;
    let busy = false;
    let again = false;
    let ended = false;

    const judged = (result: HookResult, snapshot: Res, hookResponse: unknown): void => {
      busy = false;
      if (ended) return;
      if (result.blocked || result.stopped) release.frozen = true;
      else {
        const unchanged = result.llmResponse === undefined || result.llmResponse === hookResponse;
        const judgedText = textOf(unchanged ? snapshot : translator.fromHookResponse(result.llmResponse, snapshot));
        release.judge(judgedText, false, declaredHoldBack(result));
      }
      if (again) {
        again = false;
        judge();
      }
    };

    const judge = (): void => {
      if (release.frozen || ended) return;
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      const snapshot = assemble(chunks.slice());
      const hookResponse = translator.toHookResponse(snapshot);
      const fields = withCallContext({ llm_request: hookRequest, llm_response: hookResponse }, options.context);
      // A function hook settles inside subscribe: `busy`, not the subscription, says whether one is in flight.
      judging = hooks.fire$('AfterModel', fields).subscribe({
        next: (result) => {
          judged(result, snapshot, hookResponse);
        },
        error: (error: unknown) => {
          subscriber.error(error);
        },
      });
    };

    let finishing: Subscription | undefined;
    const source = source$.subscribe({
      next: (chunk) => {
        chunks.push(chunk);
        if (release.add(chunk)) judge();
      },
      error: (error: unknown) => {
        subscriber.error(error);
      },
      complete: () => {
        ended = true;
        judging?.unsubscribe();
        const assembled = assemble(chunks);
        finishing = fromAbortable((signal) =>
          finishModelCall(hooks, prepared, assembled, translator, { ...options, signal }),
        ).subscribe({
          next: (outcome) => {
            const agreed = release.finish(textOf(outcome.response));
            subscriber.next({ type: 'final', outcome, replaced: !agreed });
            subscriber.complete();
          },
          error: (error: unknown) => {
            subscriber.error(error);
          },
        });
      },
    });
    return () => {
      source.unsubscribe();
      judging?.unsubscribe();
      finishing?.unsubscribe();
    };
  });
}
