/**
 * Policy 2 — dangerous shell commands are denied with a reason the model can act on (BeforeTool).
 * The decision is the shared core `decideShell` (bin/core/shell.mjs).
 */
import type { FunctionHook, HookInputOf } from '../../lib/index.js';
import { decideShell, type DangerousCommandOptions } from './bin/core/shell.mjs';

export { decideShell, findDanger, SHELL_TOOLS, type Danger, type DangerousCommandOptions } from './bin/core/shell.mjs';

export const DANGEROUS_COMMANDS_MATCHER = '^(run_shell_command|shell|Bash|bash)$';

/** The policy as a function hook. */
export const dangerousCommandsHook = (
  options: DangerousCommandOptions = {},
): FunctionHook<HookInputOf<'BeforeTool'>> => ({
  type: 'function',
  name: 'dangerous-commands',
  description: 'Denies destructive shell commands and says what to do instead',
  run: (input) => decideShell(input, options),
});
