/**
 * The leaf of the executor stack: routes each hook to the executor of its kind (kindExecutors.ts) — function
 * hooks to the in-process runner, command hooks to the process runner or a worker, and so on.
 */
import { KIND_EXECUTORS, type LeafExecutors } from './kindExecutors.js';
import type { StartRun } from './startRun.js';

export type { LeafExecutors } from './kindExecutors.js';

export const dispatchExecutor =
  (leaves: LeafExecutors): StartRun =>
  (hook, input, done, eventId) =>
    KIND_EXECUTORS[hook.definition.type](leaves, hook)(hook, input, done, eventId);
