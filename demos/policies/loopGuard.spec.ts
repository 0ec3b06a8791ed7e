/** Policy 5 (loop guard): table of stop sequences through the real engine, and the node command-hook form with state files. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HookInputOf, HookResult } from '../../lib/index.js';
import { afterAgent, runPolicy } from '../../lib/testing/index.js';
import { decideStop, loopGuardHook, type LoopGuardOptions, type LoopGuardState } from './loopGuard.js';
import { makeProjectDir, runCommandPolicy } from './testSupport.js';

type Step = { active?: boolean; prompt?: string; said: string; session?: string; expect: string };
const REASON_1 =
  'Your answer does not confirm "tests pass". Run the test suite, fix what fails, and end your answer with "tests pass" once it does (extra turn 1 of 3).';

/** What the host sees: `b<n>` a re-prompt (extra turn n), `gave-up` the guard's note, `pass` nothing. */
const verdict = (result: HookResult): string =>
  result.blocked
    ? `b${/extra turn (\d+) of/.exec(result.reason ?? '')?.[1] ?? '?'}`
    : result.systemMessage?.startsWith('Loop guard:')
      ? 'gave-up'
      : 'pass';

const stop = (step: Step): HookInputOf<'AfterAgent'> =>
  afterAgent(step.prompt ?? 'fix the failing test', step.said, step.active ?? false, {
    session_id: step.session ?? 's1',
  });
const again = (expect: string, said = 'I changed the code.'): Step => ({ active: true, said, expect });

const CASES: [label: string, options: LoopGuardOptions, steps: Step[]][] = [
  ['a stop without the marker is re-prompted', {}, [{ said: 'Done!', expect: 'b1' }]],
  ['the marker lets the agent stop', {}, [{ said: 'All 12 tests pass.', expect: 'pass' }]],
  ['the marker is case-insensitive', {}, [{ said: 'TESTS PASSED', expect: 'pass' }]],
  [
    'at most 3 extra turns, then one note, then silence',
    {},
    [{ said: 'x', expect: 'b1' }, again('b2'), again('b3'), again('gave-up'), again('pass')],
  ],
  [
    'a new user turn starts from zero',
    {},
    [{ said: 'x', expect: 'b1' }, again('b2'), { prompt: 'next task', said: 'x', expect: 'b1' }],
  ],
  ['the marker resets the count', {}, [{ said: 'x', expect: 'b1' }, again('pass', 'tests pass'), again('b1')]],
  [
    'a host without stop_hook_active that re-prompts with the reason is still bounded',
    { maxContinuations: 2 },
    [
      { said: 'x', expect: 'b1' },
      { prompt: REASON_1.replace('of 3', 'of 2'), said: 'x', expect: 'b2' },
      { prompt: 'fix the failing test', said: 'x', expect: 'gave-up' },
    ],
  ],
  [
    'a host that repeats the prompt without stop_hook_active is bounded',
    { maxContinuations: 1 },
    [
      { said: 'x', expect: 'b1' },
      { said: 'x', expect: 'gave-up' },
      { said: 'x', expect: 'pass' },
    ],
  ],
  [
    'sessions are counted separately',
    { maxContinuations: 2 },
    [
      { said: 'x', expect: 'b1' },
      { session: 's2', said: 'x', expect: 'b1' },
      again('b2'),
      { session: 's2', active: true, said: 'x', expect: 'b2' },
      again('gave-up'),
    ],
  ],
  ['maxContinuations 0 never blocks', { maxContinuations: 0 }, [{ said: 'x', expect: 'pass' }, again('pass')]],
  ['a custom marker', { marker: 'DONE' }, [{ said: 'tests pass', expect: 'b1' }, again('pass', 'all DONE')]],
];

describe('loop guard: stop sequences through the real engine', () => {
  it.each(CASES)('%s', async (_label, options, steps) => {
    const hook = loopGuardHook(options);
    const seen: string[] = [];
    for (const step of steps) seen.push(verdict(await runPolicy(hook, stop(step))));
    expect(seen).toEqual(steps.map((step) => step.expect));
  });

  it('re-prompts with a reason that says what is missing and how many turns are left', async () => {
    const result = await runPolicy(loopGuardHook(), stop({ said: 'Done!', expect: 'b1' }));
    expect(result).toMatchObject({ blocked: true, decision: 'block', reason: REASON_1 });
  });
});

describe('loop guard: the node command hook shares the decision and keeps state in files', () => {
  let project: ReturnType<typeof makeProjectDir>;
  beforeEach(() => {
    project = makeProjectDir();
  });
  afterEach(() => {
    project.remove();
  });

  it('counts across processes: re-prompt, re-prompt, then gives up', async () => {
    const options = { maxContinuations: 2, stateDir: `${project.dir}/state` };
    const steps = [{ said: 'x', expect: 'b1' }, again('b2'), again('gave-up')];
    let state: LoopGuardState | undefined;
    for (const step of steps) {
      const event = stop(step);
      const run = await runCommandPolicy('loop-guard', event, { projectDir: project.dir, policyOptions: options });
      const expected = decideStop(event, state, options);
      state = expected.state;
      expect(run.output).toEqual(expected.output);
      expect(run.outcome).toBe(step.expect === 'gave-up' ? 'success' : 'blocked');
    }
  });
});
