/**
 * The dedup key of a command hook (functional spec §7.9): the command string, plus its arguments for
 * the exec form, so `node a.mjs` twice for one event runs once while `node` with other args does not.
 */
import type { CommandHookConfig } from '../core/types.js';

export const commandKey = (definition: Pick<CommandHookConfig, 'command' | 'args'>): string =>
  // An exec form with no args keeps a separator: `["ls"]` without a shell is not the shell line `ls`.
  definition.args ? `${definition.command}\u0000${definition.args.join('\u0000')}` : definition.command;
