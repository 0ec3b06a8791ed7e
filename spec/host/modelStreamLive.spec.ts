import { describe, expect, it } from 'vitest';
import { lastValueFrom, Observable, Subject, toArray } from 'rxjs';
import { streamModelWithHooks, type ModelStreamEvent } from '../../lib/host/modelStream.js';
import { toAsyncIterable, toReadableStream } from '../../lib/host/streamSource.js';
import { fakeTranslator, userRequest, type FakeRequest, type FakeResponse } from './fakeTranslator.js';
import { plainSystem, systemWith } from './hostHarness.js';

type Event = ModelStreamEvent<string, FakeRequest, FakeResponse>;
const assemble = (chunks: readonly string[]): FakeResponse => ({ text: chunks.join('') });
const text = { textOf: (chunk: string) => chunk, withText: (_: string, t: string) => t };
const KEY = /AKIA[0-9A-Z]{16}/g;
const redacting = () =>
  systemWith('function', {
    AfterModel: [
      {
        run: (input) => {
          const response = (input as { llm_response: { text?: string } }).llm_response;
          const redacted = (response.text ?? '').replaceAll(KEY, '[redacted]');
          return redacted === response.text ? undefined : { hookSpecificOutput: { llm_response: { text: redacted } } };
        },
      },
    ],
  });
const chunksOf = (events: Event[]) => events.flatMap((e) => (e.type === 'chunk' ? [e.chunk] : []));

describe('streamModelWithHooks: live redaction (`text`)', () => {
  it('releases chunks while the model still streams, except the tail window', async () => {
    const model = new Subject<string>();
    const seen: Event[] = [];
    const done = new Promise<void>((resolve) => {
      streamModelWithHooks(redacting(), userRequest(), () => model, {
        translator: fakeTranslator(),
        assemble,
        text,
        holdBackChars: 4,
      }).subscribe({ next: (e) => seen.push(e), complete: resolve });
    });
    while (!model.observed) await new Promise((resolve) => setImmediate(resolve));
    model.next('The answer is ');
    await new Promise((resolve) => setImmediate(resolve));
    // Released before the stream ended: all but the last 4 characters.
    expect(chunksOf(seen).join('')).toBe('The answer');
    model.next('42.');
    model.complete();
    await done;
    expect(chunksOf(seen).join('')).toBe('The answer is 42.');
    expect(seen.at(-1)).toMatchObject({
      type: 'final',
      replaced: false,
      outcome: { response: { text: 'The answer is 42.' } },
    });
  });

  it('never streams a secret split across two chunks; the final response is redacted too', async () => {
    const events = await lastValueFrom(
      streamModelWithHooks(
        redacting(),
        userRequest(),
        () => ['use AKIAABCDEFGH', 'IJKLMNOP now, and more text after it'],
        {
          translator: fakeTranslator(),
          assemble,
          text,
        },
      ).pipe(toArray()),
    );
    const streamed = chunksOf(events).join('');
    expect(streamed).toBe('use [redacted] now, and more text after it');
    expect(streamed).not.toMatch(/AKIA/);
    expect(events.at(-1)).toMatchObject({ type: 'final', outcome: { response: { text: streamed } } });
  });

  it('streams raw when no AfterModel hook is planned, from an async iterable', async () => {
    async function* source() {
      yield 'a';
      yield 'b';
    }
    const events = await lastValueFrom(
      streamModelWithHooks(plainSystem(), userRequest(), () => source(), {
        translator: fakeTranslator(),
        assemble,
        text,
      }).pipe(toArray()),
    );
    expect(chunksOf(events)).toEqual(['a', 'b']);
  });

  it('accepts a Promise of a ReadableStream and can be read back as an async iterable and a ReadableStream', async () => {
    const readable = () =>
      Promise.resolve(
        new ReadableStream<string>({
          start(controller) {
            controller.enqueue('key AKIAABCDEFGHIJKLMNOP ');
            controller.enqueue('end');
            controller.close();
          },
        }),
      );
    const events$ = () =>
      streamModelWithHooks(redacting(), userRequest(), readable, { translator: fakeTranslator(), assemble, text });
    const fromIterable: Event[] = [];
    for await (const event of toAsyncIterable(events$())) fromIterable.push(event);
    const fromReadable: Event[] = [];
    const reader = toReadableStream(events$()).getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) fromReadable.push(r.value);
    expect(chunksOf(fromIterable).join('')).toBe('key [redacted] end');
    expect(chunksOf(fromReadable).join('')).toBe('key [redacted] end');
  });

  it('cancelling the async iterable unsubscribes the model stream', async () => {
    let closed = false;
    const endless = () =>
      new Observable<string>((subscriber) => {
        subscriber.next('first chunk is long enough to pass the window of thirty-two characters');
        return () => (closed = true);
      });
    const events = toAsyncIterable(
      streamModelWithHooks(redacting(), userRequest(), endless, { translator: fakeTranslator(), assemble, text }),
    );
    for await (const event of events) {
      expect(event.type).toBe('chunk');
      break;
    }
    expect(closed).toBe(true);
  });
});

