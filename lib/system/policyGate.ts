/**
 * The way into the pipeline while session policies are registered: the event is validated and planned as
 * usual, its `call` step goes to the policies, a deny answers at once (no hook runs), other verdicts join the
 * hooks' result, and the decided result goes back to the policies as the event's `outcome` step.
 */
import type { HookResult } from '../model/types.js';
import { isPlan, type Decided, type ResultDone } from '../engine/decideEvent.js';
import type { EventName } from '../events/names.js';
import { deniedResult, deniesCall, joinVerdicts } from '../session/joinVerdicts.js';
import type { SessionBook } from '../session/sessionBook.js';
import type { EventFail, EventGate } from './eventGate.js';

export type PolicyDecide = (
  event: EventName,
  fields: Record<string, unknown>,
  done: ResultDone,
  fail: EventFail,
) => Decided;

export const createPolicyDecide = (
  gate: EventGate,
  book: SessionBook,
  toolSelection: 'union' | 'intersection',
): PolicyDecide => {
  return (event, fields, done, fail) => {
    // Validation and planning first: a malformed event is the host's error and never a step of the session.
    const planned = gate.answer(event, fields);
    const call = book.call(event, fields);
    const record = (result: HookResult): HookResult => {
      book.outcome(call, event, fields, result);
      return result;
    };
    const settle = (result: HookResult): HookResult =>
      record(joinVerdicts(result, fields, call.verdicts, toolSelection));
    if (deniesCall(call.verdicts)) return record(deniedResult(event, fields, call.verdicts, toolSelection));
    if (!isPlan(planned)) return settle(planned);
    return gate.run(
      planned,
      fields,
      (result) => {
        done(settle(result));
      },
      fail,
    );
  };
};
