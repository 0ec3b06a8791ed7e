import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Monoid } from 'fp-ts/lib/Monoid.js';
import { from, lastValueFrom, of } from 'rxjs';
import { assembleHookResult } from '../../lib/aggregate/hookResult.js';
import {
  applyInputEdit,
  claudeOutputs,
  ClaudeOutputsMonoid,
  eventSummaryMonoid,
  InputEdits,
  lastWriter,
  OrDecision,
  RequestMerge,
  ShallowMerge,
  ToolSelectionIntersection,
  ToolSelectionUnion,
  type ClaudeOutputs,
  type DecisionSummary,
  type EventSummary,
  type InputEdit,
  type ToolSelection,
} from '../../lib/aggregate/monoids.js';
import type { HookInput } from '../../lib/events/inputs.js';
import type { HookDecision, HookOutput } from '../../lib/events/outputs.js';
import { aggregate } from '../../lib/operators/aggregate.js';
import { runParallel } from '../../lib/operators/runParallel.js';
import type { HookOutcome, HookResult, HookRun } from '../../lib/model/types.js';
import {
  beforeAgent,
  beforeModel,
  beforeTool,
  beforeToolSelection,
  commandEntry,
  createTestScheduler,
  fakeExecutor,
  inputOf,
  plannedOf,
  withoutTiming,
} from '../helpers/marbles.js';

/** The monoid laws, checked with `toEqual` (the carriers are plain data). */
const checkLaws = <A>(monoid: Monoid<A>, arbitrary: fc.Arbitrary<A>): void => {
  fc.assert(
    fc.property(arbitrary, arbitrary, arbitrary, (a, b, c) => {
      expect(monoid.concat(monoid.concat(a, b), c)).toEqual(monoid.concat(a, monoid.concat(b, c)));
    }),
  );
  fc.assert(
    fc.property(arbitrary, (a) => {
      expect(monoid.concat(monoid.empty, a)).toEqual(a);
      expect(monoid.concat(a, monoid.empty)).toEqual(a);
    }),
  );
};

// Few keys and names, so that generated values collide and merges actually overwrite.
const key = fc.constantFrom('path', 'content', 'mode', 'model', 'config', 'x');
const name = fc.constantFrom('read_file', 'write_file', 'shell', 'grep');
const text = fc.constantFrom('', ' ', 'a', 'b', 'policy', 'line\nbreak');
const lines = fc.array(text, { maxLength: 3 });
const scalar = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.boolean(), text, fc.constant(null));
const record = fc.dictionary(key, scalar, { maxKeys: 4 });

const decisionSummary: fc.Arbitrary<DecisionSummary> = fc.record({
  blocked: fc.boolean(),
  denied: fc.boolean(),
  asked: fc.boolean(),
  deferred: fc.boolean(),
  allowed: fc.boolean(),
  blockReasons: lines,
  reasons: lines,
  stopped: fc.boolean(),
  stopReasons: lines,
  systemMessages: lines,
  additionalContext: lines,
  suppressOutput: fc.boolean(),
  warnings: lines,
  healthy: fc.boolean(),
});

const patch = fc.option(record, { nil: undefined });

