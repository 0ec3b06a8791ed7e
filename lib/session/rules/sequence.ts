/**
 * `sequence`: once an `after` event has happened in the session (decided, not blocked), calls matching `refuse`
 * are denied (or asked about) until an `until` event happens. "No egress after reading untrusted content",
 * "no `git push` after an edit until the tests passed". State: the `seq` of the arming event, or null.
 */
import { isRecord } from '../../core/guards.js';
import type { PolicyVerdict } from '../types.js';
import type { SessionRule } from '../policyInstance.js';
import { matchScope, reaches, scoped, type StepScope } from './ruleScope.js';
import { compileStepMatch, type StepMatchSpec } from './stepMatch.js';

export interface SequenceSpec {
  /** The event that arms the rule. */
  readonly after: StepMatchSpec;
  /** The calls refused while armed. */
  readonly refuse: StepMatchSpec;
  /** The event that disarms it (absent: armed for the rest of the session). */
  readonly until?: StepMatchSpec;
  readonly decision?: 'deny' | 'ask' | 'stop';
  /** Said in the reason (default: the rule's shape). */
  readonly reason?: string;
}

export interface SequenceState {
  armedBy: number | null;
}

export const sequence = (spec: SequenceSpec): SessionRule<SequenceState> => {
  const arms = compileStepMatch(spec.after);
  const refuses = compileStepMatch(spec.refuse);
  const disarms = spec.until === undefined ? undefined : compileStepMatch(spec.until);
  const decision = spec.decision ?? 'deny';
  const refuseScope = matchScope('call', spec.refuse);
  // The refused calls' event and tool first (cheap), then the state, then the input patterns.
  const refuseReach = reaches(refuseScope);
  const rule: SessionRule<SequenceState> = {
    initial: () => ({ armedBy: null }),
    step: (state, step): PolicyVerdict | undefined => {
      if (step.kind === 'outcome') {
        // An event counts once it was let through: its outcome step, not blocked.
        if (step.blocked === true) return undefined;
        // Matchers before the state: a step the rule has no scope for never reads it (see ruleScope.ts).
        if (disarms?.(step) === true) state.armedBy = null;
        else if (arms(step) && state.armedBy === null) state.armedBy = step.seq;
        return undefined;
      }
      if (!refuseReach(step) || state.armedBy === null || !refuses(step)) return undefined;
      return {
        decision,
        reason:
          spec.reason ?? `refused after an earlier event${spec.until === undefined ? '' : ' until the required event'}`,
        because: [state.armedBy],
      };
    },
  };
  const scope: StepScope[] = [matchScope('outcome', spec.after), refuseScope];
  if (spec.until !== undefined) scope.push(matchScope('outcome', spec.until));
  // Unarmed, a call is never refused and changes nothing.
  return scoped(rule, scope, (state) => isRecord(state) && state.armedBy === null);
};
