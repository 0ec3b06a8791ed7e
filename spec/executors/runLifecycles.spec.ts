/**
 * The in-flight runs of a promise-based executor (lib/executors/runLifecycles.ts, shared by the HTTP and
 * command executors): the record is delivered once, a cancel before it aborts the run's signal and keeps the
 * record back, a throwing run becomes an internal failure that allows, and `abortAll` aborts every run with
 * its reason and resolves only when each lifecycle — what `keepUntil` added included — has ended.
 */
import { describe, expect, it } from 'vitest';
import type { HookRun } from '../../lib/model/types.js';
import { createRunLifecycles } from '../../lib/executors/runLifecycles.js';
import { entry } from '../../lib/testing/index.js';

const HOOK = entry('BeforeTool', 'guard', { source: 'project' });
const RECORD: HookRun = { name: 'guard', source: 'project', outcome: 'success', durationMs: 1 };

/** A promise with its resolve function outside. */
const deferred = <T>() => {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
};

/** A run that resolves with RECORD when told to, or with a canceled record when its signal aborts. */
const controlledRun = () => {
  const answer = deferred<HookRun>();
  const seen: { signal?: AbortSignal } = {};
  const run = (signal: AbortSignal) => {
    seen.signal = signal;
    signal.addEventListener('abort', () => {
      answer.resolve({ name: 'guard', source: 'project', outcome: 'canceled', durationMs: 0 });
    });
    return answer.promise;
  };
  return { run, seen, answer };
};

describe('createRunLifecycles', () => {
  it('delivers the record once and forgets the run; a later cancel aborts nothing', async () => {
    const lifecycles = createRunLifecycles();
    const { run, seen, answer } = controlledRun();
    const records: HookRun[] = [];
    const delivered = deferred<undefined>();
    const cancel = lifecycles.start(
      HOOK,
      (record) => {
        records.push(record);
        delivered.resolve(undefined);
      },
      run,
    );
    expect(lifecycles.size).toBe(1);
    answer.resolve(RECORD);
    await delivered.promise;
    cancel();
    expect(seen.signal?.aborted).toBe(false);
    await lifecycles.abortAll('unused');
    expect(records).toEqual([RECORD]);
    expect(lifecycles.size).toBe(0);
  });

  it('a cancel before the record aborts the signal and keeps the record back', async () => {
    const lifecycles = createRunLifecycles();
    const { run, seen } = controlledRun();
    const records: HookRun[] = [];
    const cancel = lifecycles.start(HOOK, (record) => records.push(record), run);
    cancel();
    expect(seen.signal?.aborted).toBe(true);
    await lifecycles.abortAll('unused');
    expect(records).toEqual([]);
    expect(lifecycles.size).toBe(0);
  });

  it("a run that throws is hookstream's own failure: an internal record that allows", async () => {
    const lifecycles = createRunLifecycles();
    const records: HookRun[] = [];
    lifecycles.start(
      HOOK,
      (record) => records.push(record),
      () => Promise.reject(new Error('broken')),
    );
    await lifecycles.abortAll('unused');
    expect(records).toEqual([
      {
        name: 'guard',
        source: 'project',
        outcome: 'failed',
        durationMs: 0,
        message: 'Hook "guard" could not run: hookstream internal error: broken',
        internal: true,
      },
    ]);
  });

  it('abortAll aborts every run with its reason and waits for what keepUntil added', async () => {
    const lifecycles = createRunLifecycles();
    const exited = deferred<undefined>();
    const reasons: unknown[] = [];
    const records: HookRun[] = [];
    for (let index = 0; index < 2; index += 1) {
      lifecycles.start(
        HOOK,
        (record) => records.push(record),
        (signal, keepUntil) => {
          keepUntil(exited.promise);
          return new Promise<HookRun>((resolve) => {
            signal.addEventListener('abort', () => {
              reasons.push(signal.reason);
              resolve(RECORD);
            });
          });
        },
      );
    }
    let ended = false;
    const disposing = lifecycles.abortAll('executor disposed').then(() => {
      ended = true;
    });
    await Promise.resolve();
    await new Promise<void>((resolve) => setImmediate(resolve));
    // Both records are out, but the lifecycles wait for the process groups' exit.
    expect(reasons).toEqual(['executor disposed', 'executor disposed']);
    expect(records).toEqual([RECORD, RECORD]);
    expect(ended).toBe(false);
    expect(lifecycles.size).toBe(2);
    exited.resolve(undefined);
    await disposing;
    expect(lifecycles.size).toBe(0);
  });
});
