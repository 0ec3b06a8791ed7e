import { describe, expect, it } from 'vitest';
import { defer, from, lastValueFrom, Observable, toArray } from 'rxjs';
import { streamModelWithHooks, type ModelStreamEvent } from '../../lib/host/modelStream.js';
import { AgentStopSignal } from '../../lib/host/stopSignal.js';
import type { HookOutput } from '../../lib/index.js';
import { fakeTranslator, userRequest, type FakeRequest, type FakeResponse } from './fakeTranslator.js';
import { KINDS, plainSystem, systemWith } from './hostHarness.js';

type Event = ModelStreamEvent<string, FakeRequest, FakeResponse>;

const assemble = (chunks: readonly string[]): FakeResponse => ({ text: chunks.join('') });

/** A streaming model that records its requests and how often its stream was opened. */
const streamingModel = (chunks: string[]) => {
  const requests: FakeRequest[] = [];
  let opened = 0;
  const stream = (request: FakeRequest): Observable<string> =>
    defer(() => {
      opened += 1;
      requests.push(request);
      return from(chunks);
    });
  return { requests, stream, opened: () => opened };
};

const collect = (events$: Observable<Event>) => lastValueFrom(events$.pipe(toArray()));
const chunksOf = (events: Event[]) => events.flatMap((e) => (e.type === 'chunk' ? [e.chunk] : []));
const finalOf = (events: Event[]) => {
  const last = events.at(-1);
  if (last?.type !== 'final') throw new Error('the last event is not final');
  return last;
};

const redact: HookOutput = {
  hookSpecificOutput: { hookEventName: 'AfterModel', llm_response: { text: 'key=[REDACTED]' } },
};

describe('streamModelWithHooks without hooks', () => {
  it('passes chunks through and ends with the assembled response, translating nothing', async () => {
    const translator = fakeTranslator();
    const model = streamingModel(['a', 'b', 'c']);
    const events = await collect(
      streamModelWithHooks(plainSystem(), userRequest(), model.stream, { translator, assemble }),
    );
    expect(chunksOf(events)).toEqual(['a', 'b', 'c']);
    expect(finalOf(events)).toMatchObject({ replaced: false, outcome: { response: { text: 'abc' }, called: true } });
    expect(translator.total()).toBe(0);
  });

  it('ends with an empty final response for an empty stream', async () => {
    const model = streamingModel([]);
    const events = await collect(
      streamModelWithHooks(plainSystem(), userRequest(), model.stream, { translator: fakeTranslator(), assemble }),
    );
    expect(events).toHaveLength(1);
    expect(finalOf(events).outcome.response).toEqual({ text: '' });
  });

  it('propagates a stream error', async () => {
    const failing = () =>
      new Observable<string>((s) => {
        s.error(new Error('connection reset'));
      });
    const events$ = streamModelWithHooks(plainSystem(), userRequest(), failing, {
      translator: fakeTranslator(),
      assemble,
    });
    await expect(collect(events$)).rejects.toThrow('connection reset');
  });
});

