/** `type: 'command'`: a shell line or an exec form, one-shot or a persistent worker. */
import { InvalidHookError } from '../core/errors.js';
import type { CommandHookConfig } from '../model/types.js';
import { Flag, NonEmptyString, StringArray, StringRecord, WorkerCount } from './fieldCodecs.js';
import type { HookKind } from './kind.js';

/**
 * The dedup key of a command hook: the command string, plus its arguments for
 * the exec form, so `node a.mjs` twice for one event runs once while `node` with other args does not.
 */
export const commandKey = (definition: Pick<CommandHookConfig, 'command' | 'args'>): string =>
  // An exec form with no args keeps a separator: `["ls"]` without a shell is not the shell line `ls`.
  definition.args ? `${definition.command}\u0000${definition.args.join('\u0000')}` : definition.command;

export const COMMAND: HookKind<CommandHookConfig> = {
  type: 'command',
  fields: {
    command: NonEmptyString,
    args: StringArray,
    env: StringRecord,
    persistent: Flag,
    /** Persistent hooks: worker processes serving concurrent events (lib/process/workerPool.ts). */
    workers: WorkerCount,
    prewarm: Flag,
  },
  shape: "{ type: 'command', command }",
  required: ['command'],
  check: (definition, event) => {
    const args: unknown = definition.args;
    if (args !== undefined && (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string'))) {
      throw new InvalidHookError(`The "args" of command hook "${definition.command}" for ${event} must be strings`);
    }
  },
  key: commandKey,
  label: (definition) => definition.command,
  program: (definition) => definition,
  subject: (definition) => Object.assign({}, definition, { type: definition.type }),
  approval: () => ({}),
};
