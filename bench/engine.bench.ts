/**
 * `fire()` against a bare awaited async call in the same run — the baseline of issue 9's targets, the least
 * a host pays to call something through an async seam: one in-process function hook, an event with no hook,
 * and 20 regex matchers that all miss. Each contender awaits one `fire()` per call, as a host does.
 */
import { tmpdir } from 'node:os';
import { createHookSystem } from '../dist/lib/index.js';
import { interleave, micros, perSecond, round3, scaled } from './measure.js';

const fields = { tool_name: 'write_file', tool_input: { path: '/tmp/a', content: 'x' } };

/** Where each contender's answer goes, so that no work can be optimised away. */
export let lastResult: unknown;

/** The baseline: `await f(x)` where f is an async function returning an object. */
const bareAsync = async (input: typeof fields): Promise<object> => ({ decision: 'allow', input });

export interface EngineFigures {
  description: string;
  microsecondsPerEvent: {
    bareAsync: number;
    fireNoHook: number;
    fireOneFunctionHook: number;
    fireTwentyMatchersMiss: number;
  };
  eventsPerSecond: {
    bareAsync: number;
    fireNoHook: number;
    fireOneFunctionHook: number;
    fireTwentyMatchersMiss: number;
  };
  /** Each `fire()` contender's time over the bare async call's, from unrounded medians. */
  vsBareAsync: { fireNoHook: number; fireOneFunctionHook: number; fireTwentyMatchersMiss: number };
}

export const benchEngine = async (): Promise<EngineFigures> => {
  let functionHookRuns = 0;
  let missedHookRuns = 0;
  // A hook on another event, so that "no hook" means none for this event rather than an empty registry.
  const noHook = createHookSystem({ projectDir: tmpdir() });
  noHook.register('AfterTool', { type: 'function', name: 'elsewhere', run: () => undefined });
  const oneHook = createHookSystem({ projectDir: tmpdir() });
  oneHook.register('BeforeTool', {
    type: 'function',
    name: 'allow',
    run: () => {
      functionHookRuns++;
      return { decision: 'allow' };
    },
  });
  // One tool name throughout: the steady state of an agent that calls a handful of tools, each plan memoised.
  const twentyMatchers = createHookSystem({ projectDir: tmpdir() });
  for (let i = 0; i < 20; i++) {
    const run = (): undefined => {
      missedHookRuns++;
    };
    twentyMatchers.register(
      'BeforeTool',
      { type: 'function', name: `tool-${i}`, run },
      { matcher: `^tool_${i}_(read|write)$` },
    );
  }
  try {
    const perCall = await interleave(
      {
        bareAsync: async () => {
          lastResult = await bareAsync(fields);
        },
        fireNoHook: async () => {
          lastResult = await noHook.fire('BeforeTool', fields);
        },
        fireOneFunctionHook: async () => {
          lastResult = await oneHook.fire('BeforeTool', fields);
        },
        fireTwentyMatchersMiss: async () => {
          lastResult = await twentyMatchers.fire('BeforeTool', fields);
        },
      },
      { rounds: scaled(15, 3), batch: scaled(20_000) },
    );
    // The figures must measure what they claim: the function hook ran, no matcher matched.
    if (functionHookRuns === 0 || missedHookRuns > 0) {
      throw new Error(
        `engine bench is wrong: function hook ran ${functionHookRuns}×, missing matchers ${missedHookRuns}×`,
      );
    }
    const us = {
      bareAsync: micros(perCall.bareAsync),
      fireNoHook: micros(perCall.fireNoHook),
      fireOneFunctionHook: micros(perCall.fireOneFunctionHook),
      fireTwentyMatchersMiss: micros(perCall.fireTwentyMatchersMiss),
    };
    const vsBare = (name: string): number => round3((perCall[name] ?? NaN) / (perCall.bareAsync ?? NaN));
    return {
      description: `median of ${scaled(15, 3)} interleaved rounds of ${scaled(20_000)} awaited calls each`,
      microsecondsPerEvent: us,
      eventsPerSecond: {
        bareAsync: perSecond(perCall.bareAsync),
        fireNoHook: perSecond(perCall.fireNoHook),
        fireOneFunctionHook: perSecond(perCall.fireOneFunctionHook),
        fireTwentyMatchersMiss: perSecond(perCall.fireTwentyMatchersMiss),
      },
      vsBareAsync: {
        fireNoHook: vsBare('fireNoHook'),
        fireOneFunctionHook: vsBare('fireOneFunctionHook'),
        fireTwentyMatchersMiss: vsBare('fireTwentyMatchersMiss'),
      },
    };
  } finally {
    await Promise.all([noHook.dispose(), oneHook.dispose(), twentyMatchers.dispose()]);
  }
};