describe.each(KINDS)('streamModelWithHooks with %s hooks', (kind) => {
  it('runs AfterModel on the assembled response and replaces it in the final event', async () => {
    const hooks = systemWith(kind, { AfterModel: [{ output: redact }] });
    const model = streamingModel(['key=', 'sk-', '123']);
    const events = await collect(
      streamModelWithHooks(hooks, userRequest(), model.stream, { translator: fakeTranslator(), assemble }),
    );
    expect(chunksOf(events)).toEqual(['key=', 'sk-', '123']);
    expect(finalOf(events)).toMatchObject({
      replaced: true,
      outcome: { response: { text: 'key=[REDACTED]' }, responseModified: true },
    });
  });

  it('holds chunks back when holdChunks is set and an AfterModel hook is planned', async () => {
    const hooks = systemWith(kind, { AfterModel: [{ output: redact }] });
    const model = streamingModel(['key=', 'sk-123']);
    const events = await collect(
      streamModelWithHooks(hooks, userRequest(), model.stream, {
        translator: fakeTranslator(),
        assemble,
        holdChunks: true,
      }),
    );
    expect(events).toHaveLength(1);
    expect(finalOf(events).outcome.response).toEqual({ text: 'key=[REDACTED]' });
  });

  it('never opens the stream when BeforeModel blocks, and emits the synthetic response', async () => {
    const hooks = systemWith(kind, {
      BeforeModel: [
        {
          output: {
            decision: 'block',
            hookSpecificOutput: { hookEventName: 'BeforeModel', llm_response: { text: 'canned' } },
          },
        },
      ],
    });
    const model = streamingModel(['never']);
    const events = await collect(
      streamModelWithHooks(hooks, userRequest(), model.stream, { translator: fakeTranslator(), assemble }),
    );
    expect(model.opened()).toBe(0);
    expect(events).toEqual([expect.objectContaining({ type: 'final', replaced: true })]);
    expect(finalOf(events).outcome).toMatchObject({ called: false, response: { text: 'canned' } });
  });

  it('streams the request as BeforeModel and BeforeToolSelection changed it', async () => {
    const hooks = systemWith(kind, {
      BeforeModel: [
        {
          output: {
            hookSpecificOutput: {
              hookEventName: 'BeforeModel',
              llm_request: { messages: [{ role: 'user', content: 'edited' }] },
            },
          },
        },
      ],
      BeforeToolSelection: [
        { output: { hookSpecificOutput: { hookEventName: 'BeforeToolSelection', toolConfig: { mode: 'NONE' } } } },
      ],
    });
    const model = streamingModel(['ok']);
    await collect(streamModelWithHooks(hooks, userRequest(), model.stream, { translator: fakeTranslator(), assemble }));
    expect(model.requests).toEqual([{ messages: [{ role: 'user', content: 'edited' }], tools: [], toolMode: 'NONE' }]);
  });

  it('errors with AgentStopSignal after the chunks when AfterModel stops', async () => {
    const hooks = systemWith(kind, { AfterModel: [{ output: { continue: false, stopReason: 'enough' } }] });
    const model = streamingModel(['x', 'y']);
    const seen: Event[] = [];
    const events$ = streamModelWithHooks(hooks, userRequest(), model.stream, {
      translator: fakeTranslator(),
      assemble,
    });
    const error = await new Promise<unknown>((resolve) =>
      events$.subscribe({ next: (e) => seen.push(e), error: resolve }),
    );
    expect(error).toBeInstanceOf(AgentStopSignal);
    expect(error).toMatchObject({ event: 'AfterModel', partial: { response: { text: 'xy' } } });
    expect(chunksOf(seen)).toEqual(['x', 'y']);
  });
});

describe('streamModelWithHooks cancellation', () => {
  it('unsubscribing stops a stream that never ends', async () => {
    let unsubscribed = false;
    const endless = () =>
      new Observable<string>((s) => {
        s.next('first');
        return () => (unsubscribed = true);
      });
    const first = await new Promise<Event>((resolve) => {
      const sub = streamModelWithHooks(plainSystem(), userRequest(), endless, {
        translator: fakeTranslator(),
        assemble,
      }).subscribe((e) => {
        resolve(e);
        queueMicrotask(() => {
          sub.unsubscribe();
        });
      });
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(first).toEqual({ type: 'chunk', chunk: 'first' });
    expect(unsubscribed).toBe(true);
  });

  it('unsubscribing while BeforeModel runs aborts the hook and never opens the stream', async () => {
    const hooks = plainSystem();
    let hookSignal: AbortSignal | undefined;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    hooks.register('BeforeModel', {
      type: 'function',
      name: 'slow',
      run: (_input, { signal }) => {
        hookSignal = signal;
        started();
        return new Promise(() => undefined);
      },
    });
    const model = streamingModel(['x']);
    const sub = streamModelWithHooks(hooks, userRequest(), model.stream, {
      translator: fakeTranslator(),
      assemble,
    }).subscribe();
    await running;
    sub.unsubscribe();
    expect(hookSignal?.aborted).toBe(true);
    expect(model.opened()).toBe(0);
  });
});
