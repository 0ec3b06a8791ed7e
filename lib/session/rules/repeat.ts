/**
 * `repeat`: the same call (same tool, same input) made `times` times — in a row among the matching calls, or
 * within `within` — refuses the next identical one; with `same: "failure"`, the same call having *failed* `times`
 * times (AfterTool reports the failure) refuses the next attempt. State: a few keys with at most `times` entries.
 */
import type { PolicyVerdict, SessionStep } from '../types.js';
import type { SessionRule } from '../policyInstance.js';
import { matchScope, scoped, type StepScope } from './ruleScope.js';
import { callKey } from './callKey.js';
import { compileStepMatch, durationMs, toolFailed, type StepMatchSpec } from './stepMatch.js';

export interface RepeatSpec {
  /** The calls watched (their BeforeTool; failures are read from their AfterTool). */
  readonly match: StepMatchSpec;
  /** How many identical calls (or failures) are let through; the next is refused. */
  readonly times: number;
  /** `call` (default): identical calls; `failure`: identical calls that failed. */
  readonly same?: 'call' | 'failure';
  /** Count within this window instead of in a row. */
  readonly within?: string | number;
  readonly decision?: 'deny' | 'ask' | 'stop';
}

export interface RepeatState {
  /** [key, [time, seq] of its counted occurrences (at most `times`)], oldest key first. */
  seen: [string, [number, number][]][];
}

/** Keys remembered at once: a loop repeats one call, so a handful suffices. */
const KEYS = 32;

/** The index of `key`'s entry in `seen`, or -1: a loop, where `findIndex` would allocate a closure per call. */
const indexOfKey = (seen: RepeatState['seen'], key: string): number => {
  for (let index = 0; index < seen.length; index++) {
    // Indexed, not destructured: destructuring goes through the array iterator.
    if ((seen[index] as [string, unknown])[0] === key) return index;
  }
  return -1;
};

export const repeat = (spec: RepeatSpec): SessionRule<RepeatState> => {
  const matches = compileStepMatch(spec.match);
  const failures = spec.same === 'failure';
  const within = durationMs(spec.within);
  const decision = spec.decision ?? 'deny';
  const times = spec.times;
  /** Identical calls in a row: the state holds one run, kept in place. */
  const inRow = within === undefined && !failures;
  // Failures are read from the AfterTool of the same tool: the matcher, moved to that event.
  const afterSpec: StepMatchSpec =
    typeof spec.match === 'string'
      ? { event: 'AfterTool', tool: spec.match }
      : Object.assign({}, spec.match, { event: 'AfterTool', failed: undefined });
  const after = compileStepMatch(afterSpec);

  const entriesOf = (state: RepeatState, key: string): [number, number][] | undefined => {
    const index = indexOfKey(state.seen, key);
    return index < 0 ? undefined : (state.seen[index] as [string, [number, number][]])[1];
  };
  const live = (state: RepeatState, key: string, at: number): [number, number][] => {
    const entries = entriesOf(state, key) ?? [];
    return within === undefined ? entries : entries.filter(([time]) => time > at - within);
  };
  const remember = (state: RepeatState, key: string, step: SessionStep): void => {
    const entries = live(state, key, step.at);
    entries.push([step.at, step.seq]);
    if (entries.length > times) entries.shift();
    const index = indexOfKey(state.seen, key);
    if (index < 0) state.seen.push([key, entries]);
    else (state.seen[index] as [string, [number, number][]])[1] = entries;
    if (state.seen.length > KEYS) state.seen.shift();
  };
  // In a row: only `key`'s run stays, this call added. The one entry is reused in place, so a call allocates at most
  // its own [time, seq] (a rule is visited on every call it watches).
  const continueRun = (state: RepeatState, index: number, key: string, step: SessionStep): void => {
    const seen = state.seen;
    let entry: [string, [number, number][]];
    // Setting an array's length is a call into the runtime: done only when it changes (a restored state's extras).
    if (index >= 0) {
      entry = seen[index] as [string, [number, number][]];
      if (seen.length !== 1) {
        seen.length = 0;
        seen.push(entry);
      }
    } else if (seen.length > 0) {
      // A new run: the old run's entry and its first [time, seq] are reused for it.
      entry = seen[0] as [string, [number, number][]];
      if (seen.length !== 1) seen.length = 1;
      entry[0] = key;
      const entries = entry[1];
      const first = entries[0];
      if (first !== undefined) {
        if (entries.length !== 1) entries.length = 1;
        first[0] = step.at;
        first[1] = step.seq;
        return;
      }
    } else {
      entry = [key, []];
      seen.push(entry);
    }
    const entries = entry[1];
    entries.push([step.at, step.seq]);
    if (entries.length > times) entries.shift();
  };
  const forget = (state: RepeatState, key: string): void => {
    const index = indexOfKey(state.seen, key);
    if (index >= 0) state.seen.splice(index, 1);
  };

  const rule: SessionRule<RepeatState> = {
    initial: () => ({ seen: [] }),
    step: (state, step): PolicyVerdict | undefined => {
      if (step.kind !== 'call') return undefined;
      if (failures && after(step)) {
        const key = callKey(step);
        if (toolFailed(step.input.tool_response)) remember(state, key, step);
        else if (within === undefined) forget(state, key);
        return undefined;
      }
      if (!matches(step)) return undefined;
      const key = callKey(step);
      const index = inRow ? indexOfKey(state.seen, key) : -1;
      const entries = !inRow
        ? live(state, key, step.at)
        : index < 0
          ? undefined
          : (state.seen[index] as [string, [number, number][]])[1];
      if (entries !== undefined && entries.length >= times)
        return {
          decision,
          reason: `the same ${step.tool ?? step.event} call ${failures ? 'failed' : 'was made'} ${String(entries.length)} times${
            within === undefined ? (failures ? '' : ' in a row') : ` within ${String(spec.within)}`
          }`,
          because: entries.map(([, seq]) => seq),
        };
      // In a row, a different matching call starts the count again; within a window, every key counts.
      if (inRow) continueRun(state, index, key, step);
      else if (!failures) remember(state, key, step);
      return undefined;
    },
  };
  const scope: StepScope[] = [matchScope('call', spec.match)];
  if (failures) scope.push(matchScope('call', afterSpec));
  return scoped(rule, scope);
};
