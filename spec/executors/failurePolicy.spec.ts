import { describe, expect, it } from 'vitest';
import { applyFailurePolicy } from '../../lib/executors/failurePolicy.js';
import type { HookOutcome, HookRun } from '../../lib/core/types.js';

const runWith = (outcome: HookOutcome, message?: string): HookRun => ({
  name: 'guard',
  source: 'user',
  outcome,
  durationMs: 3,
  exitCode: 1,
  ...(message !== undefined ? { message } : {}),
});

describe('applyFailurePolicy', () => {
  it.each(['warning', 'timeout', 'failed'] as const)('blocks a strict %s run, saying what failed once', (outcome) => {
    const run = applyFailurePolicy(runWith(outcome, 'Hook "guard" exited with code 1: boom'), true);
    const reason = 'Hook "guard" failed (strict): exited with code 1: boom';
    expect(run).toEqual({
      ...runWith(outcome),
      outcome: 'blocked',
      output: { decision: 'block', reason },
      message: reason,
      strictFailure: outcome,
    });
  });

  it('uses the outcome when there is no message, and keeps a message without the name prefix', () => {
    expect(applyFailurePolicy(runWith('timeout'), true).message).toBe('Hook "guard" failed (strict): timeout');
    expect(applyFailurePolicy(runWith('failed', 'spawn E2BIG'), true).message).toBe(
      'Hook "guard" failed (strict): spawn E2BIG',
    );
  });

  it.each(['success', 'blocked', 'canceled', 'untrusted', 'skipped'] as const)(
    'leaves a strict %s run alone',
    (outcome) => {
      const run = runWith(outcome, 'x');
      expect(applyFailurePolicy(run, true)).toBe(run);
    },
  );

  it('leaves every run of a non-strict hook alone', () => {
    const run = runWith('failed', 'x');
    expect(applyFailurePolicy(run, false)).toBe(run);
  });
});
