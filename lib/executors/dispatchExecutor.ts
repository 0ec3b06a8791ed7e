/**
 * Routes each hook to the executor of its kind: command hooks to the process runner, function hooks
 * to the in-process runner. Further kinds plug in here.
 */
import type { HookExecutor } from '../core/types.js';

export const dispatchExecutor =
  (executors: { command: HookExecutor; function: HookExecutor }): HookExecutor =>
  (hook, input) =>
    executors[hook.definition.type](hook, input);
