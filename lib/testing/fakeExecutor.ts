/**
 * A fake `HookExecutor` for marble tests: each hook name maps to what the hook "does" — a cold
 * observable (its timing is the hook's timing), a plain output, or a full run record. No process runs.
 */
import { defer, isObservable, of, type Observable, type SchedulerLike, map } from 'rxjs';
import type { HookInput } from '../events/inputs.js';
import type { HookOutput } from '../events/outputs.js';
import type { HookEntry, HookExecutor, HookRun } from '../model/types.js';
import { bareRun, runOfOutput } from '../protocol/outputRun.js';

/** What a fake hook answers: a run record or an output, now or as an observable. */
export type FakeAnswer = HookRun | HookOutput | Observable<HookRun | HookOutput>;

/** A table entry: an answer, or a function of the input and entry that returns one. */
export type FakeHook = FakeAnswer | ((input: HookInput, hook: HookEntry) => FakeAnswer);

export interface FakeExecutorOptions {
  /** When given, `durationMs` of wrapped outputs is the virtual time from subscription to answer. */
  scheduler?: SchedulerLike;
}

/** One call the fake received. */
export interface FakeCall {
  hook: string;
  input: HookInput;
}

/** A HookExecutor that also records its calls. */
export interface FakeExecutor extends HookExecutor {
  /** Every call, in call order: which hook and the input it received (chained input in sequential runs). */
  readonly calls: readonly FakeCall[];
}

const isRun = (value: HookRun | HookOutput): value is HookRun =>
  typeof (value as Partial<HookRun>).outcome === 'string' && typeof (value as Partial<HookRun>).name === 'string';

/**
 * Wraps an output into the record the real executor produces, by the same rule (`runOfOutput`):
 * `blocked` when the output blocks (block/deny, or BeforeTool's `permissionDecision`), else `success`.
 */
export const runFromOutput = (hook: HookEntry, output: HookOutput, durationMs = 0): HookRun =>
  runOfOutput(hook, output, durationMs);

/**
 * Creates an executor that answers hook `name` with `table[name]`. A hook missing from the table gets a
 * `failed` run naming it (the engine then fails open), so a test sees the mistake in the result.
 *
 * @example
 * ```ts
 * const executor = fakeExecutor({
 *   'slow-audit': cold('----a|', { a: allow() }),
 *   'deny-all': deny('no'),
 * });
 * ```
 * @param table Hook name → answer.
 * @param options.scheduler Virtual clock for `durationMs`.
 * @return A HookExecutor with a `calls` log.
 */
export const fakeExecutor = (
  table: Readonly<Record<string, FakeHook>>,
  options: FakeExecutorOptions = {},
): FakeExecutor => {
  const calls: FakeCall[] = [];
  const execute = (hook: HookEntry, input: HookInput): Observable<HookRun> =>
    defer(() => {
      calls.push({ hook: hook.name, input });
      const started = options.scheduler?.now() ?? 0;
      const elapsed = (): number => (options.scheduler ? options.scheduler.now() - started : 0);
      const toRun = (value: HookRun | HookOutput): HookRun =>
        isRun(value) ? value : runFromOutput(hook, value, elapsed());
      const found = Object.prototype.hasOwnProperty.call(table, hook.name) ? table[hook.name] : undefined;
      if (found === undefined) {
        return of(bareRun(hook, 'failed', 0, `fakeExecutor has no answer for hook "${hook.name}"`));
      }
      const answer = typeof found === 'function' ? found(input, hook) : found;
      return isObservable(answer) ? answer.pipe(map(toRun)) : of(toRun(answer));
    });
  const executor: FakeExecutor = Object.assign(execute, { calls });
  return executor;
};
