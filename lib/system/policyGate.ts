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

/** Answers an event that has nothing to run (its result in hand) through the policies, at once. */
export type AnswerNow = (event: EventName, fields: Record<string, unknown>, result: HookResult) => HookResult;

/** The policy gate's two ways: `now` for a result in hand (no callbacks needed), `proceed` for any answer. */
export const createPolicyGate = (
  gate: EventGate,
  book: SessionBook,
  toolSelection: 'union' | 'intersection',
): { readonly now: AnswerNow; readonly proceed: Proceed } => {
  // The joined result is what the host gets and what the watchers (records, ledger) are told.
  const now: AnswerNow = (event, fields, result) => {
    if (!book.active) return result;
    const call = book.call(event, fields);
    const joined = deniesCall(call.verdicts)
      ? deniedResult(event, fields, call.verdicts, toolSelection)
      : joinVerdicts(result, fields, call.verdicts, toolSelection);
    book.outcome(call, event, fields, joined);
    gate.answered(event, fields, joined);
    return joined;
  };
  const proceed: Proceed = (event, fields, planned, done, fail) => {
    if (!isPlan(planned)) return now(event, fields, planned);
    if (!book.active) return gate.run(planned, fields, done, fail);
    const call = book.call(event, fields);
    if (deniesCall(call.verdicts)) {
      const result = deniedResult(event, fields, call.verdicts, toolSelection);
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
  return { now, proceed };
};
