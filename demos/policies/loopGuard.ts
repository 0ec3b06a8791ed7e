/**
 * Policy 5 — a Stop-hook (AfterAgent) loop guard: re-prompts while the answer lacks the completion
 * marker, at most N times in a row per session. The decision is the shared core `decideStop`
 * (bin/core/loopGuard.mjs); this keeps the per-session state in memory.
 */
import type { FunctionHook, HookInputOf } from '../../lib/index.js';
import { decideStop, type LoopGuardOptions, type LoopGuardState } from './bin/core/loopGuard.mjs';

export {
  decideStop,
  DEFAULT_MARKER,
  DEFAULT_MAX_CONTINUATIONS,
  type LoopGuardOptions,
  type LoopGuardState,
} from './bin/core/loopGuard.mjs';

/** The policy as a function hook; each call makes a guard with its own per-session state. */
export const loopGuardHook = (options: LoopGuardOptions = {}): FunctionHook<HookInputOf<'AfterAgent'>> => {
  const sessions = new Map<string, LoopGuardState>();
  return {
    type: 'function',
    name: 'loop-guard',
    description: 'Re-prompts until the answer confirms completion, never more than N times in a row',
    run: (input) => {
      const { output, state } = decideStop(input, sessions.get(input.session_id), options);
      // A finished run of stops forgets its session, so the map holds only sessions mid-loop.
      if (state.count === 0) sessions.delete(input.session_id);
      else sessions.set(input.session_id, state);
      return output;
    },
  };
};
