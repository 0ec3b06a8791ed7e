/** Debug tracing of the pipeline (`DEBUG=hookstream:*`): which hooks an event planned, what it decided. */
import type { Engine } from '../engine/decideEvent.js';
import { componentLogger, type Logger } from '../logging/logger.js';

export const engineTrace = (root: Logger): NonNullable<Engine['trace']> => {
  const planner = componentLogger(root, 'planner');
  const aggregator = componentLogger(root, 'aggregator');
  return {
    planned: (eventId, plan) => {
      planner.debug('hooks selected', {
        event: plan.event,
        eventId,
        sequential: plan.sequential,
        hooks: plan.hooks.map((hook) => hook.name),
        background: plan.background?.map((hook) => hook.name) ?? [],
      });
    },
    decided: (eventId, result) => {
      aggregator.debug('aggregated', {
        event: result.event,
        eventId,
        blocked: result.blocked,
        decision: result.decision,
        stopped: result.stopped,
        warnings: result.warnings,
      });
    },
  };
};
