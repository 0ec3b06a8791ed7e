/**
 * The states of `limit` and `repeat` as the engine keeps them in place: a window's expired start times are skipped
 * and cut in batches (bounded), a state written before that (start times and seqs of equal length, no index)
 * still restores to the same verdicts, and a verdict handed out is not changed by the calls after it.
 */
import { describe, expect, it } from 'vitest';
import { ruleDefinition } from '../../lib/session/policyInstance.js';
import { limit, type LimitState } from '../../lib/session/rules/limit.js';
import { repeat } from '../../lib/session/rules/repeat.js';
import type { PolicyVerdict, SessionStep } from '../../lib/session/types.js';

const T0 = Date.parse('2026-11-28T09:00:00.000Z');

const bashCall = (seq: number, at: number, command = 'make'): SessionStep => ({
  kind: 'call',
  seq,
  event: 'BeforeTool',
  at,
  tool: 'Bash',
  input: { tool_name: 'Bash', tool_input: { command } },
});

describe('limit state', () => {
  it('stays bounded over a long session: at most twice the count and a batch of expired start times', () => {
    const instance = ruleDefinition('budget', limit({ match: 'Bash', count: 30, per: '1m' })).create(undefined);
    let refused = 0;
    for (let seq = 1; seq <= 20_000; seq++) {
      // Two calls a second: 120 a minute against a limit of 30, so most are refused and some expire each second.
      if (instance.push(bashCall(seq, T0 + seq * 500)) !== undefined) refused++;
      const state = instance.state() as LimitState;
      expect(state.times.length).toBeLessThanOrEqual(2 * 30 + 64);
      expect(state.seqs.length).toBeLessThanOrEqual(3);
    }
    expect(refused).toBeGreaterThan(10_000);
  });

  it('restores a state written before the expired index (seqs beside every start time) to the same verdicts', () => {
    const spec = { match: 'Bash', count: 4, per: '10s' } as const;
    // The old format: the start times in the window and their seqs, one for one.
    const old: LimitState = {
      times: [T0 + 1000, T0 + 3000, T0 + 6000, T0 + 8000],
      seqs: [1, 2, 3, 4],
      buckets: [],
      total: 0,
    };
    const restored = ruleDefinition('budget', limit(spec)).create(old);
    const live = ruleDefinition('budget', limit(spec)).create(undefined);
    [1000, 3000, 6000, 8000].forEach((offset, index) => live.push(bashCall(index + 1, T0 + offset)));
    const calls = [9000, 10_500, 12_000, 13_500, 16_500, 30_000].map((offset, index) =>
      bashCall(index + 5, T0 + offset),
    );
    const verdicts = (instance: typeof live): (PolicyVerdict | undefined)[] => calls.map((call) => instance.push(call));
    const expected = verdicts(live);
    expect(verdicts(restored)).toEqual(expected);
    // The first call is over the limit, and names the last three counted calls.
    expect(expected[0]).toMatchObject({ decision: 'deny', because: [2, 3, 4] });
    expect(expected.filter((verdict) => verdict === undefined).length).toBeGreaterThan(0);
  });

  it('names only the calls still in the window when fewer than three are', () => {
    const instance = ruleDefinition('one', limit({ match: 'Bash', count: 1, per: '5s' })).create(undefined);
    expect(instance.push(bashCall(1, T0))).toBeUndefined();
    expect(instance.push(bashCall(2, T0 + 1000))).toMatchObject({ decision: 'deny', because: [1] });
    expect(instance.push(bashCall(3, T0 + 6000))).toBeUndefined();
    expect(instance.push(bashCall(4, T0 + 7000))).toMatchObject({ decision: 'deny', because: [3] });
  });
});

describe('repeat state', () => {
  it('keeps a verdict it handed out as it was while the run goes on in place', () => {
    const instance = ruleDefinition('loop', repeat({ match: 'Bash', times: 2 })).create(undefined);
    instance.push(bashCall(1, T0, 'make'));
    instance.push(bashCall(2, T0 + 1, 'make'));
    const refused = instance.push(bashCall(3, T0 + 2, 'make'));
    expect(refused).toMatchObject({ decision: 'deny', because: [1, 2] });
    // A different call starts a new run in the same entry; then that one repeats.
    expect(instance.push(bashCall(4, T0 + 3, 'ls'))).toBeUndefined();
    expect(instance.push(bashCall(5, T0 + 4, 'ls'))).toBeUndefined();
    expect(instance.push(bashCall(6, T0 + 5, 'ls'))).toMatchObject({ because: [4, 5] });
    expect(refused).toMatchObject({ because: [1, 2] });
    expect(instance.state()).toEqual({
      seen: [
        [
          expect.stringMatching(/^Bash:/),
          [
            [T0 + 3, 4],
            [T0 + 4, 5],
          ],
        ],
      ],
    });
  });
});
