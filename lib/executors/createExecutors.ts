/**
 * The executor stack, composed once (DESIGN §1, issue #9): observe(failure policy(trust(leaf))). The
 * leaf dispatches on the hook's kind; `executor` replaces only the leaf, so a custom runner still gets
 * trust, the failure policy and observation.
 */
import type { SchedulerLike } from 'rxjs';
import type { HookExecutor } from '../core/types.js';
import type { TrustGate } from '../trust/trustGate.js';
import { createCommandExecutor, type CommandExecutor, type CommandExecutorOptions } from './commandExecutor.js';
import { dispatchExecutor } from './dispatchExecutor.js';
import { withFailurePolicy } from './failurePolicy.js';
import { createFunctionStart } from './functionExecutor.js';
import { withObserver, type ObserveOptions } from './observeExecutor.js';
import { createPersistentExecutor } from './persistentExecutor.js';
import { startable, startOf, type InternalFailurePolicy, type StartableExecutor, type StartRun } from './startRun.js';
import { withTrust } from './trustExecutor.js';

export interface ExecutorsOptions {
  /** What the process executors need: project dir, session id, limits. */
  readonly process: CommandExecutorOptions;
  /** The approval gate of project and extension hooks; `undefined` turns trust off (explicitly). */
  readonly trust: TrustGate | undefined;
  /** Replaces the leaf (every kind of hook) — trust, failure policy and observation still apply. */
  readonly executor?: HookExecutor | undefined;
  /** What a failure of hookstream itself does: `block` (default) or `allow`. */
  readonly internalFailurePolicy?: InternalFailurePolicy;
  /** Records and logging; without it nothing is observed. */
  readonly observe?: ObserveOptions;
  /** Clock of function hooks (a TestScheduler in marble tests). */
  readonly scheduler?: SchedulerLike;
}

/** The composed stack: a `HookExecutor` with its callback form, and `dispose` for its processes. */
export interface Executors extends StartableExecutor {
  /** Kills and awaits every live hook process; later runs fail. */
  dispose(): Promise<void>;
}

/** A process executor created on its first run: a host with only function hooks never starts one. */
const onFirstUse = (create: () => CommandExecutor) => {
  let executor: CommandExecutor | undefined;
  let start: StartRun | undefined;
  return {
    start: ((hook, input, done, eventId) => {
      if (start === undefined) {
        executor = create();
        start = startOf(executor.execute, 'allow');
      }
      return start(hook, input, done, eventId);
    }) satisfies StartRun,
    dispose: (): Promise<void> | undefined => executor?.dispose(),
  };
};

export const createExecutors = (options: ExecutorsOptions): Executors => {
  const internalFailurePolicy = options.internalFailurePolicy ?? 'block';
  const command = onFirstUse(() => createCommandExecutor(options.process));
  const persistent = onFirstUse(() => createPersistentExecutor(options.process));
  const leaf: StartRun =
    options.executor !== undefined
      ? startOf(options.executor, 'allow')
      : dispatchExecutor({
          function: createFunctionStart(options.scheduler ? { scheduler: options.scheduler } : {}),
          command: command.start,
          persistent: persistent.start,
        });
  const trusted = options.trust === undefined ? leaf : withTrust(leaf, options.trust);
  const policed = withFailurePolicy(trusted, internalFailurePolicy);
  const observed = options.observe === undefined ? policed : withObserver(policed, options.observe);
  return Object.assign(startable(observed), {
    dispose: async () => {
      await Promise.all([command.dispose(), persistent.dispose()]);
    },
  });
};
