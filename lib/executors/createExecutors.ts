/**
 * The executor stack, composed once (DESIGN §1, issue #9): observe(failure policy(trust(leaf))). The
 * leaf dispatches on the hook's kind; `executor` replaces only the leaf, so a custom runner still gets
 * trust, the failure policy and observation. Process executors start on first use: a host with only
 * function hooks never creates one.
 */
import type { SchedulerLike } from 'rxjs';
import type { HookExecutor } from '../core/types.js';
import type { TrustGate } from '../trust/trustGate.js';
import { createCommandExecutor, type CommandExecutor, type CommandExecutorOptions } from './commandExecutor.js';
import { dispatchExecutor } from './dispatchExecutor.js';
import { withFailurePolicy } from './failurePolicy.js';
import { createFunctionStart } from './functionExecutor.js';
import { withObserver, type ObserveOptions } from './observeExecutor.js';
import { createPersistentExecutor, type PersistentExecutor } from './persistentExecutor.js';
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

export const createExecutors = (options: ExecutorsOptions): Executors => {
  const internalFailurePolicy = options.internalFailurePolicy ?? 'block';
  let command: CommandExecutor | undefined;
  let persistent: PersistentExecutor | undefined;
  let startCommand: StartRun | undefined;
  let startPersistent: StartRun | undefined;
  const leaf: StartRun =
    options.executor !== undefined
      ? startOf(options.executor, 'allow')
      : dispatchExecutor({
          function: createFunctionStart(options.scheduler ? { scheduler: options.scheduler } : {}),
          command: (hook, input, done, eventId) => {
            command ??= createCommandExecutor(options.process);
            startCommand ??= startOf(command.execute, 'allow');
            return startCommand(hook, input, done, eventId);
          },
          persistent: (hook, input, done, eventId) => {
            persistent ??= createPersistentExecutor(options.process);
            startPersistent ??= startOf(persistent.execute, 'allow');
            return startPersistent(hook, input, done, eventId);
          },
        });
  const trusted = options.trust === undefined ? leaf : withTrust(leaf, options.trust);
  const policed = withFailurePolicy(trusted, internalFailurePolicy);
  const observed = options.observe === undefined ? policed : withObserver(policed, options.observe);
  return Object.assign(startable(observed), {
    dispose: async () => {
      await Promise.all([command?.dispose(), persistent?.dispose()]);
    },
  });
};
