/**
 * Which leaf executor runs each hook kind: the executor facet of lib/kinds/table.ts, kept here because the
 * leaves live on this floor. The mapped type makes TypeScript refuse a kind without a leaf.
 */
import type { HookKindName } from '../kinds/table.js';
import { programOf } from '../kinds/table.js';
import type { HookEntry } from '../model/types.js';
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

export type LeafOf = (leaves: LeafExecutors, hook: HookEntry) => StartRun;

export const KIND_EXECUTORS: { readonly [K in HookKindName]: LeafOf } = {
  // A `persistent: true` command keeps a worker alive instead of spawning per event.
  command: (leaves, hook) => (programOf(hook.definition)?.persistent === true ? leaves.persistent : leaves.command),
  http: (leaves) => leaves.http,
  prompt: (leaves) => leaves.callback,
  agent: (leaves) => leaves.callback,
  mcp_tool: (leaves) => leaves.callback,
  function: (leaves) => leaves.function,
};
