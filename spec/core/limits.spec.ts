/** The one normalisation of process options, and a hook's own timeout against the executor's default. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FORCE_KILL_AFTER_MS,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_PROCESS_CONCURRENCY,
  DEFAULT_TIMEOUT_MS,
  hookTimeoutMs,
  MAX_TIMEOUT_MS,
  normalizeProcessLimits,
} from '../../lib/core/limits.js';

const DEFAULTS = {
  processConcurrency: DEFAULT_PROCESS_CONCURRENCY,
  defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
  killGraceMs: DEFAULT_FORCE_KILL_AFTER_MS,
  maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES,
};

describe('normalizeProcessLimits', () => {
  it('uses the defaults for missing options', () => {
    expect(normalizeProcessLimits({})).toEqual(DEFAULTS);
  });

  it('keeps usable values, flooring counts and bounding the grace by the timer limit', () => {
    expect(
      normalizeProcessLimits({
        processConcurrency: 3.7,
        defaultTimeoutMs: 250,
        forceKillAfterMs: 3e9,
        maxOutputBytes: 10.5,
      }),
    ).toEqual({ processConcurrency: 3, defaultTimeoutMs: 250, killGraceMs: MAX_TIMEOUT_MS, maxOutputBytes: 10 });
  });

  it('falls back to the default for each unusable value', () => {
    expect(
      normalizeProcessLimits({
        processConcurrency: 0,
        defaultTimeoutMs: 3e9,
        forceKillAfterMs: -1,
        maxOutputBytes: NaN,
      }),
    ).toEqual(DEFAULTS);
    expect(normalizeProcessLimits({ processConcurrency: 0.5, defaultTimeoutMs: 1.5 })).toMatchObject({
      processConcurrency: 1,
      defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
    });
  });
});

describe('hookTimeoutMs', () => {
  const limits = normalizeProcessLimits({ defaultTimeoutMs: 400 });
  it("prefers the hook's own timeout when the timers can hold it", () => {
    expect(hookTimeoutMs(100, limits)).toBe(100);
    expect(hookTimeoutMs(undefined, limits)).toBe(400);
    expect(hookTimeoutMs(3e9, limits)).toBe(400);
    expect(hookTimeoutMs(0, limits)).toBe(400);
  });
});
