/**
 * The oracle (issue #9 item 10): the imperative plan runner against the rxjs chain it replaces.
 *
 * `runPlanParallel`/`runPlanSequential` are hand-written for speed; their contract is the reference chain
 * in ./oracleModel.ts — `from(hooks).pipe(mergeMap(guarded, n), toArray())`, and `concatMap` with the
 * chain's state for sequential plans, where `guarded` is `defer(executor).pipe(take(1), defaultIfEmpty,
 * catchError)`. Random plans of fake hooks (answer / error / throw / complete empty / never, after random
 * delays, 0 = synchronously), offered as a plain Observable executor or in the callback form of
 * hookstream's own executors, run through both sides in virtual time, with random concurrency and early
 * unsubscribes, and the traces must be identical (the laws are listed above `expectSameBehaviour`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HookEntry } from '../../lib/model/types.js';
import { runPlanParallel, runPlanSequential } from '../../lib/engine/runPlan.js';
import type { HookInput } from '../../lib/events/inputs.js';
import type { HookOutput } from '../../lib/events/outputs.js';
import { allow, ask, block, deny, modifyToolInput } from '../../lib/testing/outputs.js';
import {
  NO_RECORD,
  planOf,
  referenceParallel,
  referenceSequential,
  subscriptionsOf,
  traceOf,
  type AnswerSpec,
  type ErrorSpec,
  type HookBehaviour,
  type LogEntry,
  type Runner,
  type Scenario,
  type Trace,
} from './oracleModel.js';

/** Runs per property: each run is a few dozen virtual frames; the file finishes in about a second. */
const NUM_RUNS = 300;

// ------------------------------------------------------------------------------------------ arbitraries

/** Frames until a hook acts; 0 = synchronously, inside subscribe (the case a hand-written runner gets wrong). */
const delayArb = fc.integer({ min: 0, max: 4 });

/** A thrown value: an Error or a bare string (the failure message reads either). */
const errorArb: fc.Arbitrary<ErrorSpec> = fc.record({
  text: fc.constantFrom('boom', 'EPIPE', ''),
  asError: fc.boolean(),
});

/** A `tool_input` patch (or original) over a few shared keys, so chained patches overwrite each other. */
const toolInputArb = fc.dictionary(
  fc.constantFrom('path', 'content', 'mode'),
  fc.oneof(fc.constantFrom('a.txt', 'b.txt', ''), fc.integer({ min: 0, max: 9 })),
  { maxKeys: 3 },
);

/** The outputs that matter to the runner: the ones that block a chain, and the one that is chained. */
const outputArb: fc.Arbitrary<HookOutput | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constant(allow()),
  fc.constant(ask('ask first')),
  fc.constant(deny('denied')),
  fc.constant(block('blocked')),
  // The compatibility field blocks too (lib/rules/blocking.ts), even on a `success` record.
  fc.constant<HookOutput>({ hookSpecificOutput: { permissionDecision: 'deny' } }),
  toolInputArb.map(modifyToolInput),
  toolInputArb.map(modifyToolInput),
);

/** A record's outcome is independent of its output: `blocked` ends a chain, only `success` is chained. */
const answerArb: fc.Arbitrary<AnswerSpec> = fc
  .record({ outcome: fc.constantFrom('success', 'success', 'blocked', 'warning'), output: outputArb })
  .map(({ outcome, output }) => (output ? { outcome, output } : { outcome }));

const behaviourArb: fc.Arbitrary<HookBehaviour> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('answer'),
      delay: delayArb,
      answer: answerArb,
      then: fc.constantFrom('complete', 'again', 'stay'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('error'), delay: delayArb, error: errorArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('throwOnCall'), error: errorArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('throwOnSubscribe'), error: errorArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('empty'), delay: delayArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('never') }) },
);

/** What a hook in callback form can do: answer (once, or twice against the contract), never answer, throw. */
const callbackBehaviourArb: fc.Arbitrary<HookBehaviour> = fc.oneof(
  { weight: 6, arbitrary: behaviourArb.filter(({ kind }) => kind === 'answer') },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('never') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('throwOnCall'), error: errorArb }) },
);

/**
 * 1–6 hooks offered as a plain Observable executor or in callback form, any concurrency from 1 to more
 * than the plan (Infinity included), and maybe an early unsubscribe.
 */
