/**
 * An answered event's way on, for every facade entry point (`fire`, `fire$`, `decide`): its plan runs through the
 * gate. While session policies are registered, the event's `call` step goes to them first, a deny answers at once
 * (no hook runs), other verdicts join the hooks' result, and the decided result goes back to the policies as the
 * event's `outcome` step. Without a policy, one property read is all this adds.
 */
import type { HookPlan, HookResult } from '../model/types.js';
import { isPlan, type Decided, type ResultDone } from '../engine/decideEvent.js';
import type { EventName } from '../events/names.js';
import { deniedResult, deniesCall, joinVerdicts } from '../session/joinVerdicts.js';
import type { SessionBook } from '../session/sessionBook.js';
import type { EventFail, EventGate } from './eventGate.js';

/**
 * Continues an event from the gate's answer (validation and planning come first: a malformed event is the host's
 * error and never a step of a session): the result at once, or `done` later (see `Decided`).
 */
export type Proceed = (
  event: EventName,
  fields: Record<string, unknown>,
  planned: HookPlan | HookResult,
  done: ResultDone,
  fail: EventFail,
) => Decided;

export const createProceed = (gate: EventGate, book: SessionBook, toolSelection: 'union' | 'intersection'): Proceed => {
  return (event, fields, planned, done, fail) => {
    if (!book.active) return isPlan(planned) ? gate.run(planned, fields, done, fail) : planned;
    const call = book.call(event, fields);
    // The joined result is what the host gets and what the watchers (records, ledger) are told. Written out for
    // the answered-at-once cases, so that an event pays no closures.
    const denied = deniesCall(call.verdicts);
    if (denied || !isPlan(planned)) {
      const result = denied
        ? deniedResult(event, fields, call.verdicts, toolSelection)
        : joinVerdicts(planned as HookResult, fields, call.verdicts, toolSelection);
      book.outcome(call, event, fields, result);
      gate.answered(event, fields, result);
      return result;
    }
    return gate.run(planned, fields, done, fail, (result) => {
      const joined = joinVerdicts(result, fields, call.verdicts, toolSelection);
      book.outcome(call, event, fields, joined);
      return joined;
    });
  };
};
