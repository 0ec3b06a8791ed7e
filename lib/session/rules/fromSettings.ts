/** A checked settings policy (lib/config/policySettings.ts) as the rule it declares. */
import type { LoadedPolicy } from '../../config/policySettings.js';
import type { SessionRule } from '../policyInstance.js';
import { flow, type FlowSpec } from './flow.js';
import { limit, type LimitSpec } from './limit.js';
import { repeat, type RepeatSpec } from './repeat.js';
import { sequence, type SequenceSpec } from './sequence.js';

export const ruleFromSettings = (policy: LoadedPolicy): SessionRule<never> => {
  const spec = policy.spec as unknown;
  switch (policy.kind) {
    case 'limit':
      return limit(spec as LimitSpec) as SessionRule<never>;
    case 'repeat':
      return repeat(spec as RepeatSpec) as SessionRule<never>;
    case 'sequence':
      return sequence(spec as SequenceSpec) as SessionRule<never>;
    case 'flow':
      return flow(spec as FlowSpec) as SessionRule<never>;
  }
};