const scenarioArb: fc.Arbitrary<Scenario> = fc.constantFrom('observable', 'callback').chain((form) =>
  fc.record({
    form: fc.constant(form),
    behaviours: fc.array(form === 'observable' ? behaviourArb : callbackBehaviourArb, {
      minLength: 1,
      maxLength: 6,
    }),
    concurrency: fc.oneof(fc.integer({ min: 1, max: 7 }), fc.constant(Infinity)),
    unsubscribeAt: fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
    toolInput: toolInputArb,
  }),
);

// ----------------------------------------------------------------------------------------------- the laws

/** The log without the entries of known discrepancy 1. */
const comparableLog = (trace: Trace): LogEntry[] => trace.log;

/**
 * The engine is indistinguishable from the reference:
 * 1. same notifications — values (after the normaliser), kinds and frames: the host sees no difference;
 * 2. same subscriptions of every hook's inner observable (subscribe/unsubscribe frames), early unsubscribe
 *    included: concurrency, ordering and cancellation are the same, frame by frame;
 * 3. every hook was called with the same input (the chained one in sequential mode);
 * 4. the same log, entry by entry — order within a frame too: a hook is released before the next one takes
 *    its slot, and none is left open after its answer;
 * 5. the original input is never mutated.
 */
const expectSameBehaviour = (engine: Trace, reference: Trace, hooks: readonly HookEntry[]): void => {
  expect(engine.notes, 'notifications').toEqual(reference.notes);
  expect(subscriptionsOf(engine, hooks), 'subscriptions per hook').toEqual(subscriptionsOf(reference, hooks));
  expect(engine.inputs, 'inputs received').toEqual(reference.inputs);
  expect(comparableLog(engine), 'log in order').toEqual(comparableLog(reference));
  expect(engine.inputAfter, 'original input').toEqual(engine.inputBefore);
};

const parallel = (scenario: Scenario): { engine: Runner; reference: Runner } => ({
  engine: (executor, planned) => runPlanParallel(executor, planned, scenario.concurrency),
  reference: (executor, planned) => referenceParallel(executor, planned, scenario.concurrency),
});

const sequential = { engine: runPlanSequential, reference: referenceSequential };

/** Both sides over one scenario, in one shared plan. */
const compare = (scenario: Scenario, mode: 'parallel' | 'sequential') => {
  const { hooks, planned } = planOf(scenario, mode === 'sequential');
  const sides = mode === 'parallel' ? parallel(scenario) : sequential;
  return {
    hooks,
    engine: traceOf(sides.engine, scenario, hooks, planned),
    reference: traceOf(sides.reference, scenario, hooks, planned),
  };
};

