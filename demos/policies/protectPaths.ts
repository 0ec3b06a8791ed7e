/**
 * Policy 1 — writes outside the project or to protected paths are denied (BeforeTool).
 * The decision is the shared core `decideWrite` (bin/core/paths.mjs); this wraps it as a function hook.
 */
import type { FunctionHook, HookInputOf } from '../../lib/index.js';
import { decideWrite, type ProtectPathsOptions } from './bin/core/paths.mjs';

export {
  checkWrite,
  decideWrite,
  DEFAULT_PROTECTED,
  WRITE_TOOLS,
  type ProtectPathsOptions,
} from './bin/core/paths.mjs';

/** Registration matcher for the write tools (the hook checks the tool name too). */
export const PROTECT_PATHS_MATCHER = '^(write_file|replace|edit|Write|Edit|MultiEdit|NotebookEdit)$';

/**
 * The policy as a function hook.
 *
 * @example hooks.register('BeforeTool', protectPathsHook({ projectDir }), { matcher: PROTECT_PATHS_MATCHER })
 */
export const protectPathsHook = (options: ProtectPathsOptions = {}): FunctionHook<HookInputOf<'BeforeTool'>> => ({
  type: 'function',
  name: 'protect-paths',
  description: 'Denies writes outside the project and to protected paths',
  run: (input) => decideWrite(input, options),
});
