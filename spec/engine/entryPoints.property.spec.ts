/**
 * Every entry point is the engine: the same random settings and inputs go through the facade
 * (`createHookSystem().fire`), the `decideHooks` operator and the hand-composed `selectHooks → runHooks →
 * aggregate`, and all three must give the same answer — decision, blocked, reason, stop, toolInput, messages,
 * warnings and each hook's outcome (durations aside), or the same error. The hooks are function hooks whose
 * behaviour is data (outputs, patches, throws, rejections, a strict failure policy), in sequential or parallel
 * groups, behind matchers that include ones that throw; the inputs include malformed ones (no `tool_input`,
 * a `tool_input` that is not an object, no `tool_name`).
 */
import fc from 'fast-check';
import { lastValueFrom, of, type Observable } from 'rxjs';
import { afterAll, describe, expect, it } from 'vitest';
import type { FunctionHook, HookResult, Matcher } from '../../lib/model/types.js';
import type { HookInput } from '../../lib/events/inputs.js';
import { createExecutors } from '../../lib/executors/createExecutors.js';
import { aggregate } from '../../lib/operators/aggregate.js';
import { decideHooks } from '../../lib/operators/decideHooks.js';
import { runHooks } from '../../lib/operators/runHooks.js';
import { selectHooks } from '../../lib/operators/selectHooks.js';
import { createHookSystem } from '../../lib/system/createHookSystem.js';
import { entry, plannerFor } from '../../lib/testing/index.js';

const TOOLS = ['write_file', 'read_file', 'run_shell'] as const;
const BEHAVIOURS = [
  'none',
  'allow',
  'deny',
  'block',
  'ask',
  'stop',
  'patch',
  'message',
  'throw',
  'async-deny',
  'async-patch',
  'reject',
  'bad-output',
] as const;
type Behaviour = (typeof BEHAVIOURS)[number];

/** A matcher as data: everything, a regex, or one that throws for one tool (a broken host-supplied matcher). */
type MatcherSpec = { kind: 'all' } | { kind: 'regex'; pattern: string } | { kind: 'throws'; on: string };

interface HookSpec {
  behaviour: Behaviour;
  matcher: MatcherSpec;
  sequential: boolean;
  strict: boolean;
}

type InputSpec =
  | { kind: 'valid'; tool: string; path: string }
  | { kind: 'no-tool-input'; tool: string }
  | { kind: 'tool-input-not-object'; tool: string }
  | { kind: 'no-tool-name'; path: string };

const matcherSpec: fc.Arbitrary<MatcherSpec> = fc.oneof(
  fc.constant<MatcherSpec>({ kind: 'all' }),
  fc.constantFrom('^write_file$', 'read|run', '_file$').map((pattern): MatcherSpec => ({ kind: 'regex', pattern })),
  fc.constantFrom(...TOOLS).map((on): MatcherSpec => ({ kind: 'throws', on })),
);

const hookSpec: fc.Arbitrary<HookSpec> = fc.record({
  behaviour: fc.constantFrom(...BEHAVIOURS),
  matcher: matcherSpec,
  sequential: fc.boolean(),
  strict: fc.boolean(),
});

const inputSpec: fc.Arbitrary<InputSpec> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('valid' as const),
      tool: fc.constantFrom(...TOOLS),
      path: fc.string({ maxLength: 8 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('no-tool-input' as const), tool: fc.constantFrom(...TOOLS) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('tool-input-not-object' as const), tool: fc.constantFrom(...TOOLS) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('no-tool-name' as const), path: fc.string({ maxLength: 8 }) }),
  },
);

/** The hook's output for its behaviour; a function of the spec alone, so every entry point sees the same. */
const runOf =
  (name: string, behaviour: Behaviour): FunctionHook['run'] =>
  () => {
    switch (behaviour) {
      case 'none':
        return undefined;
      case 'allow':
        return { decision: 'allow' };
      case 'deny':
        return { decision: 'deny', reason: `${name} denies` };
      case 'block':
        return { decision: 'block', reason: `${name} blocks` };
      case 'ask':
        return { decision: 'ask', reason: `${name} asks` };
      case 'stop':
        return { continue: false, stopReason: `${name} stops` };
      case 'patch':
        return { hookSpecificOutput: { tool_input: { [name]: true } } };
      case 'message':
        return { systemMessage: `${name} says hello` };
      case 'throw':
        throw new Error(`${name} threw`);
      case 'async-deny':
        return Promise.resolve({ decision: 'deny' as const, reason: `${name} denies later` });
      case 'async-patch':
        return Promise.resolve({ hookSpecificOutput: { tool_input: { [`${name}-later`]: 1 } } });
      case 'reject':
        return Promise.reject(new Error(`${name} rejected`));
      case 'bad-output':
        return { decision: 42 } as never;
    }
  };