describe('runPlan oracle: the engine against the reference rxjs chain', () => {
  it('runPlanParallel behaves as mergeMap(guarded, concurrency) + toArray in plan order', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { hooks, engine, reference } = compare(scenario, 'parallel');
        expectSameBehaviour(engine, reference, hooks);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('runPlanSequential behaves as concatMap(guarded) with chaining and skips after a block', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { hooks, engine, reference } = compare(scenario, 'sequential');
        expectSameBehaviour(engine, reference, hooks);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

// ------------------------------------------------------------------------------------------- examples

/** Fixed scenarios: what the properties check, spelled out. */
describe('runPlan oracle: examples', () => {
  const toolInputOf = (input: HookInput) => (input.hook_event_name === 'BeforeTool' ? input.tool_input : undefined);
  const internalError = (hook: string, text: string) =>
    `Hook "${hook}" could not run: hookstream internal error: ${text}`;

  const answer = (delay: number, output?: HookOutput): HookBehaviour => ({
    kind: 'answer',
    delay,
    answer: output ? { outcome: 'success', output } : { outcome: 'success' },
    then: 'stay',
  });

  it('parallel, concurrency 2: records in plan order, a broken executor fails closed, at most two hooks live', () => {
    const scenario: Scenario = {
      form: 'observable',
      behaviours: [
        answer(3, allow()),
        { kind: 'error', delay: 1, error: { text: 'boom', asError: true } },
        { kind: 'empty', delay: 1 },
        { kind: 'throwOnCall', error: { text: 'no executor', asError: false } },
      ],
      concurrency: 2,
      toolInput: { path: 'a.txt' },
    };
    const { hooks, engine, reference } = compare(scenario, 'parallel');
    expectSameBehaviour(engine, reference, hooks);
    // h1 frees its slot at frame 1 for h2, which frees it at 2 for h3 (which throws on call); h0 answers at 3.
    expect(subscriptionsOf(engine, hooks)).toEqual({ h0: ['0-3'], h1: ['0-1'], h2: ['1-2'], h3: [] });
    expect(engine.notes.map(({ frame, kind }) => `${frame} ${kind}`)).toEqual(['3 next', '3 complete']);
    expect(engine.notes[0]?.value).toMatchObject({
      runs: [
        { name: 'h0', outcome: 'success', output: allow() },
        { name: 'h1', outcome: 'blocked', internal: true, message: internalError('h1', 'boom') },
        { name: 'h2', outcome: 'blocked', internal: true, message: internalError('h2', NO_RECORD) },
        { name: 'h3', outcome: 'blocked', internal: true, message: internalError('h3', 'no executor') },
      ],
    });
  });

  it('sequential: each hook sees the chained tool_input; after a deny the rest are skipped, never called', () => {
    const scenario: Scenario = {
      form: 'observable',
      behaviours: [
        answer(1, modifyToolInput({ path: 'b.txt' })),
        answer(2, modifyToolInput({ content: 'y' })),
        answer(0, deny('no')),
        answer(1, allow()),
      ],
      concurrency: 1,
      toolInput: { path: 'a.txt', content: 'x' },
    };
    const { hooks, engine, reference } = compare(scenario, 'sequential');
    expectSameBehaviour(engine, reference, hooks);
    expect(engine.inputs.map(({ hook, input }) => [hook, toolInputOf(input)])).toEqual([
      ['h0', { path: 'a.txt', content: 'x' }],
      ['h1', { path: 'b.txt', content: 'x' }],
      ['h2', { path: 'b.txt', content: 'y' }],
    ]);
    expect(subscriptionsOf(engine, hooks)).toEqual({ h0: ['0-1'], h1: ['1-3'], h2: ['3-3'], h3: [] });
    expect(engine.notes[0]).toMatchObject({
      frame: 3,
      value: {
        runs: [{ outcome: 'success' }, { outcome: 'success' }, { outcome: 'success' }, { outcome: 'skipped' }],
        finalInput: { tool_input: { path: 'b.txt', content: 'y' } },
      },
    });
  });

  it('an early unsubscribe tears down every live hook in that frame and emits nothing', () => {
    const scenario: Scenario = {
      form: 'observable',
      behaviours: [{ kind: 'never' }, answer(5), answer(1)],
      concurrency: Infinity,
      unsubscribeAt: 2,
      toolInput: {},
    };
    const { hooks, engine, reference } = compare(scenario, 'parallel');
    expectSameBehaviour(engine, reference, hooks);
    expect(subscriptionsOf(engine, hooks)).toEqual({ h0: ['0-2'], h1: ['0-2'], h2: ['0-1'] });
    expect(engine.notes).toEqual([]);
  });

  it('sequential: a broken executor (a throw on subscribe) fails closed, so the chain ends there', () => {
    const scenario: Scenario = {
      form: 'observable',
      behaviours: [
        answer(1, modifyToolInput({ path: 'b.txt' })),
        { kind: 'throwOnSubscribe', error: { text: 'EPIPE', asError: true } },
        answer(0, allow()),
      ],
      concurrency: 1,
      toolInput: { path: 'a.txt' },
    };
    const { hooks, engine, reference } = compare(scenario, 'sequential');
    expectSameBehaviour(engine, reference, hooks);
    expect(subscriptionsOf(engine, hooks)).toEqual({ h0: ['0-1'], h1: ['1-1'], h2: [] });
    expect(engine.notes.map(({ frame, kind }) => `${frame} ${kind}`)).toEqual(['1 next', '1 complete']);
    expect(engine.notes[0]?.value).toMatchObject({
      runs: [
        { name: 'h0', outcome: 'success' },
        { name: 'h1', outcome: 'blocked', internal: true, message: internalError('h1', 'EPIPE') },
        { name: 'h2', outcome: 'skipped' },
      ],
      finalInput: { tool_input: { path: 'b.txt' } },
    });
  });
});
