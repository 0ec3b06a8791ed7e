/**
 * The async shapes frameworks speak, to and from Observables: SDKs hand out `AsyncIterable`s (often behind a
 * Promise) and WHATWG `ReadableStream`s, and want the same back. Cancellation crosses over in both directions:
 * unsubscribing cancels the source, and a consumer that stops reading unsubscribes.
 */
import { from, isObservable, Observable, type ObservableInput } from 'rxjs';

/** A stream a host's model call may return: an Observable, an async iterable, a ReadableStream (or a Promise of one), an array. */
export type StreamSource<T> =
  | readonly T[]
  | Observable<T>
  | AsyncIterable<T>
  | ReadableStream<T>
  | PromiseLike<Observable<T> | AsyncIterable<T> | ReadableStream<T>>;

const isPromiseLike = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/** Any `StreamSource` as a cold Observable of its items (a Promise of a stream is awaited, then flattened). */
export function fromStreamSource<T>(source: StreamSource<T>): Observable<T> {
  if (isObservable(source)) return source;
  if (!isPromiseLike(source)) return from(source as ObservableInput<T>);
  return new Observable<T>((subscriber) => {
    let inner: { unsubscribe(): void } | undefined;
    let closed = false;
    source.then(
      (stream) => {
        if (!closed) inner = fromStreamSource(stream).subscribe(subscriber);
      },
      (error: unknown) => {
        subscriber.error(error);
      },
    );
    return () => {
      closed = true;
      inner?.unsubscribe();
    };
  });
}

/**
 * An Observable as an async iterable: items are buffered until read; breaking out of the loop (or `return()`)
 * unsubscribes, an error is thrown from the loop.
 */
export function toAsyncIterable<T>(source$: Observable<T>): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<T> {
      const buffer: T[] = [];
      let done = false;
      let failure: { error: unknown } | undefined;
      let wake: (() => void) | undefined;
      const signal = () => {
        wake?.();
        wake = undefined;
      };
      const subscription = source$.subscribe({
        next: (value) => {
          buffer.push(value);
          signal();
        },
        error: (error: unknown) => {
          failure = { error };
          signal();
        },
        complete: () => {
          done = true;
          signal();
        },
      });
      const finish = (): IteratorResult<T> => {
        subscription.unsubscribe();
        return { done: true, value: undefined };
      };
      return {
        next: async (): Promise<IteratorResult<T>> => {
          for (;;) {
            if (buffer.length > 0) return { done: false, value: buffer.shift() as T };
            if (failure) throw failure.error;
            if (done) return finish();
            await new Promise<void>((resolve) => (wake = resolve));
          }
        },
        return: () => Promise.resolve(finish()),
      };
    },
  };
}

/** An Observable as a ReadableStream: cancelling the stream unsubscribes; an error errors the stream. */
export function toReadableStream<T>(source$: Observable<T>): ReadableStream<T> {
  let subscription: { unsubscribe(): void } | undefined;
  return new ReadableStream<T>({
    start(controller) {
      subscription = source$.subscribe({
        next: (value) => {
          controller.enqueue(value);
        },
        error: (error: unknown) => {
          controller.error(error);
        },
        complete: () => {
          controller.close();
        },
      });
    },
    cancel() {
      subscription?.unsubscribe();
    },
  });
}