/** Request patches, including configs that are not plain objects (an explicit `undefined`, a number, an array). */
const requestPatch = fc.option(
  fc.record(
    {
      model: text,
      x: scalar,
      config: fc.oneof(record, fc.constant(undefined), fc.integer(), fc.constant(null), fc.array(fc.integer())),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);

const toolSelection: fc.Arbitrary<ToolSelection> = fc.record(
  { mode: fc.constantFrom('AUTO', 'ANY', 'NONE'), names: fc.array(name, { maxLength: 4 }) },
  { requiredKeys: [] },
);

/** Patches and replacements of the tool input, mixed. */
const inputEdit: fc.Arbitrary<InputEdit | undefined> = fc.option(fc.record({ replace: fc.boolean(), fields: record }), {
  nil: undefined,
});

const path = fc.constantFrom('.envrc', '.env', 'src', 'package.json');

/** Claude outputs in their normal form (built by `claudeOutputs`, watch paths sorted), empty ones included. */
const claudeOutput: fc.Arbitrary<ClaudeOutputs> = fc.oneof(
  fc.constant(ClaudeOutputsMonoid.empty),
  fc
    .record(
      {
        updatedPermissions: fc.array(record, { maxLength: 2 }),
        action: fc.constantFrom<'accept' | 'decline' | 'cancel'>('accept', 'decline', 'cancel'),
        content: record,
        worktreePath: text,
        retry: fc.boolean(),
        watchPaths: fc.array(path, { maxLength: 3 }).map((paths) => [...new Set(paths)].sort()),
      },
      { requiredKeys: [] },
    )
    .map((fields) => claudeOutputs(fields)),
);

const eventSummary: fc.Arbitrary<EventSummary> = fc.record({
  decision: decisionSummary,
  toolInput: inputEdit,
  llmRequest: requestPatch,
  llmResponse: patch,
  toolResponse: patch,
  specific: patch,
  toolSelection,
  claude: claudeOutput,
});

describe('aggregation monoids: associativity and identity', () => {
  it('OrDecision', () => {
    checkLaws(OrDecision, decisionSummary);
  });
  it('ShallowMerge', () => {
    checkLaws(ShallowMerge, patch);
  });
  it('RequestMerge', () => {
    checkLaws(RequestMerge, requestPatch);
  });
  it('lastWriter', () => {
    checkLaws(lastWriter<number>(), fc.option(fc.integer(), { nil: undefined }));
  });
  it('ToolSelectionUnion', () => {
    checkLaws(ToolSelectionUnion, toolSelection);
  });
  it('ToolSelectionIntersection', () => {
    checkLaws(ToolSelectionIntersection, toolSelection);
  });
  it('InputEdits', () => {
    checkLaws(InputEdits, inputEdit);
  });
  it('InputEdits folds to the same input as applying each edit in turn', () => {
    fc.assert(
      fc.property(record, fc.array(inputEdit, { maxLength: 4 }), (input, edits) => {
        let stepwise: Record<string, unknown> = input;
        for (const edit of edits) if (edit) stepwise = applyInputEdit(stepwise, edit);
        const folded = edits.reduce(InputEdits.concat, InputEdits.empty);
        expect(folded === undefined ? input : applyInputEdit(input, folded)).toEqual(stepwise);
      }),
    );
  });
  it('ClaudeOutputsMonoid', () => {
    checkLaws(ClaudeOutputsMonoid, claudeOutput);
  });
  it('eventSummaryMonoid (union)', () => {
    checkLaws(eventSummaryMonoid('union'), eventSummary);
  });
  it('eventSummaryMonoid (intersection)', () => {
    checkLaws(eventSummaryMonoid('intersection'), eventSummary);
  });
});

describe('aggregation monoids: behaviour', () => {
  it('RequestMerge merges config one level deeper and lets the right side win per key', () => {
    expect(
      RequestMerge.concat({ model: 'a', config: { temperature: 0, topK: 3 } }, { config: { temperature: 1 } }),
    ).toEqual({ model: 'a', config: { temperature: 1, topK: 3 } });
  });

  it('RequestMerge ignores a config that is not a plain object', () => {
    expect(RequestMerge.concat({ config: { temperature: 0 } }, { model: 'b', config: undefined })).toEqual({
      model: 'b',
      config: { temperature: 0 },
    });
    expect(RequestMerge.concat({ config: [1] }, { model: 'b' })).toEqual({ model: 'b' });
  });

  it('ToolSelectionUnion keeps the most restrictive mode and a sorted union of names', () => {
    expect(
      ToolSelectionUnion.concat(
        { mode: 'AUTO', names: ['write_file', 'grep'] },
        { mode: 'ANY', names: ['grep', 'shell'] },
      ),
    ).toEqual({ mode: 'ANY', names: ['grep', 'shell', 'write_file'] });
  });

  it('ToolSelectionIntersection treats an unconstrained side as everything', () => {
    expect(ToolSelectionIntersection.concat({ names: ['grep', 'shell'] }, { mode: 'NONE' })).toEqual({
      mode: 'NONE',
      names: ['grep', 'shell'],
    });
    expect(ToolSelectionIntersection.concat({ names: ['grep', 'shell'] }, { names: ['shell'] })).toEqual({
      names: ['shell'],
    });
  });

  it('eventSummaryMonoid is built once per tool-selection mode', () => {
    expect(eventSummaryMonoid('union')).toBe(eventSummaryMonoid());
    expect(eventSummaryMonoid('intersection')).toBe(eventSummaryMonoid('intersection'));
    expect(eventSummaryMonoid('intersection')).not.toBe(eventSummaryMonoid('union'));
  });

  it('lastWriter keeps the left side when the right did not write', () => {
    expect(lastWriter<number>().concat(1, undefined)).toBe(1);
    expect(lastWriter<number>().concat(1, 2)).toBe(2);
  });
});

// ------------------------------------------------------------------------------ determinism law

const decision = fc.constantFrom<HookDecision | null>('allow', 'approve', 'ask', 'defer', 'block', 'deny', null);

const hookOutput: fc.Arbitrary<HookOutput> = fc.record(
  {
    decision,
    reason: text,
    continue: fc.boolean(),
    stopReason: text,
    suppressOutput: fc.boolean(),
    systemMessage: text,
    hookSpecificOutput: fc.record(
      {
        additionalContext: text,
        permissionDecision: decision,
        permissionDecisionReason: text,
        tool_input: record,
        llm_request: fc.record({ model: text, config: record }, { requiredKeys: [] }),
        llm_response: fc.record({ text }),
        toolConfig: fc.record(
          { mode: fc.constantFrom('AUTO', 'ANY', 'NONE'), allowedFunctionNames: fc.array(name, { maxLength: 3 }) },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: [] },
);

const outcome = fc.constantFrom<HookOutcome>('success', 'success', 'blocked', 'warning', 'timeout', 'failed');

/** One hook's run record without its name (the plan position names it). */
const runBody = fc.record({
  outcome,
  output: fc.option(hookOutput, { nil: undefined }),
  exitCode: fc.constantFrom(0, 1, 2, undefined),
  message: fc.option(text, { nil: undefined }),
});

const inputs: HookInput[] = [
  beforeTool('write_file', { path: 'a.txt', mode: 'w' }),
  beforeModel({ model: 'm-1', config: { temperature: 0.5 } }),
  beforeToolSelection(),
  beforeAgent('prompt'),
  inputOf('AfterModel', { llm_request: { model: 'm-1' }, llm_response: { text: 'original' } }),
];

const planCase = fc
  .record({
    input: fc.constantFrom(...inputs),
    bodies: fc.array(runBody, { minLength: 1, maxLength: 5 }),
    toolSelection: fc.constantFrom<'union' | 'intersection'>('union', 'intersection'),
  })
  .chain((plan) =>
    fc.record({
      plan: fc.constant(plan),
      delays: fc.array(fc.integer({ min: 0, max: 6 }), {
        minLength: plan.bodies.length,
        maxLength: plan.bodies.length,
      }),
      concurrency: fc.integer({ min: 1, max: plan.bodies.length + 1 }),
    }),
  );

type Body = {
  outcome: HookOutcome;
  output: HookOutput | undefined;
  exitCode: 0 | 1 | 2 | undefined;
  message: string | undefined;
};

const runOfBody = (hookName: string, body: Body): HookRun => ({
  name: hookName,
  source: 'project',
  outcome: body.outcome,
  durationMs: 0,
  ...(body.output ? { output: body.output } : {}),
  ...(body.exitCode !== undefined ? { exitCode: body.exitCode } : {}),
  ...(body.message !== undefined ? { message: body.message } : {}),
});

describe('determinism law', () => {
  it('gives the same HookResult (but for durationMs) whatever order parallel runs complete in', () => {
    fc.assert(
      fc.property(planCase, ({ plan, delays, concurrency }) => {
        const hooks = plan.bodies.map((_, index) => commandEntry(`hook-${index}`));
        const runs = plan.bodies.map((body, index) => runOfBody(`hook-${index}`, body));
        const reference = assembleHookResult(plan.input.hook_event_name, plan.input, runs, {
          durationMs: 0,
          toolSelection: plan.toolSelection,
        });
        const results: HookResult[] = [];
        const scheduler = createTestScheduler();
        scheduler.run(({ cold }) => {
          const table = Object.fromEntries(
            runs.map((run, index) => [run.name, cold(`${'-'.repeat(delays[index] ?? 0)}(r|)`, { r: run })]),
          );
          cold('p|', { p: plannedOf(plan.input, hooks) })
            .pipe(
              runParallel(fakeExecutor(table).executor, { hookConcurrency: concurrency }),
              aggregate({ scheduler, toolSelection: plan.toolSelection }),
            )
            .subscribe((result) => results.push(result));
        });
        expect(results).toHaveLength(1);
        expect(withoutTiming(results[0] as HookResult)).toEqual(withoutTiming(reference));
      }),
    );
  });

  it('gives the same HookResult when real Promises settle in any order (fc.scheduler)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.constantFrom(...inputs),
        fc.array(runBody, { minLength: 1, maxLength: 4 }),
        async (s, input, bodies) => {
          const hooks = bodies.map((_, index) => commandEntry(`hook-${index}`));
          const runs = bodies.map((body, index) => runOfBody(`hook-${index}`, body));
          // Each run settles when the fast-check scheduler releases it, in an order it chooses.
          const { executor } = fakeExecutor(
            Object.fromEntries(runs.map((run) => [run.name, () => from(s.schedule(Promise.resolve(run), run.name))])),
          );
          const done = lastValueFrom(of(plannedOf(input, hooks)).pipe(runParallel(executor), aggregate()));
          await s.waitIdle();
          const result = await done;
          const reference = assembleHookResult(input.hook_event_name, input, runs, { durationMs: 0 });
          expect(withoutTiming(result)).toEqual(withoutTiming(reference));
        },
      ),
    );
  });
});
