/**
 * Policy 4 — a read-only phase offers the model only read-only tools (BeforeToolSelection).
 * The decision is the shared core `decideToolSelection` (bin/core/readOnly.mjs); the phase itself is
 * the host's state, asked per request.
 */
import type { FunctionHook, HookInputOf } from '../../lib/index.js';
import type { ToolMode } from '../../lib/events/index.js';
import { decideToolSelection } from './bin/core/readOnly.mjs';

export { decideToolSelection, READ_ONLY_TOOLS, type ReadOnlyOptions } from './bin/core/readOnly.mjs';

export interface ReadOnlyPhaseOptions {
  /** Whether the phase is on now (e.g. the host's "plan mode" flag). */
  isReadOnly: () => boolean;
  tools?: readonly string[];
  /** Default `AUTO`. */
  mode?: ToolMode;
}

/**
 * The policy as a function hook. Tool selection from several hooks is a union by default, which would
 * let another hook add tools back: run the host with `toolSelection: 'intersection'` when other
 * BeforeToolSelection hooks exist.
 */
export const readOnlyPhaseHook = (options: ReadOnlyPhaseOptions): FunctionHook<HookInputOf<'BeforeToolSelection'>> => ({
  type: 'function',
  name: 'read-only-phase',
  description: 'Offers only read-only tools during the read-only phase',
  run: (input) =>
    decideToolSelection(input, {
      readOnly: options.isReadOnly(),
      ...(options.tools ? { tools: options.tools } : {}),
      ...(options.mode ? { mode: options.mode } : {}),
    }),
});
