/**
 * `limit`: at most `count` matching calls (per window `per`, else per session), or a total of a numeric field of
 * the matching calls (`sum`) up to `max`. Calls count when they start — in flight, not when they finish — and a
 * refused call does not count. The state is bounded: the start times of the last `count` calls, or 64 buckets of a
 * sum's window (its edge is then exact to a 64th of `per`).
 */
import type { PolicyVerdict } from '../types.js';
import type { SessionRule } from '../policyInstance.js';
import { matchScope, scoped } from './ruleScope.js';
import { compileStepMatch, durationMs, valueAt, type StepMatchSpec } from './stepMatch.js';

export interface LimitSpec {
  readonly match: StepMatchSpec;
  /** At most this many matching calls (per `per`). */
  readonly count?: number;
  /** Dotted path in the event's fields of a number to total (`llm_response.usage.cost_usd`). */
  readonly sum?: string;
  /** With `sum`: the total a call may not take the session past. */
  readonly max?: number;
  /** Window: `30s`, `1m`, `1h`, or milliseconds. Absent: the whole session. */
  readonly per?: string | number;
  /** What a call over the limit gets (default `deny`). */
  readonly decision?: 'deny' | 'ask' | 'stop';
}

export interface LimitState {
  /** Count: start times (and seqs) of the last `count` counted calls. */
  times: number[];
  seqs: number[];
  /** Sum: bucket start → total, and the seqs that added. */
  buckets: [number, number][];
  total: number;
}

const BUCKETS = 64;

export const limit = (spec: LimitSpec): SessionRule<LimitState> => {
  const matches = compileStepMatch(spec.match);
  const per = durationMs(spec.per);
  const decision = spec.decision ?? 'deny';
  const window = per === undefined ? '' : ` per ${String(spec.per)}`;
  const bucketMs = per === undefined ? 0 : per / BUCKETS;
  const rule: SessionRule<LimitState> = {
    initial: () => ({ times: [], seqs: [], buckets: [], total: 0 }),
    step: (state, step): PolicyVerdict | undefined => {
      if (step.kind !== 'call' || !matches(step)) return undefined;
      if (spec.sum !== undefined) {
        const raw = valueAt(step.input, spec.sum);
        const value = typeof raw === 'number' && Number.isFinite(raw) ? raw : 0;
        let total = state.total;
        if (per !== undefined) {
          const since = step.at - per;
          while (state.buckets.length > 0 && (state.buckets[0] as [number, number])[0] + bucketMs <= since)
            state.buckets.shift();
          total = state.buckets.reduce((sum, [, amount]) => sum + amount, 0);
        }
        if (total + value > (spec.max ?? Infinity))
          return {
            decision,
            reason: `${spec.sum} would total ${String(total + value)}${window}, over the maximum ${String(spec.max)}`,
          };
        state.total = total + value;
        if (per !== undefined) {
          const start = Math.floor(step.at / bucketMs) * bucketMs;
          const last = state.buckets[state.buckets.length - 1];
          if (last !== undefined && last[0] === start) last[1] += value;
          else state.buckets.push([start, value]);
        }
        return undefined;
      }
      const count = spec.count ?? Infinity;
      if (per !== undefined) {
        while (state.times.length > 0 && (state.times[0] as number) <= step.at - per) {
          state.times.shift();
          state.seqs.shift();
        }
      }
      // Per session a counter does (`total`); a window needs the start times, at most `count` of them.
      const counted = per === undefined ? state.total : state.times.length;
      if (counted >= count)
        return {
          decision,
          reason: `more than ${String(count)} matching call${count === 1 ? '' : 's'}${window || ' in this session'}`,
          because: state.seqs.slice(-3),
        };
      state.seqs.push(step.seq);
      if (per === undefined) {
        state.total += 1;
        if (state.seqs.length > 3) state.seqs.shift();
      } else state.times.push(step.at);
      return undefined;
    },
  };
  return scoped(rule, [matchScope('call', spec.match)]);
};
