/**
 * `mergeMap` that emits in source order: inner observables run concurrently (up to `concurrent`), and
 * each inner's values are released once every earlier inner has completed. The engine uses it so that
 * hooks of many events run at once while `decide` still emits one result per event, in order.
 */
import { Observable, type OperatorFunction, map, mergeMap, toArray } from 'rxjs';

export const mergeMapOrdered =
  <T, R>(project: (value: T, index: number) => Observable<R>, concurrent = Infinity): OperatorFunction<T, R> =>
  (source) =>
    new Observable<R>((subscriber) => {
      const pending = new Map<number, readonly R[]>();
      let next = 0;
      return source
        .pipe(
          mergeMap(
            (value, index) =>
              project(value, index).pipe(
                toArray(),
                map((values) => [index, values] as const),
              ),
            concurrent,
          ),
        )
        .subscribe({
          next: ([index, values]) => {
            pending.set(index, values);
            for (let ready = pending.get(next); ready !== undefined; ready = pending.get(next)) {
              pending.delete(next);
              next += 1;
              for (const value of ready) subscriber.next(value);
            }
          },
          error: (error: unknown) => {
            subscriber.error(error);
          },
          complete: () => {
            subscriber.complete();
          },
        });
    });
