/**
 * The per-event pipeline (decideEvent.ts) cut into the stages the public operators expose: plan
 * (`selectHooks`), run (`runHooks`, `runParallel`, `runSequential`) and fold (`aggregate`). Each stage keeps
 * decideEvent's rule at its cut, so a hand-composed pipeline gives the result `decideHooks` and `fire` give:
 * the input is validated before planning (a malformed one errors the stream: a host bug), a throwing matcher
 * or a failing fold is hookstream's failure and becomes the same internal failure result (blocked), and an
 * event decided while planning travels through the later stages without running anything.
 */
import { of, type Observable } from 'rxjs';
import { assembleHookResult } from '../aggregate/hookResult.js';
import type { HookPlan, HookResult } from '../model/types.js';
import { checkEventFields } from '../events/decodeInput.js';
import type { HookInput } from '../events/inputs.js';
import type { HookPlanner } from '../plan/planner.js';
import { failedEventResult } from './decideEvent.js';
import type { PlannedEvent, RanEvent } from './types.js';

/** What the operators do with hookstream's own failures: block, as `decideHooks` does by default. */
const POLICY = 'block';

/** Validates `input` and plans it; a planner that throws gives the event its internal failure result. */
export const planStage = (planner: HookPlanner, input: HookInput, startedAt: number): PlannedEvent => {
  const event = input.hook_event_name;
  checkEventFields(event, input);
  let plan: HookPlan;
  try {
    plan = planner.createExecutionPlan(event, input);
  } catch (error) {
    const decided = failedEventResult(event, input, 'planning', error, POLICY, 'union');
    return { input, plan: { event, hooks: [], sequential: false }, startedAt, decided };
  }
  return { input, plan, startedAt };
};

/** Runs `planned` with `run`, unless it was decided while planned: then nothing runs and no run is recorded. */
export const runStage = (planned: PlannedEvent, run: (planned: PlannedEvent) => Observable<RanEvent>) =>
  planned.decided === undefined
    ? run(planned)
    : of<RanEvent>({
        input: planned.input,
        plan: planned.plan,
        startedAt: planned.startedAt,
        decided: planned.decided,
        runs: [],
        finalInput: planned.input,
      });

/**
 * The event's HookResult: the one decided while planning, else the runs folded in plan order; a fold that throws gives the internal failure result.
 */
export const foldStage = (ran: RanEvent, durationMs: number, toolSelection: 'union' | 'intersection'): HookResult => {
  if (ran.decided !== undefined) return ran.decided;
  const { event, sequential } = ran.plan;
  try {
    return assembleHookResult(event, ran.input, ran.runs, {
      durationMs,
      toolSelection,
      // A chain's `tool_input`/`llm_request` is the runner's result, not merged a second time here.
      chainedInput: sequential ? ran.finalInput : undefined,
    });
  } catch (error) {
    return failedEventResult(event, ran.input, 'aggregating', error, POLICY, toolSelection);
  }
};
