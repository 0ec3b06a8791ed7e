/**
 * Policy 5 — a Stop-hook (AfterAgent) loop guard: re-prompts while the answer lacks the completion
 * marker, at most N times in a row per session. The decision is the shared core `decideStop`
 * (bin/core/loopGuard.mjs); this keeps the per-session counts in memory.
 */
import type { FunctionHook, HookInputOf } from '../../lib/index.js';
import { decideStop, type LoopGuardOptions } from './bin/core/loopGuard.mjs';

export { decideStop, DEFAULT_MARKER, DEFAULT_MAX_CONTINUATIONS, type LoopGuardOptions } from './bin/core/loopGuard.mjs';

/** The policy as a function hook; each call makes a guard with its own counts. */
export const loopGuardHook = (options: LoopGuardOptions = {}): FunctionHook<HookInputOf<'AfterAgent'>> => {
  const counts = new Map<string, number>();
  return {
    type: 'function',
    name: 'loop-guard',
    description: 'Re-prompts until the answer confirms completion, never more than N times in a row',
    run: (input) => {
      const { output, count } = decideStop(input, counts.get(input.session_id) ?? 0, options);
      // A finished run of stops forgets its session, so the map holds only sessions mid-loop.
      if (count === 0) counts.delete(input.session_id);
      else counts.set(input.session_id, count);
      return output;
    },
  };
};
