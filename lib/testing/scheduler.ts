/**
 * The TestScheduler factory. hookstream/testing knows no test runner: the caller hands in the deep
 * equality assertion of theirs (vitest/jest `expect(a).toEqual(b)`, `assert.deepStrictEqual`, …).
 */
import { TestScheduler } from 'rxjs/testing';

/** Throws (or fails the test) when `actual` and `expected` differ. */
export type AssertDeepEqual = (actual: unknown, expected: unknown) => void;

/**
 * Creates an rxjs `TestScheduler` whose marble assertions use `assertDeepEqual`.
 *
 * @example
 * ```ts
 * const scheduler = createTestScheduler((actual, expected) => expect(actual).toEqual(expected));
 * scheduler.run(({ cold, expectObservable }) => { ... });
 * ```
 * @param assertDeepEqual The test runner's deep equality assertion.
 * @return A fresh TestScheduler (use one per test).
 */
export const createTestScheduler = (assertDeepEqual: AssertDeepEqual): TestScheduler =>
  new TestScheduler((actual, expected) => {
    assertDeepEqual(actual, expected);
  });
