/**
 * The leaf of the executor stack: routes each hook to the executor of its kind — function hooks to the
 * in-process runner, command hooks to the process runner, `persistent: true` command hooks to a worker.
 * Further kinds plug in here, and only here.
 */
import type { StartRun } from './startRun.js';

export interface LeafExecutors {
  readonly function: StartRun;
  readonly command: StartRun;
  readonly persistent: StartRun;
  /** `type: 'http'`: POSTs the input (lib/executors/httpExecutor.ts). */
  readonly http: StartRun;
  /** `prompt`, `agent` and `mcp_tool`: the host's callbacks (lib/executors/callbackExecutor.ts). */
  readonly callback: StartRun;
}

export const dispatchExecutor =
  (leaves: LeafExecutors): StartRun =>
  (hook, input, done, eventId) => {
    const definition = hook.definition;
    const leaf =
      definition.type === 'function'
        ? leaves.function
        : definition.type === 'command'
          ? definition.persistent === true
            ? leaves.persistent
            : leaves.command
          : definition.type === 'http'
            ? leaves.http
            : leaves.callback;
    return leaf(hook, input, done, eventId);
  };