const matcherOf = (spec: MatcherSpec): string | Matcher | undefined => {
  if (spec.kind === 'all') return undefined;
  if (spec.kind === 'regex') return spec.pattern;
  return {
    pattern: `throws on ${spec.on}`,
    test: (target) => {
      if (target === spec.on) throw new Error(`matcher threw on ${target}`);
      return true;
    },
  };
};

const hookOf = (spec: HookSpec, index: number): FunctionHook => {
  const name = `h${index}-${spec.behaviour}`;
  const hook: FunctionHook = { type: 'function', name, run: runOf(name, spec.behaviour) };
  if (spec.strict) hook.failurePolicy = 'block';
  return hook;
};

const BASE = { session_id: 'property', transcript_path: '', cwd: '/project', timestamp: '2026-01-01T00:00:00.000Z' };

/** The event's own fields (what a host fires). */
const fieldsOf = (spec: InputSpec): Record<string, unknown> => {
  switch (spec.kind) {
    case 'valid':
      return { tool_name: spec.tool, tool_input: { path: spec.path } };
    case 'no-tool-input':
      return { tool_name: spec.tool };
    case 'tool-input-not-object':
      return { tool_name: spec.tool, tool_input: 'rm -rf /' };
    case 'no-tool-name':
      return { tool_input: { path: spec.path } };
  }
};

/** What the three must agree on. */
type Answer =
  | { error: string }
  | {
      decision: string | undefined;
      blocked: boolean;
      reason: string | undefined;
      stopped: boolean;
      stopReason: string | undefined;
      systemMessage: string | undefined;
      toolInput: unknown;
      warnings: readonly string[];
      hooks: [string, string, string | undefined][];
    };

const answerOf = (result: HookResult): Answer => ({
  decision: result.decision,
  blocked: result.blocked,
  reason: result.reason,
  stopped: result.stopped,
  stopReason: result.stopReason,
  systemMessage: result.systemMessage,
  toolInput: result.toolInput,
  warnings: result.warnings,
  hooks: result.hooks.map((run) => [run.name, run.outcome, run.message]),
});

const settle = async (result: Promise<HookResult>): Promise<Answer> => {
  try {
    return answerOf(await result);
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
};

const one = (result$: Observable<HookResult>): Promise<HookResult> => lastValueFrom(result$);

// Function hooks never start a process; the stack is still the facade's (failure policy, no trust).
const executors = createExecutors({ process: { projectDir: '/project', sessionId: 'property' }, trust: undefined });
afterAll(async () => {
  await executors.dispose();
});

describe('every entry point is the engine', () => {
  it('fire, decideHooks and selectHooks → runHooks → aggregate give the same answers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hookSpec, { maxLength: 5 }), inputSpec, async (specs, input) => {
        const hooks = specs.map(hookOf);
        const fields = fieldsOf(input);
        const full = Object.assign({}, BASE, { hook_event_name: 'BeforeTool' }, fields) as unknown as HookInput;

        const system = createHookSystem({ trust: false, sessionId: 'property', projectDir: '/project' });
        specs.forEach((spec, index) => {
          // `register` takes a pattern; a ready Matcher goes through to the entry as the test kit's `entry` passes it.
          system.register('BeforeTool', hooks[index] as FunctionHook, {
            matcher: matcherOf(spec.matcher) as string | undefined,
            sequential: spec.sequential,
          });
        });
        const planner = plannerFor(
          specs.map((spec, index) =>
            entry('BeforeTool', hooks[index] as FunctionHook<never>, {
              matcher: matcherOf(spec.matcher),
              sequential: spec.sequential,
            }),
          ),
        );
        try {
          const facade = await settle(system.fire('BeforeTool', fields));
          const operator = await settle(one(of(full).pipe(decideHooks({ planner, executor: executors }))));
          const composed = await settle(one(of(full).pipe(selectHooks(planner), runHooks(executors), aggregate())));
          expect(operator).toEqual(facade);
          expect(composed).toEqual(facade);
        } finally {
          await system.dispose();
        }
      }),
      { numRuns: 300 },
    );
  });
});