describe('the per-chunk phase a hook opts into (`hookSpecificOutput.holdBack`)', () => {
  const PARTIAL = /(?:AKIA[0-9A-Z]{0,15}|AKI|AK|A)$/;
  const optedIn = () =>
    systemWith('function', {
      AfterModel: [
        {
          run: (input) => {
            const text = (input as { llm_response: { text?: string } }).llm_response.text ?? '';
            const redacted = text.replaceAll(KEY, '[redacted]');
            const holdBack = PARTIAL.exec(redacted)?.[0].length ?? 0;
            return { hookSpecificOutput: { holdBack, ...(redacted !== text && { llm_response: { text: redacted } }) } };
          },
        },
      ],
    });

  it('releases a chunk at once when the hooks say nothing of it can change', async () => {
    const model = new Subject<string>();
    const seen: Event[] = [];
    streamModelWithHooks(optedIn(), userRequest(), () => model, {
      translator: fakeTranslator(),
      assemble,
      text,
    }).subscribe((e) => seen.push(e));
    while (!model.observed) await new Promise((resolve) => setImmediate(resolve));
    model.next('Hi ');
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunksOf(seen)).toEqual(['Hi ']);
    model.next('use AKIAABCD');
    await new Promise((resolve) => setImmediate(resolve));
    // The hook holds back what could still become a key: 'AKIAABCD'.
    expect(chunksOf(seen).join('')).toBe('Hi use ');
    model.next('EFGHIJKLMNOP.');
    model.complete();
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunksOf(seen).join('')).toBe('Hi use [redacted].');
  });

  it('a hook that does not declare one keeps the default window for everyone', async () => {
    const hooks = optedIn();
    hooks.register('AfterModel', { type: 'function', name: 'silent', run: () => undefined });
    const model = new Subject<string>();
    const seen: Event[] = [];
    streamModelWithHooks(hooks, userRequest(), () => model, { translator: fakeTranslator(), assemble, text }).subscribe(
      (e) => seen.push(e),
    );
    while (!model.observed) await new Promise((resolve) => setImmediate(resolve));
    model.next('Hi there');
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunksOf(seen)).toEqual([]);
  });
});

describe('stopAs: value', () => {
  it('an AfterModel stop is the final outcome`s stop, not an error', async () => {
    const hooks = systemWith('function', { AfterModel: [{ output: { continue: false, stopReason: 'enough' } }] });
    const events = await lastValueFrom(
      streamModelWithHooks(hooks, userRequest(), () => ['x'], {
        translator: fakeTranslator(),
        assemble,
        text,
        stopAs: 'value',
      }).pipe(toArray()),
    );
    expect(events.at(-1)).toMatchObject({
      type: 'final',
      outcome: { stop: { event: 'AfterModel', reason: 'enough' } },
    });
  });
});
